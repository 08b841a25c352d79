import { TOAST_DURATION_MS } from '@kantora/domain';
import { enqueueSnackbar, type VariantType } from 'notistack';
import { translateMessage } from './i18n.ts';

/**
 * Toasts from anywhere (also outside React): notistack's global `enqueueSnackbar` talks to the
 * one SnackbarProvider of the app. Message keys are translated; other text shows as it is.
 */
function show(variant: VariantType, message: string): void {
  const text = translateMessage(message);
  if (!text) return;
  enqueueSnackbar(text, { variant, autoHideDuration: TOAST_DURATION_MS });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};

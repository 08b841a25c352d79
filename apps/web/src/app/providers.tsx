import { TOAST_DURATION_MS } from '@kantora/domain';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '../components/ui/toast.tsx';
import { isLocale } from '../lib/locale.ts';
import { GlobalProgress } from './global-progress.tsx';
import { createAppTheme } from './theme.ts';

const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * What every page needs: the theme (following the language), toasts and the loading bar. The
 * query cache and confirmations come with the signed-in shell (DataProviders).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'bg';
  const theme = useMemo(() => createAppTheme(locale), [locale]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        Components={toastComponents}
      >
        <GlobalProgress />
        {children}
      </SnackbarProvider>
    </ThemeProvider>
  );
}

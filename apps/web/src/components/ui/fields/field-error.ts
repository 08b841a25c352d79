import type { FieldError } from 'react-hook-form';
import { translateMessage } from '../../../lib/i18n.ts';

/** The translated message of a field error (zod schemas carry message keys), else undefined. */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return translateMessage(error.message || 'invalid_value');
}

import type { Control, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../ui/fields/server-errors.ts';
import { FormTextField } from '../../ui/fields/text-field.tsx';

/**
 * A refused code (400 `mfa_code_invalid`, or the field's own error) is said under the field too, not only in the
 * toast, so the user looking at the field sees it.
 */
export function markCodeRefused<T extends { code: string }>(setError: UseFormSetError<T>, error: unknown): void {
  if (applyServerErrors(setError, error, ['code'])) return;
  if (error instanceof ApiError && error.status === 400)
    setError('code' as Path<T>, { type: 'server', message: error.message }, { shouldFocus: true });
}

/**
 * The field of a second-factor code: six digits from the authenticator app (one-time-code autocomplete, a numeric
 * keyboard on phones), a recovery code (letters and digits, nothing filled in by the browser), or either (`any`).
 */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  kind = 'app',
  autoFocus = false,
}: {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  helperText?: string;
  kind?: 'app' | 'recovery' | 'any';
  autoFocus?: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      helperText={helperText}
      required
      autoFocus={autoFocus}
      autoComplete={kind === 'recovery' ? 'off' : 'one-time-code'}
      size="medium"
      slotProps={{
        htmlInput:
          kind === 'app'
            ? { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7, style: { letterSpacing: '0.3em' } }
            : { spellCheck: false, autoCapitalize: 'characters', maxLength: 64, style: { letterSpacing: '0.08em' } },
      }}
    />
  );
}

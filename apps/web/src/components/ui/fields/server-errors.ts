import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { translateMessage } from '../../../lib/i18n.ts';

/**
 * Marks the fields a server refusal names (400 `Errors`: `{ field, message }` with message keys)
 * on the form, so the message shows under the input as well as in the toast. Fields the form does
 * not have are left to the toast. Returns true when some field was marked.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields?: readonly string[],
): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return false;
  let marked = false;
  for (const item of errors as Array<{
    field?: unknown;
    message?: unknown;
    params?: Record<string, string | number | null>;
  }>) {
    if (typeof item.field !== 'string' || !item.field || typeof item.message !== 'string') continue;
    if (fields && !fields.some((known) => item.field === known || String(item.field).startsWith(`${known}.`))) continue;
    // A message with values (the most a payment may be) is kept as its text, the values in it.
    const message =
      item.params && typeof item.params === 'object' ? translateMessage(item.message, item.params) : item.message;
    setError(item.field as Path<T>, { type: 'server', message }, { shouldFocus: !marked });
    marked = true;
  }
  return marked;
}

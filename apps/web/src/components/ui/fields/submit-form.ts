import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../../../lib/notify.ts';
import { applyServerErrors } from './server-errors.ts';

/**
 * Submits a page's form once and says how it went: an invalid form warns `please_fill_all_required_fields` and gives
 * null; a valid one runs `save` with `busy` on around it and gives its answer; a refusal marks the fields it names
 * (the API client has said why) and gives null.
 */
export function submitForm<V extends FieldValues, Out, T>(
  form: UseFormReturn<V, any, Out>,
  save: (values: Out) => Promise<T>,
  busy: (on: boolean) => void,
): Promise<T | null> {
  return new Promise<T | null>((resolve) => {
    void form.handleSubmit(
      async (values) => {
        busy(true);
        try {
          resolve(await save(values));
        } catch (error) {
          applyServerErrors(form.setError, error);
          resolve(null);
        } finally {
          busy(false);
        }
      },
      () => {
        notify.warning('please_fill_all_required_fields');
        resolve(null);
      },
    )();
  });
}

import { companySaveSchema, newClientBankSchema, newClientOfficeSchema } from '@kantora/domain';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** The company card alone: the save schema without the first office and bank (their own cards). */
export const companyFormSchema = z.object(companySaveSchema.shape).omit({ office: true, bank: true });
export type CompanyFormOutput = z.output<typeof companyFormSchema>;

/** The bank card of a new client: a cleared currency select (null) counts as blank. */
export const bankCardSchema = z.preprocess(
  (value) => (value && typeof value === 'object' ? { ...value, currency: (value as { currency?: unknown }).currency ?? '' } : value),
  newClientBankSchema,
);

/**
 * Validates every form (so each shows its errors, not only the first invalid one) and calls
 * `onValid` only when all of them pass. Returns whether it was called.
 */
export async function whenAllValid(forms: readonly UseFormReturn<any, any, any>[], onValid: () => Promise<void> | void): Promise<boolean> {
  const results = await Promise.all(forms.map((form) => form.trigger()));
  if (!results.every(Boolean)) return false;
  await onValid();
  return true;
}

/** The create call's body from the three cards of a new client (values already validated). */
export function newClientPayload(company: FieldValues, office: FieldValues, bank: FieldValues) {
  return {
    ...companyFormSchema.parse(company),
    office: newClientOfficeSchema.parse({ ...office, isHeadquarters: true }),
    bank: bankCardSchema.parse(bank),
  };
}

import { companySaveSchema, newClientBankSchema, newClientOfficeSchema } from '@kantora/domain';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** The company card alone: the save schema without the first office and bank (their own cards). */
export const companyFormSchema = z.object(companySaveSchema.shape).omit({ office: true, bank: true });
export type CompanyFormOutput = z.output<typeof companyFormSchema>;

/** The bank card of a new client: a cleared currency select (null) counts as blank. */
export const bankCardSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object'
      ? { ...value, currency: (value as { currency?: unknown }).currency ?? '' }
      : value,
  newClientBankSchema,
);

/**
 * Validates every form (so each shows its errors, not only the first invalid one) and calls
 * `onValid` only when all of them pass. Returns whether it was called.
 */
export async function whenAllValid(
  forms: readonly UseFormReturn<any, any, any>[],
  onValid: () => Promise<void> | void,
): Promise<boolean> {
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

const ITALY = /^\s*(italia|italy|италия)\b/i;
/** An Italian codice fiscale: a company's 11 digits (its partita IVA) or a person's 16 characters. */
const CODICE_FISCALE = /^(\d{11}|[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z])$/i;

/**
 * The country whose names the company's identifiers take (the client has no country field): Italian when its VAT
 * number has Italy's prefix (IT…), its tax code has the form of a codice fiscale, or its headquarters is in Italy;
 * Bulgarian otherwise (ЕИК / Булстат and ДДС номер).
 */
export function identifierCountry(values: {
  bulstat?: string | null;
  vatNumber?: string | null;
  country?: { bg?: string; it?: string } | null;
}): 'bg' | 'it' {
  const vat = (values.vatNumber ?? '').replace(/\s/g, '').toUpperCase();
  if (vat.startsWith('IT')) return 'it';
  if (vat.startsWith('BG')) return 'bg';
  if (CODICE_FISCALE.test((values.bulstat ?? '').replace(/\s/g, ''))) return 'it';
  if (ITALY.test(values.country?.bg ?? '') || ITALY.test(values.country?.it ?? '')) return 'it';
  return 'bg';
}

/** The labels (keys of `clients`) of the tax code and the VAT number by the company's country. */
export const identifierLabels = (country: 'bg' | 'it') =>
  country === 'it'
    ? { bulstat: 'fields.bulstat_italy', vatNumber: 'fields.vat_number_italy' }
    : { bulstat: 'fields.bulstat', vatNumber: 'fields.vat_number' };

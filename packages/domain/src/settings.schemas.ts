import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import {
  countryCodeSchema,
  type VatCategory,
  vatCategoryRateError,
  vatCategorySchema,
  vatExemptionCodeSchema,
} from './einvoice.ts';
import { isValidBic, isValidIban, normalizeIban } from './iban.ts';
import { MessageKeys as M } from './messages.ts';
import { CURRENCY_RATE_DECIMALS, MAX_CURRENCY_RATE } from './money.ts';
import { paymentTermDaysSchema } from './payment-terms.ts';
import {
  alwaysCheck,
  filterBoolean,
  firstFailure,
  filterText,
  hasAtMostDecimals,
  idSchema,
  listQuery,
  localizedRequired,
  localizedText,
  priceSchema,
  requiredString,
  selectId,
} from './schemas.ts';

const emptyText = { bg: '', it: '' };

/**
 * Address of the own company: country, state, city and street in both languages, and the zip code. `countryCode` (ISO
 * 3166-1 alpha-2, the e-invoice's) is optional: blank or left out, the server derives it from the country's name or the
 * VAT number (countryCodeFrom), else Bulgaria.
 */
export const localizedAddressSchema = z.object({
  country: localizedRequired,
  state: localizedRequired,
  city: localizedRequired,
  street: localizedRequired,
  zipCode: requiredString(20),
  countryCode: countryCodeSchema.optional(),
});
export type LocalizedAddress = z.infer<typeof localizedAddressSchema>;

/** My company: every field required. */
export const myCompanySaveSchema = z.object({
  _id: idSchema.optional(),
  name: localizedRequired,
  responsiblePerson: localizedRequired,
  bulstat: requiredString(20),
  vatNumber: requiredString(20),
  address: localizedAddressSchema,
});
export type MyCompanySaveInput = z.infer<typeof myCompanySaveSchema>;

export const ibanSchema = z
  .string({ error: M.field_is_required })
  .trim()
  .superRefine(
    firstFailure(
      [(value) => value !== '', M.field_is_required],
      [(value) => value.length <= 64 && isValidIban(value), M.iban_invalid],
    ),
  )
  .transform(normalizeIban);

/** An optional BIC: blank is none; otherwise 8 or 11 characters. */
export const bicSchema = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((value) => value === '' || (value.length <= 64 && isValidBic(value)), M.bic_invalid)
  .transform(normalizeIban);

/** The owner of a bank: the own company or a client company. Exactly one is given. */
const bankOwner = {
  myCompanyId: idSchema.optional(),
  companyId: idSchema.optional(),
};

/** Bank modal: name and address in both languages, IBAN and currency required. */
export const bankSaveSchema = z
  .object({
    _id: idSchema.optional(),
    ...bankOwner,
    name: localizedRequired,
    address: localizedRequired,
    bic: bicSchema,
    iban: ibanSchema,
    currency: selectId,
    status: z.boolean().optional(),
    /** The BGN default account (own company). */
    default: z.boolean().optional().default(false),
    /** The EUR default account (own company). */
    default2: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.myCompanyId) === Boolean(value.companyId))
      ctx.addIssue({ code: 'custom', path: ['myCompanyId'], message: M.field_is_required });
  }, alwaysCheck);
export type BankSaveInput = z.infer<typeof bankSaveSchema>;

export const bankListQuery = listQuery
  .extend({
    /** The owner's id (own company or client company). */
    parent: idSchema.optional(),
    ...bankOwner,
    /** true (default): active banks; false: inactive; null: all. */
    status: z.boolean().nullable().optional().default(true),
  })
  .superRefine((value, ctx) => {
    const given = [value.parent, value.myCompanyId, value.companyId].filter(Boolean).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['parent'], message: M.field_is_required });
  });
export type BankListQuery = z.infer<typeof bankListQuery>;

/** Invoice defaults: all required. `signers` are the users offered as signers; `signer` is the default one. */
export const invoiceSettingsSaveSchema = z
  .object({
    _id: idSchema.optional(),
    currency: selectId,
    vatType: selectId,
    paymentType: selectId,
    signer: selectId,
    signers: z.array(selectId, { error: M.field_is_required }).min(1, M.field_is_required).max(100, M.invalid_value),
    /** Days from a new document's date to its payment deadline (0: due the day issued); missing keeps the stored term. */
    paymentTermDays: paymentTermDaysSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.signers.includes(value.signer))
      ctx.addIssue({ code: 'custom', path: ['signer'], message: M.signer_not_in_signers });
  });
export type InvoiceSettingsSaveInput = z.infer<typeof invoiceSettingsSaveSchema>;

/** The highest number a register holds: 10 digits. */
export const MAX_REGISTER_NUMBER = 9_999_999_999;
export const registerNumberSchema = z
  .number({ error: M.field_is_required })
  .int(M.invalid_value)
  .min(1, M.invalid_value)
  .max(MAX_REGISTER_NUMBER, M.invalid_value);

/** The next number of each register (invoices with their notices; proforma invoices). */
export const registerNumbersSaveSchema = z.object({
  _id: z.string().optional(),
  invoices: registerNumberSchema,
  proformaInvoices: registerNumberSchema,
});
export type RegisterNumbersSaveInput = z.infer<typeof registerNumbersSaveSchema>;

// Dictionaries ------------------------------------------------------------------------------

/** The simple settings lists, by their path under /api/settings/. */
export const DICTIONARY_KINDS = [
  'currencies',
  'document-types',
  'event-categories',
  'payment-types',
  'services',
  'document-flow-categories',
  'vat-types',
] as const;
export type DictionaryKind = (typeof DICTIONARY_KINDS)[number];

export const DEFAULT_EVENT_COLOR = '#8B0000';
export const BASE_CURRENCY = 'BGN';
/** Currencies whose rate to BGN is fixed by law. */
export const FIXED_RATES: Record<string, number> = { BGN: 1, EUR: 1.95583 };

const dictionaryBase = {
  _id: idSchema.optional(),
  name: localizedRequired,
  /** Active entries show in pickers; inactive ones stay on old records. Missing: true on create, unchanged on update. */
  status: z.boolean().optional(),
};

/** Names (either language, compared without case, blanks or a final dot) that mean the fixed-rate currencies. */
const FIXED_RATE_NAMES: Record<string, string[]> = {
  BGN: [
    'bgn',
    'лв',
    'лев',
    'лева',
    'български лев',
    'български лева',
    'lev',
    'leva',
    'lev bulgaro',
    'lev bulgari',
    'bulgarian lev',
  ],
  EUR: ['eur', '€', 'евро', 'euro'],
};
const normalizeName = (text: string | undefined) =>
  (text ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/\.$/, '');

/** BGN or EUR when a currency's name says so in either language (and not both), else undefined. */
export function currencyCodeByName(name: { bg?: string; it?: string } | undefined): string | undefined {
  const names = [normalizeName(name?.bg), normalizeName(name?.it)];
  const found = Object.keys(FIXED_RATE_NAMES).filter((code) =>
    names.some((text) => FIXED_RATE_NAMES[code].includes(text)),
  );
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The code a currency is known by: its ISO code when it has one, else BGN or EUR recognised by its
 * name. The fixed rates and the BGN/EUR default banks follow this code.
 */
export function effectiveCurrencyCode(
  code: string | null | undefined,
  name: { bg?: string; it?: string } | undefined,
): string | null {
  return code || currencyCodeByName(name) || null;
}

/**
 * The ISO code is optional (a currency needs only name, exchangeRate and status): blank or null
 * is none, left out keeps the stored code on an update; when given, 3 letters, unique.
 */
const currencyCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value),
  z
    .string()
    .regex(/^[A-Z]{3}$/, M.invalid_value)
    .nullable()
    .optional(),
);

export const currencySaveSchema = z
  .object({
    ...dictionaryBase,
    code: currencyCodeSchema,
    /** Units of BGN for one unit of the currency. */
    exchangeRate: z
      .number({ error: M.field_is_required })
      .positive(M.invalid_value)
      .max(MAX_CURRENCY_RATE, M.invalid_value)
      .refine((value) => hasAtMostDecimals(value, CURRENCY_RATE_DECIMALS), M.invalid_value),
  })
  .superRefine((value, ctx) => {
    const rateError = fixedRateError(effectiveCurrencyCode(value.code, value.name), value.exchangeRate);
    if (rateError) ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: rateError });
  });
export type CurrencySaveInput = z.infer<typeof currencySaveSchema>;

/** `currency_rate_fixed` when BGN or EUR is given another rate than the law's. */
export function fixedRateError(code: string | null, exchangeRate: number): string | undefined {
  const fixed = code ? FIXED_RATES[code] : undefined;
  return fixed !== undefined && exchangeRate !== fixed ? M.currency_rate_fixed : undefined;
}

export const documentTypeSaveSchema = z.object(dictionaryBase);
export const paymentTypeSaveSchema = z.object(dictionaryBase);

export const eventCategorySaveSchema = z.object({
  ...dictionaryBase,
  color: z
    .string()
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, M.invalid_value)
    .transform((value) => value.toUpperCase())
    .optional()
    .default(DEFAULT_EVENT_COLOR),
});

export const serviceSaveSchema = z.object({
  ...dictionaryBase,
  code: requiredString(50),
  description: localizedText.optional().default(emptyText),
  price: priceSchema,
});

export const documentFlowCategorySaveSchema = z.object({
  ...dictionaryBase,
  parent: z
    .preprocess((value) => (value === '' ? null : value), idSchema.nullable())
    .optional()
    .transform((value) => value ?? null),
});

/**
 * The rules between a VAT type's rate, category and exemption code: the category follows the rate (S above zero, the
 * others 0: `vat_category_rate_mismatch`), and a standard or zero rated type names no exemption code (EN 16931 BR-S-10,
 * BR-Z-10). The failed field and its message, or null.
 */
export function vatTypeCategoryError(
  category: VatCategory,
  percentage: number,
  exemptionCode: string | null | undefined,
): { field: 'category' | 'exemptionCode'; message: string } | null {
  if (vatCategoryRateError(category, percentage)) return { field: 'category', message: M.vat_category_rate_mismatch };
  if (exemptionCode && (category === 'S' || category === 'Z'))
    return { field: 'exemptionCode', message: M.invalid_value };
  return null;
}

export const vatTypeSaveSchema = z
  .object({
    ...dictionaryBase,
    percentage: z
      .number({ error: M.field_is_required })
      .min(0, M.invalid_value)
      .max(100, M.invalid_value)
      .refine((value) => hasAtMostDecimals(value, 2), M.invalid_value),
    /** Why VAT is not charged (printed on the invoice), e.g. the article of the VAT act. */
    exemptionReason: localizedText.optional().default(emptyText),
    /**
     * The EN 16931 VAT category. Left out (the spec's save: name, percentage, status): the stored one while it fits the
     * rate, else defaultVatCategory(percentage) — the server completes it.
     */
    category: vatCategorySchema.optional(),
    /** The VATEX exemption reason code; blank is none, left out keeps the stored one with a kept category. */
    exemptionCode: vatExemptionCodeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.category) return;
    const error = vatTypeCategoryError(value.category, value.percentage, value.exemptionCode);
    if (error) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
  });

export const dictionaryListQuery = listQuery.extend({
  name: filterText(),
  status: filterBoolean,
});
export const serviceListQuery = dictionaryListQuery.extend({
  code: filterText(50),
  description: filterText(),
});
export type DictionaryListQuery = z.infer<typeof dictionaryListQuery>;
export type ServiceListQuery = z.infer<typeof serviceListQuery>;

export const dictionarySaveSchemas = {
  currencies: currencySaveSchema,
  'document-types': documentTypeSaveSchema,
  'event-categories': eventCategorySaveSchema,
  'payment-types': paymentTypeSaveSchema,
  services: serviceSaveSchema,
  'document-flow-categories': documentFlowCategorySaveSchema,
  'vat-types': vatTypeSaveSchema,
} as const satisfies Record<DictionaryKind, z.ZodType>;
export type DictionarySaveInput<K extends DictionaryKind> = z.infer<(typeof dictionarySaveSchemas)[K]>;

export const dictionaryListSchemas = {
  currencies: dictionaryListQuery,
  'document-types': dictionaryListQuery,
  'event-categories': dictionaryListQuery,
  'payment-types': dictionaryListQuery,
  services: serviceListQuery,
  'document-flow-categories': dictionaryListQuery,
  'vat-types': dictionaryListQuery,
} as const satisfies Record<DictionaryKind, z.ZodType>;

// Answers ---------------------------------------------------------------------------------------

/** GET /api/settings/myCompany/get: the own company. */
export interface MyCompany {
  _id: string;
  name: LocalizedText;
  responsiblePerson: LocalizedText;
  bulstat: string;
  vatNumber: string;
  /** The address; its `countryCode` is always set in an answer (ISO 3166-1 alpha-2). */
  address: LocalizedAddress;
  created?: string | null;
  updated?: string | null;
}

/** GET /api/settings/invoices/get: the defaults of new billing documents. */
export interface InvoiceSettings {
  _id: string;
  currency: string;
  vatType: string;
  paymentType: string;
  signer: string;
  signers: string[];
  /** Days from a new document's date to its payment deadline (a client's own term wins). */
  paymentTermDays: number;
  created?: string | null;
  updated?: string | null;
}

/** GET /api/settings/invoices/getRegisterNumbers: the next numbers of the registers and the last issued ones. */
export interface RegisterNumbers {
  invoices: number;
  proformaInvoices: number;
  invoicesIssued: number;
  proformaInvoicesIssued: number;
}

/** An entry of a settings list: name, status, the kind's own fields and the timestamps. */
export interface DictionaryItem {
  _id: string;
  name: LocalizedText;
  status: boolean;
  created?: string | null;
  updated?: string | null;
  [field: string]: unknown;
}

/** A bank account of the own company or of a client (POST /api/banks/list, GET /api/banks/{id}). */
export interface Bank {
  _id: string;
  myCompanyId?: string;
  companyId?: string;
  name: LocalizedText;
  address: LocalizedText;
  bic: string;
  iban: string;
  currency: string;
  currencyCode: string | null;
  currencyName: LocalizedText | null;
  status: boolean;
  default: boolean;
  default2: boolean;
  created?: string | null;
}

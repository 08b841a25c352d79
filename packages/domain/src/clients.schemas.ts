import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import { AUTOCOMPLETE_PAGE_SIZE } from './api.ts';
import { isValidIban, normalizeIban } from './iban.ts';
import { MessageKeys as M } from './messages.ts';
import { countryCodeSchema } from './einvoice.ts';
import { clientPaymentTermDaysSchema } from './payment-terms.ts';
import {
  alwaysCheck,
  emailSchema,
  filterText,
  idSchema,
  listQuery,
  localizedText,
  optionalBusinessDate,
  optionalEmail,
  optionalString,
  pagingFields,
  requiredString,
  selectId,
} from './schemas.ts';
import { bicSchema } from './settings.schemas.ts';

const emptyText = { bg: '', it: '' };

/** Text in Bulgarian (required) and Italian (optional). */
const localizedBgRequired = z.object({ bg: requiredString(500), it: optionalString(500) });
/** Text required in both languages. */
const localizedBothRequired = z.object({ bg: requiredString(500), it: requiredString(500) });

/** Identifiers are stored without blanks; the VAT number in upper case. */
const identifier = (max: number) => requiredString(max).transform((value) => value.replace(/\s+/g, ''));

const idArray = (max: number) => z.array(idSchema).max(max, M.invalid_value);

/** An optional employee pick: blank or null is none. */
const optionalId = z
  .preprocess((value) => (value === '' ? null : value), idSchema.nullable())
  .optional()
  .transform((value) => value ?? null);

export const subscriptionSchema = z
  .object({
    status: z.boolean().optional().default(false),
    fromDate: optionalBusinessDate,
    toDate: optionalBusinessDate,
  })
  .superRefine((value, ctx) => {
    if (value.fromDate && value.toDate && value.toDate < value.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
  });

/** An office contact person: first name, last name, phone and email required. */
export const officeContactSchema = z.object({
  _id: idSchema.optional(),
  firstName: requiredString(200),
  middleName: optionalString(200),
  lastName: requiredString(200),
  position: optionalString(200),
  phone: requiredString(50),
  email: emailSchema,
});
export type OfficeContactInput = z.infer<typeof officeContactSchema>;

/** POST /api/offices/saveContact: a contact plus its office. */
export const officeContactSaveSchema = officeContactSchema.extend({ officeId: selectId });
export type OfficeContactSaveInput = z.infer<typeof officeContactSaveSchema>;

/** POST /api/offices/removeContact. */
export const officeContactRemoveSchema = z.object({ officeId: selectId, contactId: selectId });

const officeFields = {
  /**
   * ISO 3166-1 alpha-2 country of the address (the e-invoice's). Blank or left out: the server derives it from the
   * country's name, else the client's VAT number prefix (countryCodeFrom).
   */
  countryCode: countryCodeSchema.optional(),
  isHeadquarters: z.boolean().optional().default(false),
  state: localizedText.optional().default(emptyText),
  zipCode: optionalString(20),
  phone: requiredString(50),
  email: emailSchema,
  /** Contacts saved with a new office (an existing office's contacts go through saveContact). */
  contacts: z.array(officeContactSchema).max(50, M.invalid_value).optional().default([]),
};

/**
 * Office modal (POST /api/offices/save): country, city and street (the address) required in
 * Bulgarian, phone and email required.
 */
export const officeSaveSchema = z.object({
  _id: idSchema.optional(),
  company: selectId,
  country: localizedBgRequired,
  city: localizedBgRequired,
  street: localizedBgRequired,
  ...officeFields,
});
export type OfficeSaveInput = z.infer<typeof officeSaveSchema>;

/** The first office of a new client (the headquarters): country, city and street required in both languages. */
export const newClientOfficeSchema = z.object({
  country: localizedBothRequired,
  city: localizedBothRequired,
  street: localizedBothRequired,
  ...officeFields,
});
export type NewClientOfficeInput = z.infer<typeof newClientOfficeSchema>;

export const officeListQuery = listQuery.extend({ company: selectId });
export type OfficeListQuery = z.infer<typeof officeListQuery>;

/** POST /api/offices/remove. */
export const officeRemoveSchema = z.object({ officeId: selectId });
export const officeContactsQuery = z.object({ officeId: selectId });

const filled = (text: { bg?: string; it?: string } | undefined) => Boolean(text?.bg || text?.it);

/**
 * The bank card of a new client: no field is required, and a blank card saves no bank. Once any field
 * is filled the account needs its IBAN (mod-97 checked) and its currency.
 */
export const newClientBankSchema = z
  .object({
    name: localizedText.optional().default(emptyText),
    address: localizedText.optional().default(emptyText),
    bic: bicSchema,
    iban: z.string().trim().max(64, M.invalid_value).optional().default(''),
    currency: z
      .string()
      .trim()
      .optional()
      .default('')
      .refine((value) => value === '' || idSchema.safeParse(value).success, M.invalid_value),
  })
  .superRefine((value, ctx) => {
    if (!isNewClientBankFilled(value)) return;
    if (value.iban === '') ctx.addIssue({ code: 'custom', path: ['iban'], message: M.field_is_required });
    else if (!isValidIban(value.iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: M.iban_invalid });
    if (value.currency === '') ctx.addIssue({ code: 'custom', path: ['currency'], message: M.field_is_required });
  }, alwaysCheck)
  .transform((value) => ({ ...value, iban: normalizeIban(value.iban) }));
export type NewClientBankInput = z.infer<typeof newClientBankSchema>;

/** True when some field of the new client's bank card is filled. */
export function isNewClientBankFilled(bank: {
  name?: { bg?: string; it?: string };
  address?: { bg?: string; it?: string };
  bic?: string;
  iban?: string;
  currency?: string;
}): boolean {
  return filled(bank.name) || filled(bank.address) || Boolean(bank.bic || bank.iban || bank.currency);
}

/**
 * POST /api/companies/save (the client form). Company name in Bulgarian, bulstat and vatNumber are
 * required. A new client (no `_id`) may bring its first office (the headquarters) and its bank card,
 * saved with it or not at all (the web app's one call); without them the office follows by
 * POST /api/offices/save (the web's sequence). Both are refused on an existing client. The access lists and status, when left out
 * of an update, stay as they are.
 */
export const companySaveSchema = z
  .object({
    _id: idSchema.optional(),
    name: localizedBgRequired,
    bulstat: identifier(30),
    vatNumber: identifier(30).transform((value) => value.toUpperCase()),
    responsiblePerson: localizedText.optional().default(emptyText),
    status: z.boolean().optional(),
    phone: optionalString(50),
    email: optionalEmail,
    comment: optionalString(4000),
    referent: optionalId,
    notificationsEmails: z.array(emailSchema).max(20, M.invalid_value).optional().default([]),
    subscription: subscriptionSchema.optional().default({ status: false, fromDate: null, toDate: null }),
    clientUsers: idArray(200).optional(),
    managingUsers: idArray(500).optional(),
    managingUsersAll: z.boolean().optional(),
    /** The client's payment term in days; null: the invoice defaults' term; missing keeps the stored one. */
    paymentTermDays: clientPaymentTermDaysSchema.optional(),
    /** No automatic payment reminders for this client (reminders.schemas.ts); missing keeps the stored value. */
    noReminders: z.boolean({ error: M.invalid_value }).optional(),
    office: newClientOfficeSchema.optional(),
    bank: newClientBankSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value._id && value.office !== undefined)
      ctx.addIssue({ code: 'custom', path: ['office'], message: M.invalid_value });
    if (value._id && value.bank !== undefined)
      ctx.addIssue({ code: 'custom', path: ['bank'], message: M.invalid_value });
  }, alwaysCheck);
export type CompanySaveInput = z.infer<typeof companySaveSchema>;

/** POST /api/companies/list: the clients filter. `status` true by default (null: all). */
export const companyListQuery = listQuery.extend({
  name: filterText(),
  bulstat: filterText(30),
  vatNumber: filterText(30),
  status: z.boolean().nullable().optional().default(true),
  referent: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional())
    .optional(),
  /** Clients managed by any of these users. */
  managingUsers: z
    .union([idSchema, idArray(100)])
    .nullish()
    .transform((value) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value])),
});
export type CompanyListQuery = z.infer<typeof companyListQuery>;

/** POST /api/companies/search: the client autocomplete (name, bulstat or VAT number); active clients unless `status` says otherwise. */
export const companySearchQuery = z.object({
  ...pagingFields(AUTOCOMPLETE_PAGE_SIZE),
  name: filterText(),
  status: z.boolean().nullable().optional().default(true),
});
export type CompanySearchQuery = z.infer<typeof companySearchQuery>;

/** POST /api/metaData/getClients: active clients the user sees, optionally narrowed by name. */
export const clientOptionsQuery = z.object({ name: filterText() });
export type ClientOptionsQuery = z.infer<typeof clientOptionsQuery>;

export const CLIENT_SORT_COLUMNS = [
  'name',
  'name.bg',
  'name.it',
  'bulstat',
  'vatNumber',
  'phone',
  'email',
  'status',
  'created',
] as const;

// Answers ---------------------------------------------------------------------------------------

/** A client as the search, the picker and the other areas' client look-ups give it. */
export interface ClientOption {
  _id: string;
  name: LocalizedText;
  bulstat?: string;
  vatNumber?: string;
  /** The client's payment term in days (null: the invoice defaults'); absent when the answer did not say. */
  paymentTermDays?: number | null;
}

/** A row of POST /api/companies/list (and of the client portal's /my-companies). */
export interface ClientRow {
  _id: string;
  name: LocalizedText;
  bulstat: string;
  vatNumber: string;
  phone: string;
  email: string;
  status: boolean;
}

/** GET /api/companies/{id}: the whole client. */
export interface Client extends ClientRow {
  responsiblePerson: LocalizedText;
  comment: string;
  referent: string | null;
  referentName: LocalizedText | null;
  notificationsEmails: string[];
  clientUsers: string[];
  managingUsers: string[];
  managingUsersAll: boolean;
  subscription: { status: boolean; fromDate: string | null; toDate: string | null };
  /** The client's payment term in days; null: the invoice defaults' term. */
  paymentTermDays: number | null;
  /** True: the daily run sends this client no payment reminders ("send a reminder now" still may). */
  noReminders: boolean;
  created: string | null;
  createdBy: string | null;
  createdByName: LocalizedText;
  updated: string | null;
}

/** POST /api/companies/save: the saved client and the warnings of the save (a bulstat used by another client...). */
export type ClientSaveResult = Client & { warnings: string[] };

/** A contact person of an office (GET /api/offices/getOfficeContacts). */
export interface OfficeContact {
  _id: string;
  officeId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  position: string;
  phone: string;
  email: string;
  created?: string | null;
  updated?: string | null;
}

/** An office of a client (POST /api/offices/list, GET /api/offices/{id}). */
export interface Office {
  _id: string;
  company: string;
  isHeadquarters: boolean;
  country: LocalizedText;
  /** ISO 3166-1 alpha-2, or null when neither the country's name nor the client's VAT number tells it. */
  countryCode: string | null;
  state: LocalizedText;
  city: LocalizedText;
  street: LocalizedText;
  zipCode: string;
  phone: string;
  email: string;
  created?: string | null;
  updated?: string | null;
  contacts?: OfficeContact[];
}

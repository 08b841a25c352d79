/**
 * Contracts: a provider (the own company), a customer (a client), details, services and documents.
 *
 * API. Every JSON answer is the house envelope `{ Type, Message, Result }`. Permissions (permissions.ts):
 * `contractsRead` (every staff role), `contractsWrite` (management), `contractsUnregister` (admin).
 * Who sees a contract follows who sees its customer (the clients module's rule); a contract without a
 * customer is seen by those who see every client. An unknown or invisible contract answers
 * 404 `the_contract_was_not_found` on every call that names it.
 *
 * /api/contracts
 * - POST list        body `contractListQuery` → `ListResult<ContractRow>`. Default sort `created` descending.
 *                    The client page's contracts tab calls it with `customerId`.
 * - POST search      body `contractSearchQuery` (the contract autocomplete: `clientId`, `name`) →
 *                    `ListResult<ContractOption>`, by name.
 * - GET  {id}        → `ContractView` (employees get it without `pricePerMonth`: `seesPrices` in roles.ts).
 * - POST save        body `contractSaveSchema` → `ContractView`, Message `saved_successfully`. A body that fails
 *                    validation answers 400 Message `please_fill_all_required_fields` with `Errors` per field.
 *                    Management only (403); an existing contract must be a draft (409 `contract_not_draft`).
 *                    Saving copies the provider and customer snapshots from the own company, the client and
 *                    the chosen banks. A new contract saved without provider banks gets the own company's default
 *                    BGN and EUR accounts.
 * - POST register    `{ contractId }` (or `{ _id }`; other fields are ignored: save first) → `ContractView`.
 *                    Management. Draft only (409 `contract_not_draft`); no customer: 400 `please_select_side2_contract`;
 *                    no services: 400 `please_enter_services_contract`; no provider account in the contract's
 *                    currency: 400 `no_provider_bank_in_currency` on `providerBank` (BGN) or `providerBank2` (EUR)
 *                    (provider-banks.ts, the billing run's rule). Refreshes and freezes the snapshots.
 * - POST cancel      `{ contractId, cancelationReason }` (aliases `_id`, `reason`) → `ContractView`. Management.
 *                    Reason required (400 `field_is_required` on `cancelationReason`); registered, not expired,
 *                    only (409 `contract_not_registered`).
 * - POST deregister  `{ contractId }` → `ContractView` (a draft again, registered/canceled stamps cleared).
 *                    Admin only. From registered, expired or canceled (409 `contract_is_draft` on a draft).
 * - POST saveBanks   `contractSaveBanksSchema` `{ contractId, bank, bank2 }` → `ContractView`: the provider's BGN
 *                    (`bank`) and EUR (`bank2`) accounts of a registered or expired contract, and only them
 *                    (permission `contractsBanks`: management). A missing `bank`/`bank2` keeps the stored one, null
 *                    or '' clears it; any other field is refused (400 `contract_only_banks_change` on that field).
 *                    The accounts follow the save's rules (the own company's, BGN/EUR, active when newly chosen)
 *                    and the contract keeps the account of its currency (400 `no_provider_bank_in_currency` on
 *                    `bank`/`bank2`: provider-banks.ts). Updates the provider snapshot's `bank`/`bank2` only.
 *                    A draft: 409 `contract_is_draft` (save it); canceled: 409 `contract_canceled`.
 *
 * /api/contract-services (permission `contractsRead` for list/GET, `contractsWrite` for the rest)
 * - POST list                        `{ contractId, page, itemsPerPage, sortBy, sortDesc }` → `ListResult<ContractServiceRow>`,
 *                                    default sort `created` ascending. Employees get the rows without `price`.
 * - GET  {id}                        → `ContractServiceRow` (the service-settings dialog).
 * - POST addServiceToContract        `{ contractId, serviceId }` → `ContractServiceRow`. Active services only
 *                                    (400 `invalid_value` on `serviceId`); once per contract (409 `contract_service_exists`).
 * - POST removeServiceFromContract   `{ contractServiceId }` → `true`.
 * - POST save                        `contractServiceSettingsSchema` `{ _id, price, description }` (service settings:
 *                                    the contract's own price and description of the row) → `ContractServiceRow`.
 *   Adding, removing and service settings: draft contracts only (409 `contract_not_draft`).
 *
 * /api/documents with the contract as parent (`contractId`, or `parentType: 'contract'` + `parentId`):
 * list, GET {id}, download/{fileId} for whoever sees the contract; save, remove, removeFile for management
 * only (403) and not on a canceled contract (409 `contract_canceled`).
 *
 * POST /api/metaData/getClientContracts `clientContractsQuery` `{ clientId, statuses? }` → `ContractOption[]`
 * (by fromDate descending). By default the registered, not expired contracts (what timesheets and billing pick);
 * `statuses` chooses others. An invisible or unknown client: 404 `the_client_was_not_found`.
 */
import { z } from 'zod';
import { AUTOCOMPLETE_PAGE_SIZE } from './api.ts';
import { MessageKeys as M } from './messages.ts';
import { Access, seesPrices } from './roles.ts';
import { canAccess, Permissions } from './permissions.ts';
import {
  alwaysCheck,
  businessDate,
  filterId,
  filterText,
  idSchema,
  listQuery,
  localizedText,
  optionalBusinessDate,
  optionalEmail,
  optionalString,
  pagingFields,
  priceSchema,
  requiredString,
  selectId,
  type LocalizedText,
} from './schemas.ts';
import { FILTER_ALIASES, foldAliases } from './filter-aliases.ts';

/** Contract status: stored 0, 1 or 2; 3 (expired) is derived: registered and `toDate` before today (Europe/Sofia). */
export const ContractStatus = { draft: 0, registered: 1, canceled: 2, expired: 3 } as const;
export type ContractStatusValue = (typeof ContractStatus)[keyof typeof ContractStatus];
export const CONTRACT_STATUSES: readonly ContractStatusValue[] = [0, 1, 2, 3];

/** The invoicing periods in months (monthly, every 3 months, every 6 months, yearly). */
export const INVOICE_MONTHLY_INTERVALS = [1, 3, 6, 12] as const;
export type InvoiceMonthlyInterval = (typeof INVOICE_MONTHLY_INTERVALS)[number];

export const CONTRACT_SORT_COLUMNS = [
  'created',
  'name',
  'name.bg',
  'name.it',
  'companyName',
  'companyName.bg',
  'companyName.it',
  'fromDate',
  'toDate',
  'status',
] as const;
export const CONTRACT_SERVICE_SORT_COLUMNS = ['created', 'code', 'name', 'name.bg', 'name.it', 'price'] as const;

const emptyText = { bg: '', it: '' };
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
/** An optional pick: blank, null or missing is none (null). */
const optionalPick = z
  .preprocess(blankToNull, idSchema.nullable())
  .optional()
  .transform((value) => value ?? null);

const contractStatusSchema = z
  .number()
  .int(M.invalid_value)
  .refine((value) => (CONTRACT_STATUSES as readonly number[]).includes(value), M.invalid_value);

/**
 * POST /api/contracts/list. `customerId` (aliases `clientId`, `client`) is the client; `bulstat` and `vatNumber` are
 * substrings of the client's identifiers; `status` 0 draft, 1 registered (not expired), 2 canceled, 3 expired
 * (null or missing: all).
 */
export const contractListQuery = listQuery
  .extend({
    customerId: filterId,
    clientId: filterId,
    client: filterId,
    bulstat: filterText(30),
    vatNumber: filterText(30),
    status: contractStatusSchema
      .nullish()
      .transform((value) => (value ?? undefined) as ContractStatusValue | undefined),
  })
  .transform((value) => foldAliases(value, FILTER_ALIASES.contracts));
export type ContractListInput = z.input<typeof contractListQuery>;
export type ContractListQuery = z.output<typeof contractListQuery>;

/** The filter form's fields (blank means no filter). */
export interface ContractFilter {
  customerId?: string | null;
  bulstat?: string | null;
  vatNumber?: string | null;
  status?: ContractStatusValue | null;
}

/** POST /api/contracts/search: the contract autocomplete (page size 15), optionally of one client, by name text. */
export const contractSearchQuery = z
  .object({
    ...pagingFields(AUTOCOMPLETE_PAGE_SIZE),
    clientId: filterId,
    customerId: filterId,
    name: filterText(),
    status: contractStatusSchema
      .nullish()
      .transform((value) => (value ?? undefined) as ContractStatusValue | undefined),
  })
  .transform(({ customerId, ...rest }) => ({ ...rest, clientId: rest.clientId ?? customerId }));
export type ContractSearchInput = z.input<typeof contractSearchQuery>;
export type ContractSearchQuery = z.output<typeof contractSearchQuery>;

/** POST /api/metaData/getClientContracts. `statuses` default: [1] (registered, not expired). */
export const clientContractsQuery = z.object({
  clientId: selectId,
  statuses: z
    .array(contractStatusSchema)
    .max(4, M.invalid_value)
    .optional()
    .transform((value) => (value && value.length > 0 ? value : [ContractStatus.registered]) as ContractStatusValue[]),
});
export type ClientContractsInput = z.input<typeof clientContractsQuery>;
export type ClientContractsQuery = z.output<typeof clientContractsQuery>;

/** Contract name: Bulgarian required, Italian optional. */
const contractName = z.object({ bg: requiredString(500), it: optionalString(500) });

/**
 * POST /api/contracts/save (the details form). Required: name.bg, fromDate, toDate (not before fromDate:
 * `end_date_before_start_date` on `toDate`), invoiceMonthlyInterval (1, 3, 6 or 12), pricePerMonth, currency.
 * `providerId` is the own company (it is taken when missing); `providerBank` a BGN account and `providerBank2` a
 * EUR account of the own company; `customerBank` an account of the customer.
 */
export const contractSaveSchema = z
  .object({
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    name: contractName,
    providerId: optionalPick,
    providerBank: optionalPick,
    providerBank2: optionalPick,
    customerId: optionalPick,
    customerBank: optionalPick,
    responsiblePerson: localizedText.optional().default(emptyText),
    invoiceDate: optionalBusinessDate,
    invoiceMonthlyInterval: z
      .number({ error: M.field_is_required })
      .refine((value) => (INVOICE_MONTHLY_INTERVALS as readonly number[]).includes(value), M.invalid_value)
      .optional()
      .default(1)
      .transform((value) => value as InvoiceMonthlyInterval),
    fromDate: businessDate,
    toDate: businessDate,
    email: optionalEmail,
    description: localizedText.optional().default(emptyText),
    currency: selectId,
    isAdvance: z.boolean().optional().default(false),
    pricePerMonth: priceSchema,
    managingUsers: z.array(idSchema).max(500, M.invalid_value).optional().default([]),
  })
  .superRefine((value, ctx) => {
    const { fromDate, toDate } = value as { fromDate?: unknown; toDate?: unknown };
    if (typeof fromDate === 'string' && typeof toDate === 'string' && toDate < fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
  }, alwaysCheck);
export type ContractSaveInput = z.input<typeof contractSaveSchema>;
export type ContractSaveValues = z.output<typeof contractSaveSchema>;

/** The contract a transition names: `{ contractId }` (the original API) or `{ _id }`; other fields are ignored. */
const contractRef = z
  .object({
    contractId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  })
  .loose()
  .transform((value, ctx) => {
    const id = value.contractId ?? value._id;
    if (!id) ctx.addIssue({ code: 'custom', path: ['contractId'], message: M.field_is_required });
    return { contractId: id as string };
  });

/** POST /api/contracts/register. */
export const contractRegisterSchema = contractRef;
/** POST /api/contracts/deregister. */
export const contractDeregisterSchema = contractRef;

/** POST /api/contracts/cancel: the contract and the cancellation reason (required). */
export const contractCancelSchema = z
  .object({
    contractId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    cancelationReason: z.string().trim().max(2000, M.invalid_value).nullish(),
    reason: z.string().trim().max(2000, M.invalid_value).nullish(),
  })
  .transform((value, ctx) => {
    const id = value.contractId ?? value._id;
    const reason = value.cancelationReason || value.reason || '';
    if (!id) ctx.addIssue({ code: 'custom', path: ['contractId'], message: M.field_is_required });
    if (!reason) ctx.addIssue({ code: 'custom', path: ['cancelationReason'], message: M.field_is_required });
    return { contractId: id as string, cancelationReason: reason };
  });
export type ContractCancelInput = z.input<typeof contractCancelSchema>;

/** The fields POST /api/contracts/saveBanks takes; any other is refused. */
const SAVE_BANKS_FIELDS = new Set(['contractId', '_id', 'bank', 'bank2']);
/** A bank of saveBanks: missing keeps the stored one, null or '' clears it. */
const bankChange = z.preprocess((value) => (value === '' ? null : value), idSchema.nullable().optional());

/**
 * POST /api/contracts/saveBanks: the provider's BGN (`bank`) and EUR (`bank2`) accounts of a registered contract.
 * Only these: any other field (a name, a price, a customer ...) is refused with `contract_only_banks_change` on it.
 */
export const contractSaveBanksSchema = z
  .object({
    contractId: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
    bank: bankChange,
    bank2: bankChange,
  })
  .loose()
  .superRefine((value, ctx) => {
    for (const field of Object.keys(value))
      if (!SAVE_BANKS_FIELDS.has(field))
        ctx.addIssue({ code: 'custom', path: [field], message: M.contract_only_banks_change });
    const { contractId, _id } = value as { contractId?: unknown; _id?: unknown };
    if (!contractId && !_id) ctx.addIssue({ code: 'custom', path: ['contractId'], message: M.field_is_required });
  }, alwaysCheck)
  .transform((value) => ({
    contractId: (value.contractId ?? value._id) as string,
    bank: value.bank,
    bank2: value.bank2,
  }));
export type ContractSaveBanksInput = z.input<typeof contractSaveBanksSchema>;
export type ContractSaveBanksValues = z.output<typeof contractSaveBanksSchema>;

/** The cancellation dialog's form. */
export const contractCancelFormSchema = z.object({ cancelationReason: requiredString(2000) });

/** POST /api/contract-services/list. */
export const contractServiceListQuery = listQuery.extend({ contractId: selectId });
export type ContractServiceListQuery = z.infer<typeof contractServiceListQuery>;

/** POST /api/contract-services/addServiceToContract. */
export const contractServiceAddSchema = z.object({ contractId: selectId, serviceId: selectId });
export type ContractServiceAddInput = z.infer<typeof contractServiceAddSchema>;

/** POST /api/contract-services/removeServiceFromContract. */
export const contractServiceRemoveSchema = z.object({ contractServiceId: selectId });

/** POST /api/contract-services/save: the service settings of one row (the contract's own price and description). */
export const contractServiceSettingsSchema = z.object({
  _id: selectId,
  price: priceSchema,
  description: localizedText.optional().default(emptyText),
});
export type ContractServiceSettingsInput = z.input<typeof contractServiceSettingsSchema>;
export type ContractServiceSettingsValues = z.output<typeof contractServiceSettingsSchema>;

/** A bank as copied onto a party snapshot. `currency` is the currency's code (or its Bulgarian name without a code). */
export interface PartyBank {
  bankId: string;
  name: LocalizedText;
  address: LocalizedText;
  bic: string;
  iban: string;
  currency: string;
}

/** A party snapshot (provider or customer), copied onto the contract on save and frozen by register. */
export interface PartySnapshot {
  name: LocalizedText;
  /** `countryCode`: ISO 3166-1 alpha-2, copied since e-invoices (older snapshots derive it: countryCodeFrom). */
  address: {
    country: LocalizedText;
    city: LocalizedText;
    zipCode: string;
    street: LocalizedText;
    countryCode?: string | null;
  };
  /** The provider's BGN account; the customer's account. */
  bank: PartyBank | null;
  /** The provider's EUR account (provider only). */
  bank2?: PartyBank | null;
  responsiblePerson: LocalizedText;
  bulstat: string;
  vatNumber: string;
}

/** What the user may do with a contract now (the server decides the same way on every call). */
export interface ContractRights {
  /** Save the details: management and draft. */
  canEdit: boolean;
  /** Management and draft. */
  canRegister: boolean;
  /** Management and registered (not expired). */
  canCancel: boolean;
  /** Change the provider's banks (saveBanks): management, and registered or expired. */
  canChangeBanks: boolean;
  /** Admin, and registered, expired or canceled. */
  canUnregister: boolean;
  /** Add, remove and set services: management and draft. */
  canEditServices: boolean;
  /** Add, edit and delete documents: management and not canceled. */
  canEditDocuments: boolean;
  /** Prices of the service rows (everyone but employees). */
  canSeePrices: boolean;
  /** The invoices and proforma invoices tabs (management). */
  canSeeBilling: boolean;
}

/** The rights of a user (by access) on a contract in a status (derived, 0–3). */
export function contractRights(access: number, status: number): ContractRights {
  const management = access === Access.admin || access === Access.manager;
  const draft = status === ContractStatus.draft;
  return {
    canEdit: management && draft,
    canRegister: management && draft,
    canCancel: management && status === ContractStatus.registered,
    canChangeBanks:
      canAccess(Permissions.contractsBanks, access) &&
      (status === ContractStatus.registered || status === ContractStatus.expired),
    canUnregister: access === Access.admin && !draft,
    canEditServices: management && draft,
    canEditDocuments: management && status !== ContractStatus.canceled,
    canSeePrices: seesPrices(access),
    canSeeBilling: management,
  };
}

/** A row of the contracts list. */
export interface ContractRow {
  _id: string;
  name: LocalizedText;
  customerId: string | null;
  /** The customer's name (its snapshot), or null without a customer. */
  companyName: LocalizedText | null;
  /** YYYY-MM-DD. */
  fromDate: string;
  toDate: string;
  /** 0 draft, 1 registered, 2 canceled, 3 expired (derived). */
  status: ContractStatusValue;
  /** ISO 8601 UTC. */
  created: string;
}

/** An option of the contract autocomplete and of getClientContracts: a row without its creation, with its currency. */
export interface ContractOption extends Omit<ContractRow, 'created'> {
  /** The currency's id. */
  currency: string;
  currencyCode: string | null;
}

/** GET /api/contracts/{id} and the answer of save and of every transition. */
export interface ContractView extends ContractRow {
  /** The own company's id. */
  providerId: string | null;
  provider: PartySnapshot | null;
  /** The provider's BGN and EUR bank ids. */
  providerBank: string | null;
  providerBank2: string | null;
  customer: PartySnapshot | null;
  customerBank: string | null;
  responsiblePerson: LocalizedText;
  /** YYYY-MM-DD or null. */
  invoiceDate: string | null;
  invoiceMonthlyInterval: InvoiceMonthlyInterval;
  email: string;
  description: LocalizedText;
  /** The currency's id, code and name. */
  currency: string;
  currencyCode: string | null;
  currencyName: LocalizedText | null;
  /** Registered at least once and not returned to draft (status 1, 2 or 3). */
  issued: boolean;
  isAdvance: boolean;
  /** Absent for employees (`seesPrices`). */
  pricePerMonth?: number;
  managingUsers: string[];
  createdBy: string | null;
  createdByName: LocalizedText | null;
  registeredByName: LocalizedText | null;
  /** ISO 8601 UTC, or null. */
  registeredOn: string | null;
  canceledByName: LocalizedText | null;
  canceledOn: string | null;
  cancelationReason: string;
  updated: string | null;
  /** Number of service rows. */
  servicesCount: number;
  rights: ContractRights;
}

/** A service row of a contract. `price` is absent for employees. */
export interface ContractServiceRow {
  _id: string;
  contractId: string;
  /** The service's id (Settings › Services). */
  service: string;
  code: string;
  name: LocalizedText;
  description: LocalizedText;
  price?: number;
  /** ISO 8601 UTC. */
  created: string;
  addedByName: LocalizedText | null;
}

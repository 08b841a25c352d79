/**
 * The client portal: a client user's companies, contracts, invoices and proforma invoices (read-only). The document
 * flow of the portal is in documents-flow.schemas.ts (/api/my-documents-flow, /api/my-companies/documents-flow/list).
 *
 * API. Every JSON answer is the house envelope `{ Type, Message, Result }`. Permission `portal` (client users only;
 * staff get 403, and client users get 403 on every staff call). A client user sees the companies whose `clientUsers`
 * list them, and of those only the registered, canceled or expired contracts and the issued invoices and proformas.
 * Anything else (another company's object, a draft, an unknown id) answers the same 404: a company
 * `the_client_was_not_found`, a contract `the_contract_was_not_found`, an invoice `the_invoice_was_not_found`, a
 * proforma `the_proforma_invoice_was_not_found`, a file `not_found`.
 *
 * Lists take `{ page, itemsPerPage, sortBy, sortDesc }` (page size default 15, at most 200) and answer
 * `ListResult<Row>` `{ Items, Total, Page }`.
 *
 * - POST /api/my-companies/list                   `portalCompanyListQuery` → `ListResult<PortalCompanyRow>`; sort `name` ascending.
 * - GET  /api/my-companies/{id}                   → `PortalCompanyView` (with the offices and their contact persons).
 * - POST /api/my-companies/contracts/list         `portalCompanyTabQuery` `{ companyId, paging }` → `ListResult<PortalContractRow>`.
 * - POST /api/my-companies/invoices/list          `portalCompanyTabQuery` → `ListResult<PortalBillingRow>`.
 * - POST /api/my-companies/proforma-invoices/list `portalCompanyTabQuery` → `ListResult<PortalBillingRow>`.
 * - POST /api/my-contracts/list                   `portalContractListQuery` → `ListResult<PortalContractRow>`; sort `fromDate` descending.
 * - GET  /api/my-contracts/{id}                   → `PortalContractView`.
 * - POST /api/my-contracts/services/list          `portalContractTabQuery` `{ contractId, paging }` → `ListResult<PortalContractServiceRow>`
 *                                                 (with the contract's prices); sort `created` ascending.
 * - POST /api/my-contracts/documents/list         `portalContractTabQuery` → `ListResult<PortalContractDocumentRow>`; sort `created` descending.
 * - GET  /api/my-contracts/documents/download/{fileId} → the file (Content-Disposition attachment).
 * - POST /api/my-invoices/list                    `portalBillingListQuery` `{ paging, contract?, companyId? }` → `ListResult<PortalBillingRow>`;
 *                                                 sort `date` descending. A `contract` or `companyId` not the user's: 404.
 * - GET  /api/my-invoices/{id}                    → `PortalBillingView` (with its rows).
 * - GET  /api/my-invoices/print/{id}?layout=&lang= → application/pdf; `layout` one of the view's `printLayouts`
 *                                                 (default `invoice`), `lang` bg (default) or it; another layout: 400 `invalid_value`.
 * - POST /api/my-proforma-invoices/list, GET /api/my-proforma-invoices/{id}, GET /api/my-proforma-invoices/print/{id}:
 *                                                 the same for proformas (default layout `proforma`).
 * Every company tab list checks `companyId` first (404 `the_client_was_not_found`); the contract tabs check
 * `contractId` (404 `the_contract_was_not_found`).
 */
import { z } from 'zod';
import { BILLING_SORT_COLUMNS, type BillingRow } from './billing.schemas.ts';
import type { ClientRow, Office, OfficeContact } from './clients.schemas.ts';
import type { ContractRow, ContractStatusValue, InvoiceMonthlyInterval, PartySnapshot } from './contracts.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import type { PrintLayoutName } from './printable.ts';
import { filterId, filterText, listQuery, type LocalizedText, selectId } from './schemas.ts';
import { FILTER_ALIASES, foldAliases } from './filter-aliases.ts';

/** The API base paths of the portal (the document flow's are in documents-flow.schemas.ts). */
export const PORTAL_API = {
  companies: '/api/my-companies',
  contracts: '/api/my-contracts',
  invoices: '/api/my-invoices',
  proformas: '/api/my-proforma-invoices',
} as const;

/** The sort columns each portal list accepts (anything else: 400 `invalid_value` on `sortBy`). */
export const PORTAL_COMPANY_SORT_COLUMNS = ['name', 'name.bg', 'name.it', 'bulstat', 'vatNumber'] as const;
export const PORTAL_CONTRACT_SORT_COLUMNS = [
  'fromDate',
  'toDate',
  'name',
  'name.bg',
  'name.it',
  'companyName',
  'companyName.bg',
  'companyName.it',
  'status',
  'created',
] as const;
export const PORTAL_CONTRACT_SERVICE_SORT_COLUMNS = ['created', 'code', 'name', 'name.bg', 'name.it', 'price'] as const;
export const PORTAL_DOCUMENT_SORT_COLUMNS = ['created', 'date', 'type'] as const;
/** The invoice and proforma lists of the portal sort by the staff lists' columns. */
export const PORTAL_BILLING_SORT_COLUMNS = BILLING_SORT_COLUMNS;

/** The statuses a client sees (1 registered, 2 canceled, 3 expired); drafts never reach the portal. */
export const PORTAL_CONTRACT_STATUSES = [1, 2, 3] as const satisfies readonly ContractStatusValue[];

// Requests --------------------------------------------------------------------------------------

/** POST /api/my-companies/list: `name` a substring of either name. */
export const portalCompanyListQuery = listQuery.extend({ name: filterText() });
export type PortalCompanyListInput = z.input<typeof portalCompanyListQuery>;
export type PortalCompanyListQuery = z.output<typeof portalCompanyListQuery>;

/** The company tabs' lists: `{ companyId, paging }`. */
export const portalCompanyTabQuery = listQuery.extend({ companyId: selectId });
export type PortalCompanyTabInput = z.input<typeof portalCompanyTabQuery>;
export type PortalCompanyTabQuery = z.output<typeof portalCompanyTabQuery>;

const portalStatusFilter = z
  .preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z.number().int(M.invalid_value).optional(),
  )
  .optional()
  .refine(
    (value) => value === undefined || (PORTAL_CONTRACT_STATUSES as readonly number[]).includes(value),
    M.invalid_value,
  )
  .transform((value) => value as ContractStatusValue | undefined);

/** POST /api/my-contracts/list: optional `companyId` (one of the user's companies) and `status` (1, 2 or 3). */
export const portalContractListQuery = listQuery.extend({ companyId: filterId, status: portalStatusFilter });
export type PortalContractListInput = z.input<typeof portalContractListQuery>;
export type PortalContractListQuery = z.output<typeof portalContractListQuery>;

/** The contract tabs' lists (services, documents): `{ contractId, paging }`. */
export const portalContractTabQuery = listQuery.extend({ contractId: selectId });
export type PortalContractTabInput = z.input<typeof portalContractTabQuery>;
export type PortalContractTabQuery = z.output<typeof portalContractTabQuery>;

/** POST /api/my-invoices/list and /api/my-proforma-invoices/list: optional `contract` (alias `contractId`) and `companyId`. */
export const portalBillingListQuery = listQuery
  .extend({ contract: filterId, contractId: filterId, companyId: filterId })
  .transform((value) => foldAliases(value, FILTER_ALIASES.portalBilling));
export type PortalBillingListInput = z.input<typeof portalBillingListQuery>;
export type PortalBillingListQuery = z.output<typeof portalBillingListQuery>;

// Answers ---------------------------------------------------------------------------------------

/** A row of /my-companies: the same columns as the staff's clients list. */
export type PortalCompanyRow = ClientRow;

/** A contact person of an office (the company page's contact persons tab). */
export type PortalContact = Omit<OfficeContact, 'officeId' | 'created' | 'updated'>;

/** An office of the company, headquarters first. */
export interface PortalOffice extends Omit<Office, 'company' | 'countryCode' | 'created' | 'updated' | 'contacts'> {
  contacts: PortalContact[];
}

/** GET /api/my-companies/{id}: the company's public details (no staff fields: no referent, notes, managing users). */
export interface PortalCompanyView extends PortalCompanyRow {
  responsiblePerson: LocalizedText;
  offices: PortalOffice[];
}

/** A row of /my-contracts and of the company's contracts tab: the staff's row (whose status is only 1, 2 or 3 here). */
export type PortalContractRow = ContractRow;

/** GET /api/my-contracts/{id}: the provider and customer cards (the contract's snapshots) and the details tab. */
export interface PortalContractView extends PortalContractRow {
  provider: PartySnapshot | null;
  customer: PartySnapshot | null;
  description: LocalizedText;
  invoiceMonthlyInterval: InvoiceMonthlyInterval;
  pricePerMonth: number;
  isAdvance: boolean;
  currencyCode: string | null;
  currencyName: LocalizedText | null;
}

/** A service of a contract, with the contract's price. */
export interface PortalContractServiceRow {
  _id: string;
  code: string;
  name: LocalizedText;
  description: LocalizedText;
  price: number;
  /** ISO 8601 UTC. */
  created: string;
}

/** A file of a contract's document (download: GET /api/my-contracts/documents/download/{_id}). */
export interface PortalDocumentFile {
  _id: string;
  filename: string;
  contentType: string;
  length: number;
  /** ISO 8601 UTC. */
  uploadDate: string | null;
}

/** A document of a contract. */
export interface PortalContractDocumentRow {
  _id: string;
  /** The document type's id and name. */
  type: string;
  typeName: LocalizedText | null;
  /** YYYY-MM-DD. */
  date: string;
  description: LocalizedText;
  notes: LocalizedText;
  files: PortalDocumentFile[];
  /** ISO 8601 UTC. */
  created: string | null;
}

/** A row of /my-invoices, /my-proforma-invoices and of the company's and contract's tabs. */
export type PortalBillingRow = Pick<
  BillingRow,
  | '_id'
  | 'kind'
  | 'number'
  | 'date'
  | 'customerId'
  | 'companyName'
  | 'bulstat'
  | 'vatNumber'
  | 'amount'
  | 'VATAmount'
  | 'totalAmount'
  | 'currencyCode'
  | 'isPaid'
  | 'paidAmount'
  | 'noticeType'
>;

/** A row (item) of an invoice or proforma. */
export interface PortalBillingItem {
  _id: string;
  /** 1, 2, ... */
  index: number;
  name: LocalizedText;
  comment: LocalizedText;
  quantity: number;
  price: number;
  total: number;
}

/** GET /api/my-invoices/{id} and /api/my-proforma-invoices/{id}: the read-only preview. */
export interface PortalBillingView extends PortalBillingRow {
  provider: PartySnapshot | null;
  customer: PartySnapshot | null;
  /** The contract, when the document is of one the user sees (not a draft). */
  contract: string | null;
  contractName: LocalizedText | null;
  taxDate: string | null;
  paymentDeadlineDate: string | null;
  paymentTypeName: LocalizedText | null;
  signerName: LocalizedText | null;
  /** A notice's original invoice (number and date), and its reason. */
  creditToInvoice: string | null;
  creditToInvoiceNumber: string | null;
  creditToInvoiceDate: string | null;
  noticeReason: LocalizedText;
  VATCharging: boolean;
  /** The VAT type's name (the reason when VAT is not charged) and percentage. */
  VATName: LocalizedText;
  VATPercentage: number;
  currencyName: LocalizedText | null;
  /** Leva per unit of the currency (the amount in words spells total × rate for other currencies). */
  currencyRate: number;
  /** totalAmount − paidAmount. */
  notPaid: number;
  showBGInvoice: boolean;
  /** The layouts GET .../print/{id} accepts for this document (`printLayoutsFor`). */
  printLayouts: PrintLayoutName[];
  items: PortalBillingItem[];
}

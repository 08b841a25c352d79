import {
  type ListResult,
  MAX_PAGE_SIZE,
  PORTAL_API,
  type PortalBillingRow,
  type PortalBillingView,
  type PortalCompanyRow,
  type PortalCompanyView,
  type PortalContractDocumentRow,
  type PortalContractRow,
  type PortalContractServiceRow,
  type PortalContractView,
  type PrintLayoutName,
  type portalBillingListQuery,
  type portalCompanyListQuery,
  type portalCompanyTabQuery,
  type portalContractListQuery,
  type portalContractTabQuery,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, download, openInNewTab } from '../lib/api-client.ts';

/** An invoice or a proforma invoice of the portal. */
export type PortalKind = PortalBillingRow['kind'];

/** The body of POST /api/my-companies/list. */
export type PortalCompanyListRequest = z.input<typeof portalCompanyListQuery>;
/** The body of a company page's tab (its contracts, invoices, proformas); the company is added by the call. */
export type PortalCompanyTabRequest = Omit<z.input<typeof portalCompanyTabQuery>, 'companyId'>;
/** The body of POST /api/my-contracts/list. */
export type PortalContractListRequest = z.input<typeof portalContractListQuery>;
/** The body of a contract page's tab (its services, documents); the contract is added by the call. */
export type PortalContractTabRequest = Omit<z.input<typeof portalContractTabQuery>, 'contractId'>;
/** The body of POST /api/my-invoices/list and /api/my-proforma-invoices/list. */
export type PortalBillingListRequest = z.input<typeof portalBillingListQuery>;

/** The portal's routes in the app. */
export const PORTAL_ROUTES = {
  companies: '/my-companies',
  contracts: '/my-contracts',
  invoice: '/my-invoices',
  proforma: '/my-proforma-invoices',
  documentsFlow: '/my-documents-flow',
} as const;

/** The route of an invoice's or a proforma's preview. */
export const billingRoute = (kind: PortalKind, id: string) => `${PORTAL_ROUTES[kind]}/${id}`;

/** Query keys of the portal (a family of its own: a client's cache never mixes with staff answers). */
export const portalKeys = {
  all: ['portal'] as const,
  companies: ['portal', 'companies'] as const,
  /** The signed-in client user's companies as options (the company fields of the portal). */
  companyOptions: ['portal', 'companies', 'options'] as const,
  company: (id: string) => ['portal', 'companies', 'one', id] as const,
  contracts: ['portal', 'contracts'] as const,
  contract: (id: string) => ['portal', 'contracts', 'one', id] as const,
  contractTab: (id: string, tab: string) => ['portal', 'contracts', 'tab', id, tab] as const,
  billing: (kind: PortalKind) => ['portal', kind] as const,
  billingOne: (kind: PortalKind, id: string) => ['portal', kind, 'one', id] as const,
};

/** The paths without `/api` (the API client adds it). */
const bare = (path: string) => path.replace(/^\/api/, '');
const COMPANIES = bare(PORTAL_API.companies);
const CONTRACTS = bare(PORTAL_API.contracts);
const BILLING: Record<PortalKind, string> = {
  invoice: bare(PORTAL_API.invoices),
  proforma: bare(PORTAL_API.proformas),
};
/** The company page's tab of a kind: /my-companies/invoices/list, /my-companies/proforma-invoices/list. */
const COMPANY_BILLING: Record<PortalKind, string> = {
  invoice: `${COMPANIES}/invoices/list`,
  proforma: `${COMPANIES}/proforma-invoices/list`,
};
const id = (value: string) => encodeURIComponent(value);

/** The calls of the client portal (packages/domain/src/portal.schemas.ts). */
export const portalApi = {
  companies: (request: PortalCompanyListRequest) =>
    api.post<ListResult<PortalCompanyRow>>(`${COMPANIES}/list`, request),
  /** Every company of the signed-in client user, by name in the language given. */
  companyOptions: (locale: string) =>
    portalApi.companies({ page: 1, itemsPerPage: MAX_PAGE_SIZE, sortBy: `name.${locale}`, sortDesc: false }),
  company: (companyId: string) => api.get<PortalCompanyView>(`${COMPANIES}/${id(companyId)}`),
  companyContracts: (companyId: string, request: PortalCompanyTabRequest) =>
    api.post<ListResult<PortalContractRow>>(`${COMPANIES}/contracts/list`, {
      ...request,
      companyId,
    } satisfies z.input<typeof portalCompanyTabQuery>),
  companyBilling: (kind: PortalKind, companyId: string, request: PortalCompanyTabRequest) =>
    api.post<ListResult<PortalBillingRow>>(COMPANY_BILLING[kind], {
      ...request,
      companyId,
    } satisfies z.input<typeof portalCompanyTabQuery>),
  contracts: (request: PortalContractListRequest) =>
    api.post<ListResult<PortalContractRow>>(`${CONTRACTS}/list`, request),
  contract: (contractId: string) => api.get<PortalContractView>(`${CONTRACTS}/${id(contractId)}`),
  contractServices: (contractId: string, request: PortalContractTabRequest) =>
    api.post<ListResult<PortalContractServiceRow>>(`${CONTRACTS}/services/list`, {
      ...request,
      contractId,
    } satisfies z.input<typeof portalContractTabQuery>),
  contractDocuments: (contractId: string, request: PortalContractTabRequest) =>
    api.post<ListResult<PortalContractDocumentRow>>(`${CONTRACTS}/documents/list`, {
      ...request,
      contractId,
    } satisfies z.input<typeof portalContractTabQuery>),
  contractDocumentPath: (fileId: string) => `${CONTRACTS}/documents/download/${id(fileId)}`,
  /** The lists of /my-invoices and /my-proforma-invoices (optionally one contract's). */
  billingList: (kind: PortalKind, request: PortalBillingListRequest) =>
    api.post<ListResult<PortalBillingRow>>(`${BILLING[kind]}/list`, request),
  billing: (kind: PortalKind, documentId: string) => api.get<PortalBillingView>(`${BILLING[kind]}/${id(documentId)}`),
  /** Opens the PDF of a layout in a new tab. */
  print: (kind: PortalKind, documentId: string, layout: PrintLayoutName, lang: string) =>
    openInNewTab(`${BILLING[kind]}/print/${id(documentId)}?${new URLSearchParams({ layout, lang }).toString()}`),
  /** GET /api/my-invoices/einvoice/{id}: the EN 16931 UBL XML of an issued invoice or notice of the user's company. */
  einvoiceUrl: (documentId: string) => `${BILLING.invoice}/einvoice/${id(documentId)}`,
  /** Saves the e-invoice under the server's file name. */
  einvoice: (documentId: string) => download(portalApi.einvoiceUrl(documentId)),
};

/** The reads of the portal as TanStack query options. */
export const portalQueries = {
  company: (companyId: string) =>
    queryOptions({ queryKey: portalKeys.company(companyId), queryFn: () => portalApi.company(companyId) }),
  /** The signed-in client user's companies, named in `locale`. */
  companyOptions: (locale: string) =>
    queryOptions({
      queryKey: [...portalKeys.companyOptions, locale],
      queryFn: () => portalApi.companyOptions(locale),
      staleTime: 60_000,
    }),
  contract: (contractId: string) =>
    queryOptions({ queryKey: portalKeys.contract(contractId), queryFn: () => portalApi.contract(contractId) }),
  billing: (kind: PortalKind, documentId: string) =>
    queryOptions({
      queryKey: portalKeys.billingOne(kind, documentId),
      queryFn: () => portalApi.billing(kind, documentId),
    }),
};

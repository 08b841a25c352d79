import {
  AUTOCOMPLETE_PAGE_SIZE,
  BILLING_API,
  BILLING_ROUTES,
  type BillingCounts,
  type BillingDocumentView,
  type BillingItemChange,
  type BillingItemRow,
  type BillingKind,
  type BillingOption,
  type BillingRow,
  type billingAddServiceSchema,
  type billingChangeCurrencySchema,
  type billingCountQuery,
  type billingDocumentRef,
  type billingItemRef,
  type billingItemSaveSchema,
  type billingListQuery,
  type billingNoticeSchema,
  type billingSaveSchema,
  type billingSearchQuery,
  type billingSetVatSchema,
  type generateProformaSchema,
  type ListResult,
  type MonthPackageInput,
  type NoticeTypeValue,
  type PrintLayoutName,
  type transformItemsSchema,
  type transformProformaSchema,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type DownloadProgress, download, downloadWithProgress, openInNewTab } from '../lib/api-client.ts';

/** The body of POST {base}/list. */
export type BillingListRequest = z.input<typeof billingListQuery>;
/** The query of GET {base}/getDocsCount (the list's filters). */
export type BillingCountRequest = z.input<typeof billingCountQuery>;
/** The body of POST {base}/search. */
export type BillingSearchRequest = z.input<typeof billingSearchQuery>;
/** The body of POST {base}/save. */
export type BillingSaveRequest = z.input<typeof billingSaveSchema>;
/** The body of POST {base}/saveItem (the document is added by the call). */
export type BillingItemSaveRequest = z.input<typeof billingItemSaveSchema>;
/** The body of POST {base}/addItemAsService (the document is added by the call). */
export type BillingAddServiceRequest = z.input<typeof billingAddServiceSchema>;
/** The body of POST {base}/setVATType (the document is added by the call). */
export type BillingSetVatRequest = z.input<typeof billingSetVatSchema>;
/** The body of POST /api/invoices/changeNoticeType (the invoice is added by the call). */
export type BillingNoticeRequest = z.input<typeof billingNoticeSchema>;

/** What the invoice autocomplete asks for: issued invoices by number, optionally of a customer and a notice type. */
export interface InvoiceSearchTerms {
  customerId?: string | null;
  noticeType?: NoticeTypeValue;
  term: string;
}

/** Query keys of the billing area, per kind (`invoice`, `proforma`): one invalidation of `all(kind)` refreshes it. */
export const billingKeys = {
  all: (kind: BillingKind) => [kind] as const,
  list: (kind: BillingKind) => [kind, 'list'] as const,
  counts: (kind: BillingKind) => [kind, 'counts'] as const,
  one: (kind: BillingKind, id: string) => [kind, 'one', id] as const,
  items: (kind: BillingKind, id: string) => [kind, 'items', id] as const,
  /** The invoice autocomplete (a family of its own). */
  invoiceSearch: ({ customerId, noticeType, term }: InvoiceSearchTerms) =>
    ['invoices', 'search', customerId ?? null, noticeType ?? null, term] as const,
};

/** The base of the calls without `/api` (the API client adds it). */
const base = (kind: BillingKind) => BILLING_API[kind].replace(/^\/api/, '');

/** The route of a document in the app. */
export const documentRoute = (kind: BillingKind, id: string) => `${BILLING_ROUTES[kind]}/${id}`;

/** The address of an issued invoice's or notice's e-invoice (EN 16931 UBL XML). */
const einvoiceUrl = (id: string) => `/invoices/einvoice/${encodeURIComponent(id)}`;

/** The calls of /api/invoices and /api/proforma-invoices (one set, by kind). */
export function billingApi(kind: BillingKind) {
  const path = base(kind);
  const ref = (id: string) =>
    (kind === 'invoice' ? { invoiceId: id } : { proformaInvoiceId: id }) satisfies z.input<typeof billingDocumentRef>;
  return {
    list: (request: BillingListRequest) => api.post<ListResult<BillingRow>>(`${path}/list`, request),
    counts: (filters: BillingCountRequest) => {
      const query = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)])).toString();
      return api.get<BillingCounts>(`${path}/getDocsCount${query ? `?${query}` : ''}`);
    },
    /** The autocomplete: issued documents by number, a page of AUTOCOMPLETE_PAGE_SIZE. */
    search: ({ customerId, noticeType, term }: InvoiceSearchTerms) =>
      api.post<ListResult<BillingOption>>(`${path}/search`, {
        text: term,
        ...(customerId ? { customerId } : {}),
        ...(noticeType === undefined ? {} : { noticeType }),
        issued: true,
        page: 1,
        itemsPerPage: AUTOCOMPLETE_PAGE_SIZE,
      } satisfies BillingSearchRequest),
    get: (id: string) => api.get<BillingDocumentView>(`${path}/${encodeURIComponent(id)}`),
    save: (input: BillingSaveRequest) => api.post<BillingDocumentView>(`${path}/save`, input),
    items: (id: string) => api.post<BillingItemRow[]>(`${path}/getItems`, ref(id)),
    saveItem: (id: string, input: BillingItemSaveRequest) =>
      api.post<BillingItemChange>(`${path}/saveItem`, { ...input, ...ref(id) } satisfies BillingItemSaveRequest),
    removeItem: (itemId: string) =>
      api.post<BillingItemChange>(`${path}/removeItem`, { itemId } satisfies z.input<typeof billingItemRef>),
    addService: (id: string, input: Pick<BillingAddServiceRequest, 'contractServiceId' | 'serviceId'>) =>
      api.post<BillingItemChange>(`${path}/addItemAsService`, {
        ...input,
        ...ref(id),
      } satisfies BillingAddServiceRequest),
    changeCurrency: (id: string, currency: string) =>
      api.post<BillingDocumentView>(`${path}/changeCurrency`, {
        ...ref(id),
        currency,
      } satisfies z.input<typeof billingChangeCurrencySchema>),
    setVat: (id: string, change: Pick<BillingSetVatRequest, 'VATCharging' | 'VATType'>) =>
      api.post<BillingDocumentView>(`${path}/setVATType`, { ...ref(id), ...change } satisfies BillingSetVatRequest),
    changeNoticeType: (id: string, input: Pick<BillingNoticeRequest, 'noticeType' | 'creditToInvoice'>) =>
      api.post<BillingDocumentView>('/invoices/changeNoticeType', {
        invoiceId: id,
        ...input,
      } satisfies BillingNoticeRequest),
    issue: (id: string) => api.post<BillingDocumentView>(`${path}/issue`, ref(id)),
    unissue: (id: string) => api.post<BillingDocumentView>(`${path}/unissue`, ref(id)),
    remove: (id: string) => api.post<{ _id: string }>(`${path}/remove`, ref(id)),
    duplicate: (id: string) => api.post<BillingDocumentView>(`${path}/duplicate`, ref(id)),
    copyOriginalItems: (id: string) => api.post<BillingDocumentView>('/invoices/copyOriginalItems', { invoiceId: id }),
    transformWhole: (id: string) =>
      api.post<BillingDocumentView>('/proforma-invoices/transformProformaToInvoice', {
        proformaInvoiceId: id,
      } satisfies z.input<typeof transformProformaSchema>),
    transformItems: (id: string, itemIds: string[]) =>
      api.post<BillingDocumentView>('/proforma-invoices/transformItemsToInvoice', {
        proformaInvoiceId: id,
        proformaInvoiceItems: itemIds,
      } satisfies z.input<typeof transformItemsSchema>),
    print: (id: string, layout: PrintLayoutName, lang: string) =>
      openInNewTab(`${path}/print/${encodeURIComponent(id)}?${new URLSearchParams({ layout, lang }).toString()}`),
    /** GET /api/invoices/einvoice/{id}: the EN 16931 UBL XML of an issued invoice or notice (proformas have none). */
    einvoiceUrl,
    /** Saves the e-invoice under the server's file name. */
    einvoice: (id: string) => download(einvoiceUrl(id)),
  };
}

/** POST /api/contracts/generateProformaInvoice: a draft proforma of a registered contract's next period. */
export const generateProforma = (contractId: string) =>
  api.post<BillingDocumentView>('/contracts/generateProformaInvoice', {
    contractId,
  } satisfies z.input<typeof generateProformaSchema>);

/**
 * POST /api/invoices/monthPackage: the month's issued invoices and notices (PDF and e-invoice XML) with the sales
 * journal, one zip read as it streams (`onProgress`: bytes so far, the headers with the document count) and saved.
 */
export const monthPackage = (month: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal) =>
  downloadWithProgress('/invoices/monthPackage', { month } satisfies MonthPackageInput, onProgress, {
    signal,
    quiet: true,
  });

/** The reads of the billing area as TanStack query options. */
export const billingQueries = {
  one: (kind: BillingKind, id: string) =>
    queryOptions({ queryKey: billingKeys.one(kind, id), queryFn: () => billingApi(kind).get(id) }),
  items: (kind: BillingKind, id: string) =>
    queryOptions({ queryKey: billingKeys.items(kind, id), queryFn: () => billingApi(kind).items(id) }),
  counts: (kind: BillingKind, filters: BillingCountRequest) =>
    queryOptions({ queryKey: [...billingKeys.counts(kind), filters], queryFn: () => billingApi(kind).counts(filters) }),
  invoiceSearch: (terms: InvoiceSearchTerms) =>
    queryOptions({
      queryKey: billingKeys.invoiceSearch(terms),
      queryFn: () => billingApi('invoice').search(terms),
      staleTime: 30_000,
    }),
};

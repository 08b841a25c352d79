import {
  BILLING_API,
  BILLING_ROUTES,
  type BillingCounts,
  type BillingDocumentView,
  type BillingItemChange,
  type BillingItemRow,
  type BillingKind,
  type BillingRow,
  type ListResult,
  type PrintLayoutName,
} from '@kantora/domain';
import { api, openInNewTab } from '../../lib/api-client.ts';

/** Query keys of the billing area, per kind. */
export const billingKeys = {
  all: (kind: BillingKind) => [kind] as const,
  list: (kind: BillingKind) => [kind, 'list'] as const,
  counts: (kind: BillingKind) => [kind, 'counts'] as const,
  one: (kind: BillingKind, id: string) => [kind, 'one', id] as const,
  items: (kind: BillingKind, id: string) => [kind, 'items', id] as const,
};

/** The base of the calls without `/api` (the API client adds it). */
const base = (kind: BillingKind) => BILLING_API[kind].replace(/^\/api/, '');

/** The route of a document in the app. */
export const documentRoute = (kind: BillingKind, id: string) => `${BILLING_ROUTES[kind]}/${id}`;

/** The calls of /api/invoices and /api/proforma-invoices (one set, by kind). */
export function billingApi(kind: BillingKind) {
  const path = base(kind);
  const ref = (id: string) => (kind === 'invoice' ? { invoiceId: id } : { proformaInvoiceId: id });
  return {
    list: (request: object) => api.post<ListResult<BillingRow>>(`${path}/list`, request),
    counts: (filters: Record<string, string | number>) => {
      const query = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)])).toString();
      return api.get<BillingCounts>(`${path}/getDocsCount${query ? `?${query}` : ''}`);
    },
    get: (id: string) => api.get<BillingDocumentView>(`${path}/${encodeURIComponent(id)}`),
    save: (input: object) => api.post<BillingDocumentView>(`${path}/save`, input),
    items: (id: string) => api.post<BillingItemRow[]>(`${path}/getItems`, ref(id)),
    saveItem: (id: string, input: object) => api.post<BillingItemChange>(`${path}/saveItem`, { ...input, ...ref(id) }),
    removeItem: (itemId: string) => api.post<BillingItemChange>(`${path}/removeItem`, { itemId }),
    addService: (id: string, input: { contractServiceId?: string; serviceId?: string }) =>
      api.post<BillingItemChange>(`${path}/addItemAsService`, { ...input, ...ref(id) }),
    changeCurrency: (id: string, currency: string) =>
      api.post<BillingDocumentView>(`${path}/changeCurrency`, { ...ref(id), currency }),
    setVat: (id: string, change: { VATCharging?: boolean; VATType?: string | null }) =>
      api.post<BillingDocumentView>(`${path}/setVATType`, { ...ref(id), ...change }),
    changeNoticeType: (id: string, input: { noticeType: number; creditToInvoice?: string | null }) =>
      api.post<BillingDocumentView>('/invoices/changeNoticeType', { invoiceId: id, ...input }),
    issue: (id: string) => api.post<BillingDocumentView>(`${path}/issue`, ref(id)),
    unissue: (id: string) => api.post<BillingDocumentView>(`${path}/unissue`, ref(id)),
    remove: (id: string) => api.post<{ _id: string }>(`${path}/remove`, ref(id)),
    duplicate: (id: string) => api.post<BillingDocumentView>(`${path}/duplicate`, ref(id)),
    copyOriginalItems: (id: string) => api.post<BillingDocumentView>('/invoices/copyOriginalItems', { invoiceId: id }),
    transformWhole: (id: string) =>
      api.post<BillingDocumentView>('/proforma-invoices/transformProformaToInvoice', { proformaInvoiceId: id }),
    transformItems: (id: string, itemIds: string[]) =>
      api.post<BillingDocumentView>('/proforma-invoices/transformItemsToInvoice', {
        proformaInvoiceId: id,
        proformaInvoiceItems: itemIds,
      }),
    print: (id: string, layout: PrintLayoutName, lang: string) =>
      openInNewTab(`${path}/print/${encodeURIComponent(id)}?${new URLSearchParams({ layout, lang }).toString()}`),
  };
}

/** POST /api/contracts/generateProformaInvoice: a draft proforma of a registered contract's next period. */
export const generateProforma = (contractId: string) =>
  api.post<BillingDocumentView>('/contracts/generateProformaInvoice', { contractId });

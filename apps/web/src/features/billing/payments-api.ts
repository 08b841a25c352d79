import {
  BILLING_API,
  type BillingDocumentView,
  type BillingItemRow,
  type BillingKind,
  type BillingPaidTotals,
  type ListResult,
  PAYMENTS_PAGE_SIZE,
  type PaymentChange,
  type PaymentRow,
} from '@kantora/domain';
import { api } from '../../lib/api-client.ts';
import { billingKeys } from './billing-api.ts';

/** The answer of getPaidDetails: the totals and the document (`invoice` or `proformaInvoice`). */
export interface PaidDetails {
  totals: BillingPaidTotals;
  invoice?: BillingDocumentView;
  proformaInvoice?: BillingDocumentView;
}

/** Query keys of a document's payments and paid figures. */
export const paymentKeys = {
  list: (kind: BillingKind, id: string) => [kind, 'payments', id] as const,
  details: (kind: BillingKind, id: string) => [kind, 'paidDetails', id] as const,
};

/** The payments calls of /api/invoices and /api/proforma-invoices. */
export function paymentsApi(kind: BillingKind) {
  const path = BILLING_API[kind].replace(/^\/api/, '');
  const ref = (id: string) => (kind === 'invoice' ? { invoiceId: id } : { proformaInvoiceId: id });
  return {
    /** Every payment of the document (the dialog shows up to 100, no paging). */
    list: (id: string, request: { sortBy?: string; sortDesc?: boolean } = {}) =>
      api.post<ListResult<PaymentRow>>(`${path}/getPayments`, {
        ...ref(id),
        page: 1,
        itemsPerPage: PAYMENTS_PAGE_SIZE,
        ...request,
      }),
    get: (paymentId: string) => api.post<PaymentRow>(`${path}/getPayment`, { invoicePaymentId: paymentId }),
    save: (id: string, input: object) => api.post<PaymentChange>(`${path}/savePayment`, { ...input, ...ref(id) }),
    remove: (id: string, paymentId: string) =>
      api.post<PaymentChange>(`${path}/removePayment`, { invoicePaymentId: paymentId, ...ref(id) }),
    paidDetails: (id: string) => api.post<PaidDetails>(`${path}/getPaidDetails`, ref(id)),
    setItemIsPaid: (itemId: string, isPaid: boolean) =>
      api.post<BillingItemRow>('/proforma-invoices/setItemIsPaid', { proformaInvoiceItemId: itemId, isPaid }),
  };
}

/** What a payment change makes stale: the payments, the paid figures, the document, its rows and the lists. */
export const paymentsChanged = (kind: BillingKind, id: string) => [
  paymentKeys.list(kind, id),
  paymentKeys.details(kind, id),
  billingKeys.one(kind, id),
  billingKeys.list(kind),
  billingKeys.counts(kind),
];

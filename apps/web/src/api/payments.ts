import {
  BILLING_API,
  type BillingItemRow,
  type BillingKind,
  type ListResult,
  PAYMENTS_PAGE_SIZE,
  type PaidDetails,
  type PaymentChange,
  type PaymentRow,
  type paymentRef,
  type paymentSaveSchema,
  type paymentsListQuery,
  type setItemIsPaidSchema,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';
import { billingKeys } from './billing.ts';

/** The body of POST {base}/getPayments (the document is added by the call). */
export type PaymentsListRequest = z.input<typeof paymentsListQuery>;
/** The body of POST {base}/savePayment (the document is added by the call). */
export type PaymentSaveRequest = z.input<typeof paymentSaveSchema>;

/** Query keys of a document's payments and paid figures (under the kind, so the billing family holds them). */
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
    list: (id: string, request: Pick<PaymentsListRequest, 'sortBy' | 'sortDesc'> = {}) =>
      api.post<ListResult<PaymentRow>>(`${path}/getPayments`, {
        ...ref(id),
        page: 1,
        itemsPerPage: PAYMENTS_PAGE_SIZE,
        ...request,
      } satisfies PaymentsListRequest),
    get: (paymentId: string) =>
      api.post<PaymentRow>(`${path}/getPayment`, { invoicePaymentId: paymentId } satisfies z.input<typeof paymentRef>),
    save: (id: string, input: PaymentSaveRequest) =>
      api.post<PaymentChange>(`${path}/savePayment`, { ...input, ...ref(id) } satisfies PaymentSaveRequest),
    remove: (id: string, paymentId: string) =>
      api.post<PaymentChange>(`${path}/removePayment`, {
        invoicePaymentId: paymentId,
        ...ref(id),
      } satisfies z.input<typeof paymentRef>),
    paidDetails: (id: string) => api.post<PaidDetails>(`${path}/getPaidDetails`, ref(id)),
    setItemIsPaid: (itemId: string, isPaid: boolean) =>
      api.post<BillingItemRow>('/proforma-invoices/setItemIsPaid', {
        proformaInvoiceItemId: itemId,
        isPaid,
      } satisfies z.input<typeof setItemIsPaidSchema>),
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

/** The reads of a document's payments as TanStack query options. */
export const paymentQueries = {
  details: (kind: BillingKind, id: string) =>
    queryOptions({ queryKey: paymentKeys.details(kind, id), queryFn: () => paymentsApi(kind).paidDetails(id) }),
};

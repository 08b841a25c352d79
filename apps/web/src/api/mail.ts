import {
  BILLING_API,
  type BillingKind,
  type DocumentMailDraft,
  type DocumentMailRefInput,
  type Locale,
  type MailDetail,
  type MailListInput,
  type MailListResult,
  type MailRetryHeldResult,
  type MailRetryInput,
  type MailTemplateKind,
  type MailTemplateRef,
  type MailTemplateSaveInput,
  type MailTemplateView,
  type MailView,
  type SendByMailInput,
  type SendManyByMailInput,
  type SendManyByMailResult,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '../lib/api-client.ts';

/** The body of POST /api/settings/mail/list. */
export type MailListRequest = MailListInput;

/** Query keys of mail: the outbox (under `settings`, where its page is), the templates, a document's history. */
export const mailKeys = {
  all: ['mail'] as const,
  outbox: ['settings', 'mail'] as const,
  one: (id: string) => ['settings', 'mail', 'one', id] as const,
  templates: ['settings', 'mail-templates'] as const,
  /** A document's messages (its editor's history). */
  history: (kind: BillingKind, id: string) => ['mail', 'history', kind, id] as const,
  draft: (kind: BillingKind, id: string) => ['mail', 'draft', kind, id] as const,
};

/** The calls of /api/settings/mail (Settings → outgoing mail, admin). */
export const outboxApi = {
  list: (request: MailListRequest) => api.post<MailListResult>('/settings/mail/list', request),
  get: (id: string) => api.get<MailDetail>(`/settings/mail/${encodeURIComponent(id)}`),
  retry: (mailId: string) => api.post<MailView>('/settings/mail/retry', { mailId } satisfies MailRetryInput),
  /** Every held message back to the queue (once a mail server is configured). */
  retryHeld: () => api.post<MailRetryHeldResult>('/settings/mail/retryHeld', {}),
  /** Saves an attachment's exact bytes under its name. */
  attachment: (mailId: string, attachmentId: string) =>
    download(`/settings/mail/${encodeURIComponent(mailId)}/attachments/${encodeURIComponent(attachmentId)}`),
};

/** The reads of mail as TanStack query options. */
export const mailQueries = {
  one: (id: string) => queryOptions({ queryKey: mailKeys.one(id), queryFn: () => outboxApi.get(id) }),
  templates: () => queryOptions({ queryKey: mailKeys.templates, queryFn: mailTemplatesApi.list }),
  /** A document's history; never from an earlier visit's cache (the sender changes states). */
  history: (kind: BillingKind, id: string) =>
    queryOptions({ queryKey: mailKeys.history(kind, id), queryFn: () => documentMailApi(kind).mails(id) }),
  /** The send dialog's start; read afresh each time it opens (the client's e-mails may have changed). */
  draft: (kind: BillingKind, id: string) =>
    queryOptions({ queryKey: mailKeys.draft(kind, id), queryFn: () => documentMailApi(kind).draft(id), gcTime: 0 }),
};

/** The base of a document kind's calls without `/api` (the API client adds it). */
const billingBase = (kind: BillingKind) => BILLING_API[kind].replace(/^\/api/, '');

/** The body of POST {base}/sendByMail without the document (the call adds it). */
export type SendByMailRequest = Omit<SendByMailInput, 'invoiceId' | 'proformaInvoiceId' | '_id'>;
/** The body of POST {base}/sendManyByMail. */
export type SendManyByMailRequest = SendManyByMailInput;

/** Documents by e-mail: the calls of /api/invoices and /api/proforma-invoices (management), by kind. */
export function documentMailApi(kind: BillingKind) {
  const path = billingBase(kind);
  const ref = (id: string) =>
    (kind === 'invoice' ? { invoiceId: id } : { proformaInvoiceId: id }) satisfies DocumentMailRefInput;
  return {
    /** What the send dialog starts from: recipients, language, both languages' texts, layouts. */
    draft: (id: string) => api.post<DocumentMailDraft>(`${path}/mailDraft`, ref(id)),
    /** Queues the message (held without a mail server); the answer's message says so. */
    send: (id: string, request: SendByMailRequest) =>
      api.post<MailView>(`${path}/sendByMail`, { ...request, ...ref(id) } satisfies SendByMailInput),
    /** One message per document to its client's notification e-mails; the answer says per document. */
    sendMany: (request: SendManyByMailRequest) => api.post<SendManyByMailResult>(`${path}/sendManyByMail`, request),
    /** The document's messages, newest first. */
    mails: (id: string) => api.post<MailView[]>(`${path}/mails`, ref(id)),
  };
}

/** The calls of /api/settings/mail-templates (admin). */
export const mailTemplatesApi = {
  list: () => api.post<MailTemplateView[]>('/settings/mail-templates/list', {}),
  get: (kind: MailTemplateKind, language: Locale) =>
    api.get<MailTemplateView>(`/settings/mail-templates/${kind}/${language}`),
  save: (input: MailTemplateSaveInput) => api.post<MailTemplateView>('/settings/mail-templates/save', input),
  reset: (ref: MailTemplateRef) => api.post<MailTemplateView>('/settings/mail-templates/reset', ref),
};

import { z } from 'zod';
import type { Locale } from './api.ts';
import { MessageKeys as M } from './messages.ts';
import { emailSchema, filterDate, filterId, filterText, idSchema, listQuery } from './schemas.ts';
import type { LocalizedText } from './schemas.ts';

/**
 * Outgoing mail (the outbox; Settings → outgoing mail, admin):
 * - POST /api/settings/mail/list   `mailListQuery` → `ListResult<MailView>`; default sort `created` descending,
 *                                  plus `Smtp: MailSmtpState` in the data.
 * - GET  /api/settings/mail/{id}   → `MailDetail` (bodies and the attachment list).
 * - GET  /api/settings/mail/{id}/attachments/{attachmentId} → the attachment's exact bytes.
 * - POST /api/settings/mail/retry  `mailRetrySchema` → `MailView` (a held or failed message back to queued;
 *                                  409 `mail_smtp_not_configured` without SMTP_URL, `mail_not_retryable` otherwise).
 * - POST /api/settings/mail/retryHeld {} → `MailRetryHeldResult` (every held message back to queued once a mail
 *                                  server is configured; 409 `mail_smtp_not_configured` without SMTP_URL).
 */

/** queued: waiting for the sender (or being sent under a lease); sent; failed (5xx or out of attempts); held (no SMTP). */
export const MAIL_STATES = ['queued', 'sent', 'failed', 'held'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_KINDS = ['document', 'invitation', 'passwordReset'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One recipient address. */
export const mailAddressSchema = emailSchema;

export interface MailAttachmentView {
  _id: string;
  filename: string;
  contentType: string;
  /** Bytes. */
  size: number;
}

export interface MailView {
  _id: string;
  state: MailState;
  to: string[];
  subject: string;
  language: Locale;
  kind: MailKind;
  entity: { model: string; id: string } | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  created: string;
  createdByName: LocalizedText | null;
  attachments: MailAttachmentView[];
}

/** GET /api/settings/mail/{id}: the message with its bodies. */
export interface MailDetail extends MailView {
  text: string;
  html: string;
  messageId: string;
  smtpMessageId: string | null;
  nextAttemptAt: string | null;
}

/** The SMTP side's state, shown above the list. */
export interface MailSmtpState {
  configured: boolean;
  /** How many messages wait as held (kept while no mail server was configured). */
  held: number;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
}

/** POST /api/settings/mail/list: `ListResult<MailView>` and the SMTP state. */
export interface MailListResult {
  Items: MailView[];
  Total: number;
  Page: number;
  Smtp: MailSmtpState;
}

const mailStateFilter = z
  .preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(MAIL_STATES).optional())
  .optional();

/**
 * Filters: state, fromDate/toDate (creation day, Europe/Sofia, both ends included), recipient (part of an address),
 * entity (`entityModel` and/or `entityId`).
 */
export const mailListQuery = listQuery
  .extend({
    state: mailStateFilter,
    fromDate: filterDate,
    toDate: filterDate,
    recipient: filterText(320),
    entityModel: filterText(100),
    entityId: filterId,
  })
  .superRefine((value, ctx) => {
    if (value.fromDate && value.toDate && value.toDate < value.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
  });
export type MailListInput = z.input<typeof mailListQuery>;
export type MailListQuery = z.output<typeof mailListQuery>;

export const mailRetrySchema = z.object({ mailId: idSchema });
export type MailRetryInput = z.infer<typeof mailRetrySchema>;

/** POST /api/settings/mail/retryHeld: no fields. */
export const mailRetryHeldSchema = z.object({}).strict();
export interface MailRetryHeldResult {
  /** The held messages put back in the queue. */
  count: number;
}

/** GET /api/settings/mail/{id}/attachments/{attachmentId}. */
export const mailAttachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

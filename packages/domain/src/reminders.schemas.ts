/**
 * Payment reminders (docs/decisions.md, "Receivables: the daily reminder run"): up to three stages, each a number of
 * days after an invoice's payment deadline; every morning (Europe/Sofia) each overdue invoice of a client with
 * notification e-mails (and not marked "no reminders") gets the highest stage it has reached and not yet had, once,
 * with its PDF, through the outbox. "Send a reminder now" sends one by hand (stage 0).
 *
 * Calls:
 * - GET  /api/settings/reminders                     → `ReminderSettingsView` (permission `settings`: admin).
 * - POST /api/settings/reminders/save                `reminderSettingsSaveSchema` → `ReminderSettingsView` (admin).
 * - POST /api/receivables/reminders/run              no body → `ReminderRunResult` (admin): the day's run by hand.
 * - POST /api/receivables/reminders/send             `reminderSendSchema` → `MailView`, Message `mail_queued`
 *                                                     (`mail_held` without a mail server) (permission `documentsMail`:
 *                                                     admin, manager); paid, fully credited or not overdue: 400
 *                                                     `reminder_not_overdue`; no notification e-mails: 400
 *                                                     `mail_no_recipients`.
 * - GET  /api/receivables/reminders/of/{documentId}  → `InvoiceRemindersView`: the invoice's debt as the server
 *                                                     counts it (what "send now" checks) and its reminders, newest
 *                                                     first (permission `invoicesRead`: admin, manager, accountant).
 */
import { z } from 'zod';
import { LOCALES, type Locale } from './api.ts';
import type { MailState } from './mail.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { idSchema, type LocalizedText } from './schemas.ts';

/** The stages of the daily run: 1..3 (0 is a reminder sent by hand). */
export const MAX_REMINDER_STAGES = 3;
export const MAX_REMINDER_DAYS = 365;
export const DEFAULT_REMINDER_STAGE_DAYS = [7, 21, 45] as const;

/** The mail template of a stage (1..3; a reminder sent by hand uses the first stage's template). */
export const REMINDER_TEMPLATE_KINDS = ['reminder1', 'reminder2', 'reminder3'] as const;
export type ReminderTemplateKind = (typeof REMINDER_TEMPLATE_KINDS)[number];
export const reminderTemplateKindOf = (stage: number): ReminderTemplateKind =>
  REMINDER_TEMPLATE_KINDS[Math.min(Math.max(stage, 1), MAX_REMINDER_STAGES) - 1];

/** The placeholders of the reminder templates. */
export const REMINDER_PLACEHOLDERS = [
  'number',
  'date',
  'dueDate',
  'amountDue',
  'currency',
  'daysOverdue',
  'client',
  'company',
] as const;

/** GET /api/settings/reminders. */
export interface ReminderSettingsView {
  enabled: boolean;
  /** Days after the deadline, strictly ascending, 1..3 entries. */
  stageDays: number[];
  updated: string | null;
}

/** POST /api/settings/reminders/save: 1..3 stages, each 1..365 days, strictly ascending. */
export const reminderSettingsSaveSchema = z.object({
  enabled: z.boolean({ error: M.invalid_value }),
  stageDays: z
    .array(
      z
        .number({ error: M.invalid_value })
        .int(M.invalid_value)
        .min(1, M.reminder_stage_days_invalid)
        .max(MAX_REMINDER_DAYS, M.reminder_stage_days_invalid),
      { error: M.field_is_required },
    )
    .min(1, M.field_is_required)
    .max(MAX_REMINDER_STAGES, M.reminder_stage_days_invalid)
    .refine((days) => days.every((day, i) => i === 0 || day > days[i - 1]), M.reminder_stage_days_ascending),
});
export type ReminderSettingsSaveInput = z.input<typeof reminderSettingsSaveSchema>;
export type ReminderSettingsSave = z.output<typeof reminderSettingsSaveSchema>;

/** POST /api/receivables/reminders/run: no fields (an empty body or none). */
export const reminderRunSchema = z.object({}).strict().nullish();

/** The day's run: how many reminders it queued (0 when it is off or when another process already ran it). */
export interface ReminderRunResult {
  queued: number;
  /** The Europe/Sofia day of the run. */
  runDate: string;
}

/** POST /api/receivables/reminders/send: `language` missing: the client's (as for documents by e-mail). */
export const reminderSendSchema = z.object({
  documentId: idSchema,
  language: z
    .preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(LOCALES).optional())
    .optional(),
});
export type ReminderSendInput = z.input<typeof reminderSendSchema>;
export type ReminderSend = { documentId: string; language?: Locale };

/** GET /api/receivables/reminders/of/{documentId}. */
export const reminderOfParams = z.object({ documentId: idSchema });

/** One reminder of an invoice. */
export interface InvoiceReminderView {
  _id: string;
  /** 1..3: the daily run's stage; 0: sent by hand. */
  stage: number;
  /** When it was queued (ISO). */
  at: string;
  /** Who sent it by hand; null for the daily run. */
  by: string | null;
  byName: LocalizedText | null;
  /** The day of the run that sent it; null for one sent by hand. */
  runDate: string | null;
  mailId: string | null;
  /** The outbox state of its message (null when the message is gone). */
  mailState: MailState | null;
  to: string[];
}

/**
 * GET /api/receivables/reminders/of/{documentId}: the invoice's debt under the receivables' money rule (its issued
 * notices, debit ones too, and every payment and refund counted: what "send a reminder now" checks) and its reminders.
 */
export interface InvoiceRemindersView {
  /** What is due now (0 when nothing is, or for a document that is not an issued invoice). */
  due: number;
  /** The invoice's currency code ('' when it has none). */
  currency: string;
  /** Whole days past the payment deadline, today in Europe/Sofia (0 when not past or none). */
  daysOverdue: number;
  /** Something is due and the deadline has passed: a reminder may be sent now. */
  overdue: boolean;
  /** Newest first. */
  reminders: InvoiceReminderView[];
}

import {
  Access,
  DOCUMENT_MAIL_ENTITY,
  defaultMailLanguage,
  fromCents,
  type InvoiceRemindersView,
  type Locale,
  MessageKeys as M,
  type MailView,
  type PrintableDocument,
  type ReminderRunResult,
  type ReminderSend,
  reminderTemplateKindOf,
  renderMailTemplate,
  resolvePrintLayout,
  sofiaDay,
  toCents,
} from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, invoiceReminders, jobRuns } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { badRequest } from '../../http/errors.ts';
import { type DocumentRecord, loadDocument, printableOf } from '../billing/index.ts';
import { mailTemplateOf } from '../document-mail/index.ts';
import { writeLog } from '../logs/index.ts';
import { queueMail } from '../mail/index.ts';
import { formatDate, formatMoney, localized, printFilenameOf, renderPdf } from '../printing/index.ts';
import { reminderSettingsOf } from './reminder-settings.ts';
import {
  invoiceDue,
  type ReminderCandidate,
  reminderCandidates,
  remindersOf,
  remindersSentBefore,
} from './reminders.queries.ts';

/** The job name of the daily run in job_runs. */
export const REMINDERS_JOB = 'reminders';
/** Invoices per transaction of a run. */
const CHUNK = 25;
const LOG = { name: 'InvoiceReminder', model: 'invoice_reminders' } as const;
/** The daily run reads every invoice, as the administrator would. */
const SYSTEM = { id: '00000000-0000-0000-0000-000000000000', access: Access.admin } as const;

/** The values of a reminder's placeholders (REMINDER_PLACEHOLDERS). */
function reminderValues(
  doc: PrintableDocument,
  language: Locale,
  due: { due: string; currency: string; daysOverdue: number },
): Record<string, string> {
  return {
    number: doc.number ?? '',
    date: formatDate(doc.date),
    dueDate: formatDate(doc.paymentDeadlineDate) || '—',
    amountDue: formatMoney(Number(due.due), language),
    currency: due.currency || doc.currency,
    daysOverdue: String(due.daysOverdue),
    client: localized(doc.customer.name, language),
    company: localized(doc.provider.name, language),
  };
}

/**
 * The template stage of a reminder: the stage reached, but never a text that speaks of more reminders than were sent
 * before (the second's "second reminder", the last's "despite our previous reminders"): the first reminder of an
 * invoice has the first stage's text, the second at most the second's, whatever stage the invoice reached (an invoice
 * already 45 days overdue when reminders are turned on gets the first text first).
 */
export const textStage = (reached: number, sentBefore: number) => Math.max(1, Math.min(reached, sentBefore + 1));

/** The client's language (Italian for an Italian VAT number or address, else Bulgarian). */
const languageOf = (doc: PrintableDocument) =>
  defaultMailLanguage({
    vatNumber: doc.customer.vatNumber,
    country: doc.customer.address.country,
    countryCode: doc.customer.address.countryCode,
  });

/**
 * Payment reminders (docs/decisions.md, "Receivables: the daily reminder run"). The daily run of a Europe/Sofia day
 * is claimed by one process (job_runs, INSERT … ON CONFLICT DO NOTHING); each reminder row is inserted before its mail
 * (the partial unique index on (invoice, stage) makes a second insert do nothing), so whatever the number of
 * processes or of runs by hand, each stage of an invoice is sent at most once. The row, the outbox message with the
 * invoice's PDF and the log rows commit together, a chunk of invoices per transaction.
 */
export class RemindersService {
  constructor(private readonly db: Db) {}

  /**
   * The scheduled run of `day`: nothing while reminders are off (not claimed, so switching them on later that day
   * still runs); else the process whose claim inserts the (job, day) row runs it and the others answer null.
   */
  async daily(day: string): Promise<ReminderRunResult | null> {
    const settings = await reminderSettingsOf(this.db);
    if (!settings.enabled) return null;
    if (!(await this.claim(day))) return null;
    return this.runClaimed(day, null);
  }

  /**
   * POST /api/receivables/reminders/run (admin): the day's run now. It also claims the day (the scheduled run of
   * that day then does nothing); when the day is already claimed it still runs: what was sent is not sent again.
   */
  async runNow(actor: Actor, day = sofiaDay()): Promise<ReminderRunResult> {
    const settings = await reminderSettingsOf(this.db);
    if (!settings.enabled) return { queued: 0, runDate: day };
    const claimed = await this.claim(day);
    if (claimed) return this.runClaimed(day, actor);
    return { queued: await this.send(day, actor), runDate: day };
  }

  /** True when the day's run was claimed (by any process). */
  async claimedOn(day: string): Promise<boolean> {
    const [row] = await this.db
      .select({ job: jobRuns.job })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, REMINDERS_JOB), eq(jobRuns.runDate, day)));
    return Boolean(row);
  }

  /** True when this call inserted the (job, day) row. */
  private async claim(day: string): Promise<boolean> {
    const inserted = await this.db
      .insert(jobRuns)
      .values({ job: REMINDERS_JOB, runDate: day })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    return inserted.length > 0;
  }

  private async runClaimed(day: string, actor: Actor | null): Promise<ReminderRunResult> {
    const where = and(eq(jobRuns.job, REMINDERS_JOB), eq(jobRuns.runDate, day));
    try {
      const queued = await this.send(day, actor);
      await this.db
        .update(jobRuns)
        .set({ finishedAt: sql`now()`, result: { queued, by: actor?.id ?? null } })
        .where(where);
      return { queued, runDate: day };
    } catch (error) {
      await this.db
        .update(jobRuns)
        .set({ finishedAt: sql`now()`, error: String((error as Error)?.message ?? error).slice(0, 2000) })
        .where(where);
      throw error;
    }
  }

  /** Sends what the day owes, a chunk of invoices per transaction; answers how many reminders were queued. */
  private async send(day: string, actor: Actor | null): Promise<number> {
    const settings = await reminderSettingsOf(this.db);
    if (!settings.enabled) return 0;
    const candidates = await reminderCandidates(this.db, day, settings.stageDays);
    let queued = 0;
    for (let start = 0; start < candidates.length; start += CHUNK) {
      const ids = candidates.slice(start, start + CHUNK).map((one) => one.id);
      queued += await this.db.transaction(async (tx) => {
        // The chunk's invoices are share-locked in id order (a payment waits; two runs never wait on each other in a
        // cycle), then read again: one paid or reminded meanwhile is left out.
        await tx.execute(
          sql`select id from billing_documents where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by id for share`,
        );
        let count = 0;
        for (const candidate of await reminderCandidates(tx, day, settings.stageDays, ids))
          if (await this.sendStage(tx, day, actor, candidate)) count += 1;
        return count;
      });
    }
    return queued;
  }

  /** One invoice's stage: the row first (a second one does nothing), then its mail. False when already sent. */
  private async sendStage(tx: Tx, day: string, actor: Actor | null, candidate: ReminderCandidate): Promise<boolean> {
    const [row] = await tx
      .insert(invoiceReminders)
      .values({
        documentId: candidate.id,
        stage: candidate.stage,
        runDate: day,
        createdBy: actor?.id ?? null,
        createdByName: actor?.fullName ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.id });
    if (!row) return false;
    const record = await loadDocument(tx, 'invoice', SYSTEM, candidate.id);
    const to = await notificationEmails(tx, record);
    const text = textStage(candidate.stage, await remindersSentBefore(tx, candidate.id, row.id));
    const mail = await this.queueReminder(tx, actor, record, text, to, undefined, candidate);
    await this.recordMail(tx, actor, row.id, candidate.id, candidate.stage, day, mail);
    return true;
  }

  /**
   * POST /api/receivables/reminders/send: a reminder of an overdue invoice now (stage 0, any number of times), with
   * the template of the highest stage it reached (the first while it reached none; no later than what was sent
   * before allows: textStage), to the client's notification e-mails, "no reminders" or not.
   */
  async sendNow(actor: Actor, input: ReminderSend): Promise<MailView> {
    const day = sofiaDay();
    return this.db.transaction(async (tx) => {
      const record = await loadDocument(tx, 'invoice', actor, input.documentId, 'share');
      const due = record.row.issued && record.row.noticeType === 0 ? await invoiceDue(tx, record.row.id, day) : null;
      if (!due || !(Number(due.due) > 0) || due.daysOverdue === null || due.daysOverdue <= 0)
        throw badRequest(M.reminder_not_overdue);
      const to = await notificationEmails(tx, record);
      if (to.length === 0) throw badRequest(M.mail_no_recipients);
      const settings = await reminderSettingsOf(tx);
      const reached = settings.stageDays.filter((days) => (due.daysOverdue ?? 0) >= days).length;
      const [row] = await tx
        .insert(invoiceReminders)
        .values({ documentId: record.row.id, stage: 0, createdBy: actor.id, createdByName: actor.fullName })
        .returning({ id: invoiceReminders.id });
      const text = textStage(Math.max(reached, 1), await remindersSentBefore(tx, record.row.id, row.id));
      const mail = await this.queueReminder(tx, actor, record, text, to, input.language, {
        due: due.due,
        currency: due.currency,
        daysOverdue: due.daysOverdue,
      });
      await this.recordMail(tx, actor, row.id, record.row.id, 0, null, mail);
      return mail;
    });
  }

  /**
   * GET /api/receivables/reminders/of/{documentId}: the invoice's debt as sendNow checks it (the money rule, today in
   * Europe/Sofia) and its reminders (an invisible invoice: not found).
   */
  async of(actor: Actor, documentId: string): Promise<InvoiceRemindersView> {
    const record = await loadDocument(this.db, 'invoice', actor, documentId);
    const invoice = record.row.issued && record.row.noticeType === 0;
    const [due, reminders] = await Promise.all([
      invoice ? invoiceDue(this.db, record.row.id, sofiaDay()) : null,
      remindersOf(this.db, record.row.id),
    ]);
    const amount = due ? fromCents(Math.max(0, toCents(Number(due.due)))) : 0;
    const daysOverdue = Math.max(0, due?.daysOverdue ?? 0);
    return {
      due: amount,
      currency: due?.currency ?? '',
      daysOverdue,
      overdue: amount > 0 && daysOverdue > 0,
      reminders,
    };
  }

  private async queueReminder(
    tx: Tx,
    actor: Actor | null,
    record: DocumentRecord,
    stage: number,
    to: string[],
    chosen: Locale | undefined,
    due: { due: string; currency: string; daysOverdue: number },
  ): Promise<MailView> {
    const doc = await printableOf(tx, record);
    const language = chosen ?? languageOf(doc);
    const template = await mailTemplateOf(tx, reminderTemplateKindOf(stage), language);
    const rendered = renderMailTemplate(template, reminderValues(doc, language, due));
    const layout = resolvePrintLayout(doc, undefined);
    const attachments = layout
      ? [
          {
            filename: printFilenameOf(doc),
            contentType: 'application/pdf',
            content: await renderPdf(doc, layout, language),
          },
        ]
      : [];
    return queueMail(tx, actor, {
      to,
      ...rendered,
      language,
      kind: 'document',
      entity: { model: DOCUMENT_MAIL_ENTITY, id: record.row.id },
      attachments,
    });
  }

  private async recordMail(
    tx: Tx,
    actor: Actor | null,
    reminderId: string,
    documentId: string,
    stage: number,
    runDate: string | null,
    mail: MailView,
  ) {
    await tx.update(invoiceReminders).set({ mailId: mail._id }).where(eq(invoiceReminders.id, reminderId));
    await writeLog(tx, {
      ...LOG,
      doc: reminderId,
      type: 'create',
      action: stage === 0 ? 'send' : 'run',
      old: null,
      new: { documentId, stage, runDate, mailId: mail._id, state: mail.state, to: mail.to },
      actor,
    });
  }
}

/** The client's notification e-mails (the invoice's customer as it is now). */
async function notificationEmails(tx: Tx, record: DocumentRecord): Promise<string[]> {
  if (!record.row.customerId) return [];
  const [company] = await tx
    .select({ emails: companies.notificationsEmails })
    .from(companies)
    .where(eq(companies.id, record.row.customerId));
  return company?.emails ?? [];
}

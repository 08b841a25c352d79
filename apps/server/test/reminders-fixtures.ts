import { type BillingDocumentView, sofiaDay } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/sql-helpers.ts';
import {
  addItem,
  type BillingSetup,
  createDraft,
  createNotice,
  issue,
  savedPayment,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { createClient } from './clients-fixtures.ts';
import { call } from './helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './mail-fixtures.ts';

/** A YYYY-MM-DD day plus (or minus) days. */
export function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface ReminderSetup {
  s: BillingSetup;
  smtp: TestSmtpServer;
  /** Today in Europe/Sofia. */
  today: string;
  /** A client with two notification e-mails. */
  client: string;
  /** A client with notification e-mails and "no reminders". */
  optedOut: string;
  /** A client without notification e-mails. */
  silent: string;
  /** An Italian client with a notification e-mail. */
  italian: string;
}

/** Billing with a real SMTP server, the reminder clients, and reminders on at 7, 21 and 45 days. */
export async function setUpReminders(env: Record<string, string> = {}): Promise<ReminderSetup> {
  const smtp = await startSmtpServer();
  const s = await setUpBilling({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '0', ...env });
  const client = (
    await createClient(s.ctx, {
      name: t('Длъжник ООД', 'Debitore Srl'),
      notificationsEmails: ['accounts@debtor.test', 'boss@debtor.test'],
    })
  )._id;
  const optedOut = (
    await createClient(s.ctx, {
      name: t('Без напомняния ООД', 'Senza solleciti Srl'),
      notificationsEmails: ['quiet@optout.test'],
      noReminders: true,
    })
  )._id;
  const silent = (await createClient(s.ctx, { name: t('Без имейли ООД', 'Senza email Srl') }))._id;
  const italian = (
    await createClient(s.ctx, {
      name: t('Cliente Italiano Srl', 'Cliente Italiano Srl'),
      vatNumber: 'IT01234567890',
      notificationsEmails: ['amministrazione@italiano.test'],
    })
  )._id;
  const saved = await call(s.ctx, 'POST', '/api/settings/reminders/save', { enabled: true, stageDays: [7, 21, 45] });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  return { s, smtp, today: sofiaDay(), client, optedOut, silent, italian };
}

/**
 * An issued invoice of a client (100 × 2 + 20 % VAT = 240.00 EUR) whose payment deadline was `overdueDays` days
 * before today (negative: not yet due).
 */
export async function overdueInvoice(
  r: ReminderSetup,
  customerId: string,
  overdueDays: number,
): Promise<BillingDocumentView> {
  const deadline = plusDays(r.today, -overdueDays);
  // Issued 14 days before the deadline, never after today.
  const issuedOn = plusDays(deadline, -14);
  const [date] = [issuedOn, r.today].sort();
  const draft = await createDraft(r.s, 'invoice', {
    customerId,
    customerBank: null,
    providerBank: r.s.providerBank,
    providerBank2: r.s.providerBank2,
    date,
    paymentDeadlineDate: deadline,
  });
  await addItem(r.s, 'invoice', draft._id, 100, 2);
  return issue(r.s, 'invoice', draft._id);
}

/** A payment of an invoice (dated its date). */
export async function pay(r: ReminderSetup, invoice: BillingDocumentView, amount: number) {
  await savedPayment(r.s, invoice._id, amount, r.today);
}

/** An issued credit notice of the whole invoice (200 + VAT: the invoice is then fully credited). */
export async function creditWhole(r: ReminderSetup, invoice: BillingDocumentView, customerId: string) {
  const notice = await createNotice(r.s, 1, invoice._id, {
    customerId,
    customerBank: null,
    providerBank: r.s.providerBank,
    providerBank2: r.s.providerBank2,
    date: r.today,
    paymentDeadlineDate: r.today,
  });
  await addItem(r.s, 'invoice', notice._id, 200, 1);
  return issue(r.s, 'invoice', notice._id);
}

/** The reminder rows of the invoices (stage per invoice id), read from the database. */
export async function reminderRows(r: ReminderSetup, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ documentId: string; stage: number; mailId: string | null; runDate: string | null }>(
    r.s.ctx.database.db,
    sql`select document_id as "documentId", stage, mail_id as "mailId", run_date::text as "runDate"
        from invoice_reminders where document_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) order by document_id, stage`,
  );
}

/** The run by hand as the admin: how many it queued. */
export async function runNow(r: ReminderSetup, token = r.s.ctx.users.admin.token) {
  const response = await call<{ queued: number; runDate: string }>(
    r.s.ctx,
    'POST',
    '/api/receivables/reminders/run',
    {},
    token,
  );
  if (response.status !== 200) throw new Error(`run refused: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.Result.queued;
}

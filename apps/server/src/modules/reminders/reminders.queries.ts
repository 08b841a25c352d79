import { DOCUMENT_MAIL_ENTITY, type InvoiceReminderView, type MailState } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { iso } from '../../http/dto.ts';
import { receivableDues } from '../receivables/index.ts';

/** An overdue invoice the daily run owes a reminder, with what its mail says. */
export interface ReminderCandidate {
  id: string;
  customerId: string;
  currency: string;
  /** numeric(14,2) as text. */
  due: string;
  deadline: string;
  daysOverdue: number;
  /** The highest stage (1..3) its days overdue reached. */
  stage: number;
}

/** The stage a number of days overdue reached under the settings' days (0: none yet), as SQL. */
function stageReached(days: SQL, stageDays: readonly number[]): SQL {
  const whens = stageDays
    .map((day, i) => ({ day, stage: i + 1 }))
    .reverse()
    .map(({ day, stage }) => sql`when ${days} >= ${day}::int then ${stage}::int`);
  return sql`(case ${sql.join(whens, sql` `)} else 0 end)`;
}

/**
 * The invoices the daily run of `day` (Europe/Sofia) owes a reminder (docs/decisions.md, "Receivables: the daily
 * reminder run"), in id order: overdue on that day under the money rule (receivables.sql.ts: issued, due > 0 with
 * its notices and payments, deadline before the day), of a client with notification e-mails and not marked "no
 * reminders", having reached a stage and had no reminder of that stage or a later one (earlier missed stages are not
 * sent). `ids` narrows it to some invoices (a chunk, read again inside its transaction).
 */
export function reminderCandidates(
  executor: Executor,
  day: string,
  stageDays: readonly number[],
  ids?: readonly string[],
): Promise<ReminderCandidate[]> {
  const days = sql`(${day}::date - r.deadline)`;
  const only = ids
    ? sql` and r.invoice_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<ReminderCandidate>(
    executor,
    sql`select * from (
        select r.invoice_id as "id", r.customer_id as "customerId", r.currency, r.due::text as "due",
          r.deadline::text as "deadline", ${days}::int as "daysOverdue", ${stageReached(days, stageDays)} as "stage"
        from (${receivableDues({ outstanding: true })}) r
        join companies c on c.id = r.customer_id
        where r.deadline is not null and r.deadline < ${day}::date${only}
          and not c.no_reminders and cardinality(c.notifications_emails) > 0
      ) x
      where x.stage > 0
        and not exists (select 1 from invoice_reminders ir where ir.document_id = x."id" and ir.stage >= x.stage)
      order by x."id"`,
  );
}

/** One invoice's due row under the money rule (null: not an issued invoice), with its days overdue on `day`. */
export async function invoiceDue(
  executor: Executor,
  invoiceId: string,
  day: string,
): Promise<{ currency: string; due: string; deadline: string | null; daysOverdue: number | null } | null> {
  const [row] = await queryRows<{ currency: string; due: string; deadline: string | null; daysOverdue: number | null }>(
    executor,
    sql`select r.currency, r.due::text as "due", r.deadline::text as "deadline",
          (${day}::date - r.deadline)::int as "daysOverdue"
        from (${receivableDues({ openOnly: false })}) r where r.invoice_id = ${invoiceId}::uuid`,
  );
  return row ?? null;
}

/** An invoice's reminders, newest first, with their messages' state and recipients. */
export async function remindersOf(executor: Executor, invoiceId: string): Promise<InvoiceReminderView[]> {
  const rows = await queryRows<{
    id: string;
    stage: number;
    created: string;
    createdBy: string | null;
    createdByName: { bg: string; it: string } | null;
    runDate: string | null;
    mailId: string | null;
    state: MailState | null;
    to: string[] | null;
  }>(
    executor,
    sql`select ir.id, ir.stage, ir.created, ir.created_by as "createdBy", ir.created_by_name as "createdByName",
          ir.run_date::text as "runDate", ir.mail_id as "mailId", m.state, m."to"
        from invoice_reminders ir
        left join mail_messages m on m.id = ir.mail_id and m.entity_model = ${DOCUMENT_MAIL_ENTITY}
        where ir.document_id = ${invoiceId}::uuid
        order by ir.created desc, ir.id desc`,
  );
  return rows.map((row) => ({
    _id: row.id,
    stage: Number(row.stage),
    at: iso(row.created) ?? '',
    by: row.createdBy,
    byName: row.createdByName,
    runDate: row.runDate,
    mailId: row.mailId,
    mailState: row.state,
    to: row.to ?? [],
  }));
}

/** How many reminders of the invoice were sent before the one just recorded (`except`): any stage, by hand or not. */
export async function remindersSentBefore(executor: Executor, invoiceId: string, except: string): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    executor,
    sql`select cast(count(*) as integer) as n from invoice_reminders
      where document_id = ${invoiceId}::uuid and id <> ${except}::uuid`,
  );
  return Number(n);
}

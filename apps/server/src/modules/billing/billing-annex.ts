/**
 * The timesheet annex of a billing document (docs/decisions.md, "Frozen timesheet annex"): the hours of its contract
 * in its period (its own, or, for an invoice made from a proforma, the proforma's) per service and person. A draft
 * reads them from the timesheets at every print; issuing freezes them (billing_timesheet_annexes, in the issuing
 * transaction) and an issued document prints only the frozen rows, so a timesheet saved later never changes its
 * PDF. Unissue deletes the frozen rows, and issuing again freezes anew. The frozen periods also lock the contract's
 * timesheets of those days for everyone but admin (`invoicedDay`).
 */
import type { PrintTimesheetAnnex } from '@kantora/domain';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { billingTimesheetAnnexes } from '../../db/schema/index.ts';

type AnnexRows = PrintTimesheetAnnex['rows'];

/**
 * The annex of the documents matching `where` (on `d`, the document): document id, contract, period and its rows as a
 * jsonb array ordered by service code and person. Documents without the annex, a contract or a period give no row.
 * The migration that froze the documents issued before this existed (0018) runs the same statement over every issued
 * document; test/billing-annex.test.ts checks that both agree.
 */
const annexSource = (where: SQL) => sql`
  select d.id as document_id, d.contract_id, pr.period_from, pr.period_to,
    coalesce((
      select jsonb_agg(jsonb_build_object('service', g.service, 'code', g.code, 'person', g.person, 'minutes', g.minutes) order by g.code, g.first_bg, g.last_bg, g.user_id, g.service_id)
      from (
        select s.id as service_id, s.name as service, s.code, u.id as user_id, u.first_name->>'bg' as first_bg, u.last_name->>'bg' as last_bg,
          jsonb_build_object('bg', btrim(concat(u.first_name->>'bg', ' ', u.last_name->>'bg')), 'it', btrim(concat(u.first_name->>'it', ' ', u.last_name->>'it'))) as person,
          sum(t.duration) as minutes
        from timesheets t join services s on s.id = t.service_id join users u on u.id = t.user_id
        where t.contract_id = d.contract_id and t.date between pr.period_from and pr.period_to
        group by s.id, u.id
      ) g
    ), '[]'::jsonb) as rows
  from billing_documents d
  left join billing_documents p on p.id = d.transformed_from_proforma_id
  cross join lateral (
    select case when d.period_from is not null and d.period_to is not null then d.period_from else p.period_from end as period_from,
           case when d.period_from is not null and d.period_to is not null then d.period_to else p.period_to end as period_to
  ) pr
  where d.timesheet_annex and d.contract_id is not null and pr.period_from is not null and pr.period_to is not null and ${where}`;

/**
 * Freezes the annex of a document being issued, in the issuing transaction (after the document is marked issued).
 * The contract's row is held `for no key update` first: a timesheet save holds it `for share` while it checks the
 * invoiced periods, so a save either commits before the rows are read (and is frozen with them) or checks after the
 * issue commits (and meets the lock). Nothing happens for a document without the annex, a contract or a period.
 */
export async function freezeTimesheetAnnex(tx: Executor, documentId: string): Promise<void> {
  await queryRows(
    tx,
    sql`select c.id from contracts c join billing_documents d on d.contract_id = c.id where d.id = ${documentId} and d.timesheet_annex for no key update of c`,
  );
  await tx.execute(sql`
    insert into billing_timesheet_annexes (document_id, contract_id, period_from, period_to, rows)
    ${annexSource(sql`d.id = ${documentId}`)}
    on conflict (document_id) do update set contract_id = excluded.contract_id, period_from = excluded.period_from, period_to = excluded.period_to, rows = excluded.rows, frozen = now()`);
}

/** Unissue: the document is a draft again and prints the live rows; issuing again freezes them anew. */
export async function clearTimesheetAnnex(tx: Executor, documentId: string): Promise<void> {
  await tx.delete(billingTimesheetAnnexes).where(eq(billingTimesheetAnnexes.documentId, documentId));
}

/**
 * The annex a print shows, when the document asks for it (`timesheetAnnex`): an issued document's frozen rows (none
 * frozen: no annex), a draft's rows as the timesheets are now. Null without a contract or a period.
 */
export async function timesheetAnnexOf(
  executor: Executor,
  row: { id: string; issued: boolean; timesheetAnnex: boolean; contractId: string | null },
): Promise<PrintTimesheetAnnex | null> {
  if (!row.timesheetAnnex || !row.contractId) return null;
  if (row.issued) {
    const [frozen] = await executor
      .select()
      .from(billingTimesheetAnnexes)
      .where(eq(billingTimesheetAnnexes.documentId, row.id));
    return frozen ? { periodFrom: frozen.periodFrom, periodTo: frozen.periodTo, rows: frozen.rows } : null;
  }
  const [live] = await queryRows<{ period_from: string; period_to: string; rows: AnnexRows }>(
    executor,
    sql`select cast(a.period_from as text) as period_from, cast(a.period_to as text) as period_to, a.rows from (${annexSource(sql`d.id = ${row.id}`)}) a`,
  );
  return live ? { periodFrom: live.period_from, periodTo: live.period_to, rows: live.rows } : null;
}

/** True when the contract's day lies in the period of an issued document's frozen annex (a billed period). */
export async function invoicedDay(executor: Executor, contractId: string, day: string): Promise<boolean> {
  const [found] = await executor
    .select({ id: billingTimesheetAnnexes.documentId })
    .from(billingTimesheetAnnexes)
    .where(
      and(
        eq(billingTimesheetAnnexes.contractId, contractId),
        lte(billingTimesheetAnnexes.periodFrom, day),
        gte(billingTimesheetAnnexes.periodTo, day),
      ),
    )
    .limit(1);
  return Boolean(found);
}

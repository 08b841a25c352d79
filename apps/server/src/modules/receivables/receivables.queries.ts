import {
  AGING_BUCKETS,
  type AgingBucket,
  type CurrencyMonth,
  type CurrencySummary,
  fromCents,
  type HoursMonth,
  type ListResult,
  type OverdueListQuery,
  type OverdueRow,
  RECEIVABLES_MONTHS,
  type ReceivablesSummary,
  sofiaDay,
  TOP_DEBTORS,
  toCents,
} from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type ReceivablesPart, readReceivablesMarkers } from '../../db/change-marker.ts';
import type { Executor } from '../../db/client.ts';
import type { Localized } from '../../db/schema/core.ts';
import { cappedCount, queryRows } from '../../db/sql-helpers.ts';
import { iso } from '../../http/dto.ts';
import {
  agingBucket,
  agingBucketIndex,
  daysOverdue,
  deadlineInBucket,
  isOverdue,
  receivableDues,
  receivablesToday,
} from './receivables.sql.ts';

/** A numeric read as text (exact) → a JS amount with two decimals. */
const money = (value: string | number | null | undefined) => fromCents(toCents(Number(value ?? 0)));

/** EUR first, then the others by code (BGN among them, never added to euros). */
export const byCurrency = (a: string, b: string) => (a === b ? 0 : a === 'EUR' ? -1 : b === 'EUR' ? 1 : a < b ? -1 : 1);

/** The months of the summary, oldest first (YYYY-MM), ending with the current one in Europe/Sofia. */
export function summaryMonths(today = sofiaDay()): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: RECEIVABLES_MONTHS }, (_, index) => {
    const at = new Date(Date.UTC(year, month - 1 - (RECEIVABLES_MONTHS - 1 - index), 1));
    return at.toISOString().slice(0, 7);
  });
}

/** A part of the summary as computed, with the day and marker it is valid for. */
interface Kept<T> {
  today: string;
  marker: string;
  value: Promise<T>;
}
type MoneyPart = Omit<ReceivablesSummary, 'months' | 'today'>;
type HoursPart = ReceivablesSummary['months'];

/** The parts last computed per database (a test process holds several). */
const kept = new WeakMap<object, Map<ReceivablesPart, Kept<unknown>>>();

/** The part kept for the day and marker, or computed afresh and kept (a failed computation is not kept). */
function partOf<T>(
  executor: Executor,
  part: ReceivablesPart,
  today: string,
  marker: string,
  compute: () => Promise<T>,
): Promise<T> {
  const parts = kept.get(executor) ?? new Map<ReceivablesPart, Kept<unknown>>();
  kept.set(executor, parts);
  const found = parts.get(part) as Kept<T> | undefined;
  if (found && found.today === today && found.marker === marker) return found.value;
  const value = compute();
  const entry: Kept<T> = { today, marker, value };
  parts.set(part, entry);
  value.catch(() => {
    if (parts.get(part) === entry) parts.delete(part);
  });
  return value;
}

/**
 * GET /api/receivables/summary: per currency the outstanding and overdue totals, the aging buckets, the top debtors
 * and the invoiced and paid amounts of the last 12 months; the hours of the months (not per currency). Every figure
 * summed by the database, then kept until the next change, in two parts: the money (dues, aging, top debtors,
 * invoiced and paid per month) and the hours, each reused while the day (Europe/Sofia) and its change marker
 * (db/change-marker.ts) are the ones read before it was computed. Every logged change bumps the markers of the parts
 * it can move at its commit (a timesheet the hours only, a payment the money only; an invoice issued both), so the next
 * call after its commit computes that part afresh; a change committed while a part is being computed bumps its marker
 * past the one the part is kept under, so it is never served stale. Each API process keeps its own (the markers are
 * in the database). Calls arriving while a part is computed share the one computation.
 */
export async function receivablesSummary(executor: Executor): Promise<ReceivablesSummary> {
  const today = sofiaDay();
  const markers = await readReceivablesMarkers(executor);
  const months = summaryMonths(today);
  const [money, hours] = await Promise.all([
    partOf(executor, 'money', today, markers.money, () => computeMoney(executor, today, months)),
    partOf(executor, 'hours', today, markers.hours, () =>
      computeHours(
        executor,
        today,
        months,
        partOf(executor, 'spans', today, markers.spans, () => invoicedSpans(executor, `${months[0]}-01`, today)),
      ),
    ),
  ]);
  return { ...money, months: hours, today };
}

/**
 * The summary's money: dues, aging and top debtors per currency, invoiced and paid per month (four SQL reads, side by
 * side). The dues are the ones the database keeps per invoice (receivable_dues, migration 0031: the money rule of
 * receivables.sql.ts kept by a trigger at every write), read from its index of the outstanding ones: the sums per
 * currency and bucket, and per client the ten who owe most per currency, each in one pass over them.
 */
async function computeMoney(executor: Executor, today: string, months: string[]): Promise<MoneyPart> {
  const from = `${months[0]}-01`;
  // Each outstanding invoice's currency named (a hash of the few currencies) and its bucket: its index in
  // AGING_BUCKETS, agingBucket's rule against today's date as a parameter.
  const outstanding = sql`receivable_dues r
    left join (select id, coalesce(upper(code), '') as code from currencies) cc on cc.id = r.currency_id
    where r.due_cents > 0`;
  const bucketsRead = queryRows<{ currency: string; bucket: number; due: string; count: number }>(
    executor,
    sql`select coalesce(cc.code, '') as currency, ${agingBucketIndex(sql`r.deadline`, sql`k.today`)} as bucket,
        cast(sum(r.due_cents) / 100.0 as text) as due, cast(count(*) as integer) as count
      from (select ${today}::date as today) k cross join ${outstanding}
      group by 1, 2`,
  );
  // Per currency and client, then each currency's ten largest (a top-10 sort per currency, not a sort of every
  // client), and only then their names. For this read: 32 MB of work memory (the default 4 MB sends the clients' hash
  // to disk), and no JIT (the planner, expecting 200 currencies, would compile it: 25 ms of a 40 ms query).
  const debtorsRead = executor.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
    return queryRows<{ currency: string; customer_id: string; due: string; overdue: string; name: Localized | null }>(
      tx,
      sql`with c as materialized (
          select coalesce(cc.code, '') as currency, r.customer_id, sum(r.due_cents) as cents,
            coalesce(sum(r.due_cents) filter (where r.deadline < ${today}::date), 0) as overdue
          from ${outstanding} and r.customer_id is not null
          group by 1, 2
        )
        select cs.currency, t.customer_id, cast(t.cents / 100.0 as text) as due,
          cast(t.overdue / 100.0 as text) as overdue,
          (select co.name from companies co where co.id = t.customer_id) as name
        from (select distinct c.currency from c) cs
        cross join lateral (
          select c.* from c where c.currency = cs.currency order by c.cents desc, c.customer_id limit ${TOP_DEBTORS}
        ) t
        order by cs.currency, t.cents desc, t.customer_id`,
    );
  });
  const invoicedRead = queryRows<{ currency: string; month: string; amount: string }>(
    executor,
    // Summed per currency and day first (from billing_documents_issued_date_idx alone, in its order), then per month:
    // the month's text and the currency's code for a few hundred groups instead of every document (150 → 10–60 ms).
    sql`select coalesce(upper(cur.code), '') as currency, to_char(x.date, 'YYYY-MM') as month,
        cast(sum(x.amount) as text) as amount
      from (
        select d.currency_id, d.date, sum(d.total_amount) as amount from billing_documents d
        where d.kind = 'invoice' and d.issued and d.date >= ${from}::date and d.date <= ${today}::date
        group by d.currency_id, d.date
      ) x left join currencies cur on cur.id = x.currency_id
      group by 1, 2`,
  );
  const paidRead = queryRows<{ currency: string; month: string; amount: string }>(
    executor,
    sql`select coalesce(upper(cur.code), '') as currency, to_char(p.date, 'YYYY-MM') as month,
        cast(sum(p.amount) as text) as amount
      from billing_payments p
      join billing_documents d on d.id = p.document_id and d.kind = 'invoice' and d.issued
      left join currencies cur on cur.id = d.currency_id
      where p.date >= ${from}::date and p.date <= ${today}::date
      group by 1, 2`,
  );
  // The reads are independent: on PostgreSQL each takes a connection of the pool, so they run side by side.
  const [bucketRowsRead, debtors, invoiced, paid] = await Promise.all([
    bucketsRead,
    debtorsRead,
    invoicedRead,
    paidRead,
  ]);
  const buckets = bucketRowsRead.map((row) => ({
    currency: row.currency,
    bucket: AGING_BUCKETS[Number(row.bucket)],
    amount: row.due,
    count: row.count,
  }));
  const codes = new Set<string>();
  for (const row of [...buckets, ...invoiced, ...paid]) codes.add(row.currency);
  const currencies: CurrencySummary[] = [...codes].sort(byCurrency).map((currency) => {
    const mine = buckets.filter((row) => row.currency === currency);
    const bucketRows = AGING_BUCKETS.map((key) => {
      const found = mine.find((row) => row.bucket === key);
      return { key, amount: money(found?.amount), count: Number(found?.count ?? 0) };
    });
    const outstandingCents = bucketRows.reduce((sum, row) => sum + toCents(row.amount), 0);
    const overdueCents = bucketRows
      .filter((row) => row.key !== 'current')
      .reduce((sum, row) => sum + toCents(row.amount), 0);
    const monthRows: CurrencyMonth[] = months.map((month) => ({
      month,
      invoiced: money(invoiced.find((row) => row.currency === currency && row.month === month)?.amount),
      paid: money(paid.find((row) => row.currency === currency && row.month === month)?.amount),
    }));
    return {
      currency,
      outstanding: fromCents(outstandingCents),
      overdue: fromCents(overdueCents),
      buckets: bucketRows,
      topDebtors: debtors
        .filter((row) => row.currency === currency)
        .map((row) => ({
          clientId: row.customer_id,
          name: row.name ?? { bg: '', it: '' },
          due: money(row.due),
          overdue: money(row.overdue),
        })),
      months: monthRows,
    };
  });
  return { currencies };
}

/** The summary's hours: recorded and billed per month. */
async function computeHours(
  executor: Executor,
  today: string,
  months: string[],
  spans: Promise<Spans>,
): Promise<HoursPart> {
  const hours = await hoursOfMonths(executor, `${months[0]}-01`, today, spans);
  return months.map((month): HoursMonth => {
    const found = hours.find((row) => row.month === month);
    return {
      month,
      hours: Math.round((Number(found?.minutes ?? 0) / 60) * 100) / 100,
      billedHours: Math.round((Number(found?.billed ?? 0) / 60) * 100) / 100,
    };
  });
}

/** The invoiced spans of the months: per contract, its days billed by an issued invoice, as [lower, upper) dates. */
interface Spans {
  contracts: string;
  lowers: string;
  uppers: string;
}

/**
 * The months' invoiced spans: the billed periods from `from` to `today` whose document is an issued invoice (or a
 * proforma turned into one), joined set-based, merged per contract where they overlap; as three comma-separated lists
 * (a parameter each, for hoursOfMonths). Kept apart (the `spans` marker moves with the billing, not with timesheets).
 */
async function invoicedSpans(executor: Executor, from: string, today: string): Promise<Spans> {
  // The planner overestimates the spans by far (a hundred per contract), and JIT-compiling the plan would cost more
  // than the query itself: off for this read. Hash and merge joins off too: the months' billed periods (about
  // 19 000 at the large preset) find their documents by primary key faster than a hash of every document's index
  // entry (200 000, in parallel workers: 120 against 200 ms under load).
  const [row] = await executor.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('enable_hashjoin', 'off', true),
      set_config('enable_mergejoin', 'off', true)`);
    return queryRows<Spans>(
      tx,
      sql`with spans as (
        select p.contract_id, unnest(range_agg(daterange(greatest(p.period_from, ${from}::date),
          least(p.period_to, ${today}::date), '[]'))) as span
        from contract_billed_periods p
        join billing_documents d on d.id = p.document_id
        left join billing_documents i on i.id = d.transformed_to_invoice_id
        where p.period_to >= ${from}::date and p.period_from <= ${today}::date
          and ((d.kind = 'invoice' and d.issued) or coalesce(i.kind = 'invoice' and i.issued, false))
        group by p.contract_id
      )
      select coalesce(string_agg(cast(contract_id as text), ','), '') as contracts,
        coalesce(string_agg(cast(lower(span) as text), ','), '') as lowers,
        coalesce(string_agg(cast(upper(span) as text), ','), '') as uppers
      from spans`,
    );
  });
  return row;
}

/**
 * The minutes recorded per month from `from` to `today` and, of them, those in a period of their contract that an
 * issued invoice bills (directly or through a proforma turned into one); a minute is counted once even when periods
 * overlap. Two reads side by side: the recorded minutes summed per day from timesheets_date_duration_idx alone (the
 * year's entries of a narrow index); the billed ones per invoiced span (invoicedSpans, merged: no minute twice), each
 * span's days read from timesheets_contract_date_idx alone and summed per day.
 */
async function hoursOfMonths(executor: Executor, from: string, today: string, spans: Promise<Spans>) {
  const [recorded, billed] = [
    queryRows<{ month: string; minutes: number }>(
      executor,
      sql`select to_char(d.date, 'YYYY-MM') as month, cast(sum(d.minutes) as integer) as minutes
        from (
          select t.date, sum(t.duration) as minutes from timesheets t
          where t.date >= ${from}::date and t.date <= ${today}::date group by t.date
        ) d
        group by 1`,
    ),
    spans.then((span) =>
      queryRows<{ month: string; minutes: number }>(
        executor,
        sql`select to_char(x.date, 'YYYY-MM') as month, cast(sum(x.minutes) as integer) as minutes
        from (
          select t.date, sum(t.duration) as minutes
          from unnest(cast(string_to_array(${span.contracts}, ',') as uuid[]),
            cast(string_to_array(${span.lowers}, ',') as date[]),
            cast(string_to_array(${span.uppers}, ',') as date[])) as s(contract_id, lower, upper)
          join timesheets t on t.contract_id = s.contract_id and t.date >= s.lower and t.date < s.upper
          group by t.date
        ) x
        group by 1`,
      ),
    ),
  ];
  const [recordedRows, billedRows] = await Promise.all([recorded, billed]);
  return recordedRows.map((row) => ({
    month: row.month,
    minutes: row.minutes,
    billed: billedRows.find((other) => other.month === row.month)?.minutes ?? 0,
  }));
}

type OverdueFilter = Pick<OverdueListQuery, 'clientId' | 'bucket' | 'currency'>;

/** The overdue list's condition on the due rows `r`: the bucket's deadlines (none: overdue), the currency. */
function overdueWhere(query: OverdueFilter): SQL {
  const parts: SQL[] = [query.bucket ? deadlineInBucket(query.bucket) : isOverdue()];
  if (query.currency !== undefined) parts.push(sql`r.currency = ${query.currency}`);
  return sql.join(parts, sql` and `);
}

const OVERDUE_ORDER: Record<OverdueListQuery['sortBy'], SQL> = {
  deadline: sql`r.deadline`,
  daysOverdue: sql`r.deadline`,
  due: sql`r.due`,
  total: sql`r.total`,
  number: sql`r.number`,
  date: sql`r.date`,
  client: sql`lower(coalesce(c.name->>'bg', ''))`,
};

interface OverdueRecord {
  invoice_id: string;
  customer_id: string | null;
  currency: string;
  number: string;
  date: string;
  deadline: string | null;
  total: string;
  credited: string;
  paid: string;
  due: string;
  days: number | null;
  bucket: AgingBucket;
  name: Localized | null;
  email: string | null;
  phone: string | null;
  notifications_emails: string[] | null;
  reminder_stage: number | null;
  reminder_at: string | null;
  /** The row's value of the list's sort (text as the driver gives it): where the next export batch starts. */
  sort_key: string | null;
}

function overdueDto(row: OverdueRecord): OverdueRow {
  return {
    _id: row.invoice_id,
    number: row.number,
    date: row.date,
    deadline: row.deadline,
    daysOverdue: Number(row.days ?? 0),
    bucket: row.bucket,
    client: { id: row.customer_id ?? '', name: row.name ?? { bg: '', it: '' } },
    currency: row.currency,
    total: money(row.total),
    credited: money(row.credited),
    paid: money(row.paid),
    due: money(row.due),
    lastReminder:
      row.reminder_stage === null || row.reminder_at === null
        ? null
        : { stage: Number(row.reminder_stage), at: iso(row.reminder_at)! },
    contact: {
      email: row.email ?? '',
      phone: row.phone ?? '',
      notificationsEmails: row.notifications_emails ?? [],
    },
  };
}

/** Where a batch of the overdue list's export ends: the last row's sort key, number and id (its keyset). */
interface OverdueAfter {
  sortKey: string | null;
  number: string;
  invoiceId: string;
}

/**
 * The rows after `after` in the list's order: sort key (either direction, no key last), then number (the list's
 * direction), then id (ascending). Rows with the same key are told apart by the number and id, so a keyset batch
 * starts exactly where the last one ended, whatever the sort.
 */
function overdueAfter(query: OverdueListQuery, keyDescending: boolean, after: OverdueAfter): SQL {
  const key = OVERDUE_ORDER[query.sortBy];
  const beyond = (expression: SQL, value: string, descending: boolean) =>
    descending ? sql`${expression} < ${value}` : sql`${expression} > ${value}`;
  const tie = sql`(${beyond(sql`r.number`, after.number, query.sortDesc)}
    or (r.number = ${after.number} and r.invoice_id > ${after.invoiceId}::uuid))`;
  if (after.sortKey === null) return sql`(${key} is null and ${tie})`;
  return sql`(${beyond(key, after.sortKey, keyDescending)} or ${key} is null or (${key} = ${after.sortKey} and ${tie}))`;
}

/** The rows of the overdue list in its order, `limit` from `offset` (or after a row, for the export's batches). */
async function overdueRecords(
  executor: Executor,
  query: OverdueListQuery,
  limit: number,
  offset: number,
  after?: OverdueAfter,
): Promise<OverdueRecord[]> {
  const direction = query.sortDesc ? sql`desc` : sql`asc`;
  // Days overdue run against the deadline: more days = an earlier deadline.
  const keyDescending = query.sortBy === 'daysOverdue' ? !query.sortDesc : query.sortDesc;
  const sortDirection = keyDescending ? sql`desc` : sql`asc`;
  const where = after
    ? sql`${overdueWhere(query)} and ${overdueAfter(query, keyDescending, after)}`
    : overdueWhere(query);
  // The page's rows first (by deadline, the default, straight from the open invoices' index until the page is
  // full), then their client and last reminder; the client's name joins before the limit only when it is the sort.
  const byClient = query.sortBy === 'client';
  // Oldest deadline first (the default, and most days overdue first): the open invoices' index order.
  const byDeadline =
    (query.sortBy === 'deadline' && !query.sortDesc) || (query.sortBy === 'daysOverdue' && query.sortDesc);
  const dues = receivableDues({
    outstanding: true,
    customerId: query.clientId,
    ...(byDeadline ? { first: { where, limit: limit + offset } } : {}),
  });
  return queryRows<OverdueRecord>(
    executor,
    sql`with page as (
        select r.*, ${OVERDUE_ORDER[query.sortBy]} as sort_key
        from (${dues}) r
          ${byClient ? sql`left join companies c on c.id = r.customer_id` : sql``}
        where ${where}
        order by ${OVERDUE_ORDER[query.sortBy]} ${sortDirection} nulls last, r.number ${direction}, r.invoice_id
        limit ${limit} offset ${offset}
      )
      select page.*, ${daysOverdue(sql`page.deadline`)} as days, ${agingBucket(sql`page.deadline`)} as bucket,
        c.name, c.email, c.phone, c.notifications_emails, lr.stage as reminder_stage, lr.created as reminder_at
      from page
      left join companies c on c.id = page.customer_id
      left join lateral (
        select ir.stage, ir.created from invoice_reminders ir
        where ir.document_id = page.invoice_id order by ir.created desc, ir.id desc limit 1
      ) lr on true
      order by page.sort_key ${sortDirection} nulls last, page.number ${direction}, page.invoice_id`,
  );
}

/** The open invoices (not marked paid) whose deadline the filter asks for: what the overdue count's estimate reads. */
async function openInvoicesCount(executor: Executor, query: OverdueFilter): Promise<number> {
  const deadline = sql`inv.payment_deadline_date`;
  const parts: SQL[] = [
    sql`inv.kind = 'invoice' and inv.issued and inv.notice_type = 0 and inv.is_paid <> 1`,
    query.bucket ? deadlineInBucket(query.bucket, deadline) : sql`${deadline} < ${receivablesToday}`,
  ];
  if (query.clientId !== undefined) parts.push(sql`inv.customer_id = ${query.clientId}::uuid`);
  if (query.currency !== undefined)
    parts.push(
      sql`inv.currency_id in (select cur.id from currencies cur where coalesce(upper(cur.code), '') = ${query.currency})`,
    );
  const [{ n }] = await queryRows<{ n: number }>(
    executor,
    sql`select cast(count(*) as integer) as n from billing_documents inv where ${sql.join(parts, sql` and `)}`,
  );
  return Number(n);
}

/**
 * POST /api/receivables/overdue: a page of the overdue list (filters client, bucket, currency) and its count: exact
 * up to EXACT_COUNT_LIMIT rows (the due rows stream out of their hash join, so the count stops there), else an
 * estimate with `Estimated: true`, as the other long lists.
 */
export async function overduePage(executor: Executor, query: OverdueListQuery): Promise<ListResult<OverdueRow>> {
  const offset = (query.page - 1) * query.itemsPerPage;
  const [items, total] = await Promise.all([
    overdueRecords(executor, query, query.itemsPerPage, offset).then((records) => records.map(overdueDto)),
    cappedCount(
      executor,
      sql`select 1 from (${receivableDues({ outstanding: true, customerId: query.clientId })}) r
        where ${overdueWhere(query)}`,
    ),
  ]);
  // Past the cap, the estimate is the number of open invoices with such deadlines, counted from
  // billing_documents_open_dues_idx alone (about 10 ms at the large preset): nearly all of them are outstanding, and
  // the planner's estimate of the due rows was off by a factor of six (its `due > 0` is a third of them). Never below
  // the cap or the rows a page shows.
  const count = total.estimated
    ? Math.max(await openInvoicesCount(executor, query), total.count, offset + items.length)
    : total.count;
  return { Items: items, Total: count, Page: query.page, ...(total.estimated ? { Estimated: true } : {}) };
}

/**
 * Every row of the overdue list in its order, in batches (the export): each batch starts after the last row of the one
 * before (its sort key, number and id), so a batch costs the same however deep the export is (with offsets, the
 * export of 60 000 rows read the rows before each batch again: 34 s instead of about 2).
 */
export async function* overdueBatches(
  executor: Executor,
  query: OverdueListQuery,
  batchSize = 1000,
): AsyncGenerator<OverdueRow[]> {
  let after: OverdueAfter | undefined;
  for (;;) {
    const records = await overdueRecords(executor, query, batchSize, 0, after);
    if (records.length) yield records.map(overdueDto);
    if (records.length < batchSize) return;
    const last = records[records.length - 1];
    after = { sortKey: last.sort_key, number: last.number, invoiceId: last.invoice_id };
  }
}

export { receivablesToday };

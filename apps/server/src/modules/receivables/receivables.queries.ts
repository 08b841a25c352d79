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
import type { Executor } from '../../db/client.ts';
import type { Localized } from '../../db/schema/core.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { iso } from '../../http/dto.ts';
import {
  agingBucket,
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

/**
 * GET /api/receivables/summary: per currency the outstanding and overdue totals, the aging buckets, the top debtors
 * and the invoiced and paid amounts of the last 12 months; the hours of the months (not per currency). Five SQL
 * reads; every figure summed by the database.
 */
export async function receivablesSummary(executor: Executor): Promise<ReceivablesSummary> {
  const today = sofiaDay();
  const months = summaryMonths(today);
  const from = `${months[0]}-01`;
  const dues = receivableDues({ outstanding: true });

  // One pass over the due rows: the sums per (currency, bucket) and per (currency, client), the clients ranked.
  const groups = await queryRows<{
    currency: string;
    by_client: number;
    bucket: AgingBucket | null;
    customer_id: string | null;
    due: string;
    overdue: string;
    count: number;
    name: Localized | null;
  }>(
    executor,
    sql`with r as (select r.*, ${agingBucket()} as bucket from (${dues}) r),
      g as (
        select r.currency, r.bucket, r.customer_id, cast(grouping(r.bucket) as integer) as by_client,
          sum(r.due) as due, coalesce(sum(r.due) filter (where r.bucket <> 'current'), 0) as overdue,
          cast(count(*) as integer) as count
        from r group by grouping sets ((r.currency, r.bucket), (r.currency, r.customer_id))
      ),
      t as (
        select g.*, row_number() over (partition by g.currency, g.by_client order by g.due desc, g.customer_id) as rn
        from g
      )
      select t.currency, t.by_client, t.bucket, t.customer_id, cast(t.due as text) as due,
        cast(t.overdue as text) as overdue, t.count, c.name
      from t left join companies c on t.by_client = 1 and c.id = t.customer_id
      where t.by_client = 0 or (t.customer_id is not null and t.rn <= ${TOP_DEBTORS})
      order by t.currency, t.by_client, t.rn`,
  );
  const buckets = groups
    .filter((row) => Number(row.by_client) === 0)
    .map((row) => ({ currency: row.currency, bucket: row.bucket!, amount: row.due, count: row.count }));
  const debtors = groups.filter((row) => Number(row.by_client) === 1 && row.customer_id !== null);
  const invoiced = await queryRows<{ currency: string; month: string; amount: string }>(
    executor,
    sql`select coalesce(upper(cur.code), '') as currency, to_char(d.date, 'YYYY-MM') as month,
        cast(sum(d.total_amount) as text) as amount
      from billing_documents d left join currencies cur on cur.id = d.currency_id
      where d.kind = 'invoice' and d.issued and d.date >= ${from}::date and d.date <= ${today}::date
      group by 1, 2`,
  );
  const paid = await queryRows<{ currency: string; month: string; amount: string }>(
    executor,
    sql`select coalesce(upper(cur.code), '') as currency, to_char(p.date, 'YYYY-MM') as month,
        cast(sum(p.amount) as text) as amount
      from billing_payments p
      join billing_documents d on d.id = p.document_id and d.kind = 'invoice' and d.issued
      left join currencies cur on cur.id = d.currency_id
      where p.date >= ${from}::date and p.date <= ${today}::date
      group by 1, 2`,
  );
  const hours = await queryRows<{ month: string; minutes: number; billed: number }>(
    executor,
    sql`select to_char(t.date, 'YYYY-MM') as month, cast(sum(t.duration) as integer) as minutes,
        cast(coalesce(sum(t.duration) filter (where exists (
          select 1 from contract_billed_periods p
            join billing_documents d on d.id = p.document_id
            left join billing_documents i on i.id = d.transformed_to_invoice_id
          where p.contract_id = t.contract_id and t.date between p.period_from and p.period_to
            and ((d.kind = 'invoice' and d.issued) or (i.kind = 'invoice' and i.issued))
        )), 0) as integer) as billed
      from timesheets t
      where t.date >= ${from}::date and t.date <= ${today}::date
      group by 1`,
  );

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
          clientId: row.customer_id!,
          name: row.name ?? { bg: '', it: '' },
          due: money(row.due),
          overdue: money(row.overdue),
        })),
      months: monthRows,
    };
  });
  const hourRows: HoursMonth[] = months.map((month) => {
    const found = hours.find((row) => row.month === month);
    return {
      month,
      hours: Math.round((Number(found?.minutes ?? 0) / 60) * 100) / 100,
      billedHours: Math.round((Number(found?.billed ?? 0) / 60) * 100) / 100,
    };
  });
  return { currencies, months: hourRows, today };
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
  full_count: number;
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

/** The rows of the overdue list in its order, `limit` from `offset`. */
async function overdueRows(executor: Executor, query: OverdueListQuery, limit: number, offset: number) {
  const direction = query.sortDesc ? sql`desc` : sql`asc`;
  // Days overdue run against the deadline: more days = an earlier deadline.
  const sortDirection = query.sortBy === 'daysOverdue' ? (query.sortDesc ? sql`asc` : sql`desc`) : direction;
  const rows = await queryRows<OverdueRecord>(
    executor,
    sql`with r as (${receivableDues({ outstanding: true, customerId: query.clientId })}),
      page as (
        select r.*, ${daysOverdue()} as days, ${agingBucket()} as bucket,
          ${OVERDUE_ORDER[query.sortBy]} as sort_key, cast(count(*) over () as integer) as full_count, c.name, c.email, c.phone, c.notifications_emails
        from r left join companies c on c.id = r.customer_id
        where ${overdueWhere(query)}
        order by ${OVERDUE_ORDER[query.sortBy]} ${sortDirection} nulls last, r.number ${direction}, r.invoice_id
        limit ${limit} offset ${offset}
      )
      select page.*, lr.stage as reminder_stage, lr.created as reminder_at
      from page left join lateral (
        select ir.stage, ir.created from invoice_reminders ir
        where ir.document_id = page.invoice_id order by ir.created desc, ir.id desc limit 1
      ) lr on true
      order by page.sort_key ${sortDirection} nulls last, page.number ${direction}, page.invoice_id`,
  );
  return { items: rows.map(overdueDto), total: rows.length ? Number(rows[0].full_count) : undefined };
}

/** POST /api/receivables/overdue: a page of the overdue list (filters client, bucket, currency) and its count. */
export async function overduePage(executor: Executor, query: OverdueListQuery): Promise<ListResult<OverdueRow>> {
  const page = await overdueRows(executor, query, query.itemsPerPage, (query.page - 1) * query.itemsPerPage);
  // The page's rows carry the filtered count (a window over the same rows); a page past the end counts apart.
  const total =
    page.total ??
    Number(
      (
        await queryRows<{ total: number }>(
          executor,
          sql`with r as (${receivableDues({ outstanding: true, customerId: query.clientId })})
            select cast(count(*) as integer) as total from r where ${overdueWhere(query)}`,
        )
      )[0].total,
    );
  return { Items: page.items, Total: total, Page: query.page };
}

/** Every row of the overdue list in its order, in batches (the export). */
export async function* overdueBatches(
  executor: Executor,
  query: OverdueListQuery,
  batchSize = 1000,
): AsyncGenerator<OverdueRow[]> {
  for (let offset = 0; ; offset += batchSize) {
    const { items } = await overdueRows(executor, query, batchSize, offset);
    if (items.length) yield items;
    if (items.length < batchSize) return;
  }
}

export { receivablesToday };

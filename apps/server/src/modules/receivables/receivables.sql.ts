import type { AgingBucket } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import { sofiaToday } from '../../db/sql-helpers.ts';

/**
 * The money rule of receivables (docs/decisions.md, "Receivables"), the one SQL piece the overdue list, the reminders
 * and the portal's balance use (the summary reads the same rule as the database keeps it, below).
 *
 * A receivable is an ISSUED invoice (kind 'invoice', notice_type 0) together with its ISSUED notices
 * (credit_to_invoice_id = it; credit notices are stored negative, debit notices positive). Per invoice:
 * - `total`    the invoice's total_amount;
 * - `credited` Σ total_amount of its issued notices (credit notices negative, debit notices positive: the net change);
 * - `paid`     Σ paid_amount of the invoice and its issued notices (a credit notice's refunds are negative);
 * - `due`      total + credited − paid = Σ (total_amount − paid_amount) over the invoice and its notices.
 * Outstanding: due > 0. Overdue: outstanding and deadline < today (Europe/Sofia). The invoice's currency
 * (`currencies.code`, upper case; '' when the currency has no code) and deadline are the receivable's.
 *
 * The database also keeps `due` per invoice in cents (receivable_dues, migration 0031's trigger), which the summary
 * reads; test/receivable-dues-kept.test.ts pins it to this rule.
 */

/** Options of `receivableDues`. */
export interface ReceivableDuesOptions {
  /** Only this client's (companies.id) invoices. */
  customerId?: string;
  /**
   * Only invoices that may be outstanding (default true): the invoice or one of its notices is not marked paid
   * (is_paid <> 1), read through the partial index billing_documents_open_dues_idx. Every invoice with due > 0
   * is among them (a document marked paid has |paid| ≥ |total|, so it adds nothing positive). Callers still filter
   * `due > 0` (use `outstanding`). false: every issued invoice.
   */
  openOnly?: boolean;
  /** Only rows with due > 0 (default false). */
  outstanding?: boolean;
  /**
   * With openOnly: only the first `limit` rows (alias `r`) that match `where` in the order of
   * billing_documents_open_dues_idx: deadline, number, invoice id (ascending, no deadline last). Each open invoice's
   * notices are then summed where it is read (an index-only look-up per invoice), so that the open invoices come out
   * of the index in that order and the read stops after `limit` rows (a page of the overdue list), instead of
   * computing every due row and sorting them.
   */
  first?: { where: SQL; limit: number };
}

/** The order of `receivableDues({ first })` rows (alias `r`): the open invoices' index order. */
export const DEADLINE_ORDER = sql`r.deadline asc nulls last, r.number asc, r.invoice_id asc`;

/**
 * The per-invoice due rows as a subquery: use it as `from (${receivableDues()}) as r` (or in a `with`). Columns:
 * invoice_id uuid, customer_id uuid, currency_id uuid, currency text, number text, date date, deadline date (may be
 * null), total, credited, paid, due (numeric(14,2)-exact numerics: cast to text and read with the domain's cents
 * helpers, or sum them in SQL).
 */
export function receivableDues(options: ReceivableDuesOptions = {}): SQL {
  const { customerId, openOnly = true, outstanding = false, first } = options;
  const customer = (alias: string) =>
    customerId === undefined ? sql`` : sql` and ${sql.raw(alias)}.customer_id = ${customerId}::uuid`;
  const due = sql`(inv.total_amount - inv.paid_amount + coalesce(n.credited, 0) - coalesce(n.paid, 0))`;
  const keep = outstanding ? sql` and ${due} > 0` : sql``;
  const columns = sql`inv.id as invoice_id, inv.customer_id, inv.currency_id,
      coalesce(upper(cur.code), '') as currency, inv.number, inv.date,
      inv.payment_deadline_date as deadline,
      inv.total_amount as total,
      coalesce(n.credited, 0) as credited,
      inv.paid_amount + coalesce(n.paid, 0) as paid,
      ${due} as due`;
  const invoice = sql`inv.kind = 'invoice' and inv.issued and inv.notice_type = 0${customer('inv')}`;
  // The notices summed once per invoice (an index-only scan of billing_documents_notice_sums_idx) and hash-joined,
  // not probed per invoice; `open`: one of them is not marked paid.
  const noticeSums = sql`select x.credit_to_invoice_id as invoice_id, sum(x.total_amount) as credited,
        sum(x.paid_amount) as paid, bool_or(x.is_paid <> 1) as open
      from billing_documents x
      where x.credit_to_invoice_id is not null and x.kind = 'invoice' and x.issued and x.notice_type <> 0${customer('x')}
      group by x.credit_to_invoice_id`;
  const notices = sql`n as (${noticeSums})`;
  if (!openOnly)
    return sql`with ${notices} select ${columns}
      from billing_documents inv
      left join n on n.invoice_id = inv.id
      left join currencies cur on cur.id = inv.currency_id
      where ${invoice}${keep}`;
  // The invoices not marked paid, read from billing_documents_open_dues_idx alone (in deadline order), then the few
  // marked paid with an open notice, found from the notices. An invoice marked paid has paid ≥ total, so only its
  // notices can leave something due: when only outstanding rows are asked for, only invoices whose notices leave
  // more to pay than they paid are read.
  const paidWithOpenNotice = outstanding ? sql` and n.credited - n.paid > 0` : sql``;
  if (first)
    // Each branch's first rows on its own (the planner does not merge a UNION ALL's branches in order under a
    // LIMIT), then the caller orders the union and takes its page.
    return sql`(select r.* from (
        select ${columns}
        from billing_documents inv
        left join lateral (
          select sum(x.total_amount) as credited, sum(x.paid_amount) as paid from billing_documents x
          where x.credit_to_invoice_id = inv.id and x.kind = 'invoice' and x.issued and x.notice_type <> 0
        ) n on true
        left join currencies cur on cur.id = inv.currency_id
        where ${invoice} and inv.is_paid <> 1${keep}
      ) r where ${first.where} order by ${DEADLINE_ORDER} limit ${first.limit})
    union all
    (select r.* from (
        select ${columns}
        from (${noticeSums}) n
        join billing_documents inv on inv.id = n.invoice_id
        left join currencies cur on cur.id = inv.currency_id
        where n.open${paidWithOpenNotice} and ${invoice} and inv.is_paid = 1${keep}
      ) r where ${first.where} order by ${DEADLINE_ORDER} limit ${first.limit})`;
  return sql`with ${notices}
    select ${columns}
      from billing_documents inv
      left join n on n.invoice_id = inv.id
      left join currencies cur on cur.id = inv.currency_id
      where ${invoice} and inv.is_paid <> 1${keep}
    union all
    select ${columns}
      from n
      join billing_documents inv on inv.id = n.invoice_id
      left join currencies cur on cur.id = inv.currency_id
      where n.open${paidWithOpenNotice} and ${invoice} and inv.is_paid = 1${keep}`;
}

/** Today in Europe/Sofia (a date): the day overdue and aging are counted from. */
export const receivablesToday = sofiaToday;

/** True when a due row (alias `r`, or the given deadline/due expressions) is overdue: due > 0, deadline < today. */
export function isOverdue(deadline: SQL = sql`r.deadline`, due: SQL = sql`r.due`): SQL {
  return sql`(${due} > 0 and ${deadline} is not null and ${deadline} < ${receivablesToday})`;
}

/** Days overdue: today − deadline (0 or less when not yet due; null without a deadline). */
export function daysOverdue(deadline: SQL = sql`r.deadline`): SQL {
  return sql`(${receivablesToday} - ${deadline})`;
}

/**
 * The aging bucket key of a deadline: `current` (deadline ≥ today or none), `d1_30`, `d31_60`, `d61_90`, `d90_plus`
 * (days overdue).
 */
export function agingBucket(deadline: SQL = sql`r.deadline`): SQL<AgingBucket> {
  const days = daysOverdue(deadline);
  return sql<AgingBucket>`(case
    when ${deadline} is null or ${days} <= 0 then 'current'
    when ${days} <= 30 then 'd1_30'
    when ${days} <= 60 then 'd31_60'
    when ${days} <= 90 then 'd61_90'
    else 'd90_plus' end)`;
}

/**
 * agingBucket's rule as the bucket's index in AGING_BUCKETS (0 `current` … 4 `d90_plus`), against a day given as a
 * parameter (for a read over many rows: Europe/Sofia's today converted once, not per row).
 */
export function agingBucketIndex(deadline: SQL, today: SQL): SQL<number> {
  return sql<number>`(case when ${deadline} is null or ${deadline} >= ${today} then 0
    when ${deadline} >= ${today} - 30 then 1
    when ${deadline} >= ${today} - 60 then 2
    when ${deadline} >= ${today} - 90 then 3
    else 4 end)`;
}

/** The condition "the deadline falls in the bucket" (for the overdue list's filter; uses the deadline index). */
export function deadlineInBucket(bucket: AgingBucket, deadline: SQL = sql`r.deadline`): SQL {
  const today = receivablesToday;
  switch (bucket) {
    case 'current':
      return sql`(${deadline} is null or ${deadline} >= ${today})`;
    case 'd1_30':
      return sql`(${deadline} between ${today} - 30 and ${today} - 1)`;
    case 'd31_60':
      return sql`(${deadline} between ${today} - 60 and ${today} - 31)`;
    case 'd61_90':
      return sql`(${deadline} between ${today} - 90 and ${today} - 61)`;
    case 'd90_plus':
      return sql`(${deadline} < ${today} - 90)`;
  }
}

/** The order of currencies in every receivables answer: EUR first, then the others by code (BGN among them, apart). */
export const currencyOrder = (currency: SQL = sql`currency`): SQL =>
  sql`(case when ${currency} = 'EUR' then 0 else 1 end), ${currency}`;

import type { AgingBucket } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import { sofiaToday } from '../../db/sql-helpers.ts';

/**
 * The money rule of receivables (docs/decisions.md, "Receivables"), the one SQL piece every receivables call, the
 * statement's balance and the reminders use.
 *
 * A receivable is an ISSUED invoice (kind 'invoice', notice_type 0) together with its ISSUED notices
 * (credit_to_invoice_id = it; credit notices are stored negative, debit notices positive). Per invoice:
 * - `total`    the invoice's total_amount;
 * - `credited` Σ total_amount of its issued notices (credit notices negative, debit notices positive: the net change);
 * - `paid`     Σ paid_amount of the invoice and its issued notices (a credit notice's refunds are negative);
 * - `due`      total + credited − paid = Σ (total_amount − paid_amount) over the invoice and its notices.
 * Outstanding: due > 0. Overdue: outstanding and deadline < today (Europe/Sofia). The invoice's currency
 * (`currencies.code`, upper case; '' when the currency has no code) and deadline are the receivable's.
 */

/** Options of `receivableDues`. */
export interface ReceivableDuesOptions {
  /** Only this client's (companies.id) invoices. */
  customerId?: string;
  /**
   * Only invoices that may be outstanding (default true): the invoice or one of its notices is not marked paid
   * (is_paid <> 1), read through the partial index billing_documents_open_deadline_idx. Every invoice with due > 0
   * is among them (a document marked paid has |paid| ≥ |total|, so it adds nothing positive). Callers still filter
   * `due > 0` (use `outstanding`). false: every issued invoice.
   */
  openOnly?: boolean;
  /** Only rows with due > 0 (default false). */
  outstanding?: boolean;
}

/**
 * The per-invoice due rows as a subquery: use it as `from (${receivableDues()}) as r` (or in a `with`). Columns:
 * invoice_id uuid, customer_id uuid, currency_id uuid, currency text, number text, date date, deadline date (may be
 * null), total, credited, paid, due (numeric(14,2)-exact numerics: cast to text and read with the domain's cents
 * helpers, or sum them in SQL).
 */
export function receivableDues(options: ReceivableDuesOptions = {}): SQL {
  const { customerId, openOnly = true, outstanding = false } = options;
  const customer = (alias: string) =>
    customerId === undefined ? sql`` : sql` and ${sql.raw(alias)}.customer_id = ${customerId}::uuid`;
  const due = sql`(inv.total_amount - inv.paid_amount + coalesce(n.credited, 0) - coalesce(n.paid, 0))`;
  const keep = outstanding ? sql` and ${due} > 0` : sql``;
  // The notices summed once per invoice and hash-joined (notices are few), not probed per invoice.
  const select = (where: SQL) => sql`select inv.id as invoice_id, inv.customer_id, inv.currency_id,
      coalesce(upper(cur.code), '') as currency, inv.number, inv.date,
      inv.payment_deadline_date as deadline,
      inv.total_amount as total,
      coalesce(n.credited, 0) as credited,
      inv.paid_amount + coalesce(n.paid, 0) as paid,
      ${due} as due
    from billing_documents inv
    left join n on n.invoice_id = inv.id
    left join currencies cur on cur.id = inv.currency_id
    where inv.kind = 'invoice' and inv.issued and inv.notice_type = 0${customer('inv')}${where}${keep}`;
  const notices = sql`n as (
      select x.credit_to_invoice_id as invoice_id, sum(x.total_amount) as credited, sum(x.paid_amount) as paid
        from billing_documents x
        where x.credit_to_invoice_id is not null and x.kind = 'invoice' and x.issued and x.notice_type <> 0${customer('x')}
        group by x.credit_to_invoice_id
    )`;
  if (!openOnly) return sql`with ${notices} ${select(sql``)}`;
  // The invoices not marked paid (the open-deadline index's rows), then the few marked paid with an open notice.
  return sql`with ${notices}
    ${select(sql` and inv.is_paid <> 1`)}
    union all
    ${select(sql` and inv.is_paid = 1 and inv.id in (
      select o.credit_to_invoice_id from billing_documents o
        where o.kind = 'invoice' and o.issued and o.is_paid <> 1 and o.notice_type <> 0
          and o.credit_to_invoice_id is not null${customer('o')})`)}`;
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

import {
  type BillingKind,
  type BillingRunReason,
  billingTotals,
  effectiveCurrencyCode,
  hasProviderBankFor,
} from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows, sofiaToday } from '../../db/sql-helpers.ts';
import type { Localized } from '../../db/schema/index.ts';
import type { GenerationDefaults } from '../billing/index.ts';
import { type ContractPeriod, type PricedService, periodAt, periodRows } from '../billing/index.ts';

/** A due contract's period with what the preview shows and why it would be left out. */
export interface DueCandidate {
  contractId: string;
  contractName: Localized;
  customerId: string | null;
  companyName: Localized | null;
  kind: BillingKind;
  period: ContractPeriod;
  /** The period starts before the month: an earlier run should have billed it. */
  late: boolean;
  interval: number;
  currency: string;
  currencyCode: string | null;
  amount: number;
  VATAmount: number;
  totalAmount: number;
  reasons: BillingRunReason[];
}

interface DueRow {
  id: string;
  name: Localized;
  customer_id: string | null;
  company_name: Localized | null;
  client_active: boolean | null;
  from_date: string;
  to_date: string;
  invoice_date: string | null;
  invoice_monthly_interval: number;
  is_advance: boolean;
  price_per_month: string;
  currency_id: string;
  currency_code: string | null;
  currency_name: Localized | null;
  provider_bank_id: string | null;
  provider_bank2_id: string | null;
  period_from: string;
  services: PricedService[];
}

/** The first and last day of a month YYYY-MM, and its index (year × 12 + month − 1). */
export function monthBounds(month: string) {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}`, index: year * 12 + m - 1 };
}

/** The month index (year × 12 + month − 1) of a date expression. */
const monthOf = (day: SQL) => sql`(extract(year from ${day})::int * 12 + extract(month from ${day})::int - 1)`;

/**
 * Every period of the registered, not expired contracts that starts by the end of the month and that no document
 * bills yet (docs/decisions.md, "Billing run: each period once"): from where the contract's billing starts (its from
 * date, or a later start migration 0020 gave an older contract) up to the month, the first period on the from date
 * and the grid's starts (invoice date or from date + k × interval months, PostgreSQL's month arithmetic clamping the
 * day like `addMonths`) after the from date and not after the to date (contract-periods.ts: the same rule). "Billed"
 * is the look-up of contract_billed_periods' key. The oldest first: period start, then client, contract (the run's
 * order). `contractIds` narrows it (a run's chunk); `limit` cuts it.
 */
export function dueQuery(month: string, options: { contractIds?: readonly string[]; limit?: number } = {}): SQL {
  const { last } = monthBounds(month);
  const { contractIds, limit } = options;
  const kFirst = sql`floor((${monthOf(sql`c.floor_day`)} - ${monthOf(sql`c.anchor`)})::numeric / c.invoice_monthly_interval)::int`;
  const kLast = sql`floor((${monthOf(sql`c.upper_day`)} - ${monthOf(sql`c.anchor`)})::numeric / c.invoice_monthly_interval)::int`;
  return sql`
    with running as (
      select c.*, coalesce(c.invoice_date, c.from_date) as anchor, greatest(c.from_date, coalesce(c.billing_from, c.from_date)) as floor_day,
        least(c.to_date, ${last}::date) as upper_day
      from contracts c
      where c.status = 1 and c.to_date >= ${sofiaToday} and c.from_date <= ${last}::date
        ${contractIds ? sql`and c.id in (select unnest(${`{${contractIds.join(',')}}`}::uuid[]))` : sql``}
    )
    select c.id, c.name, c.customer_id, co.name as company_name, co.status as client_active,
      cast(c.from_date as text) as from_date, cast(c.to_date as text) as to_date, cast(c.invoice_date as text) as invoice_date,
      c.invoice_monthly_interval, c.is_advance, cast(c.price_per_month as text) as price_per_month, c.currency_id,
      cur.code as currency_code, cur.name as currency_name, c.provider_bank_id, c.provider_bank2_id,
      cast(p.start as text) as period_from,
      (select coalesce(json_agg(json_build_object('name', s.name, 'price', s.price, 'serviceId', s.service_id) order by s.created, s.id), '[]'::json)
         from contract_services s where s.contract_id = c.id) as services
    from running c
    left join companies co on co.id = c.customer_id
    left join currencies cur on cur.id = c.currency_id
    cross join lateral (
      select c.from_date as start where c.from_date >= c.floor_day
      union all
      select g.start from (
        select cast(c.anchor + make_interval(months => k * c.invoice_monthly_interval) as date) as start from generate_series(${kFirst}, ${kLast}) k
      ) g where g.start > c.from_date and g.start >= c.floor_day and g.start <= c.upper_day
    ) p
    where not exists (select 1 from contract_billed_periods b where b.contract_id = c.id and b.period_from = p.start)
    order by p.start, co.name->>'bg', c.name->>'bg', c.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}

/**
 * The due contracts' periods up to a month (the oldest first), each with its amounts (the rows the run would make,
 * billingTotals), whether it is late (it starts before the month) and its reasons.
 */
export async function dueCandidates(
  executor: Executor,
  defaults: Pick<GenerationDefaults, 'vatTypeId' | 'vatPercentage'>,
  month: string,
  options: { contractIds?: readonly string[]; limit?: number } = {},
): Promise<DueCandidate[]> {
  const { first } = monthBounds(month);
  const rows = await queryRows<DueRow>(executor, dueQuery(month, options));
  return rows.flatMap((row) => {
    const period = periodAt(
      {
        fromDate: row.from_date,
        toDate: row.to_date,
        invoiceDate: row.invoice_date,
        invoiceMonthlyInterval: row.invoice_monthly_interval,
      },
      row.period_from,
    );
    if (!period) return [];
    const items = periodRows({ id: row.id, name: row.name, pricePerMonth: row.price_per_month }, row.services, period);
    const totals = billingTotals({
      items,
      VATCharging: defaults.vatTypeId !== null,
      VATPercentage: defaults.vatPercentage,
    });
    const currencyCode = effectiveCurrencyCode(row.currency_code, row.currency_name ?? undefined) ?? null;
    const reasons: BillingRunReason[] = [];
    if (items.length === 0) reasons.push('no_services');
    // The provider's account of the contract's currency: the rule registering a contract applies too (provider-banks.ts).
    if (!hasProviderBankFor(currencyCode, { providerBank: row.provider_bank_id, providerBank2: row.provider_bank2_id }))
      reasons.push('no_bank');
    if (!row.customer_id || row.client_active === false) reasons.push('client_inactive');
    return [
      {
        contractId: row.id,
        contractName: row.name,
        customerId: row.customer_id,
        companyName: row.company_name,
        kind: row.is_advance ? 'proforma' : 'invoice',
        period,
        late: period.periodFrom < first,
        interval: row.invoice_monthly_interval,
        currency: row.currency_id,
        currencyCode,
        amount: totals.amount,
        VATAmount: totals.VATAmount,
        totalAmount: totals.totalAmount,
        reasons,
      } satisfies DueCandidate,
    ];
  });
}

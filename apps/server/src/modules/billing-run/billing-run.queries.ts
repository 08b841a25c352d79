import { type BillingKind, type BillingRunReason, billingTotals, effectiveCurrencyCode, hasProviderBankFor } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows, sofiaToday } from '../../db/sql-helpers.ts';
import type { Localized } from '../../db/schema/index.ts';
import type { GenerationDefaults } from '../billing/contract-billing.ts';
import { type ContractPeriod, type PricedService, periodAt, periodRows } from '../billing/contract-periods.ts';

/** A due contract's period with what the preview shows and why it would be left out. */
export interface DueCandidate {
  contractId: string;
  contractName: Localized;
  customerId: string | null;
  companyName: Localized | null;
  kind: BillingKind;
  period: ContractPeriod;
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

/**
 * The periods starting in the month of the registered, not expired contracts that no document bills yet: the first
 * period when the from date is in the month, and the grid's start (invoice date or from date + k × interval months,
 * PostgreSQL's month arithmetic clamping the day like `addMonths`) after the from date and not after the to date
 * (contract-periods.ts: the same rule). "Billed" is the unique key's look-up on (contract, period start). In the run's
 * order: client, contract, period. `contractIds` narrows it (a run's chunk).
 */
export function dueQuery(month: string, contractIds?: readonly string[]): SQL {
  const { first, last, index } = monthBounds(month);
  const anchor = sql`coalesce(c.invoice_date, c.from_date)`;
  const monthsFromAnchor = sql`(${index}::int - (extract(year from ${anchor})::int * 12 + extract(month from ${anchor})::int - 1))`;
  return sql`
    select c.id, c.name, c.customer_id, co.name as company_name, co.status as client_active,
      cast(c.from_date as text) as from_date, cast(c.to_date as text) as to_date, cast(c.invoice_date as text) as invoice_date,
      c.invoice_monthly_interval, c.is_advance, cast(c.price_per_month as text) as price_per_month, c.currency_id,
      cur.code as currency_code, cur.name as currency_name, c.provider_bank_id, c.provider_bank2_id,
      cast(p.start as text) as period_from,
      (select coalesce(json_agg(json_build_object('name', s.name, 'price', s.price, 'serviceId', s.service_id) order by s.created, s.id), '[]'::json)
         from contract_services s where s.contract_id = c.id) as services
    from contracts c
    left join companies co on co.id = c.customer_id
    left join currencies cur on cur.id = c.currency_id
    cross join lateral (
      select c.from_date as start where c.from_date between ${first}::date and ${last}::date
      union all
      select g.start from (select cast(${anchor} + make_interval(months => ${monthsFromAnchor}) as date) as start) g
        where ${monthsFromAnchor} % c.invoice_monthly_interval = 0 and g.start > c.from_date and g.start <= c.to_date
    ) p
    where c.status = 1 and c.to_date >= ${sofiaToday} and c.to_date >= ${first}::date and c.from_date <= ${last}::date
      ${contractIds ? sql`and c.id in (select unnest(${`{${contractIds.join(',')}}`}::uuid[]))` : sql``}
      and not exists (select 1 from billing_documents b where b.contract_id = c.id and b.period_from = p.start)
    order by co.name->>'bg', c.name->>'bg', c.id, p.start`;
}

/** The due contracts' periods of a month, each with its amounts (the rows the run would make, billingTotals) and reasons. */
export async function dueCandidates(executor: Executor, defaults: Pick<GenerationDefaults, 'vatTypeId' | 'vatPercentage'>, month: string, contractIds?: readonly string[]): Promise<DueCandidate[]> {
  const rows = await queryRows<DueRow>(executor, dueQuery(month, contractIds));
  return rows.flatMap((row) => {
    const period = periodAt({ fromDate: row.from_date, toDate: row.to_date, invoiceDate: row.invoice_date, invoiceMonthlyInterval: row.invoice_monthly_interval }, row.period_from);
    if (!period) return [];
    const items = periodRows({ id: row.id, name: row.name, pricePerMonth: row.price_per_month }, row.services, period);
    const totals = billingTotals({ items, VATCharging: defaults.vatTypeId !== null, VATPercentage: defaults.vatPercentage });
    const currencyCode = effectiveCurrencyCode(row.currency_code, row.currency_name ?? undefined) ?? null;
    const reasons: BillingRunReason[] = [];
    if (items.length === 0) reasons.push('no_services');
    // The provider's account of the contract's currency: the rule registering a contract applies too (provider-banks.ts).
    if (!hasProviderBankFor(currencyCode, { providerBank: row.provider_bank_id, providerBank2: row.provider_bank2_id })) reasons.push('no_bank');
    if (!row.customer_id || row.client_active === false) reasons.push('client_inactive');
    return [
      {
        contractId: row.id,
        contractName: row.name,
        customerId: row.customer_id,
        companyName: row.company_name,
        kind: row.is_advance ? 'proforma' : 'invoice',
        period,
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

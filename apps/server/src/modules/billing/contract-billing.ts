import type { BillingKind } from '@kantora/domain';
import { NoticeType, sofiaDay } from '@kantora/domain';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import {
  billingDocuments,
  contractBilledPeriods,
  contractServices,
  contracts,
  type Localized,
} from '../../db/schema/index.ts';
import { buildParties } from '../contracts/index.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import type { InvoiceSettingsService } from '../settings/index.ts';
import { currencyOf, paymentDeadlineFor, signerOf, vatColumns } from './billing-header.ts';
import { type DocumentRecord, loadDocument } from './billing.queries.ts';
import { appendItems, logDocument, recalculate } from './billing-store.ts';
import { type ContractPeriod, type PricedService, periodContaining, periodRows } from './contract-periods.ts';

type ContractRow = typeof contracts.$inferSelect;

/** The later of two YYYY-MM-DD dates. */
const later = (a: string, b: string) => (a >= b ? a : b);

/**
 * What every generated document takes from the invoice defaults (VAT, payment type, signer) and the currencies'
 * rates: read once per transaction (a billing run makes many documents in one).
 */
export interface GenerationDefaults {
  paymentTypeId: string | null;
  signerId: string | null;
  signerName: Localized | null;
  vatTypeId: string | null;
  vatName: Localized;
  vatPercentage: number;
  vatCategory: string | null;
  vatExemptionCode: string | null;
  /** The invoice defaults' payment term in days (a client's own term wins). */
  paymentTermDays: number;
  rate: (currencyId: string) => Promise<number>;
}

export async function generationDefaults(tx: Executor, settings: InvoiceSettingsService): Promise<GenerationDefaults> {
  const row = await settings.row(tx);
  const vatTypeId = row?.vatTypeId ?? null;
  const vat = await vatColumns(tx, vatTypeId, vatTypeId !== null);
  const rates = new Map<string, number>();
  return {
    paymentTypeId: row?.paymentTypeId ?? null,
    signerId: row?.signerId ?? null,
    signerName: row ? ((await signerOf(tx, row.signerId)) ?? null) : null,
    vatTypeId,
    vatName: vat.vatName,
    vatPercentage: vat.vatPercentage,
    vatCategory: vat.vatCategory,
    vatExemptionCode: vat.vatExemptionCode,
    paymentTermDays: row?.paymentTermDays ?? 0,
    rate: async (currencyId) => {
      if (!rates.has(currencyId)) rates.set(currencyId, (await currencyOf(tx, currencyId))?.rate ?? 1);
      return rates.get(currencyId)!;
    },
  };
}

/** The contract's priced services in their order (the rows of a contract without a monthly price). */
export async function contractPricedServices(tx: Executor, contractId: string): Promise<PricedService[]> {
  return tx
    .select({ name: contractServices.name, price: contractServices.price, serviceId: contractServices.serviceId })
    .from(contractServices)
    .where(eq(contractServices.contractId, contractId))
    .orderBy(asc(contractServices.created), asc(contractServices.id));
}

/** The last day of the contract's billed periods (by any document), or null. */
export async function lastBilledDay(tx: Executor, contractId: string): Promise<string | null> {
  const [{ last }] = await queryRows<{ last: string | null }>(
    tx,
    sql`select cast(max(${contractBilledPeriods.periodTo}) as text) as last from ${contractBilledPeriods} where ${contractBilledPeriods.contractId} = ${contractId}`,
  );
  return last;
}

/**
 * Marks a contract's period billed by a document, unless a document bills it already: the insert yields to the key
 * (contract, period start), waiting for a concurrent transaction that has just written it. True when this document
 * now bills the period.
 */
export async function claimPeriod(
  tx: Executor,
  contractId: string,
  period: ContractPeriod,
  documentId: string,
): Promise<boolean> {
  const rows = await tx
    .insert(contractBilledPeriods)
    .values({ contractId, periodFrom: period.periodFrom, periodTo: period.periodTo, documentId })
    .onConflictDoNothing({ target: [contractBilledPeriods.contractId, contractBilledPeriods.periodFrom] })
    .returning({ documentId: contractBilledPeriods.documentId });
  return rows.length > 0;
}

type BillingDocumentRow = typeof billingDocuments.$inferSelect;

/**
 * The contract period a document bills (docs/decisions.md, "Billing run: each period once"): none for a notice or a
 * document without a contract; else the period that holds its own period start (a generated document), or for an
 * invoice made from a proforma the proforma's period start or date, or else its date (periodContaining).
 */
export async function periodOfDocument(
  tx: Executor,
  doc: Pick<BillingDocumentRow, 'contractId' | 'noticeType' | 'periodFrom' | 'date' | 'transformedFromProformaId'>,
): Promise<{ contractId: string; period: ContractPeriod } | null> {
  if (!doc.contractId || doc.noticeType !== NoticeType.invoice) return null;
  const [contract] = await tx
    .select({
      fromDate: contracts.fromDate,
      toDate: contracts.toDate,
      invoiceDate: contracts.invoiceDate,
      invoiceMonthlyInterval: contracts.invoiceMonthlyInterval,
    })
    .from(contracts)
    .where(eq(contracts.id, doc.contractId));
  if (!contract) return null;
  let day = doc.periodFrom ?? doc.date;
  if (!doc.periodFrom && doc.transformedFromProformaId) {
    const [proforma] = await tx
      .select({ periodFrom: billingDocuments.periodFrom, date: billingDocuments.date })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, doc.transformedFromProformaId));
    if (proforma) day = proforma.periodFrom ?? proforma.date;
  }
  return { contractId: doc.contractId, period: periodContaining(contract, day) };
}

/**
 * After a document of a contract is saved by hand or made from a proforma (same transaction): it bills the period
 * it falls in (periodOfDocument) unless another document bills that one already; a draft that moves to another
 * period, contract or becomes a notice lets its old period go. A period billed by another document is left alone
 * (the document is then an extra one of a billed period).
 */
export async function syncBilledPeriod(tx: Executor, doc: BillingDocumentRow): Promise<void> {
  const target = await periodOfDocument(tx, doc);
  const held = await tx
    .select({ contractId: contractBilledPeriods.contractId, periodFrom: contractBilledPeriods.periodFrom })
    .from(contractBilledPeriods)
    .where(eq(contractBilledPeriods.documentId, doc.id));
  if (target && held.some((row) => row.contractId === target.contractId && row.periodFrom === target.period.periodFrom))
    return;
  if (held.length > 0) await tx.delete(contractBilledPeriods).where(eq(contractBilledPeriods.documentId, doc.id));
  if (target) await claimPeriod(tx, target.contractId, target.period, doc.id);
}

export interface GenerateOptions {
  kind: BillingKind;
  period: ContractPeriod;
  /** The Log's action (generateProformaInvoice, billingRun). */
  action: string;
  timesheetAnnex?: boolean;
}

/**
 * THE generation of a contract's document for an invoicing period (generateProformaInvoice, registering an advance
 * contract, the billing run): a draft of the kind with the contract's parties, currency and rate, the invoice
 * defaults' VAT, payment type and signer, dated today, the payment deadline today plus the client's payment term (else
 * the defaults'), but not before the period's first day, the period's rows (periodRows) and totals; logged on the
 * document and the contract. The insert yields to the unique key on generated documents' (contract, period start),
 * then the period is marked billed (claimPeriod): when the period is billed already (also by a concurrent
 * transaction, which it waits for) nothing is kept and the answer is null.
 */
export async function generateContractDocument(
  tx: Executor,
  actor: Actor,
  defaults: GenerationDefaults,
  c: ContractRow,
  options: GenerateOptions,
): Promise<DocumentRecord | null> {
  const { kind, period } = options;
  const choice = {
    providerBank: c.providerBankId,
    providerBank2: c.providerBank2Id,
    customerId: c.customerId,
    customerBank: c.customerBankId,
  };
  const { parties } = await buildParties(tx, choice, choice);
  const today = sofiaDay();
  // Due today plus the client's term (else the defaults'), but not before the period starts (docs/decisions.md, "Payment terms").
  const deadline = later(
    period.periodFrom,
    (await paymentDeadlineFor(tx, today, c.customerId, defaults.paymentTermDays)) ?? today,
  );
  const [document] = await tx
    .insert(billingDocuments)
    .values({
      kind,
      date: today,
      taxDate: kind === 'invoice' ? today : null,
      paymentDeadlineDate: deadline,
      paymentTypeId: defaults.paymentTypeId,
      signerId: defaults.signerId,
      signerName: defaults.signerName,
      vatCharging: defaults.vatTypeId !== null,
      vatTypeId: defaults.vatTypeId,
      vatName: defaults.vatName,
      vatPercentage: defaults.vatPercentage,
      vatCategory: defaults.vatCategory,
      vatExemptionCode: defaults.vatExemptionCode,
      currencyId: c.currencyId,
      currencyRate: await defaults.rate(c.currencyId),
      providerId: parties.providerId,
      providerBankId: c.providerBankId,
      providerBank2Id: c.providerBank2Id,
      provider: parties.provider,
      customerId: c.customerId,
      customerBankId: c.customerBankId,
      customer: parties.customer,
      contractId: c.id,
      periodFrom: period.periodFrom,
      periodTo: period.periodTo,
      timesheetAnnex: options.timesheetAnnex ?? false,
      createdBy: actor.id,
      createdByName: actor.fullName,
    })
    .onConflictDoNothing({
      target: [billingDocuments.contractId, billingDocuments.periodFrom],
      where: sql`${billingDocuments.periodFrom} is not null`,
    })
    .returning();
  if (!document) return null;
  if (!(await claimPeriod(tx, c.id, period, document.id))) {
    // Billed by another document (one made by hand, also in a concurrent transaction): this one goes again.
    await tx.delete(billingDocuments).where(eq(billingDocuments.id, document.id));
    return null;
  }

  const services = Number(c.pricePerMonth) > 0 ? [] : await contractPricedServices(tx, c.id);
  await appendItems(tx, actor, document.id, periodRows(c, services, period));
  await recalculate(tx, document);
  const saved = await loadDocument(tx, kind, actor, document.id);
  await logDocument(tx, actor, options.action, null, saved);
  await writeLog(tx, {
    name: 'Contract',
    doc: c.id,
    model: 'contracts',
    type: 'event',
    action: options.action,
    new: {
      [kind === 'invoice' ? 'invoice' : 'proformaInvoice']: document.id,
      periodFrom: period.periodFrom,
      periodTo: period.periodTo,
    },
    actor,
  });
  return saved;
}

/**
 * The billed periods of documents made before they were recorded, and where catching up starts for those contracts
 * (docs/decisions.md, "Billing run: each period once"). Migration 0020 runs the same statements (keep them alike); the
 * seeds, which insert documents directly, run them after their documents.
 * 1. Each plain document (not a notice) of a contract bills the period it falls in (its own period start, its
 *    proforma's, else its date, brought into the contract; PostgreSQL's month arithmetic clamps the day like
 *    addMonths); of several documents of one period the oldest bills it.
 * 2. A contract without a start gets one: the day after its last billed period, but not after the first day of the
 *    current month (Europe/Sofia) and not before its from date. So a contract last billed in March is offered April
 *    onwards, one never billed starts at the current month (as the run offered before), and gaps between old
 *    documents (often one document for several periods) are not offered.
 */
export const BACKFILL_BILLED_PERIODS: readonly SQL[] = [
  sql.raw(`insert into contract_billed_periods (contract_id, period_from, period_to, document_id, created)
select distinct on (x.contract_id, x.period_from) x.contract_id, x.period_from, x.period_to, x.id, x.created
from (
  select b.id, b.created, b.contract_id,
    greatest(c.from_date, cast(a.anchor + make_interval(months => k.k * c.invoice_monthly_interval) as date)) as period_from,
    least(c.to_date, cast(a.anchor + make_interval(months => (k.k + 1) * c.invoice_monthly_interval) as date) - 1) as period_to
  from billing_documents b
  join contracts c on c.id = b.contract_id
  left join billing_documents p on p.id = b.transformed_from_proforma_id
  cross join lateral (select coalesce(c.invoice_date, c.from_date) as anchor,
    least(greatest(coalesce(b.period_from, p.period_from, p.date, b.date), c.from_date), c.to_date) as day) a
  cross join lateral (select cast(floor(((extract(year from a.day) * 12 + extract(month from a.day)) - (extract(year from a.anchor) * 12 + extract(month from a.anchor))) / c.invoice_monthly_interval) as integer) as k0) g
  cross join lateral (select case when cast(a.anchor + make_interval(months => g.k0 * c.invoice_monthly_interval) as date) > a.day then g.k0 - 1 else g.k0 end as k) k
  where b.notice_type = 0
) x
order by x.contract_id, x.period_from, x.created, x.id
on conflict do nothing`),
  sql.raw(`update contracts c set billing_from = greatest(c.from_date, least(
  cast(date_trunc('month', now() at time zone 'Europe/Sofia') as date),
  coalesce((select max(b.period_to) + 1 from contract_billed_periods b where b.contract_id = c.id), cast('infinity' as date))))
where c.billing_from is null`),
];

export async function backfillBilledPeriods(executor: Executor): Promise<void> {
  for (const statement of BACKFILL_BILLED_PERIODS) await executor.execute(statement);
}

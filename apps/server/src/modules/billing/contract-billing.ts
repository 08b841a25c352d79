import type { BillingKind } from '@kantora/domain';
import { NoticeType, paymentDeadlineOf, sofiaDay } from '@kantora/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import {
  billingDocuments,
  billingItems,
  contractBilledPeriods,
  contractServices,
  contracts,
  type Localized,
} from '../../db/schema/index.ts';
import { buildPartiesOfMany } from '../contracts/index.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import { writeLogs } from '../logs/index.ts';
import type { InvoiceSettingsService } from '../settings/index.ts';
import { currencyOf, signerOf, vatColumns } from './billing-header.ts';
import { type DocumentRecord, loadDocuments } from './billing.queries.ts';
import { checkNewItems, documentLogEntry, type NewItem, totalsOfRows } from './billing-store.ts';
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

/** One document to generate: the contract, the kind and the period. */
export interface GenerationItem {
  contract: ContractRow;
  kind: BillingKind;
  period: ContractPeriod;
}

/**
 * THE generation of a contract's document for an invoicing period (generateProformaInvoice, registering an advance
 * contract): generateContractDocuments of one.
 */
export async function generateContractDocument(
  tx: Executor,
  actor: Actor,
  defaults: GenerationDefaults,
  c: ContractRow,
  options: GenerateOptions,
): Promise<DocumentRecord | null> {
  const [saved] = await generateContractDocuments(
    tx,
    actor,
    defaults,
    [{ contract: c, kind: options.kind, period: options.period }],
    options,
  );
  return saved;
}

/**
 * THE generation of contracts' documents for their invoicing periods (generateContractDocument, the billing run's
 * chunk), set-based: a few statements for the whole list, whatever its length. Each document is a draft of its kind
 * with its contract's parties, currency and rate, the invoice defaults' VAT, payment type and signer, dated today, the
 * payment deadline today plus the client's payment term (else the defaults'), but not before the period's first day,
 * the period's rows (periodRows) and totals (recalculate's arithmetic: totalsOfRows); logged on the document and the
 * contract. The documents are inserted in the list's order (callers keep the run's order, so concurrent generations
 * take the keys in one order and wait for each other, never a deadlock), yielding to the unique key on generated
 * documents' (contract, period start); then their periods are marked billed in that order (claimPeriod's key): a
 * document whose period is billed already (also by a concurrent transaction, which the insert waits for) is not kept
 * and its answer is null. Answers the saved documents in the list's order.
 */
export async function generateContractDocuments(
  tx: Executor,
  actor: Actor,
  defaults: GenerationDefaults,
  list: readonly GenerationItem[],
  options: Pick<GenerateOptions, 'action' | 'timesheetAnnex'>,
): Promise<Array<DocumentRecord | null>> {
  if (list.length === 0) return [];
  const today = sofiaDay();
  const choices = list.map(({ contract: c }) => ({
    providerBank: c.providerBankId,
    providerBank2: c.providerBank2Id,
    customerId: c.customerId,
    customerBank: c.customerBankId,
  }));
  const parties = await buildPartiesOfMany(tx, choices);
  // The contracts without a monthly price bill their priced services (one read for all).
  const servicesOf = new Map<string, PricedService[]>();
  const serviceContracts = [
    ...new Set(list.filter(({ contract: c }) => !(Number(c.pricePerMonth) > 0)).map(({ contract: c }) => c.id)),
  ];
  if (serviceContracts.length > 0) {
    const rows = await tx
      .select({
        contractId: contractServices.contractId,
        name: contractServices.name,
        price: contractServices.price,
        serviceId: contractServices.serviceId,
      })
      .from(contractServices)
      .where(inArray(contractServices.contractId, serviceContracts))
      .orderBy(asc(contractServices.created), asc(contractServices.id));
    for (const { contractId, ...service } of rows) {
      const priced = servicesOf.get(contractId) ?? [];
      priced.push(service);
      servicesOf.set(contractId, priced);
    }
  }
  const vat = { vatCharging: defaults.vatTypeId !== null, vatPercentage: defaults.vatPercentage, noticeType: 0 };
  const made: Array<{ items: NewItem[]; totals: ReturnType<typeof totalsOfRows> | null; error: AppError | null }> = [];
  const values: Array<typeof billingDocuments.$inferInsert> = [];
  for (const [index, { contract: c, kind, period }] of list.entries()) {
    const { parties: built, client } = parties[index];
    // Due today plus the client's term (else the defaults'), but not before the period starts (docs/decisions.md, "Payment terms").
    const term = { client: client?.paymentTermDays ?? null, default: defaults.paymentTermDays };
    const deadline = later(period.periodFrom, paymentDeadlineOf(today, term) ?? today);
    const rate = await defaults.rate(c.currencyId);
    // The rows and totals with recalculate's arithmetic and limits, before anything is written: the prices come from
    // columns of two decimals, the quantities are whole months, the VAT and rate are those the document stores, so
    // recalculate's totals of the stored rows are these. A figure too large refuses the call (400) only when its
    // document is kept (below), as when each document was checked after its insert; until then its totals are zero.
    const items = periodRows(c, servicesOf.get(c.id) ?? [], period);
    try {
      checkNewItems(items);
      made.push({ items, totals: totalsOfRows(vat, items, rate), error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      made.push({ items, totals: null, error });
    }
    const totals = made[index].totals;
    values.push({
      kind,
      date: today,
      taxDate: kind === 'invoice' ? today : null,
      paymentDeadlineDate: deadline,
      paymentTypeId: defaults.paymentTypeId,
      signerId: defaults.signerId,
      signerName: defaults.signerName,
      vatCharging: vat.vatCharging,
      vatTypeId: defaults.vatTypeId,
      vatName: defaults.vatName,
      vatPercentage: defaults.vatPercentage,
      vatCategory: defaults.vatCategory,
      vatExemptionCode: defaults.vatExemptionCode,
      currencyId: c.currencyId,
      currencyRate: rate,
      amount: totals?.amount ?? 0,
      vatAmount: totals?.VATAmount ?? 0,
      totalAmount: totals?.totalAmount ?? 0,
      providerId: built.providerId,
      providerBankId: c.providerBankId,
      providerBank2Id: c.providerBank2Id,
      provider: built.provider,
      customerId: c.customerId,
      customerBankId: c.customerBankId,
      customer: built.customer,
      contractId: c.id,
      periodFrom: period.periodFrom,
      periodTo: period.periodTo,
      timesheetAnnex: options.timesheetAnnex ?? false,
      createdBy: actor.id,
      createdByName: actor.fullName,
    });
  }
  const keyOf = (contractId: string | null, periodFrom: string | null) => `${contractId}|${periodFrom}`;
  const inserted = new Map(
    (
      await tx
        .insert(billingDocuments)
        .values(values)
        .onConflictDoNothing({
          target: [billingDocuments.contractId, billingDocuments.periodFrom],
          where: sql`${billingDocuments.periodFrom} is not null`,
        })
        .returning()
    ).map((row) => [keyOf(row.contractId, row.periodFrom), row]),
  );
  const documents = list.map(({ contract: c, period }) => inserted.get(keyOf(c.id, period.periodFrom)) ?? null);
  const claims = list.flatMap(({ contract: c, period }, index) => {
    const document = documents[index];
    return document
      ? [{ contractId: c.id, periodFrom: period.periodFrom, periodTo: period.periodTo, documentId: document.id }]
      : [];
  });
  const claimed = new Set(
    claims.length === 0
      ? []
      : (
          await tx
            .insert(contractBilledPeriods)
            .values(claims)
            .onConflictDoNothing({ target: [contractBilledPeriods.contractId, contractBilledPeriods.periodFrom] })
            .returning({ documentId: contractBilledPeriods.documentId })
        ).map((row) => row.documentId),
  );
  // Billed by another document (one made by hand, also in a concurrent transaction): these go again.
  const lost = claims.filter((claim) => !claimed.has(claim.documentId)).map((claim) => claim.documentId);
  if (lost.length > 0) await tx.delete(billingDocuments).where(inArray(billingDocuments.id, lost));
  const kept = list.flatMap((item, index) => {
    const document = documents[index];
    return document && claimed.has(document.id) ? [{ ...item, document, index }] : [];
  });
  if (kept.length === 0) return list.map(() => null);

  // The first kept document whose figures do not fit refuses the call (the transaction rolls back).
  for (const { index } of kept) {
    const { error } = made[index];
    if (error) throw error;
  }
  const rows = kept.flatMap(({ document, index: at }) => {
    const { items, totals } = made[at];
    return items.map((item, index) => ({
      documentId: document.id,
      position: index + 1,
      name: item.name,
      comment: item.comment ?? { bg: '', it: '' },
      quantity: item.quantity,
      price: item.price,
      total: totals!.lineTotals[index],
      serviceId: item.serviceId ?? null,
      contractId: item.contractId ?? null,
      createdBy: actor.id,
      // recalculate stamps the rows whose total it changes from the 0 they were appended with.
      updated: totals!.lineTotals[index] !== 0 ? sql`now()` : null,
    }));
  });
  if (rows.length > 0) await tx.insert(billingItems).values(rows);

  const saved = await loadDocuments(
    tx,
    actor,
    kept.map(({ kind, document }) => ({ id: document.id, kind })),
  );
  await writeLogs(
    tx,
    kept.flatMap(({ contract: c, kind, period, document }, index) => [
      documentLogEntry(actor, options.action, null, saved[index]),
      {
        name: 'Contract',
        doc: c.id,
        model: 'contracts',
        type: 'event' as const,
        action: options.action,
        new: {
          [kind === 'invoice' ? 'invoice' : 'proformaInvoice']: document.id,
          periodFrom: period.periodFrom,
          periodTo: period.periodTo,
        },
        actor,
      },
    ]),
  );
  const byId = new Map(saved.map((record) => [record.row.id, record]));
  return documents.map((document) => (document ? (byId.get(document.id) ?? null) : null));
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

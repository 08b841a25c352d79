import type { BillingKind } from '@kantora/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { billingDocuments, contractServices, type contracts, type Localized } from '../../db/schema/index.ts';
import { buildParties } from '../contracts/snapshots.ts';
import { type Actor, writeLog } from '../logs/audit.ts';
import type { InvoiceSettingsService } from '../settings/invoice-settings.service.ts';
import { sofiaDate } from './access.ts';
import { currencyOf, signerOf, vatColumns } from './billing-header.ts';
import { type DocumentRecord, loadDocument } from './billing.queries.ts';
import { appendItems, logDocument, recalculate } from './billing-store.ts';
import { type ContractPeriod, type PricedService, periodRows } from './contract-periods.ts';

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

/** The last day of the contract's billed periods (any kind), or null. */
export async function lastBilledDay(tx: Executor, contractId: string): Promise<string | null> {
  const [{ last }] = await queryRows<{ last: string | null }>(
    tx,
    sql`select cast(max(period_to) as text) as last from ${billingDocuments} where ${billingDocuments.contractId} = ${contractId} and ${billingDocuments.periodFrom} is not null`,
  );
  return last;
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
 * defaults' VAT, payment type and signer, dated today, the payment deadline the period's first day (today when that
 * is past), the period's rows (periodRows) and totals; logged on the document and the contract. The insert yields to
 * the unique key on (contract, period start): when the period is billed already (also by a concurrent transaction,
 * which it waits for) nothing is created and the answer is null.
 */
export async function generateContractDocument(tx: Executor, actor: Actor, defaults: GenerationDefaults, c: ContractRow, options: GenerateOptions): Promise<DocumentRecord | null> {
  const { kind, period } = options;
  const choice = { providerBank: c.providerBankId, providerBank2: c.providerBank2Id, customerId: c.customerId, customerBank: c.customerBankId };
  const { parties } = await buildParties(tx, choice, choice);
  const today = sofiaDate();
  const deadline = later(period.periodFrom, today);
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
    .onConflictDoNothing({ target: [billingDocuments.contractId, billingDocuments.periodFrom], where: sql`${billingDocuments.periodFrom} is not null` })
    .returning();
  if (!document) return null;

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
    new: { [kind === 'invoice' ? 'invoice' : 'proformaInvoice']: document.id, periodFrom: period.periodFrom, periodTo: period.periodTo },
    actor,
  });
  return saved;
}

import { type BillingDocumentView, ContractStatus, MessageKeys as M, NoticeType, sofiaDay } from '@kantora/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { billingDocuments, billingItems } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { fieldError } from '../../http/validation.ts';
import type { ContractsService, ContractRecord } from '../contracts/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { InvoiceSettingsService } from '../settings/index.ts';
import { addDays } from './access.ts';
import { type DocumentRecord, loadDocument, viewDto } from './billing.queries.ts';
import { paymentDeadlineFor } from './billing-header.ts';
import { appendItems, logDocument, recalculate } from './billing-store.ts';
import { generateContractDocument, generationDefaults, lastBilledDay, syncBilledPeriod } from './contract-billing.ts';
import { firstPeriodFrom, periodAt } from './contract-periods.ts';

/**
 * Proforma → invoice (whole, or chosen rows) and the proformas of contracts (generateProformaInvoice, and on
 * registering an advance contract).
 */
export class BillingTransformsService {
  constructor(
    private readonly db: Db,
    private readonly deps: { contracts: ContractsService; settings: InvoiceSettingsService },
  ) {}

  /** transformProformaToInvoice: every row of an issued, untransformed proforma into a new draft invoice. */
  async transformWhole(actor: Actor, proformaId: string): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const proforma = await this.issuedProforma(tx, actor, proformaId, 'update');
      if (proforma.row.transformedToInvoiceId || proforma.transformedItems > 0 || proforma.itemsCount === 0)
        throw conflict(M.proforma_already_transformed);
      return this.transform(tx, actor, proforma, null);
    });
  }

  /** transformItemsToInvoice: chosen rows into a new draft invoice; all the rows is the whole transformation. */
  async transformItems(actor: Actor, proformaId: string, itemIds: string[]): Promise<BillingDocumentView> {
    const chosen = [...new Set(itemIds)];
    return this.db.transaction(async (tx) => {
      // The rows of an issued proforma do not change; whether the choice is the whole decides the lock.
      const rows = await tx
        .select({ id: billingItems.id })
        .from(billingItems)
        .where(eq(billingItems.documentId, proformaId));
      const proforma = await this.issuedProforma(
        tx,
        actor,
        proformaId,
        chosen.length === rows.length ? 'update' : 'share',
      );
      const own = new Set(rows.map((row) => row.id));
      const unknown = chosen.findIndex((id) => !own.has(id));
      if (unknown >= 0) throw fieldError(`proformaInvoiceItems.${unknown}`, M.invalid_value);
      if (chosen.length === rows.length) {
        if (proforma.row.transformedToInvoiceId || proforma.transformedItems > 0)
          throw conflict(M.proforma_items_transformed);
        return this.transform(tx, actor, proforma, null);
      }
      return this.transform(tx, actor, proforma, chosen);
    });
  }

  /**
   * An issued proforma the actor sees, locked: transformations of some rows share the lock (the conditional update
   * of the rows decides between them); the whole transformation, which also links the proforma, takes it alone
   * before touching any row (so it never waits for a row while holding others), and so does unissue.
   */
  private async issuedProforma(
    tx: Executor,
    actor: Actor,
    id: string,
    lock: 'update' | 'share',
  ): Promise<DocumentRecord> {
    const proforma = await loadDocument(tx, 'proforma', actor, id, lock);
    if (!proforma.row.issued) throw conflict(M.document_not_issued);
    return proforma;
  }

  /**
   * The new draft invoice: the proforma's parties, currency, rate, VAT, payment type, signer and contract, today's
   * date, due today plus the client's payment term (else the invoice defaults'); the rows marked transformed by one
   * conditional update (a row already transformed, also by a concurrent call, makes it touch fewer rows: 409 and
   * nothing is kept); copies of those rows; links both ways.
   */
  private async transform(
    tx: Executor,
    actor: Actor,
    proforma: DocumentRecord,
    itemIds: string[] | null,
  ): Promise<BillingDocumentView> {
    const p = proforma.row;
    const today = sofiaDay();
    const [invoice] = await tx
      .insert(billingDocuments)
      .values({
        kind: 'invoice',
        date: today,
        taxDate: today,
        paymentDeadlineDate: await paymentDeadlineFor(
          tx,
          today,
          p.customerId,
          (await this.deps.settings.row(tx))?.paymentTermDays,
        ),
        paymentTypeId: p.paymentTypeId,
        signerId: p.signerId,
        signerName: p.signerName,
        vatCharging: p.vatCharging,
        vatTypeId: p.vatTypeId,
        vatName: p.vatName,
        vatPercentage: p.vatPercentage,
        vatCategory: p.vatCategory,
        vatExemptionCode: p.vatExemptionCode,
        noticeType: NoticeType.invoice,
        currencyId: p.currencyId,
        currencyRate: p.currencyRate,
        providerId: p.providerId,
        providerBankId: p.providerBankId,
        providerBank2Id: p.providerBank2Id,
        provider: p.provider,
        customerId: p.customerId,
        customerBankId: p.customerBankId,
        customer: p.customer,
        contractId: p.contractId,
        showBgInvoice: p.showBgInvoice,
        timesheetAnnex: p.timesheetAnnex,
        transformedFromProformaId: p.id,
        createdBy: actor.id,
        createdByName: actor.fullName,
      })
      .returning();
    const expected = itemIds?.length ?? proforma.itemsCount;
    const marked = await tx
      .update(billingItems)
      .set({ isTransformed: true, transformedToInvoiceId: invoice.id, updated: sql`now()` })
      .where(
        and(
          eq(billingItems.documentId, p.id),
          eq(billingItems.isTransformed, false),
          itemIds ? inArray(billingItems.id, itemIds) : undefined,
        ),
      )
      .returning();
    if (marked.length !== expected)
      throw conflict(itemIds ? M.proforma_items_transformed : M.proforma_already_transformed);
    if (!itemIds) {
      const [linked] = await tx
        .update(billingDocuments)
        .set({ transformedToInvoiceId: invoice.id, updated: sql`now()` })
        .where(and(eq(billingDocuments.id, p.id), isNull(billingDocuments.transformedToInvoiceId)))
        .returning({ id: billingDocuments.id });
      if (!linked) throw conflict(M.proforma_already_transformed);
    }
    // The invoice bills its proforma's period (once: the proforma has it already, unless it was made without one).
    await syncBilledPeriod(tx, invoice);
    marked.sort((a, b) => a.position - b.position);
    await appendItems(
      tx,
      actor,
      invoice.id,
      marked.map((row) => ({
        name: row.name,
        comment: row.comment,
        quantity: Number(row.quantity),
        price: Number(row.price),
        serviceId: row.serviceId,
        contractId: row.contractId,
        transformedFromProformaId: p.id,
        transformedFromItemId: row.id,
      })),
    );
    await recalculate(tx, invoice);
    const saved = await loadDocument(tx, 'invoice', actor, invoice.id);
    const action = itemIds ? 'transformItemsToInvoice' : 'transformProformaToInvoice';
    await logDocument(tx, actor, action, null, saved);
    await logDocument(tx, actor, action, proforma, await loadDocument(tx, 'proforma', actor, p.id));
    return viewDto(saved, actor);
  }

  /** POST /api/contracts/generateProformaInvoice: a draft proforma of the contract's next invoicing period. */
  async generate(actor: Actor, contractId: string): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const contract = await this.deps.contracts.find(tx, actor, contractId, true);
      if (contract.derivedStatus !== ContractStatus.registered) throw conflict(M.contract_not_registered);
      const created = await this.generateIn(tx, actor, contract);
      if (!created) throw conflict(M.contract_periods_invoiced);
      return viewDto(created, actor);
    });
  }

  /**
   * The hook of registering an advance contract (contracts.service.ts calls it in the register transaction): a
   * draft proforma of its first period, unless the contract has already ended or every period has one.
   */
  async onContractRegistered(tx: Executor, actor: Actor, contract: ContractRecord): Promise<void> {
    if (!contract.row.isAdvance) return;
    const fresh = await this.deps.contracts.find(tx, actor, contract.row.id);
    if (fresh.derivedStatus !== ContractStatus.registered) return;
    await this.generateIn(tx, actor, fresh);
  }

  /**
   * The next period (docs/decisions.md, "Billing run" and "Billing run: each period once"): the one starting the day
   * after the contract's last billed period (by any document), else the first one from where its billing starts (its
   * from date, or the start migration 0020 gave an older contract), null past the contract's end; made by the shared
   * generation (contract-billing.ts) as a draft proforma.
   */
  private async generateIn(tx: Executor, actor: Actor, contract: ContractRecord): Promise<DocumentRecord | null> {
    const c = contract.row;
    const last = await lastBilledDay(tx, c.id);
    const period = last ? periodAt(c, addDays(last, 1)) : firstPeriodFrom(c, c.billingFrom ?? c.fromDate);
    if (!period) return null;
    const defaults = await generationDefaults(tx, this.deps.settings);
    return generateContractDocument(tx, actor, defaults, c, {
      kind: 'proforma',
      period,
      action: 'generateProformaInvoice',
    });
  }
}

import {
  type BillingDocumentView,
  type BillingKind,
  convertAmount,
  MAX_BILLING_ITEMS,
  MessageKeys as M,
  NoticeType,
  sofiaDay,
} from '@kantora/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { billingDocuments, billingItems } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { buildParties } from '../contracts/index.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import type { InvoiceSettingsService } from '../settings/index.ts';
import { LOG_NAMES } from './access.ts';
import { originalErrors, paymentDeadlineFor } from './billing-header.ts';
import { hasPayments } from './billing-payments.queries.ts';
import { loadDocument, logView, viewDto } from './billing.queries.ts';
import { appendItems, logDocument, recalculate, requireDraft } from './billing-store.ts';
import { syncBilledPeriod } from './contract-billing.ts';

/**
 * Drafts removed and documents duplicated (both kinds), and a notice's rows copied from its original invoice
 * (docs/decisions.md, "Removing and duplicating drafts").
 */
export class BillingDraftsService {
  constructor(
    private readonly db: Db,
    private readonly settings: InvoiceSettingsService,
  ) {}

  /**
   * remove: a draft that was never issued and has no number (a document unissued back to draft keeps its number and
   * may never go: 409 `document_numbered`, the register has no gaps). Under the document's row lock, so a concurrent
   * issue either comes first (409 here) or finds no document (404 there). Its rows, frozen annex and billed period go
   * with it (the period is free for the billing run again); a proforma's rows copied into this draft invoice are
   * free to be transformed again. Logged (old = the document).
   */
  async remove(kind: BillingKind, actor: Actor, id: string): Promise<{ _id: string }> {
    return this.db.transaction(async (tx) => {
      const old = await loadDocument(tx, kind, actor, id, 'update');
      requireDraft(old);
      if (old.row.number) throw conflict(M.document_numbered);
      // Never issued, so nothing should name it; a document that does keeps it (refused, not a foreign key error).
      const [referenced] = await tx
        .select({ id: billingDocuments.id })
        .from(billingDocuments)
        .where(or(eq(billingDocuments.creditToInvoiceId, id), eq(billingDocuments.transformedFromProformaId, id)))
        .limit(1);
      if (referenced || old.transformedItems > 0 || old.row.transformedToInvoiceId)
        throw conflict(M.document_referenced);
      if (await hasPayments(tx, id)) throw conflict(M.document_has_payments);
      if (old.row.transformedFromProformaId) await this.freeProformaRows(tx, old.row.transformedFromProformaId, id);
      const [deleted] = await tx
        .delete(billingDocuments)
        .where(
          and(eq(billingDocuments.id, id), eq(billingDocuments.issued, false), sql`${billingDocuments.number} is null`),
        )
        .returning({ id: billingDocuments.id });
      if (!deleted) throw conflict(M.document_issued);
      await writeLog(tx, {
        name: LOG_NAMES[kind].document,
        doc: id,
        model: 'billing_documents',
        type: 'delete',
        action: 'remove',
        old: logView(old),
        new: null,
        actor,
      });
      return { _id: id };
    });
  }

  /** The rows of a proforma copied into a draft invoice being removed: not transformed any more, the whole link undone. */
  private async freeProformaRows(tx: Executor, proformaId: string, invoiceId: string) {
    await tx
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, proformaId))
      .for('update');
    await tx
      .update(billingItems)
      .set({ isTransformed: false, transformedToInvoiceId: null, updated: sql`now()` })
      .where(and(eq(billingItems.documentId, proformaId), eq(billingItems.transformedToInvoiceId, invoiceId)));
    await tx
      .update(billingDocuments)
      .set({ transformedToInvoiceId: null, updated: sql`now()` })
      .where(and(eq(billingDocuments.id, proformaId), eq(billingDocuments.transformedToInvoiceId, invoiceId)));
  }

  /**
   * duplicate: any document of the kind (draft or issued) into a new draft with its header (customer, contract,
   * currency and rate, VAT, banks, payment type, signer, texts) and rows; dated today, no number, no payments, due
   * today plus the client's payment term (else the invoice defaults'), as a new document is; a credit notice has none. A notice keeps its original while
   * that is still an issued invoice of the customer (the credit limit is checked at issue as always), else it is a
   * notice draft without one. Not copied: the generated period (one document per period), the proforma links. The
   * party snapshots are taken anew (as a save does) when the picks are still valid, else the source's are kept.
   * Logged as a create.
   */
  async duplicate(kind: BillingKind, actor: Actor, id: string): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const { row: source } = await loadDocument(tx, kind, actor, id);
      const today = sofiaDay();
      const deadline = await paymentDeadlineFor(
        tx,
        today,
        source.customerId,
        (await this.settings.row(tx))?.paymentTermDays,
        source.noticeType,
      );
      const keepsOriginal =
        source.noticeType !== NoticeType.invoice &&
        source.creditToInvoiceId !== null &&
        (await originalErrors(tx, undefined, source.creditToInvoiceId, source.customerId)).length === 0;
      const choice = {
        providerBank: source.providerBankId,
        providerBank2: source.providerBank2Id,
        customerId: source.customerId,
        customerBank: source.customerBankId,
      };
      const fresh = await buildParties(tx, choice, choice);
      const parties =
        fresh.errors.length === 0
          ? fresh.parties
          : { providerId: source.providerId, provider: source.provider, customer: source.customer };
      const [row] = await tx
        .insert(billingDocuments)
        .values({
          kind,
          date: today,
          taxDate: kind === 'invoice' ? today : null,
          paymentDeadlineDate: deadline,
          paymentTypeId: source.paymentTypeId,
          signerId: source.signerId,
          signerName: source.signerName,
          vatCharging: source.vatCharging,
          vatTypeId: source.vatTypeId,
          vatName: source.vatName,
          vatPercentage: source.vatPercentage,
          vatCategory: source.vatCategory,
          vatExemptionCode: source.vatExemptionCode,
          noticeType: source.noticeType,
          creditToInvoiceId: keepsOriginal ? source.creditToInvoiceId : null,
          noticeReason: source.noticeReason,
          currencyId: source.currencyId,
          currencyRate: source.currencyRate,
          providerId: parties.providerId,
          providerBankId: source.providerBankId,
          providerBank2Id: source.providerBank2Id,
          provider: parties.provider,
          customerId: source.customerId,
          customerBankId: source.customerBankId,
          customer: parties.customer,
          contractId: source.contractId,
          timesheetAnnex: source.timesheetAnnex,
          showBgInvoice: source.showBgInvoice,
          createdBy: actor.id,
          createdByName: actor.fullName,
        })
        .returning();
      const rows = await tx
        .select()
        .from(billingItems)
        .where(eq(billingItems.documentId, source.id))
        .orderBy(asc(billingItems.position), asc(billingItems.id));
      await appendItems(
        tx,
        actor,
        row.id,
        rows.map((item) => ({
          name: item.name,
          comment: item.comment,
          quantity: Number(item.quantity),
          price: Number(item.price),
          serviceId: item.serviceId,
          contractId: item.contractId,
        })),
      );
      await syncBilledPeriod(tx, row);
      await recalculate(tx, row);
      const saved = await loadDocument(tx, kind, actor, row.id);
      await logDocument(tx, actor, 'duplicate', null, saved);
      return viewDto(saved, actor);
    });
  }

  /**
   * copyOriginalItems (invoices): the rows of a draft notice's original invoice (names, comments, units, quantities,
   * prices) copied into the notice, prices converted when the notice has another rate (older data: a notice takes
   * its original's currency and rate); VAT is the notice's (its original's when saved with it). The notice must be a
   * draft (409 `document_issued`), a notice with an original (409 `notice_original_required`) and have no rows yet
   * (409 `document_has_items`: nothing the user typed is replaced). Logged.
   */
  async copyOriginalItems(actor: Actor, id: string): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const old = await loadDocument(tx, 'invoice', actor, id, 'update');
      requireDraft(old);
      const { row } = old;
      if (row.noticeType === NoticeType.invoice || !row.creditToInvoiceId) throw conflict(M.notice_original_required);
      if (old.itemsCount > 0) throw conflict(M.document_has_items);
      const [original] = await tx
        .select({ currencyRate: billingDocuments.currencyRate })
        .from(billingDocuments)
        .where(eq(billingDocuments.id, row.creditToInvoiceId));
      const rows = await tx
        .select()
        .from(billingItems)
        .where(eq(billingItems.documentId, row.creditToInvoiceId))
        .orderBy(asc(billingItems.position), asc(billingItems.id));
      if (rows.length > MAX_BILLING_ITEMS) throw badRequest(M.too_many_items);
      const fromRate = Number(original?.currencyRate ?? row.currencyRate);
      const toRate = Number(row.currencyRate);
      await appendItems(
        tx,
        actor,
        row.id,
        rows.map((item) => ({
          name: item.name,
          comment: item.comment,
          quantity: Number(item.quantity),
          price: fromRate === toRate ? Number(item.price) : convertAmount(Number(item.price), fromRate, toRate),
          serviceId: item.serviceId,
          contractId: item.contractId,
        })),
      );
      await recalculate(tx, row);
      const saved = await loadDocument(tx, 'invoice', actor, row.id);
      await logDocument(tx, actor, 'copyOriginalItems', old, saved);
      return viewDto(saved, actor);
    });
  }
}

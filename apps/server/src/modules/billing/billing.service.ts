import {
  type ApiFieldError,
  type BillingCountQuery,
  type BillingCounts,
  type BillingDocumentView,
  type BillingKind,
  type BillingListQuery,
  type BillingOption,
  type BillingPaidTotals,
  type BillingRow,
  type BillingSaveValues,
  type BillingSearchQuery,
  type ListResult,
  type Locale,
  MessageKeys as M,
  NoticeType,
  type NoticeTypeValue,
  type PrintLayoutName,
  toCents,
  sofiaDay,
} from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cappedCount, isUniqueViolation, type ListTotal, listTotal, queryRows } from '../../db/sql-helpers.ts';
import { billingDocuments } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { formFailed } from '../../http/validation.ts';
import { buildParties } from '../contracts/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { InvoiceSettingsService } from '../settings/index.ts';
import { resolveHeader, originalErrors } from './billing-header.ts';
import {
  billingCountQueries,
  billingListQueries,
  creditedCents,
  type DocumentRecord,
  firstDate,
  loadDocument,
  lockContract,
  lockOriginal,
  periodTaken,
  readsDateIndex,
  rowDto,
  rowsOf,
  searchOptions,
  viewDto,
} from './billing.queries.ts';
import { logDocument, recalculate, requireDraft, takeNumber } from './billing-store.ts';
import { hasPayments } from './billing-payments.queries.ts';
import { clearTimesheetAnnex, freezeTimesheetAnnex } from './billing-annex.ts';
import { syncBilledPeriod } from './contract-billing.ts';
import { printDocument } from './billing-print.ts';

/**
 * Invoices and proforma invoices (one service, a `kind` on every call): the lists, the document, its save and the
 * calls that are saves of one part (currency, VAT, notice), issue and unissue. Rows: billing-items.service.ts;
 * transformations and contract proformas: billing-transforms.service.ts.
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly settings: InvoiceSettingsService,
  ) {}

  async list(kind: BillingKind, actor: Actor, query: BillingListQuery): Promise<ListResult<BillingRow>> {
    // The first date of the kind, to weigh a range that has no start.
    const oldest = query.toDate && !query.fromDate ? await firstDate(this.db, kind, query.issued) : null;
    const queries = billingListQueries(kind, actor, query, readsDateIndex(query, oldest, sofiaDay()));
    const [ids, total] = await Promise.all([
      queryRows<{ id: string }>(this.db, queries.ids),
      cappedCount(this.db, queries.count),
    ]);
    const rows = await rowsOf(
      this.db,
      ids.map((row) => row.id),
    );
    const byId = new Map(rows.map((row) => [row.row.id, row]));
    return {
      Items: ids.flatMap(({ id }) => {
        const found = byId.get(id);
        return found ? [rowDto(found.row, found.currencyCode)] : [];
      }),
      ...(await listTotal(this.db, queries.count, total, { ...query, rows: ids.length })),
      Page: query.page,
    };
  }

  /** GET getDocsCount: the tabs' badges under the same filters (exact up to 1 000, then the estimate or more than 1 000, said in `inexact`). */
  async counts(kind: BillingKind, actor: Actor, query: BillingCountQuery): Promise<BillingCounts> {
    const queries = billingCountQueries(kind, actor, query);
    const [issued, drafts] = await Promise.all([
      cappedCount(this.db, queries.issued),
      cappedCount(this.db, queries.drafts),
    ]);
    const inexact = (total: ListTotal) => (total.capped ? 'capped' : total.estimated ? 'estimated' : undefined);
    const flags = Object.fromEntries(
      Object.entries({ issued: inexact(issued), drafts: inexact(drafts) }).filter(([, flag]) => flag),
    );
    return {
      issued: issued.count,
      drafts: drafts.count,
      ...(Object.keys(flags).length > 0 ? { inexact: flags } : {}),
    };
  }

  /** The invoice autocomplete: by number or id, issued only unless told, created ascending. */
  async search(kind: BillingKind, actor: Actor, query: BillingSearchQuery): Promise<ListResult<BillingOption>> {
    return searchOptions(this.db, kind, actor, query);
  }

  async get(kind: BillingKind, actor: Actor, id: string): Promise<BillingDocumentView> {
    return viewDto(await loadDocument(this.db, kind, actor, id), actor);
  }

  /** The PDF of a document in one of the print layouts, and the document printed (billing-print.ts). */
  print(kind: BillingKind, actor: Actor, id: string, query: { layout?: PrintLayoutName; lang: Locale }) {
    return printDocument(this.db, kind, actor, id, query);
  }

  /** getTotals: the document's total, paid and not paid. */
  async totals(kind: BillingKind, actor: Actor, id: string): Promise<BillingPaidTotals> {
    const { row } = await loadDocument(this.db, kind, actor, id);
    const total = toCents(Number(row.totalAmount));
    const paid = toCents(Number(row.paidAmount));
    return { total: total / 100, paid: paid / 100, notPaid: (total - paid) / 100 };
  }

  /** getPaidDetails: the totals and the document (`invoice` or `proformaInvoice`). */
  async paidDetails(kind: BillingKind, actor: Actor, id: string) {
    const totals = await this.totals(kind, actor, id);
    const document = await this.get(kind, actor, id);
    return kind === 'invoice' ? { totals, invoice: document } : { totals, proformaInvoice: document };
  }

  /**
   * Creates a draft (no `_id`) or changes one: the header resolved by billing-header.ts, the rows' prices converted
   * when the currency changes, the totals recomputed, the Log written. An issued document answers 409.
   */
  async save(kind: BillingKind, actor: Actor, input: BillingSaveValues, action = 'save'): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const old = input._id ? await loadDocument(tx, kind, actor, input._id, 'update') : undefined;
      if (old) requireDraft(old);
      const settings = await this.settings.row(tx);
      const { values, errors, conversion, noticeCurrencyForced, periodChosen } = await resolveHeader(
        tx,
        kind,
        actor,
        input,
        old?.row,
        settings,
      );
      // changeCurrency asks for a currency only: a notice's is its original's, so another one is refused (a save writes the original's).
      if (action === 'changeCurrency' && noticeCurrencyForced) throw conflict(M.notice_currency_of_original);
      if (errors.length > 0) throw formFailed(errors);
      if (periodChosen) await requirePeriodFree(tx, periodChosen, old?.row.id);
      const [row] = await (old
        ? tx
            .update(billingDocuments)
            .set({ ...values, updated: sql`now()` })
            .where(and(eq(billingDocuments.id, old.row.id), eq(billingDocuments.issued, false)))
            .returning()
        : tx
            .insert(billingDocuments)
            .values({ ...values, kind, createdBy: actor.id, createdByName: actor.fullName })
            .returning()
      ).catch((error: unknown) => {
        // A generated document of the period made meanwhile (the billing run does not take the contract's lock).
        if (isUniqueViolation(error, 'billing_documents_contract_period_uq')) throw periodBilled();
        throw error;
      });
      if (!row) throw conflict(M.document_issued);
      await syncBilledPeriod(tx, row);
      await recalculate(tx, row, conversion);
      const saved = await loadDocument(tx, kind, actor, row.id);
      await logDocument(tx, actor, action, old ?? null, saved);
      return viewDto(saved, actor);
    });
  }

  /**
   * changeCurrency: a save of the currency (and rate); the rows' prices follow (× old rate ÷ new rate). A notice with
   * its original has the original's currency and rate: another currency or rate is 409 `notice_currency_of_original`.
   */
  changeCurrency(
    kind: BillingKind,
    actor: Actor,
    input: { documentId: string; currency: string; currencyRate?: number },
  ) {
    return this.save(
      kind,
      actor,
      { _id: input.documentId, currency: input.currency, currencyRate: input.currencyRate },
      'changeCurrency',
    );
  }

  /** setVATType: a save of the VAT fields (resolveVat); the totals follow. */
  setVat(
    kind: BillingKind,
    actor: Actor,
    input: { documentId: string; VATCharging?: boolean; VATType?: string | null },
  ) {
    return this.save(
      kind,
      actor,
      { _id: input.documentId, VATCharging: input.VATCharging, VATType: input.VATType },
      'setVATType',
    );
  }

  /** changeNoticeType (invoices): a save of the notice fields; rows and totals change sign with a credit notice. */
  changeNoticeType(
    actor: Actor,
    input: {
      documentId: string;
      noticeType: NoticeTypeValue;
      creditToInvoice?: string | null;
      noticeReason?: { bg: string; it: string };
    },
  ) {
    return this.save(
      'invoice',
      actor,
      {
        _id: input.documentId,
        noticeType: input.noticeType,
        creditToInvoice: input.creditToInvoice,
        noticeReason: input.noticeReason,
      },
      'changeNoticeType',
    );
  }

  /**
   * Draft → issued (management). Checks the fields issuing requires, the customer and the rows; a notice's original
   * (locked: the credit notices of one invoice never add up to more than its total); takes the register's next
   * number unless the document has one (issued before); refreshes and freezes the party snapshots.
   */
  async issue(kind: BillingKind, actor: Actor, id: string): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const old = await loadDocument(tx, kind, actor, id, 'update');
      requireDraft(old);
      const { row } = old;
      const errors = issueFormErrors(kind, row);
      const formInvalid = errors.length > 0;
      if (!row.customerId) errors.push({ field: 'customerId', message: M.please_select_customer });
      if (old.itemsCount === 0)
        errors.push({
          field: 'items',
          message: kind === 'invoice' ? M.please_add_invoice_items : M.please_add_proforma_invoice_items,
        });
      if (errors.length > 0) throw formInvalid ? formFailed(errors) : badRequest(errors[0].message, errors);

      const choice = {
        providerBank: row.providerBankId,
        providerBank2: row.providerBank2Id,
        customerId: row.customerId,
        customerBank: row.customerBankId,
      };
      const { parties, errors: partyErrors } = await buildParties(tx, choice, choice);
      if (partyErrors.length > 0) throw formFailed(partyErrors);
      if (row.noticeType !== NoticeType.invoice && row.creditToInvoiceId) await this.checkOriginal(tx, row);
      if (row.noticeType === NoticeType.invoice && kind === 'invoice') {
        // An invoice issued again may not fall below the credit notices already issued against it.
        if ((await creditedCents(tx, row.id)) > toCents(Number(row.totalAmount)))
          throw badRequest(M.credit_notice_exceeds_invoice, [
            { field: 'totalAmount', message: M.credit_notice_exceeds_invoice },
          ]);
      }

      const number = row.number ?? (await takeNumber(tx, kind));
      const [updated] = await tx
        .update(billingDocuments)
        .set({
          issued: true,
          number,
          providerId: parties.providerId,
          provider: parties.provider,
          customer: parties.customer,
          issuedBy: actor.id,
          issuedByName: actor.fullName,
          issuedOn: sql`now()`,
          updated: sql`now()`,
        })
        .where(and(eq(billingDocuments.id, id), eq(billingDocuments.issued, false)))
        .returning({ id: billingDocuments.id });
      if (!updated) throw conflict(M.document_issued);
      await freezeTimesheetAnnex(tx, id);
      const saved = await loadDocument(tx, kind, actor, id);
      await logDocument(tx, actor, 'issue', old, saved);
      return viewDto(saved, actor);
    });
  }

  /**
   * A notice's original, locked while the notice is issued (so concurrent notices of one invoice are decided one after
   * another): an issued invoice of the customer, in whose currency and rate the notice is (else 400
   * `notice_currency_of_original`: saving the notice takes them); a credit notice within what is left of it.
   */
  private async checkOriginal(tx: Executor, row: DocumentRecord['row']) {
    const originalId = row.creditToInvoiceId!;
    const original = await lockOriginal(tx, originalId);
    const errors = await originalErrors(tx, row.id, originalId, row.customerId);
    if (errors.length > 0) throw formFailed(errors);
    if (original.currencyId !== row.currencyId || Number(original.currencyRate) !== Number(row.currencyRate)) {
      throw badRequest(M.notice_currency_of_original, [{ field: 'currency', message: M.notice_currency_of_original }]);
    }
    if (row.noticeType !== NoticeType.credit) return;
    const credited = await creditedCents(tx, originalId, row.id);
    if (credited + Math.abs(toCents(Number(row.totalAmount))) > toCents(Number(original.total))) {
      throw badRequest(M.credit_notice_exceeds_invoice, [
        { field: 'totalAmount', message: M.credit_notice_exceeds_invoice },
      ]);
    }
  }

  /** Issued → draft (admin), the number kept. A proforma with transformed rows, or a document with payments, stays issued (409). */
  async unissue(kind: BillingKind, actor: Actor, id: string): Promise<BillingDocumentView> {
    return this.db.transaction(async (tx) => {
      const old = await loadDocument(tx, kind, actor, id, 'update');
      if (!old.row.issued) throw conflict(M.document_not_issued);
      if (old.transformedItems > 0 || old.row.transformedToInvoiceId) throw conflict(M.proforma_already_transformed);
      // Payments are of an issued document (the row lock above keeps a payment from coming in meanwhile).
      if (await hasPayments(tx, id)) throw conflict(M.document_has_payments);
      const [updated] = await tx
        .update(billingDocuments)
        .set({ issued: false, issuedBy: null, issuedByName: null, issuedOn: null, updated: sql`now()` })
        .where(and(eq(billingDocuments.id, id), eq(billingDocuments.issued, true)))
        .returning({ id: billingDocuments.id });
      if (!updated) throw conflict(M.document_not_issued);
      await clearTimesheetAnnex(tx, id);
      const saved = await loadDocument(tx, kind, actor, id);
      await logDocument(tx, actor, 'unissue', old, saved);
      return viewDto(saved, actor);
    });
  }
}

/** 409 `contract_period_billed`, its field error on `periodFrom` (the editor shows it under the period). */
const periodBilled = () =>
  new AppError(409, M.contract_period_billed, [{ field: 'periodFrom', message: M.contract_period_billed }]);

/**
 * A chosen contract period must be free (docs/decisions.md, "A hand-made invoice chooses its period"): no other
 * document has it as its period, none bills it (contract_billed_periods). The contract's row is locked first, so
 * concurrent saves choosing a period of one contract decide one after the other.
 */
async function requirePeriodFree(
  tx: Executor,
  chosen: { contractId: string; periodFrom: string },
  documentId: string | undefined,
): Promise<void> {
  await lockContract(tx, chosen.contractId);
  if (await periodTaken(tx, chosen, documentId)) throw periodBilled();
}

/** The fields issuing requires (docs/decisions.md, "Billing (server)"): date, payment method, signer, rate; invoices also tax date, deadline (not a credit notice's), a notice's original. */
function issueFormErrors(kind: BillingKind, row: DocumentRecord['row']): ApiFieldError[] {
  const errors: ApiFieldError[] = [];
  const required = (field: string, present: unknown) => {
    if (present === null || present === undefined || present === '')
      errors.push({ field, message: M.field_is_required });
  };
  required('date', row.date);
  required('paymentType', row.paymentTypeId);
  required('signer', row.signerId);
  required('currency', row.currencyId);
  required('currencyRate', Number(row.currencyRate) > 0 ? row.currencyRate : null);
  required('VATType', row.vatTypeId);
  if (kind === 'invoice') {
    required('taxDate', row.taxDate);
    // A credit notice has no payment deadline (docs/decisions.md, "Payment terms").
    if (row.noticeType !== NoticeType.credit) required('paymentDeadlineDate', row.paymentDeadlineDate);
    if (row.noticeType !== NoticeType.invoice) required('creditToInvoice', row.creditToInvoiceId);
  }
  if (row.paymentDeadlineDate && row.paymentDeadlineDate < row.date)
    errors.push({ field: 'paymentDeadlineDate', message: M.payment_deadline_before_date });
  return errors;
}

import {
  type BillingItemRow,
  type BillingKind,
  type ListResult,
  MessageKeys as M,
  noticeSign,
  type PaymentChange,
  type PaymentRow,
  type PaymentSaveValues,
  type PaymentsListQuery,
  paidStateOf,
  paymentDateError,
  paymentSignError,
  toCents,
  sofiaDay,
} from '@kantora/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { billingDocuments, billingItems, billingPayments } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { formFailed } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { LOG_NAMES, visibleDocuments } from './access.ts';
import { type DocumentRecord, itemDto, loadDocument } from './billing.queries.ts';
import { logDocument } from './billing-store.ts';
import { paidCents, paymentDto, paymentOf, paymentsPage, paymentTypeName } from './billing-payments.queries.ts';

/** The Log's entity names of payments. */
const PAYMENT_LOG: Record<BillingKind, string> = { invoice: 'InvoicePayment', proforma: 'ProformaInvoicePayment' };

/** Sets a document's paid amount and state from the sum of its payments (the caller holds the document's row lock). */
export async function refreshPaidState(
  tx: Executor,
  doc: { id: string; totalAmount: number | string },
): Promise<Omit<PaymentChange, 'payment'>> {
  const total = toCents(Number(doc.totalAmount));
  const paid = await paidCents(tx, doc.id);
  const isPaid = paidStateOf(total / 100, paid / 100);
  await tx
    .update(billingDocuments)
    .set({ paidAmount: paid / 100, isPaid })
    .where(eq(billingDocuments.id, doc.id));
  return { totals: { total: total / 100, paid: paid / 100, notPaid: (total - paid) / 100 }, isPaid };
}

const amountError = (message: string, params?: { amount: number; currency: string | null }) =>
  badRequest(message, [{ field: 'amount', message, ...(params ? { params } : {}) }]);
const dateError = (message: string) => badRequest(message, [{ field: 'date', message }]);

/**
 * Payments of issued invoices and proformas (docs/architecture.md and docs/decisions.md, "Payments"): every change locks the document's row first, so
 * changes of one document run one after another; the amount rule is checked against the other payments as stored,
 * and the document's `paid_amount` and `is_paid` are set from the new sum in the same transaction. Every change
 * writes the payment's Log row and the document's (its paid figures changed). Proforma rows' paid toggles too.
 */
export class BillingPaymentsService {
  constructor(private readonly db: Db) {}

  /** getPayments: the document's payments, by date (or amount, or entry) and entry. */
  async list(kind: BillingKind, actor: Actor, query: PaymentsListQuery): Promise<ListResult<PaymentRow>> {
    const { row } = await loadDocument(this.db, kind, actor, query.documentId);
    return paymentsPage(this.db, row.id, query);
  }

  /** A payment of a document of the kind the actor sees (404 `not_found` otherwise); its row locked when asked. */
  private async findPayment(executor: Executor, kind: BillingKind, actor: Actor, paymentId: string, lock = false) {
    const found = await paymentOf(executor, kind, actor, paymentId, lock);
    if (!found) throw notFound();
    return found;
  }

  /** getPayment. */
  async get(kind: BillingKind, actor: Actor, paymentId: string): Promise<PaymentRow> {
    const found = await this.findPayment(this.db, kind, actor, paymentId);
    return paymentDto(found.payment, found.typeName);
  }

  /** An issued document of the kind, locked for the transaction (409 `document_not_issued` for a draft). */
  private async lockIssued(tx: Executor, kind: BillingKind, actor: Actor, documentId: string): Promise<DocumentRecord> {
    const record = await loadDocument(tx, kind, actor, documentId, 'update');
    if (!record.row.issued) throw conflict(M.document_not_issued);
    return record;
  }

  /**
   * savePayment: a new payment or a change of one. Its date is neither after today (Europe/Sofia) nor before the
   * document's date. The amount has the sign of the document's total (above zero; a credit notice's refunds below) and,
   * with the other payments as stored, never passes the total.
   */
  async save(kind: BillingKind, actor: Actor, input: PaymentSaveValues): Promise<PaymentChange> {
    return this.db.transaction(async (tx) => {
      const record = await this.lockIssued(tx, kind, actor, input.documentId);
      const { row } = record;
      const old = input._id ? await this.findPayment(tx, kind, actor, input._id, true) : null;
      if (old && old.payment.documentId !== row.id) throw notFound();
      if (!(await paymentTypeName(tx, input.type))) throw formFailed([{ field: 'type', message: M.invalid_value }]);
      const wrongDate = paymentDateError(input.date, row.date, sofiaDay());
      if (wrongDate) throw dateError(wrongDate);
      const signError = paymentSignError(input.amount, row.noticeType);
      if (signError) throw amountError(signError);
      const sign = noticeSign(row.noticeType);
      const others = await paidCents(tx, row.id, old?.payment.id);
      const total = toCents(Number(row.totalAmount));
      // The refusal names the most the payment may be (what the other payments leave of the total).
      if (sign * (others + toCents(input.amount)) > sign * total)
        throw amountError(M.entered_amount_is_bigger_than_wanted_amount, {
          amount: (total - others) / 100,
          currency: record.currencyCode,
        });

      const values = { amount: input.amount, date: input.date, paymentTypeId: input.type, notes: input.notes };
      const [saved] = old
        ? await tx
            .update(billingPayments)
            .set({ ...values, updated: sql`now()` })
            .where(eq(billingPayments.id, old.payment.id))
            .returning()
        : await tx
            .insert(billingPayments)
            .values({ ...values, documentId: row.id, createdBy: actor.id, createdByName: actor.fullName })
            .returning();
      const payment = paymentDto(saved, (await paymentTypeName(tx, saved.paymentTypeId))?.name ?? null);
      return this.settle(
        tx,
        kind,
        actor,
        record,
        'savePayment',
        old ? paymentDto(old.payment, old.typeName) : null,
        payment,
      );
    });
  }

  /** removePayment: the payment (of the document named, when one is) removed. */
  async remove(
    kind: BillingKind,
    actor: Actor,
    ref: { paymentId: string; documentId?: string },
  ): Promise<PaymentChange> {
    return this.db.transaction(async (tx) => {
      const { payment } = await this.findPayment(tx, kind, actor, ref.paymentId);
      if (ref.documentId && ref.documentId !== payment.documentId) throw notFound();
      // The document first, then the payment: every change of a document's payments locks in that order.
      const record = await this.lockIssued(tx, kind, actor, payment.documentId);
      const old = await this.findPayment(tx, kind, actor, ref.paymentId, true);
      await tx.delete(billingPayments).where(eq(billingPayments.id, old.payment.id));
      return this.settle(tx, kind, actor, record, 'removePayment', paymentDto(old.payment, old.typeName), null);
    });
  }

  /** The document's paid amount and state from the sum of its payments; the Log rows of the change. */
  private async settle(
    tx: Executor,
    kind: BillingKind,
    actor: Actor,
    record: DocumentRecord,
    action: string,
    old: PaymentRow | null,
    saved: PaymentRow | null,
  ): Promise<PaymentChange> {
    const { row } = record;
    const { totals, isPaid } = await refreshPaidState(tx, row);
    await writeLog(tx, {
      name: PAYMENT_LOG[kind],
      doc: saved?._id ?? old?._id ?? null,
      model: 'billing_payments',
      type: !old ? 'create' : saved ? 'update' : 'delete',
      action,
      old,
      new: saved,
      actor,
    });
    await logDocument(tx, actor, action, record, await loadDocument(tx, kind, actor, row.id));
    return { payment: saved, totals, isPaid };
  }

  /** setItemIsPaid: the paid toggle of an issued proforma's row (management). */
  async setItemIsPaid(actor: Actor, itemId: string, isPaid: boolean): Promise<BillingItemRow> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ item: billingItems })
        .from(billingItems)
        .innerJoin(billingDocuments, eq(billingDocuments.id, billingItems.documentId))
        .where(and(eq(billingItems.id, itemId), eq(billingDocuments.kind, 'proforma'), visibleDocuments(actor)));
      if (!found) throw notFound();
      await this.lockIssued(tx, 'proforma', actor, found.item.documentId);
      const [saved] = await tx
        .update(billingItems)
        .set({ isPaid, updated: sql`now()` })
        .where(and(eq(billingItems.id, itemId), ne(billingItems.isPaid, isPaid)))
        .returning();
      const [current] = saved ? [saved] : await tx.select().from(billingItems).where(eq(billingItems.id, itemId));
      const [{ index }] = await queryRows<{ index: number }>(
        tx,
        sql`select cast(count(*) as integer) as index from ${billingItems} where ${billingItems.documentId} = ${current.documentId} and (${billingItems.position}, ${billingItems.id}) <= (${current.position}, ${current.id}::uuid)`,
      );
      const answer = itemDto(current, Number(index), true);
      if (saved) {
        await writeLog(tx, {
          name: LOG_NAMES.proforma.item,
          doc: itemId,
          model: 'billing_items',
          type: 'update',
          action: 'setItemIsPaid',
          old: itemDto(found.item, Number(index), true),
          new: answer,
          actor,
        });
      }
      return answer;
    });
  }
}

import { type BillingKind, type ListResult, type PaymentRow, type PaymentsListQuery, toCents } from '@kantora/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { billingDocuments, billingPayments, paymentTypes } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import type { Actor } from '../../http/actor.ts';
import { visibleDocuments } from './access.ts';

export type PaymentRecord = typeof billingPayments.$inferSelect;

const paymentColumns = { payment: billingPayments, typeName: paymentTypes.name };

const SORT = {
  date: billingPayments.date,
  amount: billingPayments.amount,
  created: billingPayments.created,
} satisfies Record<PaymentsListQuery['sortBy'], unknown>;

export function paymentDto(payment: PaymentRecord, typeName: PaymentRow['typeName']): PaymentRow {
  return {
    _id: payment.id,
    invoice: payment.documentId,
    amount: Number(payment.amount),
    date: payment.date,
    type: payment.paymentTypeId,
    typeName,
    notes: payment.notes,
    created: iso(payment.created)!,
    createdByName: payment.createdByName,
    updated: iso(payment.updated),
  };
}

/** The sum in cents of a document's payments, one left out (the payment being changed). */
export async function paidCents(executor: Executor, documentId: string, except?: string): Promise<number> {
  const [{ paid }] = await queryRows<{ paid: string }>(
    executor,
    sql`select cast(coalesce(sum(amount), 0) as text) as paid from ${billingPayments} where ${billingPayments.documentId} = ${documentId} and ${billingPayments.id} <> ${except ?? '00000000-0000-0000-0000-000000000000'}::uuid`,
  );
  return toCents(Number(paid));
}

/** True when the document has payments (an issued document with payments is not unissued). */
export async function hasPayments(executor: Executor, documentId: string): Promise<boolean> {
  const [found] = await executor
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(eq(billingPayments.documentId, documentId))
    .limit(1);
  return Boolean(found);
}

/** getPayments' page: the document's payments by the asked column (date, amount or entry), then entry. */
export async function paymentsPage(
  executor: Executor,
  documentId: string,
  query: PaymentsListQuery,
): Promise<ListResult<PaymentRow>> {
  const direction = query.sortDesc ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    executor
      .select(paymentColumns)
      .from(billingPayments)
      .leftJoin(paymentTypes, eq(paymentTypes.id, billingPayments.paymentTypeId))
      .where(eq(billingPayments.documentId, documentId))
      .orderBy(direction(SORT[query.sortBy]), direction(billingPayments.created), direction(billingPayments.id))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    queryRows<{ total: number }>(
      executor,
      sql`select cast(count(*) as integer) as total from ${billingPayments} where ${billingPayments.documentId} = ${documentId}`,
    ),
  ]);
  return {
    Items: rows.map((found) => paymentDto(found.payment, found.typeName)),
    Total: Number(total),
    Page: query.page,
  };
}

/** A payment of a document of the kind the actor sees, with its type's name; its row locked when asked. */
export async function paymentOf(executor: Executor, kind: BillingKind, actor: Actor, paymentId: string, lock: boolean) {
  const query = executor
    .select(paymentColumns)
    .from(billingPayments)
    .innerJoin(billingDocuments, eq(billingDocuments.id, billingPayments.documentId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, billingPayments.paymentTypeId))
    .where(and(eq(billingPayments.id, paymentId), eq(billingDocuments.kind, kind), visibleDocuments(actor)));
  const [found] = lock ? await query.for('update', { of: billingPayments }) : await query;
  return found;
}

/** A payment type's name (undefined: no such type). */
export async function paymentTypeName(executor: Executor, id: string) {
  const [type] = await executor.select({ name: paymentTypes.name }).from(paymentTypes).where(eq(paymentTypes.id, id));
  return type;
}

import {
  type ApiFieldError,
  type BillingKind,
  billingAmountsOverflow,
  billingTotals,
  convertAmount,
  fitsMoney,
  formatDocumentNumber,
  lineTotalCents,
  MessageKeys as M,
  toCents,
} from '@kantora/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { billingDocuments, billingItems, type Localized } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { Actor } from '../../http/actor.ts';
import { type LogEntry, writeLog } from '../logs/index.ts';
import { LOG_NAMES } from './access.ts';
import { type DocumentRecord, type DocumentRow, logView } from './billing.queries.ts';

/** A document that may still change (a draft); 409 `document_issued` otherwise. */
export function requireDraft(record: DocumentRecord | DocumentRow): void {
  const issued = 'row' in record ? record.row.issued : record.issued;
  if (issued) throw conflict(M.document_issued);
}

/** 400 `amount_too_large` naming the figure that would not fit (docs/decisions.md, "Limits of amounts"). */
export const amountTooLarge = (field: string) =>
  badRequest(M.amount_too_large, [{ field, message: M.amount_too_large } satisfies ApiFieldError]);

/**
 * A document's row totals and totals from its rows' prices and quantities in their order (integer cents): what
 * `recalculate` writes. A figure that would not fit an amount (a price, a row total, the tax base, VAT, total, or those
 * in leva at `rate`) answers 400 `amount_too_large` naming it.
 */
export function totalsOfRows(
  doc: Pick<DocumentRow, 'vatCharging' | 'vatPercentage' | 'noticeType'>,
  rows: ReadonlyArray<{ price: number; quantity: number }>,
  rate: number | undefined,
) {
  const input = {
    items: rows,
    VATCharging: doc.vatCharging,
    VATPercentage: Number(doc.vatPercentage),
    noticeType: doc.noticeType,
  };
  const overflow = billingAmountsOverflow({ ...input, currencyRate: rate });
  if (overflow) throw amountTooLarge(overflow);
  return billingTotals(input);
}

/**
 * Recomputes a document's row totals and its totals from its rows (integer cents, docs/architecture.md, "Money and totals"), converting the rows'
 * prices first when the currency changed. Only rows whose price or total changes are written (one statement).
 * A figure that would not fit an amount (a converted price, a row total, the tax base, VAT, total, or those in leva
 * at the document's rate) answers 400 `amount_too_large` naming it, before anything is written.
 */
export async function recalculate(
  tx: Executor,
  doc: Pick<DocumentRow, 'id' | 'vatCharging' | 'vatPercentage' | 'noticeType'> & { currencyRate?: number },
  conversion?: { fromRate: number; toRate: number } | null,
) {
  const items = await tx
    .select({
      id: billingItems.id,
      price: billingItems.price,
      quantity: billingItems.quantity,
      total: billingItems.total,
    })
    .from(billingItems)
    .where(eq(billingItems.documentId, doc.id))
    .orderBy(asc(billingItems.position), asc(billingItems.id));
  const prices = items.map((item) =>
    conversion ? convertAmount(Number(item.price), conversion.fromRate, conversion.toRate) : Number(item.price),
  );
  const rate = conversion?.toRate ?? (doc.currencyRate === undefined ? undefined : Number(doc.currencyRate));
  const totals = totalsOfRows(
    doc,
    items.map((item, index) => ({ price: prices[index], quantity: Number(item.quantity) })),
    rate,
  );
  const changed = items.flatMap((item, index) =>
    prices[index] !== Number(item.price) || totals.lineTotals[index] !== Number(item.total)
      ? [{ id: item.id, price: prices[index], total: totals.lineTotals[index] }]
      : [],
  );
  if (changed.length > 0) {
    const values = sql.join(
      changed.map((row) => sql`(${row.id}::uuid, ${row.price}::numeric, ${row.total}::numeric)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${billingItems} set price = v.price, total = v.total, updated = now() from (values ${values}) as v(id, price, total) where ${billingItems.id} = v.id`,
    );
  }
  await tx
    .update(billingDocuments)
    .set({ amount: totals.amount, vatAmount: totals.VATAmount, totalAmount: totals.totalAmount })
    .where(eq(billingDocuments.id, doc.id));
}

/**
 * The next number of the kind's register (invoices and their notices share one, proformas have another), taken in
 * the caller's transaction: the UPDATE locks the register row until the transaction ends, so concurrent issues wait
 * for each other and a rolled back issue returns its number. No gaps, no duplicates.
 */
export async function takeNumber(tx: Executor, kind: BillingKind): Promise<string> {
  const [row] = await queryRows<{ taken: string | number }>(
    tx,
    sql`update number_registers set next = next + 1, max_issued = next, updated = now() where kind = ${kind} returning max_issued as taken`,
  );
  if (!row) throw new Error(`number register ${kind} missing`);
  return formatDocumentNumber(Number(row.taken));
}

/** The Log row of a document change, in the change's transaction. */
export async function logDocument(
  tx: Executor,
  actor: Actor,
  action: string,
  old: DocumentRecord | null,
  saved: DocumentRecord,
) {
  await writeLog(tx, documentLogEntry(actor, action, old, saved));
}

/** The Log row of a document change (logDocument writes it; a batch writes many with writeLogs). */
export function documentLogEntry(
  actor: Actor,
  action: string,
  old: DocumentRecord | null,
  saved: DocumentRecord,
): LogEntry {
  const kind = saved.row.kind as BillingKind;
  return {
    name: LOG_NAMES[kind].document,
    doc: saved.row.id,
    model: 'billing_documents',
    type: old ? 'update' : 'create',
    action,
    old: old ? logView(old) : null,
    new: logView(saved),
    actor,
  };
}

/** A new row's values (copies of proforma rows, generated rows, services). */
export interface NewItem {
  name: Localized;
  comment?: Localized;
  quantity: number;
  price: number;
  serviceId?: string | null;
  contractId?: string | null;
  transformedFromProformaId?: string | null;
  transformedFromItemId?: string | null;
}

/** New rows' prices and row totals fit an amount; else 400 `amount_too_large` naming the first that does not. */
export function checkNewItems(items: readonly NewItem[]) {
  for (const item of items) {
    if (!fitsMoney(toCents(item.price))) throw amountTooLarge('price');
    if (!fitsMoney(lineTotalCents(item.price, item.quantity))) throw amountTooLarge('total');
  }
}

/** Appends rows to a document after its last one (totals: call `recalculate`). A price or row total too large to store: 400 `amount_too_large`. */
export async function appendItems(tx: Executor, actor: Actor, documentId: string, items: NewItem[]) {
  if (items.length === 0) return [];
  checkNewItems(items);
  const [{ last }] = await queryRows<{ last: number | null }>(
    tx,
    sql`select max(position) as last from ${billingItems} where ${billingItems.documentId} = ${documentId}`,
  );
  const start = Number(last ?? 0);
  return tx
    .insert(billingItems)
    .values(
      items.map((item, index) => ({
        documentId,
        position: start + index + 1,
        name: item.name,
        comment: item.comment ?? { bg: '', it: '' },
        quantity: item.quantity,
        price: item.price,
        total: 0,
        serviceId: item.serviceId ?? null,
        contractId: item.contractId ?? null,
        transformedFromProformaId: item.transformedFromProformaId ?? null,
        transformedFromItemId: item.transformedFromItemId ?? null,
        createdBy: actor.id,
      })),
    )
    .returning();
}

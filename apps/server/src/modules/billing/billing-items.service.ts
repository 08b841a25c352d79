import {
  type BillingAddServiceValues,
  type BillingItemChange,
  type BillingItemRow,
  type BillingItemSaveValues,
  type BillingKind,
  convertAmount,
  MAX_BILLING_ITEMS,
  MessageKeys as M,
} from '@kantora/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { billingDocuments, billingItems, contractServices, contracts, services } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { LOG_NAMES, visibleDocuments } from './access.ts';
import { currencyOf } from './billing-header.ts';
import { type DocumentRecord, type ItemRow, itemDto, loadDocument, viewDto } from './billing.queries.ts';
import { appendItems, logDocument, type NewItem, recalculate, requireDraft } from './billing-store.ts';

/** The rows of a document: read by whoever reads it; changed (draft only) by who may write the kind. */
export class BillingItemsService {
  constructor(private readonly db: Db) {}

  /** getItems: the rows in their order, numbered from 1. */
  async list(kind: BillingKind, actor: Actor, documentId: string): Promise<BillingItemRow[]> {
    const { row } = await loadDocument(this.db, kind, actor, documentId);
    return this.rowsOf(this.db, row.id, row.issued);
  }

  private async rowsOf(executor: Executor, documentId: string, issued: boolean): Promise<BillingItemRow[]> {
    const rows = await executor
      .select()
      .from(billingItems)
      .where(eq(billingItems.documentId, documentId))
      .orderBy(asc(billingItems.position), asc(billingItems.id));
    return rows.map((row, index) => itemDto(row, index + 1, issued));
  }

  /** An item of a document of the kind the actor sees (404 `not_found` otherwise), with its place and the document's state. */
  private async findItem(
    executor: Executor,
    kind: BillingKind,
    actor: Actor,
    itemId: string,
  ): Promise<{ item: ItemRow; documentId: string }> {
    const [found] = await executor
      .select({ item: billingItems })
      .from(billingItems)
      .innerJoin(billingDocuments, eq(billingDocuments.id, billingItems.documentId))
      .where(and(eq(billingItems.id, itemId), eq(billingDocuments.kind, kind), visibleDocuments(actor)));
    if (!found) throw notFound();
    return { item: found.item, documentId: found.item.documentId };
  }

  /** GET item/{id}. */
  async get(kind: BillingKind, actor: Actor, itemId: string): Promise<BillingItemRow> {
    const { documentId } = await this.findItem(this.db, kind, actor, itemId);
    const { row } = await loadDocument(this.db, kind, actor, documentId);
    const rows = await this.rowsOf(this.db, documentId, row.issued);
    return rows.find((item) => item._id === itemId)!;
  }

  /** The change's answer: the row (re-read with its total and place) and the document with its totals. */
  private async change(
    tx: Executor,
    kind: BillingKind,
    actor: Actor,
    old: DocumentRecord,
    itemId: string | null,
    action: string,
    oldItem: ItemRow | null,
  ): Promise<BillingItemChange> {
    await recalculate(tx, old.row);
    const saved = await loadDocument(tx, kind, actor, old.row.id);
    const rows = await this.rowsOf(tx, old.row.id, false);
    const item = itemId ? (rows.find((row) => row._id === itemId) ?? null) : null;
    await writeLog(tx, {
      name: LOG_NAMES[kind].item,
      doc: itemId ?? oldItem?.id ?? null,
      model: 'billing_items',
      type: !oldItem ? 'create' : item ? 'update' : 'delete',
      action,
      old: oldItem ? itemDto(oldItem, 0, false) : null,
      new: item,
      actor,
    });
    await logDocument(tx, actor, action, old, saved);
    return { item, document: viewDto(saved, actor) };
  }

  /** A draft of the kind, locked: its rows change one call at a time. */
  private async lockDraft(tx: Executor, kind: BillingKind, actor: Actor, documentId: string): Promise<DocumentRecord> {
    const record = await loadDocument(tx, kind, actor, documentId, 'update');
    requireDraft(record);
    return record;
  }

  private async add(
    tx: Executor,
    kind: BillingKind,
    actor: Actor,
    record: DocumentRecord,
    item: NewItem,
    action: string,
  ): Promise<BillingItemChange> {
    if (record.itemsCount >= MAX_BILLING_ITEMS) throw badRequest(M.too_many_items);
    const [row] = await appendItems(tx, actor, record.row.id, [item]);
    return this.change(tx, kind, actor, record, row.id, action, null);
  }

  /** saveItem: a new row at the end, or a row of the document changed. */
  async save(kind: BillingKind, actor: Actor, input: BillingItemSaveValues): Promise<BillingItemChange> {
    return this.db.transaction(async (tx) => {
      const record = await this.lockDraft(tx, kind, actor, input.documentId);
      if (input.service) {
        const [service] = await tx.select({ id: services.id }).from(services).where(eq(services.id, input.service));
        if (!service) throw fieldError('service', M.invalid_value);
      }
      const values = { name: input.name, comment: input.comment, price: input.price, quantity: input.quantity };
      if (!input._id)
        return this.add(
          tx,
          kind,
          actor,
          record,
          { ...values, serviceId: input.service ?? null, contractId: record.row.contractId },
          'saveItem',
        );
      const { item: old, documentId } = await this.findItem(tx, kind, actor, input._id);
      if (documentId !== record.row.id) throw notFound();
      await tx
        .update(billingItems)
        .set({ ...values, ...(input.service !== undefined ? { serviceId: input.service } : {}), updated: sql`now()` })
        .where(eq(billingItems.id, old.id));
      return this.change(tx, kind, actor, record, old.id, 'saveItem', old);
    });
  }

  /** removeItem. */
  async remove(kind: BillingKind, actor: Actor, itemId: string): Promise<BillingItemChange> {
    return this.db.transaction(async (tx) => {
      const { documentId } = await this.findItem(tx, kind, actor, itemId);
      const record = await this.lockDraft(tx, kind, actor, documentId);
      const [old] = await tx.delete(billingItems).where(eq(billingItems.id, itemId)).returning();
      if (!old) throw notFound();
      return this.change(tx, kind, actor, record, null, 'removeItem', old);
    });
  }

  /**
   * addItemAsService: a row from a service of the document's contract (its name, the contract's price converted
   * from the contract's currency to the document's, its description as the comment) or from Settings › Services
   * (its name and price, as in the document's currency).
   */
  async addService(kind: BillingKind, actor: Actor, input: BillingAddServiceValues): Promise<BillingItemChange> {
    return this.db.transaction(async (tx) => {
      const record = await this.lockDraft(tx, kind, actor, input.documentId);
      const { row } = record;
      let item: NewItem;
      if (input.contractServiceId) {
        const [found] = await tx
          .select({ service: contractServices, contractCurrency: contracts.currencyId })
          .from(contractServices)
          .innerJoin(contracts, eq(contracts.id, contractServices.contractId))
          .where(eq(contractServices.id, input.contractServiceId));
        if (!found || !row.contractId || found.service.contractId !== row.contractId)
          throw fieldError('contractServiceId', M.invalid_value);
        const contractCurrency = await currencyOf(tx, found.contractCurrency);
        const price =
          contractCurrency && row.currencyId && found.contractCurrency !== row.currencyId
            ? convertAmount(Number(found.service.price), contractCurrency.rate, Number(row.currencyRate))
            : Number(found.service.price);
        item = {
          name: found.service.name,
          comment: found.service.description,
          price,
          quantity: input.quantity,
          serviceId: found.service.serviceId,
          contractId: row.contractId,
        };
      } else {
        const [service] = await tx
          .select()
          .from(services)
          .where(and(eq(services.id, input.serviceId!), eq(services.status, true)));
        if (!service) throw fieldError('serviceId', M.invalid_value);
        item = {
          name: service.name,
          price: Number(service.price),
          quantity: input.quantity,
          serviceId: service.id,
          contractId: row.contractId,
        };
      }
      return this.add(tx, kind, actor, record, item, 'addItemAsService');
    });
  }
}

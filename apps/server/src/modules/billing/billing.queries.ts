import {
  type BillingCountQuery,
  type BillingDocumentView,
  type BillingItemRow,
  type BillingKind,
  type BillingLink,
  type BillingListQuery,
  type BillingRow,
  type BillingSearchQuery,
  billingRights,
  formatDocumentNumber,
  type BillingOption,
  type ListResult,
  NoticeType,
  type NoticeTypeValue,
  type PaidStateValue,
  toCents,
} from '@kantora/domain';
import { and, asc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { cappedCount, listTotal, queryRows } from '../../db/sql-helpers.ts';
import {
  billingDocuments,
  billingItems,
  contracts,
  currencies,
  type Localized,
  paymentTypes,
} from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { offsetOf, orderBy } from '../../http/paging.ts';
import type { Actor } from '../../http/actor.ts';
import { documentNotFound, visibleDocuments } from './access.ts';

export type DocumentRow = typeof billingDocuments.$inferSelect;
export type ItemRow = typeof billingItems.$inferSelect;

const original = alias(billingDocuments, 'original');

/**
 * A credit notice's total as a positive figure in its original's currency: its own (a notice has its original's
 * currency and rate), or, for a notice of older data at another rate, converted through leva at the two stored rates
 * (× its rate ÷ the original's), rounded half away from zero to the cent (numeric `round`).
 */
export const creditedInOriginal = (notice: SQL, originalRate: SQL) =>
  sql`case when ${notice}.currency_rate = ${originalRate} then -${notice}.total_amount else round(-${notice}.total_amount * ${notice}.currency_rate / ${originalRate}, 2) end`;

/** What a document's view adds to its row: names of its picks, counts, links. */
const extraColumns = {
  currencyCode: currencies.code,
  currencyName: currencies.name,
  paymentTypeName: paymentTypes.name,
  contractName: contracts.name,
  creditToInvoiceNumber: original.number,
  creditToInvoiceDate: original.date,
  itemsCount: sql<number>`(select cast(count(*) as integer) from ${billingItems} where ${billingItems.documentId} = ${billingDocuments.id})`,
  transformedItems: sql<number>`(select cast(count(*) as integer) from ${billingItems} where ${billingItems.documentId} = ${billingDocuments.id} and ${billingItems.isTransformed})`,
  creditedAmount: sql<string>`(select cast(coalesce(sum(${creditedInOriginal(sql`c`, sql`${billingDocuments.currencyRate}`)}), 0) as text) from billing_documents c where c.credit_to_invoice_id = ${billingDocuments.id} and c.issued and c.notice_type = 1)`,
  transformedInvoices: sql<
    BillingLink[]
  >`(select coalesce(json_agg(json_build_object('_id', i.id, 'number', i.number, 'issued', i.issued, 'date', i.date) order by i.created, i.id), '[]'::json) from billing_documents i where i.transformed_from_proforma_id = ${billingDocuments.id})`,
  proformaNumber: sql<
    string | null
  >`(select p.number from billing_documents p where p.id = ${billingDocuments.transformedFromProformaId})`,
};

export interface DocumentRecord {
  row: DocumentRow;
  currencyCode: string | null;
  currencyName: Localized | null;
  paymentTypeName: Localized | null;
  contractName: Localized | null;
  creditToInvoiceNumber: string | null;
  creditToInvoiceDate: string | null;
  itemsCount: number;
  transformedItems: number;
  creditedAmount: string;
  transformedInvoices: BillingLink[];
  /** An invoice made from a proforma: the proforma's number. */
  proformaNumber: string | null;
}

/** The documents with the names, counts and links of their views (loadDocument, loadDocuments, a month's walk). */
const documentRecords = (executor: Executor) =>
  executor
    .select({ row: billingDocuments, ...extraColumns })
    .from(billingDocuments)
    .leftJoin(currencies, eq(currencies.id, billingDocuments.currencyId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, billingDocuments.paymentTypeId))
    .leftJoin(contracts, eq(contracts.id, billingDocuments.contractId))
    .leftJoin(original, eq(original.id, billingDocuments.creditToInvoiceId));

/**
 * The document of this kind if the actor sees it (404 of the kind otherwise), with the names, counts and links of
 * its view; its row locked for the transaction when asked (`update`, or `share` to keep it as it is).
 */
export async function loadDocument(
  executor: Executor,
  kind: BillingKind,
  actor: Pick<Actor, 'id' | 'access'>,
  id: string,
  lock?: 'update' | 'share',
): Promise<DocumentRecord> {
  const query = documentRecords(executor).where(
    and(eq(billingDocuments.id, id), eq(billingDocuments.kind, kind), visibleDocuments(actor)),
  );
  const [record] = lock
    ? await query.for(lock === 'update' ? 'update' : 'share', { of: billingDocuments })
    : await query;
  if (!record) throw documentNotFound(kind);
  return record as DocumentRecord;
}

/**
 * Documents by id (of either kind) as loadDocument answers each, in the order of `ids`, in one statement (a billing
 * run's chunk); one the actor does not see answers 404 of its kind.
 */
export async function loadDocuments(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  ids: readonly { id: string; kind: BillingKind }[],
): Promise<DocumentRecord[]> {
  if (ids.length === 0) return [];
  const records = await documentRecords(executor).where(
    and(
      inArray(
        billingDocuments.id,
        ids.map((doc) => doc.id),
      ),
      visibleDocuments(actor),
    ),
  );
  const byId = new Map(records.map((record) => [record.row.id, record as DocumentRecord]));
  return ids.map(({ id, kind }) => {
    const record = byId.get(id);
    if (!record || record.row.kind !== kind) throw documentNotFound(kind);
    return record;
  });
}

/** Where a walk over documents in (date, created, id) order stopped: the last document read. */
export interface DocumentKey {
  date: string;
  created: string;
  id: string;
}

/**
 * A page of the issued invoices and notices dated `from`..`to` (inclusive) and issued by `issuedBy` (an ISO instant:
 * what was issued later is left out, so several walks over one range read the same documents), in (date, created,
 * id) order after `after`, with the names and links of their views: the walk of a month's package, a page at a time
 * through the date index.
 */
export async function issuedInvoicesPage(
  executor: Executor,
  range: { from: string; to: string; issuedBy: string },
  after: DocumentKey | null,
  limit: number,
): Promise<DocumentRecord[]> {
  const records = await documentRecords(executor)
    .where(
      and(
        issuedInRange(range),
        after
          ? sql`(${billingDocuments.date}, ${billingDocuments.created}, ${billingDocuments.id}) > (${after.date}::date, ${after.created}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(billingDocuments.date), asc(billingDocuments.created), asc(billingDocuments.id))
    .limit(limit);
  return records as DocumentRecord[];
}

/** The condition of issuedInvoicesPage: issued invoices and notices of the range, issued by the instant. */
export function issuedInRange(range: { from: string; to: string; issuedBy: string }): SQL {
  return and(
    eq(billingDocuments.kind, 'invoice'),
    eq(billingDocuments.issued, true),
    gte(billingDocuments.date, range.from),
    lte(billingDocuments.date, range.to),
    sql`(${billingDocuments.issuedOn} is null or ${billingDocuments.issuedOn} <= ${range.issuedBy}::timestamptz)`,
  )!;
}

const money = (value: number | string | null | undefined) => Number(value ?? 0);

/** A list row from a document row (and its currency's code). */
export function rowDto(row: DocumentRow, currencyCode: string | null): BillingRow {
  return {
    _id: row.id,
    kind: row.kind as BillingKind,
    number: row.number,
    date: row.date,
    customerId: row.customerId,
    companyName: row.customer?.name ?? null,
    bulstat: row.customer?.bulstat ?? '',
    vatNumber: row.customer?.vatNumber ?? '',
    contract: row.contractId,
    amount: money(row.amount),
    VATAmount: money(row.vatAmount),
    totalAmount: money(row.totalAmount),
    currency: row.currencyId,
    currencyCode,
    isPaid: row.isPaid as PaidStateValue,
    paidAmount: money(row.paidAmount),
    noticeType: row.noticeType as NoticeTypeValue,
    issued: row.issued,
    created: iso(row.created)!,
  };
}

/** GET {base}/{id}: the document with the actor's rights. */
export function viewDto(record: DocumentRecord, actor: Pick<Actor, 'access'>): BillingDocumentView {
  const { row } = record;
  const kind = row.kind as BillingKind;
  return {
    ...rowDto(row, record.currencyCode),
    providerId: row.providerId,
    provider: row.provider,
    providerBank: row.providerBankId,
    providerBank2: row.providerBank2Id,
    customer: row.customer,
    customerBank: row.customerBankId,
    contractName: record.contractName,
    taxDate: row.taxDate,
    paymentDeadlineDate: row.paymentDeadlineDate,
    paymentType: row.paymentTypeId,
    paymentTypeName: record.paymentTypeName,
    signer: row.signerId,
    signerName: row.signerName,
    VATCharging: row.vatCharging,
    VATType: row.vatTypeId,
    VATName: row.vatName,
    VATPercentage: money(row.vatPercentage),
    currencyName: record.currencyName,
    currencyRate: money(row.currencyRate),
    creditToInvoice: row.creditToInvoiceId,
    creditToInvoiceNumber: record.creditToInvoiceNumber,
    creditToInvoiceDate: record.creditToInvoiceDate,
    noticeReason: row.noticeReason,
    creditedAmount: money(record.creditedAmount),
    showBGInvoice: row.showBgInvoice,
    timesheetAnnex: row.timesheetAnnex,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    transformedToInvoice: row.transformedToInvoiceId,
    transformedFromProformaInvoice: row.transformedFromProformaId,
    transformedFromProformaNumber: record.proformaNumber ?? null,
    transformedInvoices: record.transformedInvoices ?? [],
    itemsCount: record.itemsCount,
    transformedItems: record.transformedItems,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    issuedByName: row.issuedByName,
    issuedOn: iso(row.issuedOn),
    updated: iso(row.updated),
    rights: billingRights(actor.access, {
      kind,
      issued: row.issued,
      number: row.number,
      transformedToInvoice: row.transformedToInvoiceId,
      transformedItems: record.transformedItems,
      itemsCount: record.itemsCount,
      paidAmount: money(row.paidAmount),
    }),
  };
}

/** A document as logged (no rights: they depend on who looks). */
export function logView(record: DocumentRecord) {
  const { rights: _rights, ...rest } = viewDto(record, { access: 0 });
  return rest;
}

export function itemDto(row: ItemRow, index: number, issued: boolean): BillingItemRow {
  return {
    _id: row.id,
    invoice: row.documentId,
    index,
    name: row.name,
    comment: row.comment,
    quantity: money(row.quantity),
    price: money(row.price),
    total: money(row.total),
    service: row.serviceId,
    contract: row.contractId,
    issued,
    isPaid: row.isPaid,
    isTransformed: row.isTransformed,
    transformedToInvoice: row.transformedToInvoiceId,
    transformedFromProformaInvoice: row.transformedFromProformaId,
    created: iso(row.created)!,
  };
}

// Lists ------------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  created: billingDocuments.created,
  number: billingDocuments.number,
  date: billingDocuments.date,
  companyName: sql`(${billingDocuments.customer}->'name'->>'bg')`,
  'companyName.bg': sql`(${billingDocuments.customer}->'name'->>'bg')`,
  'companyName.it': sql`(${billingDocuments.customer}->'name'->>'it')`,
  bulstat: sql`(${billingDocuments.customer}->>'bulstat')`,
  amount: billingDocuments.amount,
  VATAmount: billingDocuments.vatAmount,
  totalAmount: billingDocuments.totalAmount,
  isPaid: billingDocuments.isPaid,
};

/** The conditions of the list's filters (the count uses them too). */
function filterWhere(
  kind: BillingKind,
  actor: Pick<Actor, 'id' | 'access'>,
  query: BillingCountQuery,
  issued: boolean | undefined,
): SQL {
  return and(
    eq(billingDocuments.kind, kind),
    issued === undefined ? undefined : eq(billingDocuments.issued, issued),
    visibleDocuments(actor),
    query.number ? eq(billingDocuments.number, formatDocumentNumber(query.number)) : undefined,
    query.customerId ? eq(billingDocuments.customerId, query.customerId) : undefined,
    query.contract ? eq(billingDocuments.contractId, query.contract) : undefined,
    query.fromDate ? gte(billingDocuments.date, query.fromDate) : undefined,
    query.toDate ? lte(billingDocuments.date, query.toDate) : undefined,
    query.isPaid === undefined ? undefined : eq(billingDocuments.isPaid, query.isPaid),
    query.noticeType === undefined ? undefined : eq(billingDocuments.noticeType, query.noticeType),
  )!;
}

/**
 * A document's date follows its creation, which the planner does not know: for a date range ending far back it walks
 * the created index from the newest row through every newer document. When the range is narrow (NARROW_DATE_DAYS)
 * or narrower than the time since its end, the date index is read and its rows sorted instead (the sort key as an
 * expression, so the created index is not taken). `oldest` is the kind's first date (for a range with no start).
 */
const NARROW_DATE_DAYS = 400;
const SORT_BY_DATE_RANGE = { ...SORT_COLUMNS, created: sql`(${billingDocuments.created} + interval '0 seconds')` };
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export function readsDateIndex(
  query: Pick<BillingListQuery, 'fromDate' | 'toDate'>,
  oldest: string | null,
  today: string,
): boolean {
  if (!query.toDate) return false;
  const lower = query.fromDate ?? oldest;
  if (!lower) return true;
  const width = dayNumber(query.toDate) - dayNumber(lower);
  return width <= NARROW_DATE_DAYS || width <= dayNumber(today) - dayNumber(query.toDate);
}

/** The list's default order, and the one of `sortBy: 'number'` alone. */
const byNumber = (query: Pick<BillingListQuery, 'sortBy'>) =>
  query.sortBy.length === 0 || (query.sortBy.length === 1 && query.sortBy[0] === 'number');

/**
 * Issued documents by number (a billing run's batch shares one creation time, so the time cannot order them); a
 * draft without a number counts as newer than every number (first when newest first, by creation among drafts).
 * The issued tab: `number desc nulls first` with `number is not null` (every issued document has one; see
 * numberWhere), which the backward scan of the (kind, number) index serves from its first entry. The drafts tab: by
 * creation (a draft has no number, or the one it kept when unissued), which the tab's created index serves.
 */
function numberOrder(query: Pick<BillingListQuery, 'sortBy' | 'sortDesc' | 'issued'>, byDate: boolean): SQL[] {
  const descending = query.sortBy.length === 0 || (query.sortDesc[0] ?? false);
  const number = byDate ? sql`(${billingDocuments.number} || '')` : billingDocuments.number;
  const created = byDate ? SORT_BY_DATE_RANGE.created : billingDocuments.created;
  const id = sql`${billingDocuments.id} asc`;
  // `created desc nulls last` (created is never null) as the indexes declare it, or they cannot serve the order.
  if (query.issued === false) return descending ? [sql`${created} desc nulls last`, id] : [sql`${created} asc`, id];
  return descending
    ? [sql`${number} desc nulls first`, sql`${created} desc nulls last`, id]
    : [sql`${number} asc nulls last`, sql`${created} asc`, id];
}

/** The issued tab ordered by number: the condition that lets the number index start at its highest number. */
const numberWhere = (query: Pick<BillingListQuery, 'sortBy' | 'issued'>) =>
  query.issued === true && byNumber(query) ? isNotNull(billingDocuments.number) : undefined;

/**
 * The queries of POST {base}/list: the page's ids (one table, no join: the default order and each filter read an
 * index of db/schema/billing.ts; the default order is numberOrder's) and the rows to count (`select 1 …`, for
 * `cappedCount`; without numberWhere, which an issued document always meets, so that the count reads the tab's
 * index alone instead of the table). The bench runs them too.
 */
export function billingListQueries(
  kind: BillingKind,
  actor: Pick<Actor, 'id' | 'access'>,
  query: BillingListQuery,
  byDate = false,
): { ids: SQL; count: SQL } {
  const filters = filterWhere(kind, actor, query, query.issued);
  const where = and(filters, numberWhere(query))!;
  const sort = byNumber(query)
    ? numberOrder(query, byDate)
    : orderBy(query, byDate ? SORT_BY_DATE_RANGE : SORT_COLUMNS, { by: 'created', desc: true }, billingDocuments.id, {
        descNullsLast: true,
      });
  return {
    ids: sql`select ${billingDocuments.id} as id from ${billingDocuments} where ${where} order by ${sql.join(sort, sql`, `)} limit ${query.itemsPerPage} offset ${offsetOf(query)}`,
    count: sql`select 1 from ${billingDocuments} where ${filters}`,
  };
}

/** The rows to count of each tab (getDocsCount). */
export function billingCountQueries(
  kind: BillingKind,
  actor: Pick<Actor, 'id' | 'access'>,
  query: BillingCountQuery,
): { issued: SQL; drafts: SQL } {
  return {
    issued: sql`select 1 from ${billingDocuments} where ${filterWhere(kind, actor, query, true)}`,
    drafts: sql`select 1 from ${billingDocuments} where ${filterWhere(kind, actor, query, false)}`,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The autocomplete's condition. Digits: the numbers starting with them (a range on the unique index, every number
 * having 10 digits) or equal to them as a number (7 finds 0000000007); a whole id: that document.
 */
export function searchWhere(kind: BillingKind, actor: Pick<Actor, 'id' | 'access'>, query: BillingSearchQuery): SQL {
  const text = query.text?.trim();
  let textCondition: SQL | undefined;
  if (text && UUID.test(text)) textCondition = eq(billingDocuments.id, text.toLowerCase());
  else if (text && /^\d{1,10}$/.test(text)) {
    const prefix = sql`(${billingDocuments.number} between ${text.padEnd(10, '0')} and ${text.padEnd(10, '9')})`;
    textCondition = sql`(${prefix} or ${billingDocuments.number} = ${formatDocumentNumber(Number(text))})`;
  } else if (text) textCondition = sql`false`;
  return and(
    eq(billingDocuments.kind, kind),
    query.issued ? eq(billingDocuments.issued, true) : undefined,
    visibleDocuments(actor),
    query._id ? eq(billingDocuments.id, query._id) : undefined,
    query.customerId ? eq(billingDocuments.customerId, query.customerId) : undefined,
    query.noticeType === undefined ? undefined : eq(billingDocuments.noticeType, query.noticeType),
    textCondition,
  )!;
}

/**
 * The sum (a positive figure, in cents of the invoice's currency) of the issued credit notices of an invoice, leaving
 * one notice out. A notice has its invoice's currency and rate; one of older data in another currency counts
 * converted through leva at the two stored rates, each notice rounded half away from zero to the cent.
 */
export async function creditedCents(executor: Executor, invoiceId: string, except?: string): Promise<number> {
  const [{ credited }] = await queryRows<{ credited: string }>(
    executor,
    sql`select cast(coalesce(sum(${creditedInOriginal(sql`c`, sql`o.currency_rate`)}), 0) as text) as credited
        from billing_documents c join billing_documents o on o.id = c.credit_to_invoice_id
        where c.credit_to_invoice_id = ${invoiceId} and c.issued and c.notice_type = ${NoticeType.credit} and c.id <> ${except ?? '00000000-0000-0000-0000-000000000000'}::uuid`,
  );
  return toCents(Number(credited));
}

/** The first date of a kind (the date index's first entry), of the issued or the drafts if asked. */
export async function firstDate(executor: Executor, kind: BillingKind, issued: boolean | undefined) {
  const [first] = await executor
    .select({ date: billingDocuments.date })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.kind, kind), issued === undefined ? undefined : eq(billingDocuments.issued, issued)))
    .orderBy(asc(billingDocuments.date))
    .limit(1);
  return first?.date ?? null;
}

/** The documents of the ids with their currency's code, in no order (a list page's rows once its ids are chosen). */
export async function rowsOf(executor: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return executor
    .select({ row: billingDocuments, currencyCode: currencies.code })
    .from(billingDocuments)
    .leftJoin(currencies, eq(currencies.id, billingDocuments.currencyId))
    .where(inArray(billingDocuments.id, ids));
}

/** The invoice autocomplete: by number or id, issued only unless told, created ascending. */
export async function searchOptions(
  executor: Executor,
  kind: BillingKind,
  actor: Pick<Actor, 'id' | 'access'>,
  query: BillingSearchQuery,
): Promise<ListResult<BillingOption>> {
  const where = searchWhere(kind, actor, query);
  const count = sql`select 1 from ${billingDocuments} where ${where}`;
  // The page's ids first (a number prefix matches up to 1 000 documents: sorting them by creation as narrow rows,
  // not as whole documents), then their rows.
  const [ids, total] = await Promise.all([
    executor
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(where)
      .orderBy(asc(billingDocuments.created), asc(billingDocuments.id))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    cappedCount(executor, count),
  ]);
  const byId = new Map(
    (
      await rowsOf(
        executor,
        ids.map(({ id }) => id),
      )
    ).map((found) => [found.row.id, found]),
  );
  const rows = ids.flatMap(({ id }) => byId.get(id) ?? []);
  return {
    Items: rows.map(({ row, currencyCode }) => ({
      _id: row.id,
      number: row.number,
      date: row.date,
      customerId: row.customerId,
      companyName: row.customer?.name ?? null,
      totalAmount: Number(row.totalAmount),
      currencyCode,
      noticeType: row.noticeType as NoticeTypeValue,
    })),
    ...(await listTotal(executor, count, total, { ...query, rows: ids.length })),
    Page: query.page,
  };
}

/** A notice's original, locked for update: its total, currency and rate. */
export async function lockOriginal(tx: Executor, originalId: string) {
  const [original] = await tx
    .select({
      total: billingDocuments.totalAmount,
      currencyId: billingDocuments.currencyId,
      currencyRate: billingDocuments.currencyRate,
    })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, originalId))
    .for('update');
  return original;
}

/** Locks a contract's row against changes of its key (saves choosing a period of one contract wait for each other). */
export async function lockContract(tx: Executor, contractId: string): Promise<void> {
  await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, contractId)).for('no key update');
}

/** Whether another document than `documentId` has the contract's period as its period or bills it (contract_billed_periods). */
export async function periodTaken(
  executor: Executor,
  chosen: { contractId: string; periodFrom: string },
  documentId: string | undefined,
): Promise<boolean> {
  const other = documentId ?? '00000000-0000-0000-0000-000000000000';
  const [taken] = await queryRows<{ id: string }>(
    executor,
    sql`select id from billing_documents where contract_id = ${chosen.contractId} and period_from = ${chosen.periodFrom} and id <> ${other}::uuid
        union all
        select document_id from contract_billed_periods where contract_id = ${chosen.contractId} and period_from = ${chosen.periodFrom} and document_id is distinct from ${other}::uuid
        limit 1`,
  );
  return taken !== undefined;
}

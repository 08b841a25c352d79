import {
  type BillingKind,
  effectiveCurrencyCode,
  type Locale,
  MessageKeys as M,
  type PartySnapshot,
  type PrintableDocument,
  type PrintLayoutName,
  type PrintNoticeType,
  type PrintTimesheetAnnex,
  resolvePrintLayout,
} from '@kantora/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { billingDocuments, billingItems, type Localized, services, timesheets, users } from '../../db/schema/index.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../logs/audit.ts';
import { renderPdf } from '../printing/render.ts';
import { type DocumentRecord, loadDocument } from './billing.queries.ts';

const empty = { bg: '', it: '' };
const noParty: PartySnapshot = { name: empty, address: { country: empty, city: empty, zipCode: '', street: empty }, bank: null, responsiblePerson: empty, bulstat: '', vatNumber: '' };

/**
 * The PrintableDocument of a stored document: its frozen snapshots, rows and totals, nothing else read (a draft
 * prints as it stands, with a watermark and no number).
 */
export async function printableOf(db: Db, record: DocumentRecord): Promise<PrintableDocument> {
  const { row } = record;
  const items = await db.select().from(billingItems).where(eq(billingItems.documentId, row.id)).orderBy(asc(billingItems.position), asc(billingItems.id));
  const comment = (text: { bg: string; it: string }) => (text.bg || text.it ? text : undefined);
  return {
    kind: row.kind as BillingKind,
    noticeType: row.noticeType as PrintNoticeType,
    issued: row.issued,
    number: row.issued ? row.number : null,
    date: row.date,
    taxDate: row.kind === 'invoice' ? row.taxDate : null,
    paymentDeadlineDate: row.paymentDeadlineDate,
    paymentType: record.paymentTypeName ?? empty,
    provider: row.provider ?? noParty,
    customer: row.customer ?? noParty,
    currency: effectiveCurrencyCode(record.currencyCode, record.currencyName ?? undefined) ?? '',
    currencyRate: Number(row.currencyRate),
    VATCharging: row.vatCharging,
    VATPercentage: Number(row.vatPercentage),
    VATName: row.vatName,
    amount: Number(row.amount),
    VATAmount: Number(row.vatAmount),
    totalAmount: Number(row.totalAmount),
    items: items.map((item) => ({ name: item.name, comment: comment(item.comment), quantity: Number(item.quantity), price: Number(item.price), total: Number(item.total) })),
    signerName: row.signerName ?? empty,
    creditToInvoiceNumber: record.creditToInvoiceNumber,
    creditToInvoiceDate: record.creditToInvoiceDate,
    noticeReason: row.noticeReason.bg || row.noticeReason.it ? row.noticeReason : null,
    showBGInvoice: row.showBgInvoice,
    timesheetAnnex: await timesheetAnnexOf(db, row),
  };
}

/**
 * The period's timesheet report when the document asks for it (`timesheetAnnex`): the hours of its contract in its
 * period (an invoice made from a proforma: the proforma's period) per service and person. Null without a period.
 */
async function timesheetAnnexOf(db: Db, row: DocumentRecord['row']): Promise<PrintTimesheetAnnex | null> {
  if (!row.timesheetAnnex || !row.contractId) return null;
  let period = row.periodFrom && row.periodTo ? { from: row.periodFrom, to: row.periodTo } : null;
  if (!period && row.transformedFromProformaId) {
    const [source] = await db.select({ from: billingDocuments.periodFrom, to: billingDocuments.periodTo }).from(billingDocuments).where(eq(billingDocuments.id, row.transformedFromProformaId));
    period = source?.from && source.to ? { from: source.from, to: source.to } : null;
  }
  if (!period) return null;
  const rows = await queryRows<{ service: Localized; code: string; first: Localized; last: Localized; minutes: string }>(
    db,
    sql`select s.name as service, s.code, u.first_name as first, u.last_name as last, cast(sum(t.duration) as text) as minutes
        from ${timesheets} t join ${services} s on s.id = t.service_id join ${users} u on u.id = t.user_id
        where t.contract_id = ${row.contractId} and t.date between ${period.from}::date and ${period.to}::date
        group by s.id, s.name, s.code, u.id, u.first_name, u.last_name
        order by s.code, u.first_name->>'bg', u.last_name->>'bg', u.id`,
  );
  return {
    periodFrom: period.from,
    periodTo: period.to,
    rows: rows.map((r) => ({ service: r.service, code: r.code, person: { bg: `${r.first.bg} ${r.last.bg}`.trim(), it: `${r.first.it} ${r.last.it}`.trim() }, minutes: Number(r.minutes) })),
  };
}

/** GET {base}/print/{id}?layout=&lang=: the PDF and its file name; a layout the document may not print is 400 `invalid_value`. */
export async function printDocument(db: Db, kind: BillingKind, actor: Actor, id: string, query: { layout?: PrintLayoutName; lang: Locale }) {
  const doc = await printableOf(db, await loadDocument(db, kind, actor, id));
  const layout = resolvePrintLayout(doc, query.layout);
  if (!layout) throw fieldError('layout', M.invalid_value);
  return { doc, pdf: await renderPdf(doc, layout, query.lang) };
}

import {
  type BillingKind,
  effectiveCurrencyCode,
  type Locale,
  MessageKeys as M,
  type PartySnapshot,
  type PrintableDocument,
  type PrintLayoutName,
  type PrintNoticeType,
  resolvePrintLayout,
} from '@kantora/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingItems } from '../../db/schema/index.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { renderPdf } from '../printing/index.ts';
import { timesheetAnnexOf } from './billing-annex.ts';
import { type DocumentRecord, loadDocument } from './billing.queries.ts';

const empty = { bg: '', it: '' };
const noParty: PartySnapshot = {
  name: empty,
  address: { country: empty, city: empty, zipCode: '', street: empty },
  bank: null,
  responsiblePerson: empty,
  bulstat: '',
  vatNumber: '',
};

/**
 * The PrintableDocument of a stored document: its frozen snapshots, rows and totals, and an issued document's frozen
 * timesheet annex, nothing else read (a draft prints as it stands, with a watermark, no number and the live annex).
 */
export async function printableOf(db: Db, record: DocumentRecord): Promise<PrintableDocument> {
  const { row } = record;
  const items = await db
    .select()
    .from(billingItems)
    .where(eq(billingItems.documentId, row.id))
    .orderBy(asc(billingItems.position), asc(billingItems.id));
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
    items: items.map((item) => ({
      name: item.name,
      comment: comment(item.comment),
      quantity: Number(item.quantity),
      price: Number(item.price),
      total: Number(item.total),
    })),
    signerName: row.signerName ?? empty,
    creditToInvoiceNumber: record.creditToInvoiceNumber,
    creditToInvoiceDate: record.creditToInvoiceDate,
    proformaNumber: row.kind === 'invoice' ? record.proformaNumber : null,
    noticeReason: row.noticeReason.bg || row.noticeReason.it ? row.noticeReason : null,
    showBGInvoice: row.showBgInvoice,
    timesheetAnnex: await timesheetAnnexOf(db, row),
  };
}

/** GET {base}/print/{id}?layout=&lang=: the PDF and its file name; a layout the document may not print is 400 `invalid_value`. */
export async function printDocument(
  db: Db,
  kind: BillingKind,
  actor: Actor,
  id: string,
  query: { layout?: PrintLayoutName; lang: Locale },
) {
  const doc = await printableOf(db, await loadDocument(db, kind, actor, id));
  const layout = resolvePrintLayout(doc, query.layout);
  if (!layout) throw fieldError('layout', M.invalid_value);
  return { doc, pdf: await renderPdf(doc, layout, query.lang) };
}

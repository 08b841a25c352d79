import {
  effectiveCurrencyCode,
  einvoiceFilename,
  MessageKeys as M,
  printFilename,
  printDocumentKind,
  resolvePrintLayout,
} from '@kantora/domain';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { conflict } from '../../http/errors.ts';
import { type DocumentRecord, documentNotFound, loadDocument, printableOf } from '../billing/index.ts';
import { renderPdf } from '../printing/index.ts';
import { einvoiceLanguage, ublDocument } from './ubl.ts';

/** Who asks: staff (invoicesRead) see a draft as 409, the portal's client user as the invoice's not-found. */
export type EinvoiceScope = 'staff' | 'portal';

/** The ISO code of a document's currency (its code, or EUR/BGN known by name), or null when it has none. */
export function einvoiceCurrency(record: Pick<DocumentRecord, 'currencyCode' | 'currencyName'>): string | null {
  const code = effectiveCurrencyCode(record.currencyCode, record.currencyName ?? undefined);
  return code && /^[A-Z]{3}$/.test(code) ? code : null;
}

/**
 * The UBL XML of a stored, issued invoice or notice (docs/decisions.md, "E-invoices"): its PrintableDocument (the
 * frozen snapshots, rows and totals), the stored VAT category, paid amount and contract, and the printed PDF in the
 * default layout in the e-invoice's language, rendered here unless given (the month's package renders it once).
 * A draft is 409 `document_not_issued`; a currency without an ISO code 409 `einvoice_currency_without_code`.
 */
export async function einvoiceXmlOfRecord(db: Db, record: DocumentRecord, pdf?: Buffer): Promise<string> {
  const { row } = record;
  if (!row.issued) throw conflict(M.document_not_issued);
  const currencyCode = einvoiceCurrency(record);
  if (!currencyCode) throw conflict(M.einvoice_currency_without_code);
  const doc = await printableOf(db, record);
  const layout = resolvePrintLayout(doc, undefined) ?? 'invoice';
  const printed = pdf ?? (await renderPdf(doc, layout, einvoiceLanguage(doc)));
  const contractName = record.contractName;
  const contractReference = row.contractId
    ? contractName?.[einvoiceLanguage(doc)]?.trim() ||
      contractName?.bg?.trim() ||
      contractName?.it?.trim() ||
      row.contractId
    : null;
  return ublDocument({
    doc,
    vatCategory: row.vatCategory,
    vatExemptionCode: row.vatExemptionCode,
    currencyCode,
    paidAmount: Number(row.paidAmount),
    contractReference,
    pdf: printed,
    pdfFilename: printFilename(printDocumentKind(doc), doc.number, doc.date),
  });
}

/**
 * GET /api/invoices/einvoice/{id} (staff) and /api/my-invoices/einvoice/{id} (portal): the invoice or notice the actor
 * sees (the invoice's not-found otherwise, a proforma's id too), issued: a draft is 409 for staff and the portal's
 * not-found for a client user (the portal never shows drafts).
 */
export async function einvoiceOf(
  db: Db,
  actor: Actor,
  id: string,
  scope: EinvoiceScope,
): Promise<{ xml: string; filename: string }> {
  const record = await loadDocument(db, 'invoice', actor, id);
  if (!record.row.issued && scope === 'portal') throw documentNotFound('invoice');
  const xml = await einvoiceXmlOfRecord(db, record);
  const { row } = record;
  return {
    xml,
    filename: einvoiceFilename({
      kind: 'invoice',
      noticeType: row.noticeType as 0 | 1 | 2,
      issued: row.issued,
      number: row.number,
      date: row.date,
    }),
  };
}

/**
 * The accountant's month (POST /api/invoices/monthPackage): one zip, streamed, with the month's sales journal and,
 * for every issued invoice and notice dated in the month, its PDF (the default layout in the e-invoice's language)
 * and its e-invoice XML (carrying that same PDF). Memory does not grow with the month: the documents are read a
 * page at a time (keyset on date, created, id), each is rendered and handed to the zip only when the zip has taken
 * the previous one and the response has room (back-pressure), and the journal is written row by row by exceljs's
 * streaming writer into its own zip entry. The journal comes first (a walk of its own over the same documents; both
 * walks leave out what was issued after the package started, so they read the same set).
 */
import { PassThrough, type Readable } from 'node:stream';
import { DEFAULT_PRINT_LAYOUT, einvoiceFilename, monthPackageFilename, salesJournalFilename } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { billingDocuments } from '../../db/schema/index.ts';
import {
  type DocumentKey,
  type DocumentRecord,
  issuedInRange,
  issuedInvoicesPage,
  printableOf,
} from '../billing/index.ts';
import { printFilenameOf, renderPdf } from '../printing/index.ts';
import { einvoiceXmlOfRecord } from './einvoice.service.ts';
import { type JournalDocument, salesJournal } from './sales-journal.ts';
import { einvoiceLanguage } from './ubl.ts';
import { writable } from '../../http/streams.ts';

/** Documents read per query. */
export const MONTH_PAGE_SIZE = 50;

export interface MonthPackage {
  filename: string;
  /** How many documents the package holds. */
  count: number;
  body: Readable;
}

/** The first and last day of a YYYY-MM month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

type Range = { from: string; to: string; issuedBy: string };

/** The documents of the range, a page at a time, in (date, created, id) order. */
export async function* monthPages(db: Db, range: Range, pageSize = MONTH_PAGE_SIZE): AsyncGenerator<DocumentRecord[]> {
  let after: DocumentKey | null = null;
  for (;;) {
    const page = await issuedInvoicesPage(db, range, after, pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1].row;
    after = { date: last.date, created: last.created, id: last.id };
  }
}

/** The journal's view of a stored document (its figures as stored, a credit notice's negative). */
export function journalDocument(record: DocumentRecord): JournalDocument {
  const { row } = record;
  const percentage = Number(row.vatPercentage);
  return {
    number: row.number ?? '',
    date: row.date,
    noticeType: row.noticeType,
    customer: row.customer?.name.bg || row.customer?.name.it || '',
    vatNumber: row.customer?.vatNumber ?? '',
    rate: row.vatCharging && percentage > 0 ? percentage : null,
    amount: Number(row.amount),
    vatAmount: Number(row.vatAmount),
    totalAmount: Number(row.totalAmount),
    currency: record.currencyCode ?? '',
    currencyRate: Number(row.currencyRate),
  };
}

async function* journalPages(db: Db, range: Range): AsyncGenerator<JournalDocument[]> {
  for await (const page of monthPages(db, range)) yield page.map(journalDocument);
}

/**
 * A document's files: the PDF in the default layout and language, and the e-invoice carrying it — or no e-invoice
 * when the document cannot have one (a currency without an ISO code: einvoiceXmlOfRecord's 409), so that one such
 * document does not cut the month off; it is in the package as its PDF.
 */
export async function documentFiles(db: Db, record: DocumentRecord) {
  const doc = await printableOf(db, record);
  const pdf = await renderPdf(doc, DEFAULT_PRINT_LAYOUT.invoice, einvoiceLanguage(doc));
  let xml: Buffer | null = null;
  try {
    xml = Buffer.from(await einvoiceXmlOfRecord(db, record, pdf), 'utf8');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return { pdfName: printFilenameOf(doc), pdf, xmlName: einvoiceFilename(doc), xml };
}

/**
 * The month's package: how many documents, and the zip as a stream. The count and the VAT rates of the journal's
 * columns come from one aggregate first (so the answer's headers can say how many); then the stream walks the month.
 */
export async function monthPackage(db: Db, month: string, pageSize = MONTH_PAGE_SIZE): Promise<MonthPackage> {
  const { from, to } = monthRange(month);
  const [summary] = await db
    .select({
      count: sql<number>`cast(count(*) as integer)`,
      rates: sql<
        string | null
      >`string_agg(distinct cast(${billingDocuments.vatPercentage} as text), ',') filter (where ${billingDocuments.vatCharging} and ${billingDocuments.vatPercentage} > 0)`,
      now: sql<string>`cast(now() as text)`,
    })
    .from(billingDocuments)
    .where(issuedInRange({ from, to, issuedBy: 'infinity' }));
  const range: Range = { from, to, issuedBy: summary.now };
  const rates = summary.rates ? summary.rates.split(',').map(Number) : [];
  const modified = new Date();

  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  let gone = false;
  const fail = (error: unknown) => {
    gone = true;
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  output.once('close', () => {
    gone = true;
  });
  zip.on('error', fail);

  /** Hands one entry to the zip and resolves when the zip has read it and the response has room again. */
  const add = (name: string, bytes: Buffer, compress: boolean) =>
    new Promise<void>((resolve) => {
      const source = new PassThrough();
      source.end(bytes);
      const done = () => {
        output.off('close', done);
        resolve();
      };
      source.once('end', done);
      output.once('close', done);
      zip.addReadStream(source, name, { mtime: modified, compress, size: bytes.length });
    }).then(() => writable(output));

  const journal = salesJournal(month, rates, journalPages(db, range));
  journal.once('error', fail);
  // A reader gone stops the journal's walk too (its writer waits for room that would never come).
  output.once('close', () => journal.destroy());
  zip.addReadStream(journal, salesJournalFilename(month), { mtime: modified, compress: false });

  const walk = async () => {
    for await (const page of monthPages(db, range, pageSize)) {
      for (const record of page) {
        if (gone) return;
        const files = await documentFiles(db, record);
        // A PDF is compressed already; the XML (text, the PDF in base64) shrinks by about a quarter.
        await add(`pdf/${files.pdfName}`, files.pdf, false);
        if (files.xml) await add(`xml/${files.xmlName}`, files.xml, true);
      }
    }
    zip.end();
  };
  walk().catch(fail);
  return { filename: monthPackageFilename(month), count: summary.count, body: output };
}

/** What the route calls: the month's package. */
export class MonthPackageService {
  constructor(private readonly db: Db) {}

  package(month: string): Promise<MonthPackage> {
    return monthPackage(this.db, month);
  }
}

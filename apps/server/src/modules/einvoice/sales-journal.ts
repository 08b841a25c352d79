/**
 * The month's sales journal: an XLSX written by exceljs's streaming WorkbookWriter while the documents come from the
 * database page by page, so memory holds a page and the workbook's zip buffers, never the month. One row per issued
 * invoice and notice (credit notices negative, as stored), its figures in its own currency and in EUR, the tax base
 * split by VAT rate (in EUR, so that a column adds up), and the totals at the bottom. Headers in Bulgarian and
 * Italian, the document types in Bulgarian (docs/decisions.md, "The accountant's month").
 */
import type { Readable } from 'node:stream';
import {
  BGN_PER_EUR,
  fromCents,
  multiplyCents,
  printDocumentKind,
  type PrintDocumentKind,
  toCents,
} from '@kantora/domain';
import { writable } from '../../http/streams.ts';
import { safeCell, streamedWorkbook } from '../../http/xlsx.ts';

/** What the journal needs of one document (numbers as stored: a credit notice's are negative). */
export interface JournalDocument {
  number: string;
  date: string;
  noticeType: number;
  customer: string;
  vatNumber: string;
  /** The VAT rate charged, or null when the document charges no VAT. */
  rate: number | null;
  amount: number;
  vatAmount: number;
  totalAmount: number;
  currency: string;
  /** Leva per unit of the currency. */
  currencyRate: number;
}

/** The document types as the journal names them (Bulgarian, the accounting's language). */
export const JOURNAL_TYPES: Record<Exclude<PrintDocumentKind, 'proforma-invoice'>, string> = {
  invoice: 'Фактура',
  'credit-notice': 'Кредитно известие',
  'debit-notice': 'Дебитно известие',
};

const typeOf = (noticeType: number) =>
  JOURNAL_TYPES[
    printDocumentKind({ kind: 'invoice', noticeType: noticeType as 0 | 1 | 2 }) as keyof typeof JOURNAL_TYPES
  ];

/**
 * An amount of a document in EUR cents: a EUR document's own; any other converted through leva with the document's
 * rate (leva per unit ÷ 1.95583 leva per euro), rounded half away from zero to the cent.
 */
export function eurCents(amount: number, currency: string, currencyRate: number): number {
  const cents = toCents(amount);
  return currency === 'EUR' ? cents : multiplyCents(cents, currencyRate / BGN_PER_EUR);
}

const MONEY = '#,##0.00;-#,##0.00';
const RATE = '0.000000';

/** "20 %", or the column of documents without VAT. */
const rateLabel = (rate: number | null) =>
  rate === null ? 'Без ДДС / Senza IVA (EUR)' : `Основа ${rate} % / Imponibile ${rate} % (EUR)`;

/**
 * Streams the journal of `month` over `pages` (the documents in the package's order); `rates` are the VAT rates
 * charged in the month (a column each, highest first, then the column of documents without VAT). A failure while
 * reading cuts the stream off with the error.
 */
export function salesJournal(
  month: string,
  rates: readonly number[],
  pages: AsyncIterable<JournalDocument[]>,
): Readable {
  const { output, workbook, sheet } = streamedWorkbook(`Дневник ${month}`);
  const rateColumns: Array<number | null> = [...[...rates].sort((a, b) => b - a), null];
  const money = (header: string, key: string) => ({ header, key, width: 16, style: { numFmt: MONEY } });
  sheet.columns = [
    { header: 'Номер / Numero', key: 'number', width: 14 },
    { header: 'Дата / Data', key: 'date', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
    { header: 'Вид / Tipo', key: 'type', width: 20 },
    { header: 'Клиент / Cliente', key: 'customer', width: 36 },
    { header: 'ДДС номер / Partita IVA', key: 'vatNumber', width: 18 },
    money('Данъчна основа / Imponibile', 'amount'),
    money('ДДС / IVA', 'vat'),
    money('Общо / Totale', 'total'),
    { header: 'Валута / Valuta', key: 'currency', width: 10 },
    { header: 'Курс (лв.) / Cambio (BGN)', key: 'rate', width: 14, style: { numFmt: RATE } },
    ...rateColumns.map((rate, index) => money(rateLabel(rate), `rate${index}`)),
    money('Данъчна основа (EUR) / Imponibile (EUR)', 'amountEur'),
    money('ДДС (EUR) / IVA (EUR)', 'vatEur'),
    money('Общо (EUR) / Totale (EUR)', 'totalEur'),
  ];
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    let count = 0;
    const perRate = rateColumns.map(() => 0);
    const eur = { amount: 0, vat: 0, total: 0 };
    /** Per currency, the documents' own figures (never added across currencies). */
    const perCurrency = new Map<string, { amount: number; vat: number; total: number }>();
    for await (const page of pages) {
      if (output.destroyed) return;
      for (const doc of page) {
        const convert = (amount: number) => eurCents(amount, doc.currency, doc.currencyRate);
        const base = convert(doc.amount);
        const vat = convert(doc.vatAmount);
        const total = convert(doc.totalAmount);
        const column = rateColumns.indexOf(doc.rate);
        perRate[column] += base;
        eur.amount += base;
        eur.vat += vat;
        eur.total += total;
        const own = perCurrency.get(doc.currency) ?? { amount: 0, vat: 0, total: 0 };
        own.amount += toCents(doc.amount);
        own.vat += toCents(doc.vatAmount);
        own.total += toCents(doc.totalAmount);
        perCurrency.set(doc.currency, own);
        sheet
          .addRow([
            doc.number,
            new Date(`${doc.date}T00:00:00Z`),
            typeOf(doc.noticeType),
            safeCell(doc.customer),
            safeCell(doc.vatNumber),
            doc.amount,
            doc.vatAmount,
            doc.totalAmount,
            doc.currency,
            doc.currencyRate,
            ...rateColumns.map((_, index) => (index === column ? fromCents(base) : null)),
            fromCents(base),
            fromCents(vat),
            fromCents(total),
          ])
          .commit();
        count += 1;
      }
      await writable(output);
    }
    sheet.addRow([]).commit();
    const totals = sheet.addRow([
      `Общо / Totale (${count})`,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'EUR',
      null,
      ...perRate.map(fromCents),
      fromCents(eur.amount),
      fromCents(eur.vat),
      fromCents(eur.total),
    ]);
    totals.font = { bold: true };
    totals.commit();
    for (const [currency, own] of [...perCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      const row = sheet.addRow([
        `Общо ${currency} / Totale ${currency}`,
        null,
        null,
        null,
        null,
        fromCents(own.amount),
        fromCents(own.vat),
        fromCents(own.total),
        currency,
      ]);
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/**
 * The month's sales journal: an XLSX streamed by http/xlsx.ts while the documents come from the
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
import { safeCell, streamedWorkbook, type XlsxColumn } from '../../http/xlsx.ts';
import { readAhead } from '../../http/streams.ts';

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
  const rateColumns: Array<number | null> = [...[...rates].sort((a, b) => b - a), null];
  const money = (header: string): XlsxColumn => ({ header, width: 16, numFmt: MONEY });
  const columns: XlsxColumn[] = [
    { header: 'Номер / Numero', width: 14 },
    { header: 'Дата / Data', width: 12, numFmt: 'dd.mm.yyyy' },
    { header: 'Вид / Tipo', width: 20 },
    { header: 'Клиент / Cliente', width: 36 },
    { header: 'ДДС номер / Partita IVA', width: 18 },
    money('Данъчна основа / Imponibile'),
    money('ДДС / IVA'),
    money('Общо / Totale'),
    { header: 'Валута / Valuta', width: 10 },
    { header: 'Курс (лв.) / Cambio (BGN)', width: 14, numFmt: RATE },
    ...rateColumns.map((rate) => money(rateLabel(rate))),
    money('Данъчна основа (EUR) / Imponibile (EUR)'),
    money('ДДС (EUR) / IVA (EUR)'),
    money('Общо (EUR) / Totale (EUR)'),
  ];

  return streamedWorkbook(`Дневник ${month}`, columns, async (sheet) => {
    let count = 0;
    const perRate = rateColumns.map(() => 0);
    const eur = { amount: 0, vat: 0, total: 0 };
    /** Per currency, the documents' own figures (never added across currencies). */
    const perCurrency = new Map<string, { amount: number; vat: number; total: number }>();
    for await (const page of readAhead(pages)) {
      if (sheet.closed) return;
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
        sheet.row([
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
        ]);
        count += 1;
      }
      await sheet.flush();
    }
    sheet.row([]);
    sheet.row(
      [
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
      ],
      { bold: true },
    );
    for (const [currency, own] of [...perCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      sheet.row(
        [
          `Общо ${currency} / Totale ${currency}`,
          null,
          null,
          null,
          null,
          fromCents(own.amount),
          fromCents(own.vat),
          fromCents(own.total),
          currency,
        ],
        { bold: true },
      );
    }
  });
}

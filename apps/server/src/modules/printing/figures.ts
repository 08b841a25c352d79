/**
 * The amounts a layout prints: the document's own, or converted to leva (the fixed rate for euro, else the stored
 * rate), with the amount in words and, for the Italian style, the total in euro.
 *
 * Converted amounts add up on paper (docs/decisions.md, "Printed arithmetic in leva"): each row's unit price is
 * converted, the row's total is the printed quantity × the printed price, the tax base is the sum of the printed
 * rows, the VAT is the base × the percentage as the document computes it, and the total is their sum. That total may
 * differ by a few stotinki from the document's total converted: the page states the rate and the difference.
 */
import {
  BGN_PER_EUR,
  type PrintableDocument,
  type PrintLayout,
  bgnToEur,
  centsInWords,
  documentAmountInWords,
  fromCents,
  multiplyCents,
  percentOfCents,
  sumCents,
  toCents,
} from '@kantora/domain';

/** How the amounts were converted into leva, and how far the printed total is from the document's converted total. */
export interface PrintConversion {
  /** The document's currency code. */
  from: string;
  /** Leva per unit of `from`. */
  rate: number;
  /** True for the euro's fixed rate (1.95583). */
  fixed: boolean;
  /** The document's total, in its currency. */
  documentTotal: number;
  /** The document's total × the rate, rounded to the cent. */
  documentTotalLeva: number;
  /** The printed total − documentTotalLeva (0 when they agree). */
  difference: number;
}

export interface PrintFigures {
  /** The currency code the amounts are in. */
  currency: string;
  /** Set when the amounts are converted into leva, else null (the document's own amounts). */
  conversion: PrintConversion | null;
  items: Array<{ price: number; total: number }>;
  amount: number;
  VATAmount: number;
  totalAmount: number;
  /** The total in euro when the layout shows it and the document is not in euro. */
  eurTotal: number | null;
  /** The total in Bulgarian words. */
  words: string;
}

const isCode = (currency: string, code: string) => currency.trim().toUpperCase() === code;

/** Leva per unit of the document's currency: 1 for leva, the fixed rate for euro, else the stored rate. */
export function rateToLeva(doc: Pick<PrintableDocument, 'currency' | 'currencyRate'>): number {
  if (isCode(doc.currency, 'BGN')) return 1;
  if (isCode(doc.currency, 'EUR')) return BGN_PER_EUR;
  return doc.currencyRate;
}

/** The figures of a document converted to leva, computed from what is printed (all in cents until the end). */
function inLeva(doc: PrintableDocument, rate: number, eurTotal: (leva: number) => number | null): PrintFigures {
  const rows = doc.items.map((item) => {
    const price = multiplyCents(toCents(item.price), rate);
    // The stored total carries the row's sign (negative on a credit notice, whose prices are positive).
    const sign = toCents(item.total) < 0 !== price < 0 ? -1 : 1;
    return { price, total: sign * multiplyCents(price, item.quantity) };
  });
  const amount = sumCents(rows.map((row) => row.total));
  const VATAmount = doc.VATCharging ? percentOfCents(amount, doc.VATPercentage) : 0;
  const total = amount + VATAmount;
  const documentTotalLeva = multiplyCents(toCents(doc.totalAmount), rate);
  return {
    currency: 'BGN',
    conversion: {
      from: doc.currency.trim().toUpperCase(),
      rate,
      fixed: isCode(doc.currency, 'EUR'),
      documentTotal: doc.totalAmount,
      documentTotalLeva: fromCents(documentTotalLeva),
      difference: fromCents(total - documentTotalLeva),
    },
    items: rows.map((row) => ({ price: fromCents(row.price), total: fromCents(row.total) })),
    amount: fromCents(amount),
    VATAmount: fromCents(VATAmount),
    totalAmount: fromCents(total),
    eurTotal: eurTotal(fromCents(total)),
    words: centsInWords(total, 'BGN'),
  };
}

export function printFigures(doc: PrintableDocument, layout: PrintLayout): PrintFigures {
  // The euro total divides the total in leva by the fixed rate (not shown when the document is in euro).
  const eurTotal = (leva: number) => (layout.eurTotal && !isCode(doc.currency, 'EUR') ? bgnToEur(leva) : null);
  if (layout.currency === 'BGN' && !isCode(doc.currency, 'BGN')) return inLeva(doc, rateToLeva(doc), eurTotal);
  // The document's own amounts (also a BGN document in a leva layout): its rows and totals as stored, which the
  // server computed the same way (row = price × quantity, base = Σ rows, VAT = base × %).
  return {
    currency: doc.currency.trim().toUpperCase(),
    conversion: null,
    items: doc.items.map((item) => ({ price: item.price, total: item.total })),
    amount: doc.amount,
    VATAmount: doc.VATAmount,
    totalAmount: doc.totalAmount,
    eurTotal: eurTotal(fromCents(multiplyCents(toCents(doc.totalAmount), rateToLeva(doc)))),
    words: documentAmountInWords(doc),
  };
}

/**
 * The amounts a layout prints: the document's own, or converted to leva (× currencyRate; the fixed rate for
 * euro), with the amount in words and, for the Italian style, the total in euro.
 */
import { BGN_PER_EUR, type PrintableDocument, type PrintLayout, bgnToEur, centsInWords, documentAmountInWords, fromCents, multiplyCents, toCents } from '@kantora/domain';

export interface PrintFigures {
  /** The currency code the amounts are in. */
  currency: string;
  /** The rate used to convert into leva, or null when the amounts are the document's own. */
  convertedAt: number | null;
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

export function printFigures(doc: PrintableDocument, layout: PrintLayout): PrintFigures {
  // The euro total divides the total in leva by the fixed rate (not shown when the document is in euro).
  const eurTotal = (leva: number) => (layout.eurTotal && !isCode(doc.currency, 'EUR') ? bgnToEur(leva) : null);
  if (layout.currency === 'BGN') {
    const rate = rateToLeva(doc);
    const convert = (value: number) => multiplyCents(toCents(value), rate);
    // Tax base and VAT are converted; the total is their sum, so the printed totals add up.
    const amount = convert(doc.amount);
    const VATAmount = convert(doc.VATAmount);
    const total = amount + VATAmount;
    return {
      currency: 'BGN',
      convertedAt: isCode(doc.currency, 'BGN') ? null : rate,
      items: doc.items.map((item) => ({ price: fromCents(convert(item.price)), total: fromCents(convert(item.total)) })),
      amount: fromCents(amount),
      VATAmount: fromCents(VATAmount),
      totalAmount: fromCents(total),
      eurTotal: eurTotal(fromCents(total)),
      words: centsInWords(total, 'BGN'),
    };
  }
  return {
    currency: doc.currency.trim().toUpperCase(),
    convertedAt: null,
    items: doc.items.map((item) => ({ price: item.price, total: item.total })),
    amount: doc.amount,
    VATAmount: doc.VATAmount,
    totalAmount: doc.totalAmount,
    eurTotal: eurTotal(fromCents(multiplyCents(toCents(doc.totalAmount), rateToLeva(doc)))),
    words: documentAmountInWords(doc),
  };
}

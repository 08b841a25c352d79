/**
 * Invoice and proforma arithmetic (docs/architecture.md, "Money and totals"): integer cents, rounded half away from zero.
 * The server stores what `billingTotals` answers; the web may call it to DISPLAY a figure while editing, but
 * never sends a computed total back: the server computes every stored total from the stored rows.
 */
import {
  fitsMoney,
  fromCents,
  MAX_MONEY,
  multiplyCents,
  percentOfCents,
  roundHalfAway,
  sumCents,
  toCents,
} from './money.ts';

/** 0 invoice, 1 credit notice, 2 debit notice. */
export const NoticeType = { invoice: 0, credit: 1, debit: 2 } as const;
export type NoticeTypeValue = (typeof NoticeType)[keyof typeof NoticeType];
export const NOTICE_TYPES: readonly NoticeTypeValue[] = [0, 1, 2];

/** Paid state: 0 not paid, 1 paid, 2 partially paid. */
export const PaidState = { notPaid: 0, paid: 1, partial: 2 } as const;
export type PaidStateValue = (typeof PaidState)[keyof typeof PaidState];
export const PAID_STATES: readonly PaidStateValue[] = [0, 1, 2];

/** The sign of a document's rows and totals: a credit notice's are negative. */
export const noticeSign = (noticeType: number | null | undefined): 1 | -1 =>
  noticeType === NoticeType.credit ? -1 : 1;

/** A row's total in cents: price × quantity, rounded half away from zero; negative on a credit notice. */
export function lineTotalCents(price: number, quantity: number, noticeType: number | null | undefined = 0): number {
  return noticeSign(noticeType) * multiplyCents(toCents(price), quantity);
}

export interface BillingTotalsInput {
  items: ReadonlyArray<{ price: number; quantity: number }>;
  VATCharging: boolean;
  /** The VAT percentage (e.g. 20); ignored when VAT is not charged. */
  VATPercentage: number;
  noticeType?: number | null;
}

export interface BillingTotals {
  /** Each row's total, in the order of `items`. */
  lineTotals: number[];
  /** Tax base: the sum of the row totals. */
  amount: number;
  /** tax base × percentage / 100, rounded; 0 when VAT is not charged. */
  VATAmount: number;
  /** amount + VATAmount. */
  totalAmount: number;
}

/** The totals of a document from its rows (docs/architecture.md, "Money and totals": line total = price × quantity; VAT = base × % / 100; total = base + VAT). */
export function billingTotals(input: BillingTotalsInput): BillingTotals {
  const lines = input.items.map((item) => lineTotalCents(item.price, item.quantity, input.noticeType));
  const base = sumCents(lines);
  const vat = input.VATCharging ? percentOfCents(base, input.VATPercentage) : 0;
  return {
    lineTotals: lines.map(fromCents),
    amount: fromCents(base),
    VATAmount: fromCents(vat),
    totalAmount: fromCents(base + vat),
  };
}

/** A figure of a document that may be too large to store or print: a row's (converted) price or total, or a total. */
export type BillingAmountField = 'price' | 'total' | 'amount' | 'VATAmount' | 'totalAmount' | 'currencyRate';

/**
 * The first figure of a document that would not fit an amount (MAX_MONEY, numeric(14,2)), or null: each row's price
 * and total, the tax base, the VAT, the total, and, with `currencyRate` (leva per unit), the figures of the layout
 * converted to leva (each row's price and total, the tax base and the VAT, and their sum), named `currencyRate`.
 * Check it before `billingTotals`, which answers only figures that fit.
 */
export function billingAmountsOverflow(
  input: BillingTotalsInput & { currencyRate?: number },
): BillingAmountField | null {
  const prices = input.items.map((item) => Math.abs(item.price));
  if (prices.some((price) => !(price <= MAX_MONEY))) return 'price';
  const lines = input.items.map((item) => lineTotalCents(item.price, item.quantity, input.noticeType));
  if (!lines.every(fitsMoney)) return 'total';
  const base = sumCents(lines);
  if (!fitsMoney(base)) return 'amount';
  const vat = input.VATCharging ? percentOfCents(base, input.VATPercentage) : 0;
  if (!fitsMoney(vat)) return 'VATAmount';
  if (!fitsMoney(base + vat)) return 'totalAmount';
  const rate = input.currencyRate;
  if (rate !== undefined && rate !== 1) {
    if (!(rate > 0) || !Number.isFinite(rate)) return 'currencyRate';
    const inLeva = (cents: number) => multiplyCents(cents, rate);
    const figures = [
      ...prices.map((price) => inLeva(toCents(price))),
      ...lines.map(inLeva),
      inLeva(base),
      inLeva(vat),
      inLeva(base) + inLeva(vat),
    ];
    if (!figures.every(fitsMoney)) return 'currencyRate';
  }
  return null;
}

/**
 * An amount in a currency of rate `fromRate` (leva per unit) expressed in a currency of rate `toRate`:
 * amount × fromRate / toRate, rounded once, half away from zero, to the cent (EUR → BGN multiplies by 1.95583,
 * BGN → EUR divides by it).
 */
export function convertAmount(amount: number, fromRate: number, toRate: number): number {
  if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError('rates must be positive');
  if (fromRate === toRate) return roundHalfAway(amount, 2);
  if (toRate === 1) return roundHalfAway(amount * fromRate, 2);
  if (fromRate === 1) return roundHalfAway(amount / toRate, 2);
  return roundHalfAway((amount * fromRate) / toRate, 2);
}

/** The paid state a paid sum gives (sizes compared, so a credit notice's negative refunds work the same). */
export function paidStateOf(totalAmount: number, paidAmount: number): PaidStateValue {
  const total = Math.abs(toCents(totalAmount));
  const paid = Math.abs(toCents(paidAmount));
  if (paid === 0) return total === 0 ? PaidState.paid : PaidState.notPaid;
  return paid >= total ? PaidState.paid : PaidState.partial;
}

/** A register number as printed: 10 digits, zero-padded. */
export function formatDocumentNumber(value: number | string): string {
  return String(value).padStart(10, '0');
}

/**
 * The VAT rule of the editors (docs/decisions.md, "Billing (server)", VAT): turning VAT charging on applies the default VAT type; choosing a
 * VAT type equal to the default turns charging on; any other type (or none) turns it off. `change` holds what the
 * user changed (missing: unchanged); `current` is what the document has.
 */
export function resolveVat(
  change: { VATCharging?: boolean | null; VATType?: string | null },
  current: { VATCharging: boolean; VATType: string | null },
  defaultVatType: string | null,
): { VATCharging: boolean; VATType: string | null } {
  if (change.VATCharging === true && change.VATType === undefined)
    return { VATCharging: defaultVatType !== null, VATType: defaultVatType ?? current.VATType };
  let type = change.VATType !== undefined ? change.VATType : current.VATType;
  // Turning charging off leaves no VAT type chosen until one is picked (the default one would turn it back on).
  if (change.VATCharging === false && change.VATType === undefined && type === defaultVatType) type = null;
  return { VATCharging: type !== null && type === defaultVatType, VATType: type };
}

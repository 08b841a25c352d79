/**
 * Money arithmetic in integer cents. Amounts travel as JSON numbers with at most two
 * decimals; every sum and product is done on integers and rounded half away from zero.
 */
export const BGN_PER_EUR = 1.95583;

// Limits of the amounts, shared by the server's checks and the web forms' schemas (docs/decisions.md, "Limits of
// amounts"). Every stored amount is numeric(14,2); prices stay far enough below it that a contract's period (12
// months, VAT) always fits; each computed figure (row total, tax base, VAT, total, a converted price, the total in
// leva) is checked against MAX_MONEY before it is stored, and answers 400 `amount_too_large` naming it.

/** The largest amount a numeric(14,2) column holds: every stored amount (totals, payments) and every computed one. */
export const MAX_MONEY = 999_999_999_999.99;
/** MAX_MONEY in cents (a safe integer: sums of a few of them stay exact). */
export const MAX_MONEY_CENTS = 99_999_999_999_999;
/** The highest unit price: of a row, a service, a contract (its monthly price and its services' prices). */
export const MAX_PRICE = 999_999_999.99;
/** Currency rates (leva per unit): above zero with at most 6 decimals, so at least MIN_CURRENCY_RATE; at most MAX_CURRENCY_RATE. */
export const MIN_CURRENCY_RATE = 0.000001;
export const MAX_CURRENCY_RATE = 1_000_000;
export const CURRENCY_RATE_DECIMALS = 6;

/** True when an amount in cents fits a numeric(14,2) column (either sign). */
export function fitsMoney(cents: number): boolean {
  return Number.isFinite(cents) && Math.abs(cents) <= MAX_MONEY_CENTS;
}

/** Round half away from zero to `decimals` places, robust to binary noise (1.005 -> 1.01). */
export function roundHalfAway(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) throw new RangeError('amount must be finite');
  const factor = 10 ** decimals;
  // toPrecision(15) strips the representation error of the double before rounding.
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Amount (e.g. 12.34) to integer cents (1234). */
export function toCents(amount: number): number {
  return Math.round(roundHalfAway(amount, 2) * 100);
}

/** Integer cents to an amount with two decimals. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  return cents / 100;
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Sum of amounts, exact to the cent. */
export function sumAmounts(amounts: readonly number[]): number {
  return fromCents(sumCents(amounts.map(toCents)));
}

/** cents × factor (a quantity or a rate), rounded half away from zero to whole cents. */
export function multiplyCents(cents: number, factor: number): number {
  return Math.round(roundHalfAway((cents * factor) / 100, 2) * 100);
}

/** Percentage of an amount in cents, e.g. VAT: percentOfCents(10000, 20) = 2000. */
export function percentOfCents(cents: number, percentage: number): number {
  return multiplyCents(cents, percentage / 100);
}

export function bgnToEur(amountBgn: number): number {
  return roundHalfAway(amountBgn / BGN_PER_EUR, 2);
}

export function eurToBgn(amountEur: number): number {
  return roundHalfAway(amountEur * BGN_PER_EUR, 2);
}

/** True when the number has at most two decimals (after removing binary noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(roundHalfAway(value, 2) - value) < 1e-9;
}

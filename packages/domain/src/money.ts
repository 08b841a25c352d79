/**
 * Money arithmetic in integer cents. Amounts travel as JSON numbers with at most two
 * decimals; every sum and product is done on integers and rounded half away from zero.
 */
export const BGN_PER_EUR = 1.95583;

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

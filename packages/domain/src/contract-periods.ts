import { addDaysToDate } from './payment-terms.ts';

/**
 * A contract's invoicing periods (docs/decisions.md, "Billing run"): the grid runs every `invoiceMonthlyInterval`
 * months from the anchor (the invoice date when set, else the from date), each start counted from the anchor (31 Jan
 * + 1 month = 28 Feb, + 2 months = 31 Mar: no drift). The first period starts on the from date; a period ends the day
 * before the next grid start, cut at the to date. Pure functions shared by the server (the billing run, a document's
 * billed period) and the web (the periods a hand-made invoice may choose); the billing run's SQL finds the same starts.
 */
export interface PeriodContract {
  fromDate: string;
  toDate: string;
  invoiceDate: string | null;
  invoiceMonthlyInterval: number;
}

export interface ContractPeriod {
  periodFrom: string;
  periodTo: string;
  /** The period's started months (at most the interval): the quantity of its rows. */
  months: number;
}

/** A YYYY-MM-DD date plus months, the day kept or cut to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsToDate(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/** The earlier and the later of two YYYY-MM-DD dates. */
const earlier = (a: string, b: string) => (a <= b ? a : b);
const later = (a: string, b: string) => (a >= b ? a : b);

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** The grid's anchor. */
export const periodAnchor = (c: PeriodContract) => c.invoiceDate ?? c.fromDate;

/** How many months a grid start is from the anchor. */
const monthsFromAnchor = (c: PeriodContract, gridStart: string) => monthIndex(gridStart) - monthIndex(periodAnchor(c));

/** The first grid start after `day`. */
function nextGridStart(c: PeriodContract, day: string): string {
  const anchor = periodAnchor(c);
  const n = c.invoiceMonthlyInterval;
  let k = Math.floor((monthIndex(day) - monthIndex(anchor)) / n);
  while (addMonthsToDate(anchor, k * n) > day) k -= 1;
  while (addMonthsToDate(anchor, (k + 1) * n) <= day) k += 1;
  return addMonthsToDate(anchor, (k + 1) * n);
}

/** The period starting on `start` (the from date or a grid start, or the day after a billed period); null past the to date. */
export function periodAt(c: PeriodContract, start: string): ContractPeriod | null {
  if (start > c.toDate || start < c.fromDate) return null;
  const next = addDaysToDate(nextGridStart(c, start), -1);
  const periodTo = earlier(next, c.toDate);
  let months = 0;
  while (months < c.invoiceMonthlyInterval && addMonthsToDate(start, months) <= periodTo) months += 1;
  return { periodFrom: start, periodTo, months };
}

/**
 * The period a day falls in (a document made by hand for the contract bills it unless it chooses one): the day is
 * first brought into the contract (before the from date: the first period; after the to date: the last one), then
 * the period starts on the latest grid start not after it, or on the from date when that is later.
 */
export function periodContaining(c: PeriodContract, day: string): ContractPeriod {
  const inside = earlier(later(day, c.fromDate), c.toDate);
  const next = nextGridStart(c, inside);
  const grid = addMonthsToDate(periodAnchor(c), -c.invoiceMonthlyInterval + monthsFromAnchor(c, next));
  return periodAt(c, later(grid, c.fromDate))!;
}

/** The first period starting on or after a day (the from date's period when the day is not after it); null past the to date. */
export function firstPeriodFrom(c: PeriodContract, day: string): ContractPeriod | null {
  return periodAt(c, day <= c.fromDate ? c.fromDate : nextGridStart(c, addDaysToDate(day, -1)));
}

/** True when a day is the start of one of the contract's periods (the from date or a grid start inside the contract). */
export function isPeriodStart(c: PeriodContract, day: string): boolean {
  return periodAt(c, day) !== null && periodContaining(c, day).periodFrom === day;
}

/**
 * The contract's periods from its from date up to the one holding `until` (and not past the to date), newest first:
 * the periods a hand-made invoice may choose to bill. At most `limit` of them (the newest).
 */
export function contractPeriodsUntil(c: PeriodContract, until: string, limit = 240): ContractPeriod[] {
  if (!c.fromDate || !c.toDate || c.toDate < c.fromDate || !(c.invoiceMonthlyInterval >= 1)) return [];
  const periods: ContractPeriod[] = [];
  let period: ContractPeriod | null = periodContaining(c, until);
  while (period && periods.length < limit) {
    periods.push(period);
    if (period.periodFrom <= c.fromDate) break;
    period = periodContaining(c, addDaysToDate(period.periodFrom, -1));
  }
  return periods;
}

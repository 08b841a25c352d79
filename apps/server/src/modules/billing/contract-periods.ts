import type { Localized } from '../../db/schema/index.ts';
import { addDays, addMonths } from './access.ts';
import type { NewItem } from './billing-store.ts';

/**
 * A contract's invoicing periods (docs/decisions.md, "Billing run"): the grid runs every `invoiceMonthlyInterval`
 * months from the anchor (the invoice date when set, else the from date), each start counted from the anchor (31 Jan
 * + 1 month = 28 Feb, + 2 months = 31 Mar: no drift). The first period starts on the from date; a period ends the day
 * before the next grid start, cut at the to date. Pure functions: the billing run's SQL finds the same starts.
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
  while (addMonths(anchor, k * n) > day) k -= 1;
  while (addMonths(anchor, (k + 1) * n) <= day) k += 1;
  return addMonths(anchor, (k + 1) * n);
}

/** The period starting on `start` (the from date or a grid start, or the day after a billed period); null past the to date. */
export function periodAt(c: PeriodContract, start: string): ContractPeriod | null {
  if (start > c.toDate || start < c.fromDate) return null;
  const next = addDays(nextGridStart(c, start), -1);
  const periodTo = earlier(next, c.toDate);
  let months = 0;
  while (months < c.invoiceMonthlyInterval && addMonths(start, months) <= periodTo) months += 1;
  return { periodFrom: start, periodTo, months };
}

/**
 * The period a day falls in (a document made by hand for the contract bills it): the day is first brought into the
 * contract (before the from date: the first period; after the to date: the last one), then the period starts on the
 * latest grid start not after it, or on the from date when that is later.
 */
export function periodContaining(c: PeriodContract, day: string): ContractPeriod {
  const inside = earlier(later(day, c.fromDate), c.toDate);
  const next = nextGridStart(c, inside);
  const grid = addMonths(periodAnchor(c), -c.invoiceMonthlyInterval + monthsFromAnchor(c, next));
  return periodAt(c, later(grid, c.fromDate))!;
}

/** The first period starting on or after a day (the from date's period when the day is not after it); null past the to date. */
export function firstPeriodFrom(c: PeriodContract, day: string): ContractPeriod | null {
  return periodAt(c, day <= c.fromDate ? c.fromDate : nextGridStart(c, addDays(day, -1)));
}

/** dd.MM.yyyy of a YYYY-MM-DD date (the period in a generated row's comment). */
const shown = (day: string) => day.split('-').reverse().join('.');

export interface RowsContract {
  id: string;
  name: Localized;
  pricePerMonth: number | string;
}

export interface PricedService {
  name: Localized;
  price: number | string;
  serviceId: string;
}

/**
 * The rows of a period (the generation rule): with a monthly price, one row named after the contract, price = the
 * monthly price, quantity = the period's started months; without one, each priced service × those months; the
 * period is the rows' comment. No rows: nothing to bill (the run's "no services").
 */
export function periodRows(c: RowsContract, services: readonly PricedService[], period: ContractPeriod): NewItem[] {
  const comment = { bg: `Период ${shown(period.periodFrom)} – ${shown(period.periodTo)}`, it: `Periodo ${shown(period.periodFrom)} – ${shown(period.periodTo)}` };
  if (Number(c.pricePerMonth) > 0) {
    return [{ name: { bg: c.name.bg, it: c.name.it || c.name.bg }, comment, quantity: period.months, price: Number(c.pricePerMonth), contractId: c.id }];
  }
  return services
    .filter((service) => Number(service.price) > 0)
    .map((service) => ({ name: service.name, comment, quantity: period.months, price: Number(service.price), serviceId: service.serviceId, contractId: c.id }));
}

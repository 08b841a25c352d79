import { describe, expect, it } from 'vitest';
import { contractPeriodsUntil, isPeriodStart, periodContaining } from './contract-periods.ts';

const monthly = { fromDate: '2026-01-15', toDate: '2026-12-31', invoiceDate: '2026-02-01', invoiceMonthlyInterval: 1 };
const quarterly = {
  fromDate: '2026-02-01',
  toDate: '2027-12-31',
  invoiceDate: '2026-05-01',
  invoiceMonthlyInterval: 3,
};

describe('contract periods', () => {
  it('knows the period starts: the from date and the grid starts inside the contract', () => {
    expect(isPeriodStart(monthly, '2026-01-15')).toBe(true);
    expect(isPeriodStart(monthly, '2026-10-01')).toBe(true);
    expect(isPeriodStart(monthly, '2026-10-02')).toBe(false);
    expect(isPeriodStart(monthly, '2026-01-01')).toBe(false);
    expect(isPeriodStart(monthly, '2027-01-01')).toBe(false);
    expect(isPeriodStart(quarterly, '2026-08-01')).toBe(true);
    expect(isPeriodStart(quarterly, '2026-09-01')).toBe(false);
  });

  it('lists the periods up to the one holding a day, newest first, down to the from date', () => {
    expect(contractPeriodsUntil(monthly, '2026-03-10').map((p) => [p.periodFrom, p.periodTo])).toEqual([
      ['2026-03-01', '2026-03-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-01-15', '2026-01-31'],
    ]);
    expect(contractPeriodsUntil(quarterly, '2026-09-01').map((p) => p.periodFrom)).toEqual([
      '2026-08-01',
      '2026-05-01',
      '2026-02-01',
    ]);
    // Past the to date: the last period is the newest.
    expect(contractPeriodsUntil(monthly, '2030-01-01')[0]).toEqual(periodContaining(monthly, '2026-12-31'));
    expect(contractPeriodsUntil(monthly, '2030-01-01')).toHaveLength(12);
  });
});

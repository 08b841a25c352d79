import { describe, expect, it } from 'vitest';
import { NoticeType } from './billing-totals.ts';
import {
  addDaysToDate,
  clientPaymentTermDaysSchema,
  paymentDeadlineOf,
  paymentTermDaysSchema,
  paymentTermOf,
} from './payment-terms.ts';

describe('payment terms', () => {
  it('takes the client term, else the default, else 0', () => {
    expect(paymentTermOf(10, 30)).toBe(10);
    expect(paymentTermOf(0, 30)).toBe(0);
    expect(paymentTermOf(null, 30)).toBe(30);
    expect(paymentTermOf(undefined, undefined)).toBe(0);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDaysToDate('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2026-12-20', 30)).toBe('2027-01-19');
    expect(addDaysToDate('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('gives a credit notice no deadline; an invoice, a proforma and a debit notice date + term', () => {
    expect(paymentDeadlineOf('2026-03-02', { client: null, default: 14 })).toBe('2026-03-16');
    expect(paymentDeadlineOf('2026-03-02', { client: 10, default: 14 }, NoticeType.debit)).toBe('2026-03-12');
    expect(paymentDeadlineOf('2026-03-02', { client: 10, default: 14 }, NoticeType.credit)).toBeNull();
  });

  it('accepts whole days from 0 to 365; a client term may be blank', () => {
    expect(paymentTermDaysSchema.safeParse(0).success).toBe(true);
    expect(paymentTermDaysSchema.safeParse(365).success).toBe(true);
    for (const bad of [-1, 366, 1.5, '7'])
      expect(paymentTermDaysSchema.safeParse(bad).error?.issues[0].message).toBe('invalid_value');
    expect(paymentTermDaysSchema.safeParse(null).error?.issues[0].message).toBe('field_is_required');
    expect(clientPaymentTermDaysSchema.parse('')).toBeNull();
    expect(clientPaymentTermDaysSchema.parse(null)).toBeNull();
    expect(clientPaymentTermDaysSchema.parse(20)).toBe(20);
  });
});

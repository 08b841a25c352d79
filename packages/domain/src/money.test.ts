import { describe, expect, it } from 'vitest';
import {
  roundHalfAway,
  toCents,
  fromCents,
  sumAmounts,
  multiplyCents,
  percentOfCents,
  bgnToEur,
  eurToBgn,
  hasAtMostTwoDecimals,
  BGN_PER_EUR,
} from './money.ts';

describe('money', () => {
  it('rounds half away from zero despite binary noise', () => {
    expect(roundHalfAway(1.005)).toBe(1.01);
    expect(roundHalfAway(2.675)).toBe(2.68);
    expect(roundHalfAway(-1.005)).toBe(-1.01);
    expect(roundHalfAway(0.125)).toBe(0.13);
    expect(roundHalfAway(-0.125)).toBe(-0.13);
    expect(roundHalfAway(1.004)).toBe(1);
    expect(roundHalfAway(-0.001)).toBe(0);
    expect(Object.is(roundHalfAway(-0.001), -0)).toBe(false);
  });
  it('converts between amounts and cents', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1234)).toBe(12.34);
    expect(() => fromCents(1.5)).toThrow();
  });
  it('sums without float drift', () => {
    expect(sumAmounts([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumAmounts(Array(100).fill(0.01))).toBe(1);
  });
  it('multiplies cents by quantities and percentages', () => {
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(multiplyCents(333, 1.5)).toBe(500); // 4.995 -> 5.00
    expect(percentOfCents(10000, 20)).toBe(2000);
    expect(percentOfCents(1005, 9)).toBe(90); // 0.9045 -> 0.90
    expect(percentOfCents(1050, 9)).toBe(95); // 0.945 -> 0.95
  });
  it('converts BGN and EUR at the fixed rate', () => {
    expect(BGN_PER_EUR).toBe(1.95583);
    expect(bgnToEur(1.95583)).toBe(1);
    expect(eurToBgn(100)).toBe(195.58);
    expect(bgnToEur(100)).toBe(51.13);
  });
  it('checks two decimals', () => {
    expect(hasAtMostTwoDecimals(1.23)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(1.234)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { businessDate, listQuery, nameSchema, selectNumber, signInSchema } from './schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('schemas', () => {
  it('requires username and password with its message key', () => {
    expect(messages(signInSchema.safeParse({ username: ' ', password: '' }))).toEqual([
      'field_is_required',
      'field_is_required',
    ]);
    expect(messages(signInSchema.safeParse({}))).toEqual(['field_is_required', 'field_is_required']);
  });
  it('accepts 0 for a select and rejects out of range', () => {
    expect(selectNumber.safeParse(0).success).toBe(true);
    expect(messages(selectNumber.safeParse(1000))).toEqual(['select_range']);
  });
  it('checks names of at least 3 characters', () => {
    expect(messages(nameSchema.safeParse('Al'))).toEqual(['field_at_least_3_symbols']);
    expect(messages(nameSchema.safeParse(''))).toContain('field_is_required');
  });
  it('checks business dates', () => {
    expect(businessDate.safeParse('2024-02-29').success).toBe(true);
    expect(messages(businessDate.safeParse('2023-02-29'))).toEqual(['invalid_date']);
    expect(messages(businessDate.safeParse('1899-12-31'))).toEqual(['min_date']);
  });
  it('normalises list paging', () => {
    expect(listQuery.parse({})).toEqual({ page: 1, itemsPerPage: 15, sortBy: [], sortDesc: [] });
    expect(listQuery.parse({ sortBy: 'name', sortDesc: true })).toMatchObject({ sortBy: ['name'], sortDesc: [true] });
    expect(listQuery.safeParse({ itemsPerPage: 201 }).success).toBe(false);
  });
});

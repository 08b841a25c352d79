import { describe, expect, it } from 'vitest';
import {
  formatHoursMinutes,
  hasTimesheetFilter,
  splitWorkDuration,
  timesheetDateError,
  timesheetExportQuery,
  timesheetListQuery,
  timesheetSaveSchema,
} from './timesheets.schemas.ts';
import { sofiaDay } from './sofia-time.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = { client: id(1), contract: id(2), service: id(3), date: '2026-11-20', duration: 90 };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('timesheet schemas', () => {
  it('fold the filter aliases and drop blanks', () => {
    const query = timesheetListQuery.parse({
      clientId: id(1),
      employee: id(2),
      services: id(3),
      contractId: id(4),
      fromDate: '',
      toDate: null,
    });
    expect(query).toMatchObject({
      client: id(1),
      user: id(2),
      services: [id(3)],
      contract: id(4),
      page: 1,
      itemsPerPage: 15,
    });
    expect(query.fromDate).toBeUndefined();
    expect(timesheetListQuery.parse({ services: [] }).services).toBeUndefined();
    expect(issues(timesheetListQuery.safeParse({ fromDate: '2026-02-01', toDate: '2026-01-01' }))).toEqual({
      toDate: 'end_date_before_start_date',
    });
    expect(timesheetExportQuery.parse({ company: id(5) })).toMatchObject({ client: id(5), sortBy: [], sortDesc: [] });
  });

  it('need a filter for the export', () => {
    expect(hasTimesheetFilter({})).toBe(false);
    expect(hasTimesheetFilter({ client: null, services: [], fromDate: undefined })).toBe(false);
    expect(hasTimesheetFilter({ services: [id(1)] })).toBe(true);
    expect(hasTimesheetFilter({ toDate: '2026-01-01' })).toBe(true);
  });

  it('save an array of rows with errors under each index, or one object', () => {
    expect(timesheetSaveSchema.parse([row, { ...row, comment: ' ok ' }])).toEqual({
      many: true,
      items: [
        { ...row, comment: '' },
        { ...row, comment: 'ok' },
      ],
    });
    expect(timesheetSaveSchema.parse({ ...row, _id: id(9) })).toEqual({
      many: false,
      items: [{ ...row, _id: id(9), comment: '' }],
    });
    const refused = timesheetSaveSchema.safeParse([
      row,
      { ...row, duration: 0, service: '' },
      { ...row, date: '2026-02-30' },
    ]);
    expect(issues(refused)).toEqual({
      '1.duration': 'timesheet_duration_range',
      '1.service': 'field_is_required',
      '2.date': 'invalid_date',
    });
    expect(issues(timesheetSaveSchema.safeParse({ ...row, duration: 1441 }))).toEqual({
      duration: 'timesheet_duration_range',
    });
    expect(issues(timesheetSaveSchema.safeParse([]))).toEqual({ '': 'field_is_required' });
  });

  it('split durations into working days of 8 hours and into hours and minutes', () => {
    expect(splitWorkDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(splitWorkDuration(1530)).toEqual({ days: 3, hours: 1, minutes: 30 });
    expect(splitWorkDuration(479)).toEqual({ days: 0, hours: 7, minutes: 59 });
    expect(formatHoursMinutes(1530)).toBe('25:30');
    expect(formatHoursMinutes(5)).toBe('0:05');
  });

  it('take today in Europe/Sofia', () => {
    expect(sofiaDay(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
    expect(sofiaDay(new Date('2026-12-31T21:59:00Z'))).toBe('2026-12-31');
    expect(sofiaDay(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });
});

describe('timesheetDateError', () => {
  const contract = { fromDate: '2026-01-01', toDate: '2026-06-30' };
  it("keeps a date from the contract's first day to its last, not after today", () => {
    expect(timesheetDateError('2026-01-01', '2026-11-25', contract)).toBeNull();
    expect(timesheetDateError('2026-06-30', '2026-11-25', contract)).toBeNull();
    expect(timesheetDateError('2025-12-31', '2026-11-25', contract)).toBe('timesheet_date_outside_contract');
    expect(timesheetDateError('2026-07-01', '2026-11-25', contract)).toBe('timesheet_date_outside_contract');
    // One key: the future first.
    expect(timesheetDateError('2026-11-26', '2026-11-25', contract)).toBe('date_in_future');
    // No contract (or no dates) yet: only today counts.
    expect(timesheetDateError('1900-01-01', '2026-11-25')).toBeNull();
    expect(timesheetDateError('1900-01-01', '2026-11-25', { fromDate: null, toDate: null })).toBeNull();
  });
});

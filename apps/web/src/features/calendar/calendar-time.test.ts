import type { CalendarEvent } from '@kantora/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateToDay,
  calendarDateToInstant,
  dayTimeToInstant,
  instantToDay,
  instantToWall,
  readableTextOn,
  timeRange,
  toCalendarInput,
  viewRange,
  wallToInstant,
} from './calendar-time.ts';
import { convertBounds, suggestedEnd } from './event-form-fields.tsx';

const machineZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = machineZone;
});

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  _id: 'e1',
  user: 'u1',
  userName: { bg: 'Георги Иванов', it: 'Giorgio Ivanov' },
  category: 'c1',
  categoryName: { bg: 'Среща', it: 'Riunione' },
  categoryColor: '#1565C0',
  fromDate: '2025-07-01T07:00:00.000Z',
  toDate: '2025-07-01T08:30:00.000Z',
  allDay: false,
  title: 'Среща',
  comment: '',
  invited: [],
  createdBy: 'u1',
  createdByName: null,
  created: '2025-06-01T10:00:00.000Z',
  updated: null,
  ...overrides,
});

describe('calendar times in Europe/Sofia, whatever the browser zone', () => {
  for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Sofia']) {
    it(`converts instants and calendar wall times both ways (${zone})`, () => {
      process.env.TZ = zone;
      // Winter UTC+2, summer UTC+3.
      expect(instantToWall('2025-01-15T06:00:00.000Z')).toBe('2025-01-15T08:00:00');
      expect(instantToWall('2025-07-01T09:05:00.000Z')).toBe('2025-07-01T12:05:00');
      expect(calendarDateToInstant(new Date('2025-07-01T12:05:00Z'))).toBe('2025-07-01T09:05:00.000Z');
      expect(calendarDateToInstant(new Date('2025-01-15T08:00:00Z'))).toBe('2025-01-15T06:00:00.000Z');
      // 02:30 on 9 March 2025 does not exist in New York; in Sofia it is an ordinary time.
      expect(calendarDateToInstant(new Date('2025-03-09T02:30:00Z'))).toBe('2025-03-09T00:30:00.000Z');
      expect(instantToDay('2024-12-31T22:30:00.000Z')).toBe('2025-01-01');
    });
  }

  it('handles the days Sofia changes its clocks', () => {
    expect(wallToInstant(2025, 3, 29, 10).toISOString()).toBe('2025-03-29T08:00:00.000Z');
    expect(wallToInstant(2025, 3, 30, 10).toISOString()).toBe('2025-03-30T07:00:00.000Z');
    expect(wallToInstant(2025, 10, 26, 10).toISOString()).toBe('2025-10-26T08:00:00.000Z');
    expect(dayTimeToInstant('2025-03-30', '09:00')).toBe('2025-03-30T06:00:00.000Z');
  });

  it('turns a view into the days of the list call (FullCalendar ends are exclusive)', () => {
    expect(viewRange(new Date('2025-03-31T00:00:00Z'), new Date('2025-05-12T00:00:00Z'))).toEqual({
      fromDate: '2025-03-31',
      toDate: '2025-05-11',
    });
    expect(calendarDateToDay(new Date('2025-03-31T00:00:00Z'))).toBe('2025-03-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });
});

describe('events on the calendar', () => {
  it('gives FullCalendar Sofia wall times, and all-day ends the day after the last day', () => {
    expect(toCalendarInput(event())).toMatchObject({
      id: 'e1',
      allDay: false,
      start: '2025-07-01T10:00:00',
      end: '2025-07-01T11:30:00',
      backgroundColor: '#1565C0',
    });
    expect(toCalendarInput(event({ allDay: true, fromDate: '2025-07-01', toDate: '2025-07-03' }))).toMatchObject({
      start: '2025-07-01',
      end: '2025-07-04',
    });
  });

  it('labels the time range, with the days when it spans more than one', () => {
    expect(timeRange(event())).toBe('10:00–11:30');
    expect(timeRange(event({ toDate: '2025-07-02T15:00:00.000Z' }))).toBe('01.07 10:00 – 02.07 18:00');
  });

  it('picks a readable text colour for the category colour', () => {
    expect(readableTextOn('#8B0000')).toBe('#ffffff');
    expect(readableTextOn('#FFEB3B')).toBe('#1b2430');
    expect(readableTextOn('not a colour')).toBe('#ffffff');
    // Orange: white reads at 3.1:1, the dark text at 5:1.
    expect(readableTextOn('#ef6c00')).toBe('#1b2430');
    expect(readableTextOn('#1565C0')).toBe('#ffffff');
  });
});

describe('the event form', () => {
  it('keeps the chosen days when all-day is switched on or off', () => {
    expect(convertBounds({ fromDate: '2025-07-01T21:30:00.000Z', toDate: '2025-07-02T08:00:00.000Z' }, true)).toEqual({
      fromDate: '2025-07-02',
      toDate: '2025-07-02',
    });
    expect(convertBounds({ fromDate: '2025-07-01', toDate: '2025-07-02' }, false)).toEqual({
      fromDate: '2025-07-01T06:00:00.000Z',
      toDate: '2025-07-02T07:00:00.000Z',
    });
    expect(convertBounds({ fromDate: null, toDate: null }, true)).toEqual({ fromDate: null, toDate: null });
  });

  it('suggests an end for a new start', () => {
    expect(suggestedEnd('2025-07-01', true)).toBe('2025-07-01');
    expect(suggestedEnd('2025-07-01T07:00:00.000Z', false)).toBe('2025-07-01T08:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { formatDuration } from '../../lib/format.ts';
import { durationOf } from './timesheet-form.ts';

describe('durations', () => {
  it('show working days of 8 hours, hours and minutes, leaving out zero parts', async () => {
    expect(formatDuration(0)).toBe('0 минути');
    expect(formatDuration(1)).toBe('1 минута');
    expect(formatDuration(45)).toBe('45 минути');
    expect(formatDuration(60)).toBe('1 час');
    expect(formatDuration(90)).toBe('1 час 30 минути');
    expect(formatDuration(479)).toBe('7 часа 59 минути');
    expect(formatDuration(480)).toBe('1 ден');
    expect(formatDuration(1440)).toBe('3 дни');
    expect(formatDuration(2 * 480 + 3 * 60 + 15)).toBe('2 дни 3 часа 15 минути');
    await changeLocale('it');
    expect(formatDuration(480 + 60 + 1)).toBe('1 giorno 1 ora 1 minuto');
    expect(formatDuration(5 * 480 + 150)).toBe('5 giorni 2 ore 30 minuti');
  });

  it('are entered as hours and minutes', () => {
    expect(durationOf({ hours: 1, minutes: 30 })).toBe(90);
    expect(durationOf({ hours: null, minutes: 45 })).toBe(45);
    expect(durationOf({ hours: 8, minutes: null })).toBe(480);
    expect(durationOf({ hours: null, minutes: null })).toBeNull();
  });
});

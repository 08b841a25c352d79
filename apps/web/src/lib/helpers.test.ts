import { LAST_VISITED_LIMIT } from '@kantora/domain';
import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition.ts';
import { formatDate, formatDateTime, formatDuration, formatMoney, formatNumber, parseNumber } from './format.ts';
import { readLastVisited, recordVisit } from './last-visited.ts';
import { instantToSofiaWall, sofiaWallToInstant } from './sofia-time.ts';

describe('Content-Disposition file names', () => {
  it('prefers filename* (RFC 5987) over filename', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%D0%B4%D0%BE%D0%B3.pdf`),
    ).toBe('дог.pdf');
  });
  it('reads quoted and plain filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="report 2024.xlsx"')).toBe('report 2024.xlsx');
    expect(filenameFromContentDisposition('attachment; filename=export.csv')).toBe('export.csv');
  });
  it('returns null without a file name', () => {
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});

describe('formatting', () => {
  it('shows business dates and timestamps as dd.MM.yyyy (Sofia time)', () => {
    expect(formatDate('2024-03-09')).toBe('09.03.2024');
    // 22:30 UTC on 31 Dec is already 1 January in Sofia (UTC+2).
    expect(formatDate('2023-12-31T22:30:00Z')).toBe('01.01.2024');
    expect(formatDateTime('2024-07-01T09:05:00Z')).toBe('01.07.2024 12:05');
    expect(formatDate('nonsense')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('formats money with two decimals per locale, rounding half away from zero', () => {
    expect(formatMoney(1234.5, undefined, 'bg')).toBe('1234,50');
    expect(formatMoney(12345.675, 'BGN', 'bg')).toBe('12\u00a0345,68 BGN');
    expect(formatMoney(1234.5, undefined, 'it')).toBe('1234,50');
    expect(formatMoney(12345.5, undefined, 'it')).toBe('12.345,50');
    expect(formatMoney(-0.005, undefined, 'it')).toBe('-0,01');
  });

  it('formats numbers per locale', () => {
    expect(formatNumber(1.5, 2, 'bg')).toBe('1,5');
    expect(formatNumber(98765.4321, 2, 'it')).toBe('98.765,43');
  });

  it('reads numbers typed in either locale', () => {
    expect(parseNumber('1 234,56')).toBe(1234.56);
    expect(parseNumber('1.234,56')).toBe(1234.56);
    expect(parseNumber('12.5')).toBe(12.5);
    expect(parseNumber('-3')).toBe(-3);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12a')).toBeNull();
  });

  it('spells durations in working days of 8 hours, hours and minutes', () => {
    expect(formatDuration(8 * 60 + 90)).toBe('1 ден 1 час 30 минути');
    expect(formatDuration(60 * 24 + 90)).toBe('3 дни 1 час 30 минути');
    expect(formatDuration(0)).toBe('0 минути');
  });
});

describe('Europe/Sofia wall time', () => {
  it('converts both ways, across daylight saving time', () => {
    const summer = new Date('2024-07-01T09:05:00Z');
    const wall = instantToSofiaWall(summer);
    expect([wall.getHours(), wall.getMinutes()]).toEqual([12, 5]);
    expect(sofiaWallToInstant(wall).toISOString()).toBe('2024-07-01T09:05:00.000Z');
    const winter = sofiaWallToInstant(new Date(2024, 0, 15, 8, 0));
    expect(winter.toISOString()).toBe('2024-01-15T06:00:00.000Z');
  });
});

describe('last visited routes', () => {
  it('keeps the newest first, without duplicates, at most the limit, per user', () => {
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f']) recordVisit('u1', { path, title: 'clients' });
    recordVisit('u1', { path: '/c', title: 'clients' });
    const list = readLastVisited('u1').map((entry) => entry.path);
    expect(list).toEqual(['/c', '/f', '/e', '/d', '/b']);
    expect(list).toHaveLength(LAST_VISITED_LIMIT);
    expect(readLastVisited('u2')).toEqual([]);
  });
});

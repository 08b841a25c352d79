import { roundHalfAway, splitWorkDuration } from '@kantora/domain';
import i18n, { currentLocale } from './i18n.ts';
import { intlTag } from './locale.ts';
import { sofiaParts } from './sofia-time.ts';

/**
 * Display formats (docs/architecture.md, "Dates, formats and the web's behaviour"): dates dd.MM.yyyy (Europe/Sofia for timestamps), numbers and money
 * by the locale, money always with two decimals.
 */
const pad = (value: number) => String(value).padStart(2, '0');
const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` business date or ISO timestamp -> `dd.MM.yyyy`; '' for empty or invalid input. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const match = BUSINESS_DATE.exec(value);
    if (match) return `${match[3]}.${match[2]}.${match[1]}`;
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const p = sofiaParts(instant);
  return `${pad(p.day)}.${pad(p.month)}.${p.year}`;
}

/** ISO timestamp -> `dd.MM.yyyy HH:mm` in Europe/Sofia. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const p = sofiaParts(instant);
  return `${pad(p.day)}.${pad(p.month)}.${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

export function formatNumber(
  value: number | null | undefined,
  maximumFractionDigits = 2,
  locale = currentLocale(),
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(intlTag(locale), { maximumFractionDigits }).format(value);
}

/** Money: rounded half away from zero, always two decimals, optional currency label after it. */
export function formatMoney(value: number | null | undefined, currency?: string, locale = currentLocale()): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = new Intl.NumberFormat(intlTag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roundHalfAway(value, 2),
  );
  return currency ? `${text} ${currency}` : text;
}

/**
 * Reads a number typed by a user in either locale: spaces and group separators are dropped,
 * the last `,` or `.` is the decimal separator. Returns null for empty or unreadable input.
 */
export function parseNumber(input: string): number | null {
  const compact = input.replace(/[\s\u00a0\u202f']/g, '');
  if (!compact) return null;
  const lastSeparator = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  let normalized = compact;
  if (lastSeparator >= 0) {
    const whole = compact.slice(0, lastSeparator).replace(/[.,]/g, '');
    normalized = `${whole}.${compact.slice(lastSeparator + 1)}`;
  }
  if (!/^[-+]?\d*\.?\d+$/.test(normalized) && !/^[-+]?\d+\.?$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/**
 * Duration in minutes split into days, hours and minutes (durations read as days, hours, minutes). A day is a
 * working day of 8 hours (WORKDAY_MINUTES): the figure says so beside it.
 */
export const splitDuration = splitWorkDuration;

/** Duration in minutes as text, e.g. "1 ден 2 часа 30 минути" (working days of 8 hours); zero parts are left out. */
export function formatDuration(totalMinutes: number): string {
  const { days, hours, minutes } = splitWorkDuration(totalMinutes);
  const parts: string[] = [];
  if (days) parts.push(i18n.t('common:duration.days', { count: days }));
  if (hours) parts.push(i18n.t('common:duration.hours', { count: hours }));
  if (minutes || parts.length === 0) parts.push(i18n.t('common:duration.minutes', { count: minutes }));
  return parts.join(' ');
}

/** A file size for people: `512 B`, `1,5 KB`, `2,3 MB` in the locale. */
export function formatSize(bytes: number, locale: string = currentLocale()): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(intlTag(locale), { maximumFractionDigits: unit ? 1 : 0 }).format(size)} ${units[unit]}`;
}

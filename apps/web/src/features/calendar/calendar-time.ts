import type { CalendarEvent } from '@kantora/domain';
import { sofiaParts } from '../../lib/sofia-time.ts';

/**
 * FullCalendar runs with `timeZone: 'UTC'` and "floating" times: a Sofia wall time 10:00 is given to
 * it as `...T10:00:00` and its Dates carry the wall time in their UTC fields. Every browser, in any
 * time zone, then shows Europe/Sofia times, and there are no local summer-time gaps. These helpers
 * convert between instants (the API) and such wall times (the calendar).
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** ISO instant -> Sofia wall time `YYYY-MM-DDTHH:mm:ss`. */
export function instantToWall(iso: string | Date): string {
  const p = sofiaParts(iso instanceof Date ? iso : new Date(iso));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Sofia wall time parts -> the instant (the offset at the target, corrected once across a DST change). */
export function wallToInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const target = Date.UTC(year, month - 1, day, hour, minute);
  let guess = target;
  for (let i = 0; i < 2; i += 1) {
    const p = sofiaParts(new Date(guess));
    guess += target - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  }
  return new Date(guess);
}

/** A FullCalendar Date (wall time in its UTC fields) -> ISO instant. */
export function calendarDateToInstant(date: Date): string {
  return wallToInstant(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  ).toISOString();
}

/** A FullCalendar Date -> its day `YYYY-MM-DD`. */
export const calendarDateToDay = (date: Date) => date.toISOString().slice(0, 10);

/** `YYYY-MM-DD` plus some days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Sofia day of an instant. */
export const instantToDay = (iso: string | Date) => instantToWall(iso).slice(0, 10);

/** Today in Sofia. */
export const sofiaToday = () => instantToDay(new Date());

/** A Sofia day at a wall time (`HH:mm`) -> ISO instant. */
export function dayTimeToInstant(day: string, time = '09:00'): string {
  const [y, m, d] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return wallToInstant(y, m, d, hour, minute).toISOString();
}

/** The days a view shows (FullCalendar's end is exclusive) as the list call's range. */
export function viewRange(start: Date, end: Date): { fromDate: string; toDate: string } {
  return { fromDate: calendarDateToDay(start), toDate: addDays(calendarDateToDay(end), -1) };
}

/** An event as FullCalendar's input: all-day ends are exclusive there, times are Sofia wall times. */
export function toCalendarInput(event: CalendarEvent) {
  return {
    id: event._id,
    title: event.title,
    allDay: event.allDay,
    start: event.allDay ? event.fromDate : instantToWall(event.fromDate),
    end: event.allDay ? addDays(event.toDate, 1) : instantToWall(event.toDate),
    backgroundColor: event.categoryColor,
    borderColor: event.categoryColor,
    textColor: readableTextOn(event.categoryColor),
    extendedProps: { event },
  };
}

/** `HH:mm`–`HH:mm` in Sofia; with the days when the event spans more than one. */
export function timeRange(event: Pick<CalendarEvent, 'fromDate' | 'toDate'>): string {
  const from = instantToWall(event.fromDate);
  const to = instantToWall(event.toDate);
  const hm = (wall: string) => wall.slice(11, 16);
  const dm = (wall: string) => `${wall.slice(8, 10)}.${wall.slice(5, 7)}`;
  if (from.slice(0, 10) === to.slice(0, 10)) return `${hm(from)}–${hm(to)}`;
  return `${dm(from)} ${hm(from)} – ${dm(to)} ${hm(to)}`;
}

/**
 * The app's dark text or white, whichever has the higher contrast ratio (WCAG 2.1) on a `#rrggbb` colour: for a
 * category colour of middle lightness (an orange, a green) the dark text reads at 4.5:1 where white would not.
 */
export function readableTextOn(color: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((hex) => Number.parseInt(hex, 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const DARK_LUMINANCE = 0.0165; // #1b2430, the theme's text colour
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (DARK_LUMINANCE + 0.05);
  return onDark > onWhite ? '#1b2430' : '#ffffff';
}

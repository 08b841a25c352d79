import { Calendar, type CalendarOptions, type EventContentArg, type EventInput } from '@fullcalendar/core';
import bgLocale from '@fullcalendar/core/locales/bg';
import itLocale from '@fullcalendar/core/locales/it';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import { CALENDAR_HEIGHT, type CalendarEvent, type Locale } from '@kantora/domain';
import Box from '@mui/material/Box';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { instantToWall, timeRange } from './calendar-time.ts';

export type CalendarView = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';

export interface CalendarHandle {
  prev(): void;
  next(): void;
  today(): void;
  gotoDate(day: string): void;
  changeView(view: CalendarView, day?: string): void;
}

export interface VisibleRange {
  start: Date;
  end: Date;
  /** The first day of the current month/week/day (FullCalendar's current date). */
  current: Date;
  title: string;
  view: CalendarView;
}

export interface FullCalendarProps {
  ref?: Ref<CalendarHandle>;
  events: EventInput[];
  locale: Locale;
  initialView?: CalendarView;
  /** Texts the calendar draws itself. */
  labels: { allDay: string };
  /** Narrow screens: the week view's day headers take two lines (weekday, day). */
  compact?: boolean;
  onRangeChange: (range: VisibleRange) => void;
  /** A day (month view) or a time slot (week/day views) was clicked; the Date carries the Sofia wall time in its UTC fields. */
  onDateClick: (date: Date, allDay: boolean, view: CalendarView) => void;
  onEventClick: (event: CalendarEvent) => void;
}

/**
 * The event's box: the all-day label or the time range, the title and the employee. Month cells
 * and all-day rows are short: time and title share the first line there. A short timed event in
 * the week and day views is one line, cut at its end; longer ones have a line each.
 */
function eventContent(arg: EventContentArg, labels: FullCalendarProps['labels'], locale: Locale) {
  const event = arg.event.extendedProps.event as CalendarEvent;
  const minutes = arg.event.start && arg.event.end ? (arg.event.end.getTime() - arg.event.start.getTime()) / 60_000 : 0;
  const timeGrid = !event.allDay && arg.view.type.startsWith('timeGrid');
  const layout = timeGrid ? (minutes < 60 ? 'inline' : 'lines') : 'head';
  const element = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const box = element('div', `kantora-event kantora-event-${layout}`);
  const time = element(
    layout === 'lines' ? 'div' : 'span',
    'kantora-event-time',
    event.allDay ? labels.allDay : timeRange(event),
  );
  const title = element(layout === 'lines' ? 'div' : 'span', 'kantora-event-title', event.title);
  const employee = element(
    layout === 'head' ? 'div' : layout === 'lines' ? 'div' : 'span',
    'kantora-event-employee',
    event.userName[locale] || event.userName.bg,
  );
  if (layout === 'head') {
    const head = element('div', 'kantora-event-first');
    head.append(time, title);
    box.append(head, employee);
  } else {
    box.append(time, title, employee);
  }
  return { domNodes: [box] };
}

/** A week view's day header on a phone: the short weekday over the day of the month (the Date carries the day in its UTC fields). */
function compactDayHeader(date: Date, view: string, text: string, locale: Locale) {
  if (view !== 'timeGridWeek') return text;
  const box = document.createElement('span');
  box.className = 'kantora-day-header';
  const weekday = document.createElement('span');
  weekday.textContent = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date);
  const day = document.createElement('span');
  day.textContent = String(date.getUTCDate());
  box.append(weekday, day);
  return { domNodes: [box] };
}

/**
 * FullCalendar (v6 core with the day-grid, time-grid and interaction plugins) in a React component:
 * the calendar is created once and its options are reset when the props change. Time zone: see
 * calendar-time.ts.
 */
export function FullCalendar({
  ref,
  events,
  locale,
  initialView = 'dayGridMonth',
  labels,
  compact = false,
  onRangeChange,
  onDateClick,
  onEventClick,
}: FullCalendarProps) {
  const element = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const handlers = useRef({ onRangeChange, onDateClick, onEventClick, labels, locale });
  handlers.current = { onRangeChange, onDateClick, onEventClick, labels, locale };

  useImperativeHandle(ref, () => ({
    prev: () => calendar.current?.prev(),
    next: () => calendar.current?.next(),
    today: () => calendar.current?.gotoDate(instantToWall(new Date()).slice(0, 10)),
    gotoDate: (day) => calendar.current?.gotoDate(day),
    changeView: (view, day) => calendar.current?.changeView(view, day),
  }));

  useEffect(() => {
    if (!element.current) return;
    const options: CalendarOptions = {
      plugins: [dayGridPlugin, timeGridPlugin, interactionPlugin],
      locales: [bgLocale, itLocale],
      locale: handlers.current.locale,
      timeZone: 'UTC',
      // "Now" and "today" are Sofia's, whatever the browser's time zone.
      now: () => instantToWall(new Date()),
      initialDate: instantToWall(new Date()).slice(0, 10),
      initialView,
      headerToolbar: false,
      firstDay: 1,
      height: CALENDAR_HEIGHT,
      dayMaxEvents: true,
      // A month shows only the weeks it has, so its rows have room for more events.
      fixedWeekCount: false,
      nowIndicator: true,
      navLinks: true,
      scrollTime: '08:00:00',
      slotLabelFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
      eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
      displayEventEnd: true,
      eventDisplay: 'block',
      events: [],
      eventContent: (arg) => eventContent(arg, handlers.current.labels, handlers.current.locale),
      // A month's day cell is named by its day number (aria-labelledby) but also shows its events, so its name would
      // not hold what it shows (WCAG 2.5.3); the cell goes unnamed and its day link (titled with the full date) speaks.
      dayCellDidMount: (arg) => arg.el.removeAttribute('aria-labelledby'),
      eventDidMount: (arg) => {
        const event = arg.event.extendedProps.event as CalendarEvent;
        // The comment is the hover tooltip.
        if (event.comment) arg.el.title = event.comment;
        arg.el.setAttribute('data-event-id', event._id);
      },
      eventClick: (arg) => {
        arg.jsEvent.preventDefault();
        handlers.current.onEventClick(arg.event.extendedProps.event as CalendarEvent);
      },
      dateClick: (arg) => handlers.current.onDateClick(arg.date, arg.allDay, arg.view.type as CalendarView),
      navLinkDayClick: (date) => calendar.current?.changeView('timeGridDay', date),
      datesSet: (arg) =>
        handlers.current.onRangeChange({
          start: arg.start,
          end: arg.end,
          current: arg.view.currentStart,
          title: arg.view.title,
          view: arg.view.type as CalendarView,
        }),
    };
    const instance = new Calendar(element.current, options);
    calendar.current = instance;
    instance.render();
    return () => {
      instance.destroy();
      calendar.current = null;
    };
  }, [initialView]);

  useEffect(() => {
    calendar.current?.setOption('locale', locale);
  }, [locale]);

  useEffect(() => {
    calendar.current?.setOption(
      'dayHeaderContent',
      compact ? (arg) => compactDayHeader(arg.date, arg.view.type, arg.text, locale) : undefined,
    );
  }, [compact, locale]);

  useEffect(() => {
    calendar.current?.resetOptions({ events }, ['events']);
  }, [events]);

  return <Box ref={element} className="kantora-calendar" sx={calendarStyles} />;
}

/** FullCalendar's look in the app's theme. */
const calendarStyles = {
  '--fc-border-color': '#dde3ec',
  '--fc-today-bg-color': 'rgba(29, 79, 145, 0.07)',
  '--fc-now-indicator-color': '#8b1e3f',
  '--fc-page-bg-color': '#ffffff',
  '--fc-neutral-bg-color': '#f3f5f9',
  fontSize: '0.85rem',
  '& .fc-col-header-cell-cushion, & .fc-daygrid-day-number': {
    color: 'text.primary',
    textDecoration: 'none',
    textTransform: 'capitalize',
  },
  '& .fc-daygrid-day-number:hover, & .fc-col-header-cell-cushion:hover': { textDecoration: 'underline' },
  // Days of the next and previous month: FullCalendar fades them to 30 %; here they stay readable (4.5:1), in grey.
  '& .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
  '& .fc-day-other .fc-daygrid-day-number': { color: 'text.secondary' },
  '& .fc-daygrid-day, & .fc-timegrid-slot': { cursor: 'pointer' },
  '& .fc-event': { cursor: 'pointer', borderRadius: '4px', px: '2px' },
  '& .kantora-event': { overflow: 'hidden', lineHeight: 1.2, py: '1px' },
  '& .fc-daygrid-day-number': { py: '2px', px: '6px', fontSize: '0.8rem' },
  '& .fc-daygrid-event': { mt: '1px' },
  '& .kantora-event-time': { fontSize: '0.72rem', whiteSpace: 'nowrap' },
  '& .kantora-event-title': { fontWeight: 600 },
  '& .kantora-event-employee': {
    fontSize: '0.72rem',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .kantora-event-first': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .kantora-event-first > span, & .kantora-event-inline > span': { mr: '6px' },
  '& .kantora-event-lines .kantora-event-title': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .fc-timegrid-event .fc-event-main': { overflow: 'hidden' },
  '& .kantora-event-inline': { whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  '& .kantora-day-header': { display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.2 },
  // Phones: a month cell has room for the title only.
  '@media (max-width: 599.95px)': {
    '& .kantora-event-head .kantora-event-time, & .kantora-event-head .kantora-event-employee': { display: 'none' },
  },
  '& .fc-more-link': { fontWeight: 600 },
} as const;

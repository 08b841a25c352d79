import { isManagement, type Locale } from '@kantora/domain';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { useSessionUser } from '../../lib/session.ts';
import { calendarApi, calendarKeys, type EventListRequest } from '../../api/calendar.ts';
import { calendarDateToDay, calendarDateToInstant, sofiaToday, toCalendarInput, viewRange } from './calendar-time.ts';
import { CalendarFilters, CalendarToolbar } from './calendar-toolbar.tsx';
import { EventDialog, type EventDialogTarget } from './event-dialog.tsx';
import { type CalendarHandle, type CalendarView, FullCalendar, type VisibleRange } from './full-calendar.tsx';
import { MyInvitations } from './my-invitations.tsx';

/** A new event from the add button: the next full hour, one hour long (Sofia's offset is whole hours). */
function nextHourDefaults() {
  const from = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  return { allDay: false, fromDate: new Date(from).toISOString(), toDate: new Date(from + 3_600_000).toISOString() };
}

/** A new event at a clicked time slot: one hour. */
function slotDefaults(date: Date) {
  const from = calendarDateToInstant(date);
  return { allDay: false, fromDate: from, toDate: new Date(Date.parse(from) + 3_600_000).toISOString() };
}

/**
 * /calendar: month, week and day views, month picker, previous/next, the category filter, the
 * employee filter (management), add event, and my pending invitations when there are some.
 */
export default function CalendarArea(_props: AreaPageProps) {
  const { t, i18n } = useTranslation('calendar');
  const user = useSessionUser();
  const management = user ? isManagement(user.access) : false;
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const calendar = useRef<CalendarHandle>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [categories, setCategories] = useState<string[]>([]);
  const [employee, setEmployee] = useState('');
  const [dialog, setDialog] = useState<EventDialogTarget | null>(null);

  const categoryOptions = useQuery({ queryKey: calendarKeys.categories, queryFn: calendarApi.categories });
  const people = useQuery({
    queryKey: calendarKeys.invitable(true),
    queryFn: () => calendarApi.invitable(true),
    enabled: management,
  });

  const request = useMemo<EventListRequest | null>(() => {
    if (!range) return null;
    const body: EventListRequest = viewRange(range.start, range.end);
    if (categories.length > 0) body.category = categories;
    if (management && employee) body.employee = employee;
    return body;
  }, [range, categories, employee, management]);
  const list = useQuery({
    queryKey: calendarKeys.events(request ?? { fromDate: '', toDate: '' }),
    queryFn: () => calendarApi.list(request!),
    enabled: Boolean(request),
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => (list.data?.Items ?? []).map(toCalendarInput), [list.data]);

  if (!user) return null;
  const locale: Locale = i18n.language === 'it' ? 'it' : 'bg';
  const current = range ? calendarDateToDay(range.current) : sofiaToday();
  const [year, month] = current.split('-').map(Number);

  return (
    <>
      <MyInvitations />
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <CalendarToolbar
          title={range?.title ?? ''}
          view={range?.view ?? 'dayGridMonth'}
          month={new Date(year, month - 1, 1)}
          onPrev={() => calendar.current?.prev()}
          onNext={() => calendar.current?.next()}
          onToday={() => calendar.current?.today()}
          onMonth={(y, m) => calendar.current?.changeView('dayGridMonth', `${y}-${String(m).padStart(2, '0')}-01`)}
          onView={(view: CalendarView) => calendar.current?.changeView(view)}
          onAdd={() => setDialog({ defaults: nextHourDefaults() })}
        />
        <CalendarFilters
          categories={categoryOptions.data ?? []}
          selected={categories}
          onCategories={setCategories}
          people={management ? (people.data ?? []) : undefined}
          employee={employee}
          onEmployee={setEmployee}
        />
        <FullCalendar
          ref={calendar}
          events={events}
          locale={locale}
          labels={{ allDay: t('event.all_day') }}
          compact={phone}
          onRangeChange={setRange}
          onDateClick={(date, allDay, view) => {
            // A day of the month opens its day view; a time slot starts a new event there.
            if (view === 'dayGridMonth') calendar.current?.changeView('timeGridDay', calendarDateToDay(date));
            else if (allDay)
              setDialog({
                defaults: { allDay: true, fromDate: calendarDateToDay(date), toDate: calendarDateToDay(date) },
              });
            else setDialog({ defaults: slotDefaults(date) });
          }}
          onEventClick={(event) => setDialog({ id: event._id })}
        />
      </Paper>
      {dialog && (
        <EventDialog
          target={dialog}
          user={user}
          categories={categoryOptions.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

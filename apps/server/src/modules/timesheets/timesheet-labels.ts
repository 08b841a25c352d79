import { type Locale, splitWorkDuration, WORKDAY_MINUTES } from '@kantora/domain';

/** The texts of the timesheet export and print, in the user's language. */
export interface TimesheetLabels {
  title: string;
  sheet: string;
  user: string;
  client: string;
  contract: string;
  service: string;
  date: string;
  duration: string;
  minutes: string;
  comment: string;
  total: string;
  rows: (count: number) => string;
  subtotalContract: string;
  subtotalClient: string;
  period: string;
  generated: string;
  noRows: string;
  /** Working days of 8 hours, hours and minutes: "2 д 3 ч 15 мин". */
  workDuration: (minutes: number) => string;
  workdayNote: string;
  page: (current: number, count: number) => string;
}

const WORKDAY_HOURS = WORKDAY_MINUTES / 60;

function workDuration(minutes: number, units: [string, string, string]): string {
  const parts = splitWorkDuration(minutes);
  const shown = [
    parts.days ? `${parts.days} ${units[0]}` : '',
    parts.hours ? `${parts.hours} ${units[1]}` : '',
    parts.minutes ? `${parts.minutes} ${units[2]}` : '',
  ].filter(Boolean);
  return shown.length > 0 ? shown.join(' ') : `0 ${units[2]}`;
}

export const TIMESHEET_LABELS: Record<Locale, TimesheetLabels> = {
  bg: {
    title: 'Отчети за работно време',
    sheet: 'Отчети',
    user: 'Служител',
    client: 'Клиент',
    contract: 'Договор',
    service: 'Услуга',
    date: 'Дата',
    duration: 'Време (ч:мм)',
    minutes: 'Минути',
    comment: 'Коментар',
    total: 'Общо',
    rows: (count) => `${count} ${count === 1 ? 'ред' : 'реда'}`,
    subtotalContract: 'Общо по договора',
    subtotalClient: 'Общо за клиента',
    period: 'Период',
    generated: 'Изготвено на',
    noRows: 'Няма отчети по избрания филтър.',
    workDuration: (minutes) => workDuration(minutes, ['д', 'ч', 'мин']),
    workdayNote: `1 работен ден = ${WORKDAY_HOURS} часа`,
    page: (current, count) => `Страница ${current} от ${count}`,
  },
  it: {
    title: 'Fogli ore',
    sheet: 'Fogli ore',
    user: 'Dipendente',
    client: 'Cliente',
    contract: 'Contratto',
    service: 'Servizio',
    date: 'Data',
    duration: 'Durata (h:mm)',
    minutes: 'Minuti',
    comment: 'Commento',
    total: 'Totale',
    rows: (count) => `${count} ${count === 1 ? 'riga' : 'righe'}`,
    subtotalContract: 'Totale del contratto',
    subtotalClient: 'Totale del cliente',
    period: 'Periodo',
    generated: 'Generato il',
    noRows: 'Nessun foglio ore per il filtro scelto.',
    workDuration: (minutes) => workDuration(minutes, ['g', 'h', 'min']),
    workdayNote: `1 giorno lavorativo = ${WORKDAY_HOURS} ore`,
    page: (current, count) => `Pagina ${current} di ${count}`,
  },
};

/** `dd.MM.yyyy HH:mm` in Europe/Sofia. */
export function displayDateTime(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Sofia',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

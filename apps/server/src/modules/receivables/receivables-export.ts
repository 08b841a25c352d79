/**
 * The overdue list's export: an XLSX streamed by http/xlsx.ts while the rows come from the database batch by batch
 * (like the timesheet export). Text cells that a spreadsheet could read as a formula are
 * escaped.
 */
import type { Readable } from 'node:stream';
import type { Locale, OverdueRow } from '@kantora/domain';
import { localized } from '../printing/index.ts';
import { safeCell, streamedWorkbook, type XlsxColumn } from '../../http/xlsx.ts';
import { readAhead } from '../../http/streams.ts';

const LABELS: Record<Locale, Record<string, string>> = {
  bg: {
    sheet: 'Просрочени',
    number: 'Номер',
    date: 'Дата',
    deadline: 'Падеж',
    daysOverdue: 'Дни просрочие',
    client: 'Клиент',
    currency: 'Валута',
    total: 'Сума',
    credited: 'Известия',
    paid: 'Платено',
    due: 'Дължимо',
    lastReminder: 'Последно напомняне',
    email: 'E-mail',
    phone: 'Телефон',
    notificationsEmails: 'E-mail за известия',
    totals: 'Общо',
  },
  it: {
    sheet: 'Scaduti',
    number: 'Numero',
    date: 'Data',
    deadline: 'Scadenza',
    daysOverdue: 'Giorni di ritardo',
    client: 'Cliente',
    currency: 'Valuta',
    total: 'Importo',
    credited: 'Note',
    paid: 'Pagato',
    due: 'Dovuto',
    lastReminder: 'Ultimo sollecito',
    email: 'E-mail',
    phone: 'Telefono',
    notificationsEmails: 'E-mail per notifiche',
    totals: 'Totale',
  },
};

const MONEY = '#,##0.00';
const day = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);

/** Streams the workbook of `batches` (the list's rows in its order) in `lang`, with the due total per currency. */
export function overdueWorkbook(batches: AsyncIterable<OverdueRow[]>, lang: Locale): Readable {
  const t = LABELS[lang];
  const columns: XlsxColumn[] = [
    { header: t.number, width: 14 },
    { header: t.date, width: 12, numFmt: 'dd.mm.yyyy' },
    { header: t.deadline, width: 12, numFmt: 'dd.mm.yyyy' },
    { header: t.daysOverdue, width: 12 },
    { header: t.client, width: 36 },
    { header: t.currency, width: 8 },
    { header: t.total, width: 14, numFmt: MONEY },
    { header: t.credited, width: 14, numFmt: MONEY },
    { header: t.paid, width: 14, numFmt: MONEY },
    { header: t.due, width: 14, numFmt: MONEY },
    { header: t.lastReminder, width: 14, numFmt: 'dd.mm.yyyy' },
    { header: t.email, width: 28 },
    { header: t.phone, width: 16 },
    { header: t.notificationsEmails, width: 36 },
  ];
  return streamedWorkbook(t.sheet, columns, async (sheet) => {
    const dueCents = new Map<string, number>();
    for await (const batch of readAhead(batches)) {
      if (sheet.closed) return;
      for (const row of batch) {
        sheet.row([
          row.number,
          day(row.date),
          day(row.deadline),
          row.daysOverdue,
          safeCell(localized(row.client.name, lang)),
          row.currency,
          row.total,
          row.credited,
          row.paid,
          row.due,
          row.lastReminder ? new Date(row.lastReminder.at) : null,
          safeCell(row.contact.email),
          safeCell(row.contact.phone),
          safeCell(row.contact.notificationsEmails.join(', ')),
        ]);
        dueCents.set(row.currency, (dueCents.get(row.currency) ?? 0) + Math.round(row.due * 100));
      }
      await sheet.flush();
    }
    sheet.row([]);
    for (const [currency, cents] of [...dueCents].sort(([a], [b]) =>
      a === b ? 0 : a === 'EUR' ? -1 : b === 'EUR' ? 1 : a < b ? -1 : 1,
    )) {
      sheet.row([t.totals, null, null, null, null, currency, null, null, null, cents / 100], { bold: true });
    }
  });
}

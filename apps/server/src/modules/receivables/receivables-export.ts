/**
 * The overdue list's export: an XLSX written by exceljs's streaming WorkbookWriter while the rows come from the
 * database batch by batch (like the timesheet export). Text cells that a spreadsheet could read as a formula are
 * escaped.
 */
import type { Readable } from 'node:stream';
import type { Locale, OverdueRow } from '@kantora/domain';
import { writable } from '../../http/streams.ts';
import { localized } from '../printing/index.ts';
import { safeCell, streamedWorkbook } from '../../http/xlsx.ts';

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
  const { output, workbook, sheet } = streamedWorkbook(t.sheet);
  sheet.columns = [
    { header: t.number, key: 'number', width: 14 },
    { header: t.date, key: 'date', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
    { header: t.deadline, key: 'deadline', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
    { header: t.daysOverdue, key: 'daysOverdue', width: 12 },
    { header: t.client, key: 'client', width: 36 },
    { header: t.currency, key: 'currency', width: 8 },
    { header: t.total, key: 'total', width: 14, style: { numFmt: MONEY } },
    { header: t.credited, key: 'credited', width: 14, style: { numFmt: MONEY } },
    { header: t.paid, key: 'paid', width: 14, style: { numFmt: MONEY } },
    { header: t.due, key: 'due', width: 14, style: { numFmt: MONEY } },
    { header: t.lastReminder, key: 'lastReminder', width: 14, style: { numFmt: 'dd.mm.yyyy' } },
    { header: t.email, key: 'email', width: 28 },
    { header: t.phone, key: 'phone', width: 16 },
    { header: t.notificationsEmails, key: 'notificationsEmails', width: 36 },
  ];
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    const dueCents = new Map<string, number>();
    for await (const batch of batches) {
      if (output.destroyed) return;
      for (const row of batch) {
        sheet
          .addRow([
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
          ])
          .commit();
        dueCents.set(row.currency, (dueCents.get(row.currency) ?? 0) + Math.round(row.due * 100));
      }
      await writable(output);
    }
    sheet.addRow([]).commit();
    for (const [currency, cents] of [...dueCents].sort(([a], [b]) =>
      a === b ? 0 : a === 'EUR' ? -1 : b === 'EUR' ? 1 : a < b ? -1 : 1,
    )) {
      const total = sheet.addRow([t.totals, null, null, null, null, currency, null, null, null, cents / 100]);
      total.font = { bold: true };
      total.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/**
 * The timesheet annex of a printed document: a page after the document's body with the hours of its period per
 * service and person, and their total (each copy carries it, so the original and the copy keep the same pages).
 */
import type { Locale, PrintTimesheetAnnex } from '@kantora/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatDate } from './labels.ts';
import { localized, MUTED, ruledTable } from './layout-parts.ts';

const LABELS: Record<
  Locale,
  { title: string; period: string; service: string; person: string; hours: string; total: string }
> = {
  bg: {
    title: 'Приложение: отработено време',
    period: 'Период',
    service: 'Услуга',
    person: 'Служител',
    hours: 'Часове',
    total: 'Общо',
  },
  it: {
    title: 'Allegato: ore lavorate',
    period: 'Periodo',
    service: 'Servizio',
    person: 'Persona',
    hours: 'Ore',
    total: 'Totale',
  },
};

/** Minutes as hours and minutes (`12:05`). */
export const hoursOf = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

export function timesheetAnnexBlock(annex: PrintTimesheetAnnex | null | undefined, lang: Locale): Content[] {
  if (!annex || annex.rows.length === 0) return [];
  const t = LABELS[lang];
  const total = annex.rows.reduce((sum, row) => sum + row.minutes, 0);
  const header: TableCell[] = [
    { text: t.service, style: 'tableHeader', fillColor: '#eeeeee' },
    { text: t.person, style: 'tableHeader', fillColor: '#eeeeee' },
    { text: t.hours, style: 'tableHeader', fillColor: '#eeeeee', alignment: 'right' },
  ];
  const body: TableCell[][] = annex.rows.map((row) => [
    { text: [row.code ? `${row.code} · ` : '', localized(row.service, lang)].join('') },
    { text: localized(row.person, lang) },
    { text: hoursOf(row.minutes), alignment: 'right' },
  ]);
  body.push([{ text: t.total, bold: true, colSpan: 2 }, {}, { text: hoursOf(total), bold: true, alignment: 'right' }]);
  return [
    { text: t.title, style: 'title', fontSize: 14, pageBreak: 'before', margin: [0, 0, 0, 4] },
    {
      text: `${t.period}: ${formatDate(annex.periodFrom)} – ${formatDate(annex.periodTo)}`,
      color: MUTED,
      margin: [0, 0, 0, 10],
    },
    {
      table: { headerRows: 1, dontBreakRows: true, widths: ['*', 160, 60], body: [header, ...body] },
      layout: ruledTable,
    },
  ];
}

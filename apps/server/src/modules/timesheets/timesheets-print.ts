/**
 * The timesheet print: a PDF of the matching rows grouped by client and by contract, each group with its subtotal,
 * and the total, in the user's language. Built with the house's closed pdfmake setup (printing/pdf-engine.ts).
 */
import { formatHoursMinutes, type Locale, PRODUCT_TITLE, type TimesheetFilter } from '@kantora/domain';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate, localized, MUTED, ruledTable, PDF_FONT, pdfFromDefinition } from '../printing/index.ts';
import { fullNameOf, type TimesheetRecord } from './timesheets.queries.ts';
import { displayDateTime, TIMESHEET_LABELS, type TimesheetLabels } from './timesheet-labels.ts';

const MARGIN_X = 36;
const FILL = '#eeeeee';

interface Group<T> {
  id: string;
  rows: T[];
}

/** Consecutive rows with the same key (the rows come sorted by it). */
function groupsOf<T>(rows: T[], key: (row: T) => string): Group<T>[] {
  const groups: Group<T>[] = [];
  for (const row of rows) {
    const id = key(row);
    const last = groups.at(-1);
    if (last?.id === id) last.rows.push(row);
    else groups.push({ id, rows: [row] });
  }
  return groups;
}

const minutesOf = (rows: TimesheetRecord[]) => rows.reduce((sum, row) => sum + row.duration, 0);
const durationText = (minutes: number, t: TimesheetLabels) =>
  `${formatHoursMinutes(minutes)} (${t.workDuration(minutes)})`;

function contractTable(rows: TimesheetRecord[], lang: Locale, t: TimesheetLabels): Content {
  const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
    text,
    alignment,
    bold: true,
    fillColor: FILL,
  });
  const header: TableCell[] = [head(t.date), head(t.user), head(t.service), head(t.duration, 'right'), head(t.comment)];
  const body: TableCell[][] = rows.map((row) => [
    formatDate(row.date),
    localized(fullNameOf(row), lang),
    [row.serviceCode, localized(row.serviceName, lang)].filter(Boolean).join(' · '),
    { text: formatHoursMinutes(row.duration), alignment: 'right' },
    { text: row.comment, color: MUTED },
  ]);
  const minutes = minutesOf(rows);
  const subtotal: TableCell[] = [
    { text: `${t.subtotalContract} (${t.rows(rows.length)})`, colSpan: 3, bold: true },
    {},
    {},
    { text: formatHoursMinutes(minutes), alignment: 'right', bold: true },
    { text: t.workDuration(minutes), bold: true },
  ];
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [52, 95, 110, 44, '*'], body: [header, ...body, subtotal] },
    layout: ruledTable,
    margin: [0, 2, 0, 8],
  };
}

/** The pdfmake definition (exported for tests of the structure). */
export function timesheetsPrintDefinition(
  rows: TimesheetRecord[],
  filter: TimesheetFilter,
  lang: Locale,
  now = new Date(),
): TDocumentDefinitions {
  const t = TIMESHEET_LABELS[lang];
  const period =
    filter.fromDate || filter.toDate
      ? `${t.period}: ${formatDate(filter.fromDate) || '…'} – ${formatDate(filter.toDate) || '…'}`
      : '';
  const content: Content[] = [
    { text: t.title, style: 'title' },
    {
      text: [period, `${t.generated}: ${displayDateTime(now)}`, t.workdayNote].filter(Boolean).join('   ·   '),
      color: MUTED,
      margin: [0, 2, 0, 10],
    },
  ];
  if (rows.length === 0) content.push({ text: t.noRows, italics: true });
  for (const client of groupsOf(rows, (row) => row.clientId)) {
    content.push({ text: localized(client.rows[0].clientName, lang), style: 'client' });
    for (const contract of groupsOf(client.rows, (row) => row.contractId)) {
      content.push({ text: `${t.contract}: ${localized(contract.rows[0].contractName, lang)}`, style: 'contract' });
      content.push(contractTable(contract.rows, lang, t));
    }
    const minutes = minutesOf(client.rows);
    content.push({
      text: `${t.subtotalClient} (${t.rows(client.rows.length)}): ${durationText(minutes, t)}`,
      bold: true,
      alignment: 'right',
      margin: [0, 0, 0, 12],
    });
  }
  if (rows.length > 0) {
    const minutes = minutesOf(rows);
    content.push({
      table: {
        widths: ['*', 'auto'],
        body: [
          [
            { text: `${t.total} (${t.rows(rows.length)})`, bold: true },
            { text: durationText(minutes, t), bold: true, alignment: 'right' },
          ],
        ],
      },
      layout: ruledTable,
      fillColor: FILL,
      margin: [0, 4, 0, 0],
    } as Content);
  }
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_X, 40, MARGIN_X, 40],
    info: { title: t.title, creator: PRODUCT_TITLE, producer: PRODUCT_TITLE },
    language: lang,
    defaultStyle: { font: PDF_FONT, fontSize: 8.5, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 16, bold: true },
      client: { fontSize: 11.5, bold: true, margin: [0, 6, 0, 2] },
      contract: { fontSize: 9.5, bold: true, color: MUTED, margin: [0, 2, 0, 2] },
    },
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: PRODUCT_TITLE, color: MUTED, fontSize: 7 },
        { text: t.page(currentPage, pageCount), alignment: 'right', fontSize: 7.5 },
      ],
      margin: [MARGIN_X, 14, MARGIN_X, 0],
    }),
    content,
  };
}

/** The PDF of the rows (already grouped by client and contract in their order). */
export function timesheetsPdf(rows: TimesheetRecord[], filter: TimesheetFilter, lang: Locale): Promise<Buffer> {
  return pdfFromDefinition(timesheetsPrintDefinition(rows, filter, lang));
}

/**
 * The timesheet export: an XLSX streamed by http/xlsx.ts while the rows come from the database batch by batch, so
 * memory holds a batch and the zip's buffers, never the whole sheet. Text cells that
 * a spreadsheet could read as a formula are escaped.
 */
import type { Readable } from 'node:stream';
import type { Locale } from '@kantora/domain';
import { fullNameOf, type TimesheetRecord } from './timesheets.queries.ts';
import { localized } from '../printing/index.ts';
import { TIMESHEET_LABELS } from './timesheet-labels.ts';
import { safeCell, streamedWorkbook, type XlsxColumn } from '../../http/xlsx.ts';
import { readAhead } from '../../http/streams.ts';

const MINUTES_PER_DAY = 1440;
const DURATION_FORMAT = '[h]:mm';

/**
 * Streams the workbook of `batches` (the rows in the list's order) in `lang`: one sheet with a header, a row per
 * timesheet (user, client, contract, service, date, duration as h:mm, minutes, comment), then the totals. A
 * failure while reading cuts the response off (the file is then incomplete and unreadable, never wrong).
 */
export function timesheetsWorkbook(batches: AsyncIterable<TimesheetRecord[]>, lang: Locale): Readable {
  const t = TIMESHEET_LABELS[lang];
  const columns: XlsxColumn[] = [
    { header: t.user, width: 26 },
    { header: t.client, width: 32 },
    { header: t.contract, width: 32 },
    { header: t.service, width: 28 },
    { header: t.date, width: 12, numFmt: 'dd.mm.yyyy' },
    { header: t.duration, width: 14, numFmt: DURATION_FORMAT },
    { header: t.minutes, width: 10 },
    { header: t.comment, width: 48 },
  ];
  return streamedWorkbook(t.sheet, columns, async (sheet) => {
    let count = 0;
    let minutes = 0;
    /** Names repeat from row to row: each is made (localized, escaped) once per batch. */
    const names = new Map<unknown, string>();
    const nameOf = (key: unknown, make: () => string) => {
      let name = names.get(key);
      if (name === undefined) {
        name = make();
        names.set(key, name);
      }
      return name;
    };
    for await (const batch of readAhead(batches)) {
      if (sheet.closed) return;
      names.clear();
      for (const row of batch) {
        sheet.row([
          nameOf(row.userId, () => safeCell(localized(fullNameOf(row), lang))),
          nameOf(row.clientId, () => safeCell(localized(row.clientName, lang))),
          nameOf(row.contractId, () => safeCell(localized(row.contractName, lang))),
          nameOf(row.serviceId, () =>
            safeCell([row.serviceCode, localized(row.serviceName, lang)].filter(Boolean).join(' · ')),
          ),
          new Date(`${row.date}T00:00:00Z`),
          row.duration / MINUTES_PER_DAY,
          row.duration,
          safeCell(row.comment),
        ]);
        count += 1;
        minutes += row.duration;
      }
      await sheet.flush();
    }
    sheet.row([]);
    sheet.row(
      [
        `${t.total} (${t.rows(count)})`,
        null,
        null,
        null,
        null,
        minutes / MINUTES_PER_DAY,
        minutes,
        `${t.workDuration(minutes)} (${t.workdayNote})`,
      ],
      { bold: true },
    );
  });
}

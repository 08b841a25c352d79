/**
 * The timesheet export: an XLSX written by exceljs's streaming WorkbookWriter while the rows come from the
 * database batch by batch, so memory holds a batch and the zip's buffers, never the whole sheet. Text cells that
 * a spreadsheet could read as a formula are escaped.
 */
import type { Readable } from 'node:stream';
import type { Locale } from '@kantora/domain';
import { fullNameOf, type TimesheetRecord } from './timesheets.queries.ts';
import { localized } from '../printing/index.ts';
import { TIMESHEET_LABELS } from './timesheet-labels.ts';
import { writable } from '../../http/streams.ts';
import { safeCell, streamedWorkbook } from '../../http/xlsx.ts';

const MINUTES_PER_DAY = 1440;
const DURATION_FORMAT = '[h]:mm';

/**
 * Streams the workbook of `batches` (the rows in the list's order) in `lang`: one sheet with a header, a row per
 * timesheet (user, client, contract, service, date, duration as h:mm, minutes, comment), then the totals. A
 * failure while reading cuts the response off (the file is then incomplete and unreadable, never wrong).
 */
export function timesheetsWorkbook(batches: AsyncIterable<TimesheetRecord[]>, lang: Locale): Readable {
  const t = TIMESHEET_LABELS[lang];
  const { output, workbook, sheet } = streamedWorkbook(t.sheet);
  sheet.columns = [
    { header: t.user, key: 'user', width: 26 },
    { header: t.client, key: 'client', width: 32 },
    { header: t.contract, key: 'contract', width: 32 },
    { header: t.service, key: 'service', width: 28 },
    { header: t.date, key: 'date', width: 12, style: { numFmt: 'dd.mm.yyyy' } },
    { header: t.duration, key: 'duration', width: 14, style: { numFmt: DURATION_FORMAT } },
    { header: t.minutes, key: 'minutes', width: 10 },
    { header: t.comment, key: 'comment', width: 48 },
  ];
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    let count = 0;
    let minutes = 0;
    for await (const batch of batches) {
      if (output.destroyed) return;
      for (const row of batch) {
        sheet
          .addRow([
            safeCell(localized(fullNameOf(row), lang)),
            safeCell(localized(row.clientName, lang)),
            safeCell(localized(row.contractName, lang)),
            safeCell([row.serviceCode, localized(row.serviceName, lang)].filter(Boolean).join(' · ')),
            new Date(`${row.date}T00:00:00Z`),
            row.duration / MINUTES_PER_DAY,
            row.duration,
            safeCell(row.comment),
          ])
          .commit();
        count += 1;
        minutes += row.duration;
      }
      await writable(output);
    }
    sheet.addRow([]).commit();
    const total = sheet.addRow([
      `${t.total} (${t.rows(count)})`,
      null,
      null,
      null,
      null,
      minutes / MINUTES_PER_DAY,
      minutes,
      `${t.workDuration(minutes)} (${t.workdayNote})`,
    ]);
    total.font = { bold: true };
    total.commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

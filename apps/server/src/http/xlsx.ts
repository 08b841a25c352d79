import { PassThrough } from 'node:stream';
import { PRODUCT_TITLE } from '@kantora/domain';
import ExcelJS from 'exceljs';

/**
 * A text cell that a spreadsheet would take for a formula (=, +, -, @, tab, CR first) gets a leading apostrophe:
 * user-typed text never runs in Excel (CSV/formula injection).
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A streamed XLSX download's start: exceljs's streaming writer into `output` (rows are written as they come, so
 * memory holds a page of them, not the file), the product as its creator, and one sheet named `sheetName` with its
 * header row frozen. The caller sets the columns, adds rows, commits and returns `output`.
 */
export function streamedWorkbook(sheetName: string) {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = PRODUCT_TITLE;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  return { output, workbook, sheet };
}

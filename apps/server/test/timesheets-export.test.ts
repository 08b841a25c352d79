/**
 * The export (XLSX, read back with exceljs) and the print (PDF, read back with pdftotext): the rows of the
 * filter, escaping, totals, the user's language, the filter rule, and the keyset walk behind both.
 */
import { execFileSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheets } from '../src/db/schema/index.ts';
import { TimesheetsService } from '../src/modules/timesheets/timesheets.service.ts';
import { timesheetsWorkbook } from '../src/modules/timesheets/timesheets-export.ts';
import type { TimesheetRecord } from '../src/modules/timesheets/timesheets.queries.ts';
import { bearer, call } from './helpers.ts';
import { daysAgo, row, saveRows, setUpTimesheets, type TimesheetSetup } from './timesheets-fixtures.ts';

let s: TimesheetSetup;
beforeAll(async () => {
  s = await setUpTimesheets();
  await saveRows(s, [
    row(s, { date: daysAgo(3), duration: 90, comment: '=HYPERLINK("http://evil.example","click")' }),
    row(s, { date: daysAgo(2), duration: 45, service: s.services.second, comment: '+359 888 123' }),
    row(s, { contract: s.contractB._id, date: daysAgo(1), duration: 480, comment: '@SUM(A1)' }),
  ]);
  await saveRows(s, [row(s, { date: daysAgo(4), duration: 15, comment: '-2+3' })], s.employee2.token);
});
afterAll(() => s.ctx.close());

const post = (url: string, body: object, token = s.ctx.users.manager.token) =>
  s.ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: body });

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0];
}

const values = (sheet: ExcelJS.Worksheet, index: number) => (sheet.getRow(index).values as unknown[]).slice(1);

describe('timesheet export', () => {
  it('needs a filter, and is for management only', async () => {
    const none = await post('/api/timesheets/export', {});
    expect([none.statusCode, none.json().Message]).toEqual([400, 'to_do_export_please_first_select_filters']);
    const blank = await post('/api/timesheets/export', { client: '', services: [], fromDate: null });
    expect(blank.json().Message).toBe('to_do_export_please_first_select_filters');
    for (const token of [s.ctx.users.employee.token, s.ctx.users.accountant.token, s.ctx.users.client.token]) {
      expect((await post('/api/timesheets/export', { client: s.visible }, token)).statusCode).toBe(403);
      expect((await post('/api/timesheets/print', { client: s.visible }, token)).statusCode).toBe(403);
    }
  });

  it('writes every matching row by date, escaped, with the totals, in Bulgarian', async () => {
    const response = await post('/api/timesheets/export', { client: s.visible });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="timesheets-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.name).toBe('Отчети');
    expect(values(sheet, 1)).toEqual([
      'Служител',
      'Клиент',
      'Договор',
      'Услуга',
      'Дата',
      'Време (ч:мм)',
      'Минути',
      'Коментар',
    ]);
    // By date, newest first: the second employee's row is the oldest.
    const rows = [2, 3, 4, 5].map((index) => values(sheet, index));
    expect(rows.map((cells) => cells[6])).toEqual([480, 45, 90, 15]);
    expect(rows[3][0]).toBe('Елена Втора');
    const first = rows[2];
    expect(first).toEqual([
      expect.stringMatching(/Тестов/),
      'Видим ООД',
      'Счетоводство',
      'S1 · Услуга S1',
      new Date(`${daysAgo(3)}T00:00:00Z`),
      // A duration cell is a fraction of a day shown as [h]:mm, which exceljs reads back as a time of 1899-12-30.
      new Date(Date.UTC(1899, 11, 30, 1, 30)),
      90,
      `'=HYPERLINK("http://evil.example","click")`,
    ]);
    expect(rows.map((cells) => cells[7])).toEqual([
      "'@SUM(A1)",
      "'+359 888 123",
      `'=HYPERLINK("http://evil.example","click")`,
      "'-2+3",
    ]);
    expect(sheet.getCell('F2').numFmt).toBe('[h]:mm');
    expect(sheet.getCell('E2').numFmt).toBe('dd.mm.yyyy');
    const total = values(sheet, 7);
    expect(total[0]).toBe('Общо (4 реда)');
    expect(total[5]).toEqual(new Date(Date.UTC(1899, 11, 30, 10, 30)));
    expect(total[6]).toBe(630);
    expect(total[7]).toBe('1 д 2 ч 30 мин (1 работен ден = 8 часа)');
    expect(sheet.rowCount).toBe(7);
  });

  it('takes the filters and the direction of the list, in the user’s language', async () => {
    await call(s.ctx, 'GET', '/api/settings/users/locale/it', undefined, s.ctx.users.manager.token);
    try {
      const response = await post('/api/timesheets/export', {
        user: s.ctx.users.employee.id,
        sortBy: 'date',
        sortDesc: false,
      });
      const sheet = await sheetOf(response.rawPayload);
      expect(sheet.name).toBe('Fogli ore');
      expect(values(sheet, 1)[0]).toBe('Dipendente');
      expect([2, 3, 4].map((index) => values(sheet, index)[6])).toEqual([90, 45, 480]);
      expect(values(sheet, 3)[3]).toBe('S2 · Servizio S2');
      expect(values(sheet, 6)).toEqual([
        'Totale (3 righe)',
        undefined,
        undefined,
        undefined,
        undefined,
        new Date(Date.UTC(1899, 11, 30, 10, 15)),
        615,
        '1 g 2 h 15 min (1 giorno lavorativo = 8 ore)',
      ]);
      const service = await sheetOf(
        (await post('/api/timesheets/export', { services: [s.services.second] })).rawPayload,
      );
      expect(service.rowCount).toBe(4);
      const empty = await sheetOf((await post('/api/timesheets/export', { fromDate: daysAgo(-1) })).rawPayload);
      expect(values(empty, 3)[0]).toBe('Totale (0 righe)');
    } finally {
      await call(s.ctx, 'GET', '/api/settings/users/locale/bg', undefined, s.ctx.users.manager.token);
    }
    expect((await post('/api/timesheets/export', { client: s.visible, sortBy: 'duration' })).statusCode).toBe(400);
  });
});

describe('the export file', () => {
  it('is the workbook exceljs wrote: widths, formats, bold header and totals, frozen header, creator', async () => {
    const response = await post('/api/timesheets/export', { client: s.visible, lang: 'it' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.creator).toBe('Kantora');
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0];
    expect(sheet.views).toMatchObject([{ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }]);
    expect(sheet.columns.map((column) => column.width)).toEqual([26, 32, 32, 28, 12, 14, 10, 48]);
    expect(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((column) => sheet.getCell(`${column}1`).font?.bold)).toEqual(
      Array(8).fill(true),
    );
    // Every data row: the date and the duration formatted, the rest General, nothing bold.
    for (const index of [2, 3, 4, 5]) {
      const row = sheet.getRow(index);
      expect([5, 6].map((column) => row.getCell(column).numFmt)).toEqual(['dd.mm.yyyy', '[h]:mm']);
      expect([1, 7, 8].map((column) => row.getCell(column).numFmt)).toEqual([undefined, undefined, undefined]);
      expect(row.getCell(1).font?.bold).toBeUndefined();
      expect(typeof row.getCell(7).value).toBe('number');
    }
    expect(values(sheet, 6)).toEqual([]);
    const total = sheet.getRow(7);
    expect([1, 2, 5, 6, 7, 8].map((column) => total.getCell(column).font?.bold)).toEqual(Array(6).fill(true));
    expect(total.getCell(6).numFmt).toBe('[h]:mm');
    expect(total.getCell(5).numFmt).toBe('dd.mm.yyyy');
  });

  it('streams: its first bytes leave before the rows are all read, and a long export keeps memory flat', async () => {
    const batches = 40;
    const rowsPerBatch = 1000;
    let read = 0;
    let readAtFirstByte = -1;
    const record = (index: number): TimesheetRecord => ({
      id: `id-${index}`,
      userId: `user-${index % 50}`,
      firstName: { bg: 'Иван', it: 'Ivan' },
      lastName: { bg: `Петров ${index % 50}`, it: `Petrov ${index % 50}` },
      clientId: `client-${index % 700}`,
      clientName: { bg: `Клиент ${index % 700} ООД`, it: `Cliente ${index % 700}` },
      contractId: `contract-${index % 900}`,
      contractName: { bg: `Договор ${index % 900}`, it: `Contratto ${index % 900}` },
      contractFromDate: null,
      contractToDate: null,
      serviceId: `service-${index % 5}`,
      serviceName: { bg: 'Услуга', it: 'Servizio' },
      serviceCode: `S${index % 5}`,
      date: '2026-03-02',
      duration: 1 + (index % 480),
      comment: `Коментар ${index} ${'·'.repeat(index % 40)}`,
      created: '2026-03-02 10:00:00+00',
      updated: null,
    });
    async function* rows() {
      for (let batch = 0; batch < batches; batch++) {
        yield Array.from({ length: rowsPerBatch }, (_, index) => record(batch * rowsPerBatch + index));
        read += 1;
      }
    }
    // The heap in use after a full collection, every ten batches (a collection on demand, as --expose-gc gives).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap: number[] = [];
    let measured = -1;
    const file = timesheetsWorkbook(rows(), 'bg');
    let bytes = 0;
    for await (const chunk of file) {
      if (readAtFirstByte < 0) readAtFirstByte = read;
      bytes += (chunk as Buffer).length;
      if (read % 10 === 5 && read !== measured) {
        measured = read;
        gc();
        heap.push(process.memoryUsage().heapUsed);
      }
    }
    expect(read).toBe(batches);
    expect(readAtFirstByte).toBeGreaterThanOrEqual(0);
    expect(readAtFirstByte).toBeLessThan(batches / 4);
    // The sheet's XML of 40 000 rows is some 18 MB: a writer that kept it would hold that much more by the end.
    expect(bytes).toBeGreaterThan(700_000);
    expect(heap.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...heap) - heap[0]).toBeLessThan(8_000_000);
  }, 120_000);
});

describe('the keyset walk', () => {
  it('reads every row once across batches, also when rows share the sort key', async () => {
    const db = s.ctx.database.db;
    await db.execute(
      sql`insert into ${timesheets} (user_id, client_id, contract_id, service_id, date, duration, created)
          select ${s.ctx.users.employee.id}, ${s.visible}, ${s.contractA._id}, ${s.services.first}, ${daysAgo(10)}::date - (g % 3), 1 + g, '2026-01-01T10:00:00Z'
          from generate_series(1, 25) g`,
    );
    const service = new TimesheetsService(db, { lockDays: 10 });
    const manager = {
      id: s.ctx.users.manager.id,
      access: 1,
      fullName: { bg: 'М', it: 'M' },
      email: '',
      locale: 'bg' as const,
    };
    for (const sort of [
      { sortBy: [], sortDesc: [] },
      { sortBy: ['date'], sortDesc: [false] },
      { sortBy: ['date'], sortDesc: [true] },
      { sortBy: ['created'], sortDesc: [false] },
    ]) {
      const seen: string[] = [];
      const batches: number[] = [];
      for await (const batch of service.walk(manager, { ...sort, client: s.visible }, 7)) {
        batches.push(batch.length);
        seen.push(...batch.map((item) => item.id));
      }
      expect(new Set(seen).size).toBe(29);
      expect(seen).toHaveLength(29);
      expect(batches).toEqual([7, 7, 7, 7, 1]);
    }
    await db.execute(sql`delete from ${timesheets} where ${timesheets.created} = '2026-01-01T10:00:00Z'`);
  });
});

describe('timesheet print', () => {
  const pdfText = (pdf: Buffer) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
      .toString('utf8')
      .replace(/\u00a0/g, ' ');

  it('prints the rows grouped by client and contract with subtotals and the total', async () => {
    const response = await post('/api/timesheets/print', { client: s.visible });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="timesheets-/);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Отчети за работно време');
    expect(text).toContain('Видим ООД');
    expect(text).toContain('Договор: Счетоводство');
    expect(text).toContain('Договор: Правни услуги');
    expect(text).toMatch(/Общо по договора \(3 реда\)\s+2:30\s+2 ч 30 мин/);
    expect(text).toMatch(/Общо по договора \(1 ред\)\s+8:00\s+1 д/);
    expect(text).toMatch(/Общо за клиента \(4 реда\): 10:30 \(1 д 2 ч 30 мин\)/);
    expect(text).toMatch(/Общо \(4 реда\)\s+10:30 \(1 д 2 ч 30 мин\)/);
    expect(text).toContain('Елена Втора');
    expect(text).toContain('=HYPERLINK');
    expect(text).toContain('1 работен ден = 8 часа');
  });

  it('prints in Italian for an Italian user, the period of the filter, and no rows', async () => {
    await call(s.ctx, 'GET', '/api/settings/users/locale/it', undefined, s.ctx.users.admin.token);
    const response = await post(
      '/api/timesheets/print',
      { fromDate: daysAgo(2), toDate: daysAgo(1) },
      s.ctx.users.admin.token,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Fogli ore');
    expect(text).toContain(
      `Periodo: ${daysAgo(2).split('-').reverse().join('.')} – ${daysAgo(1).split('-').reverse().join('.')}`,
    );
    expect(text).toContain('Contratto: Servizi legali');
    expect(text).toMatch(/Totale \(2 righe\)\s+8:45 \(1 g 45 min\)/);
    const empty = pdfText(
      (await post('/api/timesheets/print', { fromDate: daysAgo(-5) }, s.ctx.users.admin.token)).rawPayload,
    );
    expect(empty).toContain('Nessun foglio ore per il filtro scelto.');
    await call(s.ctx, 'GET', '/api/settings/users/locale/bg', undefined, s.ctx.users.admin.token);
  });

  it('export and print in the language asked for (the one on screen), whatever the user’s stored language', async () => {
    const sheet = await sheetOf(
      (await post('/api/timesheets/export', { user: s.ctx.users.employee.id, lang: 'it' })).rawPayload,
    );
    expect(sheet.name).toBe('Fogli ore');
    const italian = pdfText(
      (
        await post(
          '/api/timesheets/print',
          { fromDate: daysAgo(2), toDate: daysAgo(1), lang: 'it' },
          s.ctx.users.admin.token,
        )
      ).rawPayload,
    );
    expect(italian).toContain('Fogli ore');
    await call(s.ctx, 'GET', '/api/settings/users/locale/it', undefined, s.ctx.users.admin.token);
    try {
      const bulgarian = pdfText(
        (
          await post(
            '/api/timesheets/print',
            { fromDate: daysAgo(2), toDate: daysAgo(1), lang: 'bg' },
            s.ctx.users.admin.token,
          )
        ).rawPayload,
      );
      expect(bulgarian).not.toContain('Fogli ore');
      expect(bulgarian).toContain('Период');
    } finally {
      await call(s.ctx, 'GET', '/api/settings/users/locale/bg', undefined, s.ctx.users.admin.token);
    }
    expect((await post('/api/timesheets/export', { user: s.ctx.users.employee.id, lang: 'en' })).statusCode).toBe(400);
  });

  it('refuses more rows than a print holds, and needs a filter', async () => {
    const service = new TimesheetsService(s.ctx.database.db, { lockDays: 10 });
    const manager = {
      id: s.ctx.users.manager.id,
      access: 1,
      fullName: { bg: 'М', it: 'M' },
      email: '',
      locale: 'bg' as const,
    };
    await expect(
      service.printRows(manager, { sortBy: [], sortDesc: [], client: s.visible }, 'bg', 3),
    ).rejects.toMatchObject({ status: 400, key: 'timesheets_print_too_many_rows' });
    expect(await service.printRows(manager, { sortBy: [], sortDesc: [], client: s.visible }, 'bg', 4)).toHaveLength(4);
    const none = await post('/api/timesheets/print', {});
    expect([none.statusCode, none.json().Message]).toEqual([400, 'to_do_export_please_first_select_filters']);
  });
});

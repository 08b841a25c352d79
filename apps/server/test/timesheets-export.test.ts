/**
 * The export (XLSX, read back with exceljs) and the print (PDF, read back with pdftotext): the rows of the
 * filter, escaping, totals, the user's language, the filter rule, and the keyset walk behind both.
 */
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheets } from '../src/db/schema/index.ts';
import { TimesheetsService } from '../src/modules/timesheets/timesheets.service.ts';
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

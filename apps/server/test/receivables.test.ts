/**
 * Receivables (docs/decisions.md, "Receivables"): the summary and the overdue list pinned on the fixed data set of
 * receivables-fixtures.ts — aging buckets at their boundaries, partial payments and credit notices deducted, debit
 * notices added, a refunded credit cancelling out, drafts and proformas left out, currencies apart (EUR first, BGN
 * never added to euros); the hours of the months; the export; who may call; bad bodies answer 400.
 */
import {
  OVERDUE_SORT_COLUMNS,
  type OverdueRow,
  overdueListQuery,
  type PaymentChange,
  type ReceivablesSummary,
} from '@kantora/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeMarker } from '../src/db/change-marker.ts';
import { overdueBatches } from '../src/modules/receivables/receivables.queries.ts';
import { BASE, createDraft } from './billing-fixtures.ts';
import { contractIn } from './contracts-fixtures.ts';
import { bearer, call } from './helpers.ts';
import { dayFromToday, type ReceivablesSetup, setUpReceivables } from './receivables-fixtures.ts';

let s: ReceivablesSetup;
beforeAll(async () => {
  s = await setUpReceivables();
}, 120_000);
afterAll(async () => {
  await s?.ctx.close();
});

const summary = async (token = s.ctx.users.accountant.token) => {
  const response = await call<ReceivablesSummary>(s.ctx, 'GET', '/api/receivables/summary', undefined, token);
  expect(response.status).toBe(200);
  return response.body.Result as ReceivablesSummary;
};
const overdue = async (body: Record<string, unknown> = {}, token = s.ctx.users.accountant.token) => {
  const response = await call(s.ctx, 'POST', '/api/receivables/overdue', { page: 1, itemsPerPage: 50, ...body }, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Result as { Items: OverdueRow[]; Total: number; Page: number };
};
const names = (rows: OverdueRow[]) =>
  rows.map((row) => Object.entries(s.invoices).find(([, invoice]) => invoice.id === row._id)?.[0]);

describe('GET /api/receivables/summary', () => {
  it('sums what is due per currency (EUR first, BGN apart) and ages it by the deadline', async () => {
    const result = await summary();
    expect(result.today).toBe(dayFromToday(0));
    expect(result.currencies.map((row) => row.currency)).toEqual(['EUR', 'BGN', 'USD']);
    const [eur, bgn, usd] = result.currencies;
    // inv1 120−50, inv2 240−60, inv3 360, inv4 600+120−100, inv5 120, inv9 120+24−120, inv11 12, inv12 12, inv13
    // 12 (its draft credit not deducted); inv6 paid, inv7 credited, inv8 paid with its credit refunded: nothing.
    expect(eur.buckets).toEqual([
      { key: 'current', amount: 132, count: 2 },
      { key: 'd1_30', amount: 70 + 24 + 12, count: 3 },
      { key: 'd31_60', amount: 180 + 12, count: 2 },
      { key: 'd61_90', amount: 360, count: 1 },
      { key: 'd90_plus', amount: 620, count: 1 },
    ]);
    expect(eur).toMatchObject({ outstanding: 1410, overdue: 1278 });
    expect(eur.topDebtors).toEqual([
      { clientId: s.clientB, name: { bg: 'Скрит ООД', it: 'Nascosto Srl' }, due: 980, overdue: 980 },
      { clientId: s.clientA, name: { bg: 'Видим ООД', it: 'Visibile Srl' }, due: 430, overdue: 298 },
    ]);
    expect(bgn).toMatchObject({ outstanding: 120, overdue: 120 });
    expect(bgn.buckets.find((row) => row.key === 'd1_30')).toEqual({ key: 'd1_30', amount: 120, count: 1 });
    expect(bgn.topDebtors).toEqual([expect.objectContaining({ clientId: s.clientC, due: 120, overdue: 120 })]);
    expect(usd).toMatchObject({ outstanding: 240, overdue: 240 });
    expect(usd.buckets.find((row) => row.key === 'd31_60')).toEqual({ key: 'd31_60', amount: 240, count: 1 });
  });

  it('gives the invoiced and paid amounts of the last 12 months per currency', async () => {
    const result = await summary();
    const months = result.currencies[0].months.map((row) => row.month);
    expect(months).toHaveLength(12);
    expect(months[11]).toBe(dayFromToday(0).slice(0, 7));
    for (const currency of result.currencies) {
      for (const month of currency.months) {
        const invoicedCents = s.documents
          .filter((row) => row.currency === currency.currency && row.date.slice(0, 7) === month.month)
          .reduce((sum, row) => sum + Math.round(row.total * 100), 0);
        const paidCents =
          month.month === months[11]
            ? s.payments
                .filter((row) => row.currency === currency.currency)
                .reduce((sum, row) => sum + Math.round(row.amount * 100), 0)
            : 0;
        expect([currency.currency, month.month, month.invoiced, month.paid]).toEqual([
          currency.currency,
          month.month,
          invoicedCents / 100,
          paidCents / 100,
        ]);
      }
    }
    // Payments today: 50 + 100 + 120 + 240 − 120 (a refund) + 120.
    expect(result.currencies[0].months[11].paid).toBe(510);
    // Every EUR document is dated within the months: their sum, notices signed (inv2 −60, inv4 +120, inv7 −120,
    // inv8 −120, inv9 +24), the draft credit of inv13, the draft invoice and the proforma left out.
    const eurInvoiced = result.currencies[0].months.reduce((sum, row) => sum + Math.round(row.invoiced * 100), 0);
    expect(eurInvoiced / 100).toBe(
      120 + 240 - 60 + 360 + 600 + 120 + 120 + 120 + 120 - 120 + 240 - 120 + 120 + 24 + 36,
    );
  });

  it('gives the hours recorded per month and the ones of invoiced periods', async () => {
    const months = (await summary()).months.map((row) => row.month);
    const [current, previous] = [months[11], months[10]];
    const billedContract = (await contractIn(s, 'registered'))._id;
    const otherContract = (await contractIn(s, 'registered'))._id;
    const draft = await createDraft(s, 'invoice', { date: `${previous}-01`, paymentDeadlineDate: `${previous}-15` });
    const db = s.ctx.database.db;
    // The billed contract's first day of this month is billed by an issued invoice; its first day of last month by
    // a draft only (not invoiced).
    await db.execute(sql`insert into contract_billed_periods (contract_id, period_from, period_to, document_id) values
      (${billedContract}, ${`${current}-01`}, ${`${current}-01`}, ${s.invoices.inv1.id}),
      (${billedContract}, ${`${previous}-01`}, ${`${previous}-01`}, ${draft._id})`);
    const sheet = (contract: string, day: string, minutes: number) =>
      sql`(${s.ctx.users.employee.id}, ${s.clientA}, ${contract}, ${s.services.first}, ${day}, ${minutes})`;
    await db.execute(sql`insert into timesheets (user_id, client_id, contract_id, service_id, date, duration) values
      ${sheet(billedContract, `${current}-01`, 120)}, ${sheet(otherContract, `${current}-01`, 30)},
      ${sheet(billedContract, `${previous}-01`, 90)}, ${sheet(billedContract, `${previous}-02`, 30)},
      ${sheet(billedContract, `${months[0]}-01`, 15)}`);
    // Written past the API (no log row): the summary's cache is told by moving the change marker.
    await bumpChangeMarker(db, 'receivables');
    const result = await summary();
    expect(result.months[11]).toEqual({ month: current, hours: 2.5, billedHours: 2 });
    expect(result.months[10]).toEqual({ month: previous, hours: 2, billedHours: 0 });
    expect(result.months[0]).toEqual({ month: months[0], hours: 0.25, billedHours: 0 });
    expect(result.months.slice(1, 10).every((row) => row.hours === 0 && row.billedHours === 0)).toBe(true);
  });
});

describe('POST /api/receivables/overdue', () => {
  it('lists the overdue invoices, oldest deadline first, with days overdue, due, client and contact', async () => {
    const page = await overdue();
    expect(names(page.Items)).toEqual(['inv4', 'inv3', 'inv2', 'usd1', 'inv12', 'inv11', 'inv9', 'inv1', 'bgn1']);
    expect(page.Total).toBe(9);
    const inv2 = page.Items[2];
    expect(inv2).toEqual({
      _id: s.invoices.inv2.id,
      number: s.invoices.inv2.number,
      date: s.invoices.inv2.date,
      deadline: s.invoices.inv2.deadline,
      daysOverdue: 45,
      bucket: 'd31_60',
      client: { id: s.clientA, name: { bg: 'Видим ООД', it: 'Visibile Srl' } },
      currency: 'EUR',
      total: 240,
      credited: -60,
      paid: 0,
      due: 180,
      lastReminder: null,
      contact: expect.objectContaining({ email: expect.any(String), phone: expect.any(String) }),
    });
    const bgn = page.Items[8];
    expect(bgn).toMatchObject({
      currency: 'BGN',
      due: 120,
      daysOverdue: 5,
      contact: { email: 'office@lev.test', phone: '+359 2 000 0000', notificationsEmails: ['pay@lev.test'] },
    });
    expect(page.Items[0]).toMatchObject({ total: 600, credited: 120, paid: 100, due: 620, daysOverdue: 120 });
  });

  it('filters by bucket (boundaries 30/31 days; "current" lists what is not yet due), client and currency', async () => {
    expect(names((await overdue({ bucket: 'd1_30' })).Items)).toEqual(['inv11', 'inv9', 'inv1', 'bgn1']);
    expect((await overdue({ bucket: 'd1_30' })).Items[1]).toMatchObject({
      total: 120,
      credited: 24,
      paid: 120,
      due: 24,
    });
    expect(names((await overdue({ bucket: 'd31_60' })).Items)).toEqual(['inv2', 'usd1', 'inv12']);
    expect(names((await overdue({ bucket: 'd61_90' })).Items)).toEqual(['inv3']);
    expect(names((await overdue({ bucket: 'd90_plus' })).Items)).toEqual(['inv4']);
    expect(names((await overdue({ bucket: 'current' })).Items)).toEqual(['inv13', 'inv5']);
    expect(names((await overdue({ clientId: s.clientB })).Items)).toEqual(['inv4', 'inv3']);
    expect(names((await overdue({ customerId: s.clientC })).Items)).toEqual(['bgn1']);
    expect(names((await overdue({ currency: 'usd' })).Items)).toEqual(['usd1']);
    expect(names((await overdue({ currency: 'EUR', bucket: 'd31_60', clientId: s.clientA })).Items)).toEqual([
      'inv2',
      'inv12',
    ]);
    expect((await overdue({ currency: 'GBP' })).Total).toBe(0);
  });

  it('pages and sorts', async () => {
    const first = await overdue({ itemsPerPage: 3, page: 1, sortBy: 'due', sortDesc: true });
    const second = await overdue({ itemsPerPage: 3, page: 2, sortBy: 'due', sortDesc: true });
    expect(first.Total).toBe(9);
    expect(names([...first.Items, ...second.Items])).toEqual(['inv4', 'inv3', 'usd1', 'inv2', 'bgn1', 'inv1']);
    expect(names((await overdue({ sortBy: 'daysOverdue', sortDesc: false })).Items)[0]).toBe('bgn1');
    // A page past the end still counts the rows.
    expect(await overdue({ itemsPerPage: 5, page: 3 })).toEqual({ Items: [], Total: 9, Page: 3 });
  });

  it('shows the last reminder sent', async () => {
    await s.ctx.database.db.execute(
      sql`insert into invoice_reminders (document_id, stage, created) values
        (${s.invoices.inv3.id}, 1, '2026-01-01T08:00:00Z'), (${s.invoices.inv3.id}, 2, '2026-01-15T08:00:00Z')`,
    );
    const [row] = (await overdue({ bucket: 'd61_90' })).Items;
    expect(row.lastReminder).toEqual({ stage: 2, at: '2026-01-15T08:00:00.000Z' });
  });

  it('exports the list as XLSX with the filters', async () => {
    const response = await s.ctx.app.inject({
      method: 'POST',
      url: '/api/receivables/overdue/export',
      headers: bearer(s.ctx.users.manager.token),
      payload: { bucket: 'd31_60', lang: 'it' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Scaduti');
    expect(sheet.getRow(1).getCell(10).value).toBe('Dovuto');
    const numbers = [2, 3, 4].map((index) => sheet.getRow(index).getCell(1).value);
    expect(numbers).toEqual([s.invoices.inv2.number, s.invoices.usd1.number, s.invoices.inv12.number]);
    expect(sheet.getRow(2).getCell(10).value).toBe(180);
    // Totals per currency: EUR first.
    expect([sheet.getRow(6).getCell(6).value, sheet.getRow(6).getCell(10).value]).toEqual(['EUR', 192]);
    expect([sheet.getRow(7).getCell(6).value, sheet.getRow(7).getCell(10).value]).toEqual(['USD', 240]);
  });

  it('the export reads in keyset batches that give the list’s rows in its order, for every sort and filter', async () => {
    // Batches of 2 over the 9 overdue rows (ties in amounts, dates and deadlines included): each batch starts after
    // the last row of the one before, and the rows are the list's, in the list's order.
    for (const sortBy of OVERDUE_SORT_COLUMNS)
      for (const sortDesc of [false, true])
        for (const filter of [{}, { bucket: 'current' }, { currency: 'EUR' }]) {
          const body = { ...filter, sortBy, sortDesc };
          const listed = (await overdue(body)).Items.map((row) => row._id);
          const batches: string[][] = [];
          for await (const batch of overdueBatches(s.ctx.database.db, overdueListQuery.parse(body), 2))
            batches.push(batch.map((row) => row._id));
          expect(batches.flat(), JSON.stringify(body)).toEqual(listed);
          expect(batches.slice(0, -1).every((batch) => batch.length === 2)).toBe(true);
        }
  });

  it('the export does not skip a row when one read before leaves the list between batches (keyset, not offset)', async () => {
    const body = overdueListQuery.parse({});
    const listed = (await overdue({})).Items;
    const batches = overdueBatches(s.ctx.database.db, body, 2);
    const first = await batches.next();
    expect(first.done).toBe(false);
    const firstRows = first.value as OverdueRow[];
    expect(firstRows.map((row) => row._id)).toEqual(listed.slice(0, 2).map((row) => row._id));
    // A row of the first batch (one without notices: its due is the invoice's own) is paid in full while the export
    // reads: by offset the next batch would start one row late.
    const paid = firstRows.find((row) => row.credited === 0);
    if (!paid) throw new Error('the fixed data has an invoice without notices among the first two overdue');
    const payment = await call<PaymentChange>(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
      invoice: paid._id,
      amount: paid.due,
      date: dayFromToday(0),
      type: s.paymentType,
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    try {
      expect((await overdue({})).Items.map((row) => row._id)).not.toContain(paid._id);
      const rest: string[] = [];
      for await (const batch of batches) rest.push(...batch.map((row) => row._id));
      expect([...firstRows.map((row) => row._id), ...rest]).toEqual(listed.map((row) => row._id));
    } finally {
      const removed = await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, {
        invoicePaymentId: payment.body.Result.payment!._id,
        invoiceId: paid._id,
      });
      expect(removed.status).toBe(200);
    }
    expect((await overdue({})).Items).toEqual(listed);
  });

  it('answers 400 with message keys to bad bodies', async () => {
    for (const body of [
      { bucket: 'd1_31' },
      { clientId: 'nope' },
      { page: 0 },
      { itemsPerPage: 1000 },
      { sortBy: 'password' },
      { sortDesc: 'maybe' },
      { currency: 'X'.repeat(40) },
      { lang: 'en' },
      [],
      { page: 'x' },
    ]) {
      const response = await call(s.ctx, 'POST', '/api/receivables/overdue', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.Message).toMatch(/^[a-z_]+$/);
    }
  });
});

describe('who may call', () => {
  it('admin, manager and accountant; employee and client get 403', async () => {
    for (const role of ['admin', 'manager', 'accountant'] as const) {
      const token = s.ctx.users[role].token;
      expect((await call(s.ctx, 'GET', '/api/receivables/summary', undefined, token)).status).toBe(200);
      expect((await call(s.ctx, 'POST', '/api/receivables/overdue', {}, token)).status).toBe(200);
    }
    for (const role of ['employee', 'client'] as const) {
      const token = s.ctx.users[role].token;
      expect((await call(s.ctx, 'GET', '/api/receivables/summary', undefined, token)).status).toBe(403);
      expect((await call(s.ctx, 'POST', '/api/receivables/overdue', {}, token)).status).toBe(403);
      expect((await call(s.ctx, 'POST', '/api/receivables/overdue/export', {}, token)).status).toBe(403);
    }
  });
});

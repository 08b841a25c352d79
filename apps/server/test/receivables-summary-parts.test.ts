/**
 * The receivables summary's two parts are kept apart (receivables.queries.ts, db/change-marker.ts): with the part
 * markers of migration 0029, a timesheet saved or removed through the API shows at once in
 * the hours and leaves the money kept; a payment shows at once in the dues and the paid month and leaves the hours
 * kept. "Kept" is shown by a write that bypasses the API (no log row) of the other part: it is not seen until the
 * marker of its part moves.
 */
import type { ReceivablesSummary } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeMarker } from '../src/db/change-marker.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { BASE } from './billing-fixtures.ts';
import { contractIn } from './contracts-fixtures.ts';
import { call } from './helpers.ts';
import { dayFromToday, type ReceivablesSetup, setUpReceivables } from './receivables-fixtures.ts';

let s: ReceivablesSetup;
beforeAll(async () => {
  s = await setUpReceivables();
}, 120_000);
afterAll(async () => {
  await s?.ctx.close();
});

const summary = async () => {
  const response = await call<ReceivablesSummary>(
    s.ctx,
    'GET',
    '/api/receivables/summary',
    undefined,
    s.ctx.users.accountant.token,
  );
  expect(response.status).toBe(200);
  return response.body.Result as ReceivablesSummary;
};
const eur = (result: ReceivablesSummary) => result.currencies.find((part) => part.currency === 'EUR')!;
const thisMonth = (result: ReceivablesSummary) => eur(result).months[eur(result).months.length - 1];
const hoursNow = (result: ReceivablesSummary) => result.months[result.months.length - 1].hours;
const round = (value: number) => Math.round(value * 100) / 100;

describe('the receivables summary by part', () => {
  it('shows a timesheet saved and removed in the hours at once and keeps the money', async () => {
    const db = s.ctx.database.db;
    const before = await summary();
    // Past the API: not seen while the money is kept.
    await db.execute(sql`update billing_documents set paid_amount = paid_amount + 1 where id = ${s.invoices.inv3.id}`);
    const contract = (await contractIn(s, 'registered'))._id;
    const saved = await call(s.ctx, 'POST', '/api/timesheets/save', [
      { client: s.visible, contract, service: s.services.first, date: dayFromToday(0), duration: 90, comment: '' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await summary();
    expect(hoursNow(after)).toBe(round(hoursNow(before) + 1.5));
    expect(after.currencies).toEqual(before.currencies);
    const [{ _id }] = saved.body.Result as Array<{ _id: string }>;
    const removed = await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: _id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await summary()).toEqual(before);
    // The money moves with its marker.
    await bumpChangeMarker(db, 'receivables');
    expect(eur(await summary()).outstanding).toBe(round(eur(before).outstanding - 1));
    await db.execute(sql`update billing_documents set paid_amount = paid_amount - 1 where id = ${s.invoices.inv3.id}`);
    await bumpChangeMarker(db, 'receivables');
    expect(await summary()).toEqual(before);
  });

  it('shows a payment saved and removed in the dues at once and keeps the hours', async () => {
    const db = s.ctx.database.db;
    const contract = (await contractIn(s, 'registered'))._id;
    const before = await summary();
    // Past the API: not seen while the hours are kept.
    const [sheet] = await queryRows<{ id: string }>(
      db,
      sql`insert into timesheets (user_id, client_id, contract_id, service_id, date, duration)
        values (${s.ctx.users.employee.id}, ${s.clientA}, ${contract}, ${s.services.first}, ${dayFromToday(0)}, 60)
        returning id`,
    );
    const saved = await call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
      invoice: s.invoices.inv3.id,
      amount: 10,
      date: dayFromToday(0),
      type: s.paymentType,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await summary();
    expect(eur(after).outstanding).toBe(round(eur(before).outstanding - 10));
    expect(thisMonth(after).paid).toBe(round(thisMonth(before).paid + 10));
    expect(after.months).toEqual(before.months);

    const payments = await call(s.ctx, 'POST', `${BASE.invoice}/getPayments`, { invoiceId: s.invoices.inv3.id });
    const id = (payments.body.Result as { Items: Array<{ _id: string }> }).Items[0]._id;
    const removed = await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, { invoicePaymentId: id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await summary()).toEqual(before);
    // The hours move with their marker.
    await bumpChangeMarker(db, 'receivables');
    expect(hoursNow(await summary())).toBe(round(hoursNow(before) + 1));
    await db.execute(sql`delete from timesheets where id = ${sheet.id}`);
    await bumpChangeMarker(db, 'receivables');
    expect(await summary()).toEqual(before);
  });

  it('reads the billed hours of a timesheet saved at once by the invoiced spans kept, and the spans again when the billing moves', async () => {
    const db = s.ctx.database.db;
    const contract = (await contractIn(s, 'registered'))._id;
    const before = await summary();
    const billedNow = (result: ReceivablesSummary) => result.months[result.months.length - 1].billedHours;
    // Past the API: the contract's today billed by an issued invoice, not seen while the spans are kept.
    await db.execute(sql`insert into contract_billed_periods (contract_id, period_from, period_to, document_id)
      values (${contract}, ${dayFromToday(0)}, ${dayFromToday(0)}, ${s.invoices.inv1.id})`);
    const saved = await call(s.ctx, 'POST', '/api/timesheets/save', [
      { client: s.visible, contract, service: s.services.first, date: dayFromToday(0), duration: 60, comment: '' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await summary();
    expect(hoursNow(after)).toBe(round(hoursNow(before) + 1));
    expect(billedNow(after)).toBe(billedNow(before));
    await bumpChangeMarker(db, 'receivables');
    expect(billedNow(await summary())).toBe(round(billedNow(before) + 1));
    const [{ _id }] = saved.body.Result as Array<{ _id: string }>;
    const removed = await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: _id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await db.execute(sql`delete from contract_billed_periods where contract_id = ${contract}`);
    await bumpChangeMarker(db, 'receivables');
    expect(await summary()).toEqual(before);
  });

  it('moves each part marker once at commit, by the model and action of the log rows', async () => {
    const db = s.ctx.database.db;
    const markers = async () =>
      Object.fromEntries(
        (
          await queryRows<{ key: string; value: string }>(
            db,
            sql`select key, value from app_meta where key like 'change_marker:receivables%'`,
          )
        ).map((row) => [row.key, BigInt(row.value)]),
      );
    const logRow = (model: string, action: string) =>
      sql`insert into logs (name, model, type, action, documents) values ('Test', ${model}, 'update', ${action}, '{}'::jsonb)`;
    const moved = async (rows: Array<[string, string]>) => {
      const start = await markers();
      await db.transaction(async (tx) => {
        for (const [model, action] of rows) await tx.execute(logRow(model, action));
      });
      const end = await markers();
      return Object.fromEntries(
        Object.keys(end).map((key) => [key.split(':').slice(1).join(':'), end[key] - start[key]]),
      );
    };
    const all = { receivables: 1n, 'receivables:money': 1n, 'receivables:hours': 1n, 'receivables:spans': 1n };
    expect(
      await moved([
        ['timesheets', 'save'],
        ['timesheets', 'save'],
      ]),
    ).toEqual({
      ...all,
      'receivables:money': 0n,
      'receivables:spans': 0n,
    });
    expect(
      await moved([
        ['billing_payments', 'savePayment'],
        ['billing_documents', 'savePayment'],
      ]),
    ).toEqual({
      ...all,
      'receivables:hours': 0n,
      'receivables:spans': 0n,
    });
    expect(await moved([['billing_documents', 'issue']])).toEqual(all);
    expect(
      await moved([
        ['contract_billed_periods', 'save'],
        ['companies', 'save'],
      ]),
    ).toEqual(all);
  });
});

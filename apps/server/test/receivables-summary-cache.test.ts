/**
 * The receivables summary is kept between calls until something it sums changes (receivables.queries.ts,
 * db/change-marker.ts): every change made through the API — a payment saved or removed, an invoice issued, a
 * timesheet saved or removed, a client renamed — shows in the very next summary; a write that bypasses the API (and
 * its log row) is not seen until the change marker moves, which shows the answer really is kept.
 */
import type { ReceivablesSummary } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeMarker, readChangeMarker } from '../src/db/change-marker.ts';
import { addItem, BASE, createDraft, issue } from './billing-fixtures.ts';
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
const bucket = (result: ReceivablesSummary, key: string) => eur(result).buckets.find((row) => row.key === key)!;
const thisMonth = (result: ReceivablesSummary) => eur(result).months[eur(result).months.length - 1];
const hoursNow = (result: ReceivablesSummary) => result.months[result.months.length - 1].hours;
const round = (value: number) => Math.round(value * 100) / 100;

describe('the receivables summary after a change', () => {
  it('shows a payment saved and removed at once', async () => {
    const before = await summary();
    expect(await summary()).toEqual(before);
    const saved = await call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
      invoice: s.invoices.inv3.id,
      amount: 10,
      date: dayFromToday(0),
      type: s.paymentType,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await summary();
    expect(eur(after).outstanding).toBe(round(eur(before).outstanding - 10));
    expect(bucket(after, 'd61_90').amount).toBe(round(bucket(before, 'd61_90').amount - 10));
    expect(thisMonth(after).paid).toBe(round(thisMonth(before).paid + 10));

    const payments = await call<{ Items: Array<{ _id: string; amount: number }> }>(
      s.ctx,
      'POST',
      `${BASE.invoice}/getPayments`,
      { invoiceId: s.invoices.inv3.id },
    );
    const id = (payments.body.Result as { Items: Array<{ _id: string }> }).Items[0]._id;
    const removed = await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, { invoicePaymentId: id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await summary()).toEqual(before);
  });

  it('shows an invoice issued at once', async () => {
    const before = await summary();
    const draft = await createDraft(s, 'invoice', {
      customerId: s.hidden,
      customerBank: null,
      date: dayFromToday(-10),
      paymentDeadlineDate: dayFromToday(-3),
    });
    await addItem(s, 'invoice', draft._id, 100);
    // A draft moves nothing.
    expect(await summary()).toEqual(before);
    const issued = await issue(s, 'invoice', draft._id);
    const total = Number(issued.totalAmount);
    const after = await summary();
    expect(eur(after).outstanding).toBe(round(eur(before).outstanding + total));
    expect(bucket(after, 'd1_30').amount).toBe(round(bucket(before, 'd1_30').amount + total));
    expect(bucket(after, 'd1_30').count).toBe(bucket(before, 'd1_30').count + 1);
  });

  it('shows a timesheet saved and removed at once', async () => {
    const before = await summary();
    const contract = (await contractIn(s, 'registered'))._id;
    const saved = await call(s.ctx, 'POST', '/api/timesheets/save', [
      { client: s.visible, contract, service: s.services.first, date: dayFromToday(0), duration: 90, comment: '' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(hoursNow(await summary())).toBe(round(hoursNow(before) + 1.5));
    const [{ _id }] = saved.body.Result as Array<{ _id: string }>;
    const removed = await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: _id });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(hoursNow(await summary())).toBe(hoursNow(before));
  });

  it("shows a top debtor's new name at once", async () => {
    const found = await call(s.ctx, 'GET', `/api/companies/${s.hidden}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const client = found.body.Result as { name: { bg: string; it: string } };
    const name = { bg: `${client.name.bg} Нова`, it: `${client.name.it} Nuova` };
    const saved = await call(s.ctx, 'POST', '/api/companies/save', { ...client, name });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const debtor = eur(await summary()).topDebtors.find((row) => row.clientId === s.hidden);
    expect(debtor?.name).toEqual(name);
  });

  it('is kept until the change marker moves (a write that bypasses the API is not seen before)', async () => {
    const before = await summary();
    const db = s.ctx.database.db;
    await db.execute(sql`update billing_documents set paid_amount = paid_amount + 1 where id = ${s.invoices.inv3.id}`);
    expect(await summary()).toEqual(before);
    await bumpChangeMarker(db, 'receivables');
    expect(eur(await summary()).outstanding).toBe(round(eur(before).outstanding - 1));
    await db.execute(sql`update billing_documents set paid_amount = paid_amount - 1 where id = ${s.invoices.inv3.id}`);
    await bumpChangeMarker(db, 'receivables');
    expect(await summary()).toEqual(before);
  });

  it('moves the marker once at the commit of a transaction that logs a change of a table it reads, never for an event', async () => {
    const db = s.ctx.database.db;
    const marker = async () => readChangeMarker(db, 'receivables');
    const logRow = (model: string, type: string) =>
      sql`insert into logs (name, model, type, action, documents) values ('Test', ${model}, ${type}, 'save', '{}'::jsonb)`;
    const start = await marker();
    // Two log rows of one transaction: one bump, and only once it commits.
    await db.transaction(async (tx) => {
      await tx.execute(logRow('timesheets', 'update'));
      await tx.execute(logRow('billing_payments', 'create'));
      expect(await readChangeMarker(tx, 'receivables')).toBe(start);
    });
    const once = await marker();
    expect(BigInt(once)).toBe(BigInt(start) + 1n);
    // A rolled back change bumps nothing; an event or a table the summary does not read neither.
    await db
      .transaction(async (tx) => {
        await tx.execute(logRow('timesheets', 'update'));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await db.execute(logRow('timesheets', 'event'));
    await db.execute(logRow('users', 'update'));
    expect(await marker()).toBe(once);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { raceIt } from './concurrency.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  copiesOf,
  createDraft,
  issuedWith,
  setUpBilling,
} from './billing-fixtures.ts';
import { call } from './helpers.ts';

/**
 * Races that a PostgreSQL server decides with row locks and conditional updates (PGlite runs one session, so there
 * the calls simply run one after another; the file runs on both, as every server test does).
 */
let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

describe('concurrent billing', () => {
  raceIt(
    'gives 100 concurrent issues of 100 drafts 100 distinct numbers without a gap',
    async () => {
      const draft = await createDraft(s, 'invoice');
      await addItem(s, 'invoice', draft._id, 12.5, 2);
      const ids = await copiesOf(s, draft._id, 100);
      const [before] = await queryRows<{ next: string }>(
        s.ctx.database.db,
        sql`select next from number_registers where kind = 'invoice'`,
      );
      const results = await Promise.all(
        ids.map((id) => call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: id })),
      );
      expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
      const numbers = results.map((r) => Number(r.body.Result.number)).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(100);
      expect(numbers[0]).toBe(Number(before.next));
      expect(numbers[99] - numbers[0]).toBe(99);
      const [after] = await queryRows<{ next: string; max_issued: string }>(
        s.ctx.database.db,
        sql`select next, max_issued from number_registers where kind = 'invoice'`,
      );
      expect([Number(after.next), Number(after.max_issued)]).toEqual([numbers[99] + 1, numbers[99]]);
    },
    180_000,
  ); // a hundred issuing transactions; on PGlite they run one after another

  raceIt('transforms a row once under concurrent requests (one invoice, one 409)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const proforma = await issuedWith(s, 'proforma', [
        [10, 1],
        [20, 1],
      ]);
      const rows = (await call(s.ctx, 'POST', `${BASE.proforma}/getItems`, { proformaInvoiceId: proforma._id })).body
        .Result as Array<{ _id: string }>;
      const body = { proformaInvoiceId: proforma._id, proformaInvoiceItems: [rows[0]._id] };
      const results = await Promise.all([
        call(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, body),
        call(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, body),
        call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, { proformaInvoiceId: proforma._id }),
      ]);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(2);
      const [{ n }] = await queryRows<{ n: number }>(
        s.ctx.database.db,
        sql`select cast(count(*) as integer) as n from billing_documents where transformed_from_proforma_id = ${proforma._id}`,
      );
      expect(n).toBe(1);
    }
  });

  raceIt('never lets concurrent credit notices exceed their invoice', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 1]]); // 120.00
    const notice = await createDraft(s, 'invoice', { noticeType: 1, creditToInvoice: original._id });
    await addItem(s, 'invoice', notice._id, 25, 1); // -30.00: four fit
    const ids = await copiesOf(s, notice._id, 10);
    const results = await Promise.all(ids.map((id) => call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.Message === 'credit_notice_exceeds_invoice'),
    ).toBe(true);
    const view = await call(s.ctx, 'GET', `${BASE.invoice}/${original._id}`);
    expect(view.body.Result.creditedAmount).toBe(120);
  });
});

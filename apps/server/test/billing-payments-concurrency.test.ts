import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { raceIt } from './concurrency.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { BASE, type BillingSetup, issuedWith, setUpBilling } from './billing-fixtures.ts';
import { call } from './helpers.ts';

/**
 * Payments racing for what is left of a document: on a PostgreSQL server the lock of the document's row decides
 * (PGlite runs one session, so there the calls run one after another; the file runs on both).
 */
let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

describe('concurrent payments', () => {
  raceIt(
    'lets 100 concurrent payments of 1.00 on an invoice of 50.00 leave exactly 50 payments and the invoice paid',
    async () => {
      const invoice = await issuedWith(s, 'invoice', [[50, 1]], { VATCharging: false, VATType: s.vat0 });
      expect(invoice.totalAmount).toBe(50);
      const body = { invoice: invoice._id, amount: 1, date: '2026-03-10', type: s.paymentType };
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, body, s.ctx.users.manager.token),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(50);
      expect(
        results
          .filter((result) => result.status !== 200)
          .every(
            (result) => result.status === 400 && result.body.Message === 'entered_amount_is_bigger_than_wanted_amount',
          ),
      ).toBe(true);
      const [stored] = await queryRows<{ n: number; paid: string }>(
        s.ctx.database.db,
        sql`select cast(count(*) as integer) as n, cast(sum(amount) as text) as paid from billing_payments where document_id = ${invoice._id}`,
      );
      expect([stored.n, Number(stored.paid)]).toEqual([50, 50]);
      const view = await call(s.ctx, 'GET', `${BASE.invoice}/${invoice._id}`);
      expect(view.body.Result).toMatchObject({ isPaid: 1, paidAmount: 50 });
    },
    180_000,
  ); // a hundred payment transactions; on PGlite they run one after another
});

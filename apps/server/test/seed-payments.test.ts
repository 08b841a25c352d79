import { sofiaDay } from '@kantora/domain';
import type { BillingItemRow, BillingRow, PaymentRow } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

const issuedOf = async (path: string) =>
  (
    (await call(ctx, 'POST', `${path}/list`, { itemsPerPage: 200, issued: true })).body.Result.Items as BillingRow[]
  ).sort((a, b) => a.number!.localeCompare(b.number!));

describe('the demo payments', () => {
  it('leave invoices paid, partly paid and unpaid, and the credit notice refunded', async () => {
    const invoices = await issuedOf('/api/invoices');
    const states = new Set(invoices.map((row) => row.isPaid));
    expect(states).toEqual(new Set([0, 1, 2]));
    for (const row of invoices) {
      const payments = (await call(ctx, 'POST', '/api/invoices/getPayments', { invoiceId: row._id })).body.Result
        .Items as PaymentRow[];
      const sum = payments.reduce((total, payment) => total + Math.round(payment.amount * 100), 0) / 100;
      expect([row.number, sum]).toEqual([row.number, row.paidAmount]);
      const expected = sum === 0 ? 0 : Math.abs(sum) >= Math.abs(row.totalAmount) ? 1 : 2;
      expect([row.number, row.isPaid]).toEqual([row.number, expected]);
    }
    const credit = invoices.find((row) => row.noticeType === 1)!;
    expect(credit).toMatchObject({ isPaid: 1, paidAmount: credit.totalAmount });
    expect(credit.paidAmount).toBeLessThan(0);
    // What the lists' paid filter finds.
    const partly = (await call(ctx, 'POST', '/api/invoices/list', { issued: true, isPaid: 2 })).body.Result
      .Items as BillingRow[];
    expect(partly.length).toBe(invoices.filter((row) => row.isPaid === 2).length);
  });

  it("are dated between their document's date and today (Europe/Sofia), as savePayment wants them", async () => {
    const today = sofiaDay();
    let checked = 0;
    for (const [path, idField] of [
      ['/api/invoices', 'invoiceId'],
      ['/api/proforma-invoices', 'proformaInvoiceId'],
    ] as const) {
      for (const row of await issuedOf(path)) {
        const payments = (await call(ctx, 'POST', `${path}/getPayments`, { [idField]: row._id })).body.Result
          .Items as PaymentRow[];
        for (const payment of payments) {
          expect([row.number, payment.date >= row.date, payment.date <= today]).toEqual([row.number, true, true]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('pay proformas, one of them by its first row', async () => {
    const proformas = await issuedOf('/api/proforma-invoices');
    expect(proformas.filter((row) => row.isPaid !== 0).length).toBeGreaterThanOrEqual(2);
    const partly = proformas.find((row) => row.isPaid === 2)!;
    const rows = (await call(ctx, 'POST', '/api/proforma-invoices/getItems', { proformaInvoiceId: partly._id })).body
      .Result as BillingItemRow[];
    expect(rows.map((row) => row.isPaid)).toEqual([true, false]);
  });
});

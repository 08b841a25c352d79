import type { BillingDocumentView, BillingRow } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/sql-helpers.ts';
import { seedLargeBilling } from '../src/seed/large-billing.ts';
import { seedLargeClients } from '../src/seed/large-clients.ts';
import { seedLargeContracts } from '../src/seed/large-contracts.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

const listOf = async (path: string, body: object = {}) =>
  (await call(ctx, 'POST', `${path}/list`, { itemsPerPage: 200, ...body })).body.Result as {
    Items: BillingRow[];
    Total: number;
  };

describe('the demo invoices and proformas', () => {
  it('are issued and drafts, in EUR but the BGN invoices of 2025, numbered in date order', async () => {
    const invoices = await listOf('/api/invoices');
    const issued = invoices.Items.filter((row) => row.issued).sort((a, b) => a.number!.localeCompare(b.number!));
    expect(issued.map((row) => row.number)).toEqual([
      '0000000001',
      '0000000002',
      '0000000003',
      '0000000004',
      '0000000005',
      '0000000006',
      '0000000007',
      '0000000008',
      '0000000009',
    ]);
    expect(issued.map((row) => row.date)).toEqual([...issued.map((row) => row.date)].sort());
    expect(invoices.Items.some((row) => !row.issued)).toBe(true);
    expect(new Set(invoices.Items.filter((row) => row.date < '2026-01-01').map((row) => row.currencyCode))).toEqual(
      new Set(['BGN']),
    );
    expect(new Set(invoices.Items.filter((row) => row.date >= '2026-01-01').map((row) => row.currencyCode))).toEqual(
      new Set(['EUR']),
    );
    const credit = invoices.Items.find((row) => row.noticeType === 1)!;
    expect(credit.totalAmount).toBeLessThan(0);
    const view = (await call<BillingDocumentView>(ctx, 'GET', `/api/invoices/${credit._id}`)).body.Result;
    expect(view.creditToInvoiceNumber).toMatch(/^\d{10}$/);
    // A credit notice has no payment deadline; the others are due 14 days after their date, the demo's payment term.
    expect(view.paymentDeadlineDate).toBeNull();
    expect((await call(ctx, 'GET', '/api/settings/invoices/get')).body.Result.paymentTermDays).toBe(14);
    const debit = invoices.Items.find((row) => row.noticeType === 2)!;
    expect(
      (await call<BillingDocumentView>(ctx, 'GET', `/api/invoices/${debit._id}`)).body.Result.paymentDeadlineDate,
    ).not.toBeNull();
  });

  it('have a proforma transformed whole and one by a row, with their invoices linked', async () => {
    const proformas = await listOf('/api/proforma-invoices');
    expect(proformas.Items.filter((row) => row.issued)).toHaveLength(3);
    expect(proformas.Items.some((row) => !row.issued)).toBe(true);
    const views = await Promise.all(
      proformas.Items.map(
        async (row) => (await call<BillingDocumentView>(ctx, 'GET', `/api/proforma-invoices/${row._id}`)).body.Result,
      ),
    );
    const whole = views.find((view) => view.transformedToInvoice)!;
    expect(whole.rights.canTransform).toBe(false);
    const invoice = (await call<BillingDocumentView>(ctx, 'GET', `/api/invoices/${whole.transformedToInvoice}`)).body
      .Result;
    expect([invoice.transformedFromProformaInvoice, invoice.totalAmount]).toEqual([whole._id, whole.totalAmount]);
    const partial = views.find((view) => !view.transformedToInvoice && view.transformedItems > 0)!;
    expect([
      partial.transformedItems,
      partial.itemsCount,
      partial.rights.canTransformItems,
      partial.VATCharging,
    ]).toEqual([1, 2, true, false]);
    const totals = await call(ctx, 'GET', '/api/settings/invoices/getRegisterNumbers');
    expect(totals.body.Result).toMatchObject({ invoices: 10, proformaInvoices: 4 });
  });

  it('print, the reverse-charge proforma included', async () => {
    const proformas = await listOf('/api/proforma-invoices', { issued: true });
    for (const row of proformas.Items) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/proforma-invoices/print/${row._id}?layout=italian`,
        headers: { authorization: `Bearer ${ctx.users.admin.token}` },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('the large preset', () => {
  it('adds documents with five rows each on average, numbered, without log rows, once', async () => {
    await seedLargeClients(ctx.database.db, 300);
    await seedLargeContracts(ctx.database.db, 400);
    const counts = async () =>
      (
        await queryRows<{ documents: number; items: number; logs: number }>(
          ctx.database.db,
          sql`select cast((select count(*) from billing_documents) as integer) as documents, cast((select count(*) from billing_items) as integer) as items, cast((select count(*) from logs) as integer) as logs`,
        )
      )[0];
    const before = await counts();
    expect(await seedLargeBilling(ctx.database.db, 2_000)).toBe(2_000);
    const after = await counts();
    // Five rows on average, but the two newest (rows 5 and 5 in the cycle) carry 10 and 100 for the bench's prints.
    expect([after.documents - before.documents, after.items - before.items, after.logs]).toEqual([
      2_000,
      10_000 - 10 + 110,
      before.logs,
    ]);
    const samples = await queryRows<{ kind: string; issued: boolean; notice_type: number; rows: number }>(
      ctx.database.db,
      sql`select d.kind, d.issued, d.notice_type, cast((select count(*) from billing_items i where i.document_id = d.id) as integer) as rows from billing_documents d order by d.created desc, d.id limit 2`,
    );
    expect(samples).toEqual([
      { kind: 'invoice', issued: true, notice_type: 0, rows: 100 },
      { kind: 'invoice', issued: true, notice_type: 0, rows: 10 },
    ]);
    const [dup] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select cast(count(*) as integer) as n from (select kind, number from billing_documents where number is not null group by kind, number having count(*) > 1) d`,
    );
    expect(dup.n).toBe(0);
    // Credit notices have no payment deadline; every other document has one.
    const [deadlines] = await queryRows<{ credit: number; missing: number }>(
      ctx.database.db,
      sql`select cast(count(*) filter (where notice_type = 1 and payment_deadline_date is not null) as integer) as credit, cast(count(*) filter (where notice_type <> 1 and payment_deadline_date is null) as integer) as missing from billing_documents`,
    );
    expect(deadlines).toEqual({ credit: 0, missing: 0 });
    const counted = (await call(ctx, 'GET', '/api/invoices/getDocsCount')).body.Result;
    expect(counted.issued).toBeGreaterThan(1_000);
    expect(counted.drafts).toBeGreaterThan(50);
    // Totals stored are the domain's: the rows add up to the tax base.
    const [mismatch] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select cast(count(*) as integer) as n from billing_documents d where d.amount <> (select coalesce(sum(total), 0) from billing_items i where i.document_id = d.id)`,
    );
    expect(mismatch.n).toBe(0);
    const next = await call(ctx, 'GET', '/api/settings/invoices/getRegisterNumbers');
    const [max] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select max(number) as n from billing_documents where kind = 'invoice'`,
    );
    expect(next.body.Result.invoices).toBe(Number(max.n) + 1);
    expect(await seedLargeBilling(ctx.database.db, 2_000)).toBe(0);
  });
});

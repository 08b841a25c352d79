import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { seedLargeContracts } from '../src/seed/large-contracts.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

type Row = { _id: string; name: { bg: string; it: string }; status: number; fromDate: string; customerId: string };
const listOf = async (token: string, body: object = {}) =>
  (await call(ctx, 'POST', '/api/contracts/list', { itemsPerPage: 200, ...body }, token)).body.Result as {
    Items: Row[];
    Total: number;
  };

describe('the demo contracts', () => {
  it('are in every status, in EUR but one BGN contract of 2025, with services, snapshots and a document', async () => {
    const { Items } = await listOf(ctx.users.admin.token);
    expect(new Set(Items.map((row) => row.status))).toEqual(new Set([0, 1, 2, 3]));
    const views = await Promise.all(
      Items.map(async (row) => (await call(ctx, 'GET', `/api/contracts/${row._id}`)).body.Result),
    );
    const bgn = views.filter((view) => view.currencyCode === 'BGN');
    expect(bgn.map((view) => [view.fromDate.slice(0, 4), view.status])).toEqual([['2025', 3]]);
    expect(views.filter((view) => view.currencyCode === 'EUR').length).toBe(views.length - 1);
    for (const view of views) {
      expect([
        view.name.bg !== '',
        view.name.it !== '',
        view.customer?.bulstat !== undefined,
        view.provider?.bank?.currency,
        view.provider?.bank2?.currency,
      ]).toEqual([true, true, true, 'BGN', 'EUR']);
      if (view.status !== 0) expect([view.name.bg, view.servicesCount > 0]).toEqual([view.name.bg, true]);
    }
    const withDocument = views.filter((view) => view.status === 1);
    let documents = 0;
    for (const view of withDocument)
      documents += (await call(ctx, 'POST', '/api/documents/list', { contractId: view._id })).body.Result.Total;
    expect(documents).toBeGreaterThan(0);
  });

  it('were created, registered and canceled in the past, so contracts made today come first in the list', async () => {
    const stamps = (await ctx.database.db.execute(
      sql`select cast(count(*) filter (where created > now() or registered_on > now() or canceled_on > now()) as integer) as future from contracts`,
    )) as unknown as { rows: Array<{ future: number }> };
    expect(stamps.rows[0].future).toBe(0);
  });

  it('are seen partly by employee@ (their clients only), without service prices', async () => {
    const token = await ctx.signIn('employee@kantora.local', DEMO_PASSWORD);
    const all = await listOf(ctx.users.admin.token);
    const employee = await listOf(token);
    expect(employee.Total).toBeGreaterThan(0);
    expect(employee.Total).toBeLessThan(all.Total);
    const services = await call(
      ctx,
      'POST',
      '/api/contract-services/list',
      { contractId: employee.Items[0]._id },
      token,
    );
    expect(services.body.Result.Items.every((row: object) => !Object.hasOwn(row, 'price'))).toBe(true);
  });
});

describe('the large preset', () => {
  it('adds contracts with their services in batches, without log rows, once', async () => {
    const counts = async () =>
      (
        (await ctx.database.db.execute(
          sql`select cast((select count(*) from contracts) as integer) as contracts, cast((select count(*) from contract_services) as integer) as services, cast((select count(*) from logs) as integer) as logs`,
        )) as unknown as { rows: Array<{ contracts: number; services: number; logs: number }> }
      ).rows[0];
    const before = await counts();
    expect(await seedLargeContracts(ctx.database.db, 1_500)).toBe(1_500);
    const after = await counts();
    expect(after.contracts - before.contracts).toBe(1_500);
    expect(after.services - before.services).toBeGreaterThanOrEqual(1_500);
    expect(after.logs).toBe(before.logs);
    const byStatus = await Promise.all(
      [0, 1, 2, 3].map(async (status) => (await listOf(ctx.users.admin.token, { status, itemsPerPage: 1 })).Total),
    );
    expect(byStatus.every((n) => n > 0)).toBe(true);
    const found = await call(ctx, 'POST', '/api/contracts/search', { name: 'L-000001' });
    expect(found.body.Result.Total).toBe(1);
    expect(await seedLargeContracts(ctx.database.db, 1_500)).toBe(0);
  });
});

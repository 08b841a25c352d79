import { sofiaDay } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/sql-helpers.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { DEMO_LOCKED_COMMENT } from '../src/seed/demo-timesheets.ts';
import { seedLargeContracts } from '../src/seed/large-contracts.ts';
import { seedLargeTimesheets } from '../src/seed/large-timesheets.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

/** Rows that break a rule: a service not of the contract, a client not the contract's, a date after today or outside the contract, created before the date. */
const brokenRows = (today: string) =>
  queryRows<{ n: number }>(
    ctx.database.db,
    sql`select cast(count(*) as integer) as n from timesheets t join contracts k on k.id = t.contract_id
        where not exists (select 1 from contract_services cs where cs.contract_id = t.contract_id and cs.service_id = t.service_id)
           or k.customer_id <> t.client_id or t.date > ${today}::date or t.date < k.from_date or t.date > k.to_date
           or t.created < (t.date::timestamp at time zone 'Europe/Sofia') or t.duration not between 1 and 1440`,
  );

describe('the demo timesheets', () => {
  it('give employee@ weeks of own rows, some still editable and some locked, on registered contracts', async () => {
    const token = await ctx.signIn('employee@kantora.local', DEMO_PASSWORD);
    const own = (await call(ctx, 'POST', '/api/timesheets/list', { itemsPerPage: 200 }, token)).body.Result;
    expect(own.Total).toBeGreaterThanOrEqual(30);
    expect(own.TotalDuration).toBeGreaterThan(0);
    expect(own.Items.some((row: { locked: boolean }) => row.locked)).toBe(true);
    expect(own.Items.some((row: { canEdit: boolean }) => row.canEdit)).toBe(true);
    expect(new Set(own.Items.map((row: { client: string }) => row.client)).size).toBeGreaterThanOrEqual(2);
    const all = (
      await call(ctx, 'POST', '/api/timesheets/list', {}, await ctx.signIn('manager@kantora.local', DEMO_PASSWORD))
    ).body.Result;
    expect(all.Total).toBeGreaterThan(own.Total);
    // One row on a weekend: employee@'s, created 11 days ago, locked for them.
    const weekends = await queryRows<{ comment: string; age: number }>(
      ctx.database.db,
      sql`select comment, cast(extract(day from now() - created) as integer) as age from timesheets where extract(isodow from date) > 5`,
    );
    expect(weekends).toEqual([{ comment: DEMO_LOCKED_COMMENT, age: 11 }]);
    const locked = own.Items.find((row: { comment: string }) => row.comment === DEMO_LOCKED_COMMENT);
    expect(locked).toMatchObject({ locked: true, canEdit: false, duration: 195 });
    expect((await brokenRows(sofiaDay()))[0].n).toBe(0);
  });
});

describe('the large preset’s timesheets', () => {
  it('follow the rules of a row, and are added once', async () => {
    await seedLargeContracts(ctx.database.db, 300);
    const before = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select cast(count(*) as integer) as n from timesheets`,
    );
    expect(await seedLargeTimesheets(ctx.database.db, 5000)).toBe(5000);
    const after = await queryRows<{ n: number; users: number; contracts: number }>(
      ctx.database.db,
      sql`select cast(count(*) as integer) as n, cast(count(distinct user_id) as integer) as users, cast(count(distinct contract_id) as integer) as contracts from timesheets`,
    );
    expect(after[0].n - before[0].n).toBe(5000);
    expect(after[0].users).toBeGreaterThan(50);
    expect(after[0].contracts).toBeGreaterThan(100);
    expect((await brokenRows(sofiaDay()))[0].n).toBe(0);
    expect(await seedLargeTimesheets(ctx.database.db, 5000)).toBe(0);
  });
});

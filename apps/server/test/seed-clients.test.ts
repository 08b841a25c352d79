import { identifierWarnings, isValidEik, isValidIban } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { seedLargeClients } from '../src/seed/large-clients.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

type Item = { _id: string; name: { bg: string; it: string }; bulstat: string; vatNumber: string };
const clientsOf = async (token: string) =>
  (await call(ctx, 'POST', '/api/companies/list', { status: null, itemsPerPage: 200 }, token)).body.Result
    .Items as Item[];

describe('the demo clients', () => {
  it('are about ten, in both languages, with valid EIKs and BG VAT numbers for the Bulgarian ones', async () => {
    const all = await clientsOf(ctx.users.admin.token);
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const client of all) {
      expect([client.name.bg !== '', client.name.it !== '']).toEqual([true, true]);
      expect([client.bulstat, identifierWarnings(client)]).toEqual([client.bulstat, []]);
      if (client.vatNumber.startsWith('BG'))
        expect([client.bulstat, isValidEik(client.bulstat), client.vatNumber]).toEqual([
          client.bulstat,
          true,
          `BG${client.bulstat}`,
        ]);
    }
    expect(all.some((c) => c.vatNumber.startsWith('IT'))).toBe(true);
  });

  it('have offices with contacts and valid bank accounts', async () => {
    const [first] = await clientsOf(ctx.users.admin.token);
    const offices = (await call(ctx, 'POST', '/api/offices/list', { company: first._id })).body.Result.Items;
    expect(offices.some((o: { isHeadquarters: boolean }) => o.isHeadquarters)).toBe(true);
    expect((await call(ctx, 'GET', `/api/offices/${offices[0]._id}`)).body.Result.contacts.length).toBeGreaterThan(0);
    const banks = (await call(ctx, 'POST', '/api/banks/list', { companyId: first._id })).body.Result.Items;
    expect(banks.length).toBe(1);
    expect(isValidIban(banks[0].iban)).toBe(true);
  });

  it("give every office its ISO country code (the e-invoice's), as a save through the office service would", async () => {
    const rows = (await ctx.database.db.execute(
      sql`select o.country->>'bg' as country, o.country_code as code from offices o`,
    )) as unknown as { rows: Array<{ country: string; code: string | null }> };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows)
      expect([row.country, row.code]).toEqual([row.country, row.country === 'Италия' ? 'IT' : 'BG']);
    expect((await call(ctx, 'GET', '/api/settings/myCompany/get')).body.Result.address.countryCode).toBe('BG');
  });

  it('are seen partly by employee@ and by employee2@, each a different set', async () => {
    const all = (await clientsOf(ctx.users.admin.token)).map((c) => c._id);
    const first = (await clientsOf(await ctx.signIn('employee@kantora.local', DEMO_PASSWORD))).map((c) => c._id);
    const second = (await clientsOf(await ctx.signIn('employee2@kantora.local', DEMO_PASSWORD))).map((c) => c._id);
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(all.length);
    expect(second.length).toBeGreaterThan(0);
    expect(second.length).toBeLessThan(all.length);
    expect(new Set(first)).not.toEqual(new Set(second));
  });
});

describe('the large preset', () => {
  it('adds clients with their headquarters in batches, once', async () => {
    const count = async () =>
      (await ctx.database.db.execute(
        sql`select cast(count(*) as integer) as n, cast((select count(*) from offices where is_headquarters) as integer) as hq from companies`,
      )) as unknown as { rows: Array<{ n: number; hq: number }> };
    const before = (await count()).rows[0];
    expect(await seedLargeClients(ctx.database.db, 1500)).toBe(1500);
    const after = (await count()).rows[0];
    expect(after.n - before.n).toBe(1500);
    expect(after.hq - before.hq).toBe(1500);
    expect(await seedLargeClients(ctx.database.db, 1500)).toBe(0);
    const employee = await ctx.signIn('employee@kantora.local', DEMO_PASSWORD);
    const seen = (await call(ctx, 'POST', '/api/companies/list', { status: null }, employee)).body.Result.Total;
    expect(seen).toBeGreaterThan(100);
    expect(seen).toBeLessThan(after.n);
  });
});

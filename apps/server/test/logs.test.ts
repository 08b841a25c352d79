import { listQuery, MAX_PAGE } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs } from '../src/db/schema/index.ts';
import { orderBy } from '../src/http/paging.ts';
import { EXACT_COUNT_LIMIT } from '../src/modules/logs/logs.service.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const employee = ctx.users.employee.id;
  const manager = ctx.users.manager.id;
  const row = (action: string, name: string, createdBy: string, created: string) => ({
    name,
    model: name.toLowerCase(),
    type: 'update',
    action,
    createdBy,
    createdByName: { bg: 'Тест', it: 'Test' },
    created,
    documents: { old: { a: 1 }, new: { a: 2 } },
  });
  await ctx.database.db.insert(logs).values([
    // 23:30 in Sofia on 9 March (UTC+2) and 00:30 on 10 March.
    row('zzSave', 'Probe', employee, '2024-03-09T21:30:00Z'),
    row('zzSave', 'Probe', manager, '2024-03-09T22:30:00Z'),
    row('zzRemove', 'Probe', employee, '2024-03-11T10:00:00Z'),
    row('zzSave', 'Other', manager, '2024-03-12T10:00:00Z'),
  ]);
});
afterAll(() => ctx.close());

const list = (body: object, token?: string) => call(ctx, 'POST', '/api/logs/list', body, token);
const actionsOf = (items: Array<{ action: string; created: string }>) => items.map((i) => `${i.action}@${i.created}`);

describe('the log list', () => {
  it('filters by action, entity, employee and Sofia days, newest first', async () => {
    const probe = await list({ model: 'Probe' });
    expect(probe.body.Result.Total).toBe(3);
    expect(actionsOf(probe.body.Result.Items)).toEqual([
      'zzRemove@2024-03-11T10:00:00.000Z',
      'zzSave@2024-03-09T22:30:00.000Z',
      'zzSave@2024-03-09T21:30:00.000Z',
    ]);
    expect((await list({ name: 'Probe', action: 'zzSave' })).body.Result.Total).toBe(2);
    expect((await list({ action: 'zzSave' })).body.Result.Total).toBe(3);
    expect(
      (await list({ action: 'zzSave', employee: ctx.users.manager.id })).body.Result.Items.map(
        (i: { name: string }) => i.name,
      ).sort(),
    ).toEqual(['Other', 'Probe']);
    expect(actionsOf((await list({ model: 'Probe', fromDate: '2024-03-10' })).body.Result.Items)).toEqual([
      'zzRemove@2024-03-11T10:00:00.000Z',
      'zzSave@2024-03-09T22:30:00.000Z',
    ]);
    expect(actionsOf((await list({ model: 'Probe', toDate: '2024-03-09' })).body.Result.Items)).toEqual([
      'zzSave@2024-03-09T21:30:00.000Z',
    ]);
    expect((await list({ fromDate: '2024-03-10', toDate: '2024-03-11' })).body.Result.Total).toBe(2);
    expect((await list({ action: '', model: null, employee: '', fromDate: '' })).status).toBe(200);
    expect((await list({ fromDate: '2024-02-30' })).status).toBe(400);
    expect((await list({ employee: 'someone' })).status).toBe(400);
  });

  it('reports the true total past the last page, and refuses a page number past MAX_PAGE', async () => {
    for (const page of [3, 1000, MAX_PAGE]) {
      const past = await list({ model: 'Probe', itemsPerPage: 2, page });
      expect(past.status).toBe(200);
      expect(past.body.Result).toEqual({ Items: [], Total: 3, Page: page });
    }
    for (const page of [MAX_PAGE + 1, 2 ** 31, 1e20]) {
      const refused = await list({ page });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        Type: 0,
        Message: 'invalid_value',
        Errors: [{ field: 'page', message: 'invalid_value' }],
      });
    }
  });

  it('pages and sorts by whitelisted columns, leaving the old and new documents out of the list', async () => {
    const page = await list({ model: 'Probe', itemsPerPage: 2, page: 2 });
    expect(page.body.Result).toMatchObject({ Total: 3, Page: 2 });
    expect(actionsOf(page.body.Result.Items)).toEqual(['zzSave@2024-03-09T21:30:00.000Z']);
    expect(page.body.Result.Items[0]).not.toHaveProperty('documents');
    expect(page.body.Result.Items[0]).toMatchObject({
      _id: expect.any(String),
      name: 'Probe',
      model: 'probe',
      type: 'update',
      createdBy: ctx.users.employee.id,
      createdByName: { bg: 'Тест', it: 'Test' },
    });
    const ascending = await list({ model: 'Probe', sortBy: 'created', sortDesc: false });
    expect(actionsOf(ascending.body.Result.Items)[0]).toBe('zzSave@2024-03-09T21:30:00.000Z');
    expect((await list({ sortBy: 'documents' })).status).toBe(400);
  });

  it('shows one entry with its documents, and every distinct action', async () => {
    const [item] = (await list({ model: 'Other' })).body.Result.Items;
    const one = await call(ctx, 'GET', `/api/logs/${item._id}`);
    expect(one.body.Result).toMatchObject({
      _id: item._id,
      action: 'zzSave',
      documents: { old: { a: 1 }, new: { a: 2 } },
    });
    expect((await call(ctx, 'GET', `/api/logs/${crypto.randomUUID()}`)).body).toEqual({
      Type: 0,
      Message: 'not_found',
    });
    const actions = (await call(ctx, 'GET', '/api/logs/getAllActions')).body.Result as string[];
    expect(actions).toEqual([...new Set(actions)].sort());
    expect(actions).toEqual(expect.arrayContaining(['signIn', 'zzRemove', 'zzSave']));
  });

  it('logs the saves made through the API, with the actor', async () => {
    await call(ctx, 'POST', '/api/settings/payment-types/save', { name: { bg: 'Чек', it: 'Assegno' } });
    const rows = (await list({ model: 'PaymentType', employee: ctx.users.admin.id })).body.Result.Items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'save', type: 'create', createdBy: ctx.users.admin.id });
  });

  it('is for administrators only', async () => {
    for (const role of ['manager', 'employee', 'accountant', 'client'] as const) {
      expect((await list({}, ctx.users[role].token)).status).toBe(403);
      expect((await call(ctx, 'GET', '/api/logs/getAllActions', undefined, ctx.users[role].token)).status).toBe(403);
    }
  });

  it('estimates the total of a very long list instead of counting every row', async () => {
    await ctx.database.db.execute(
      sql`insert into ${logs} (name, model, type, action, created) select 'Bulk', 'bulk', 'event', 'zzBulk', now() - (g * interval '1 second') from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) g`,
    );
    const all = await list({});
    expect(all.body.Result.Estimated).toBe(true);
    // The planner's estimate past the limit, or (an estimate not above it) more than the limit.
    if (all.body.Result.Capped) expect(all.body.Result.Total).toBe(EXACT_COUNT_LIMIT);
    else expect(all.body.Result.Total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(all.body.Result.Items).toHaveLength(15);
    const few = await list({ action: 'zzRemove' });
    expect(few.body.Result).toMatchObject({ Total: 1 });
    expect(few.body.Result).not.toHaveProperty('Estimated');
    // Past the last page the estimate stands, not the page's offset.
    const past = await list({ page: MAX_PAGE, itemsPerPage: 200 });
    expect(past.body.Result).toMatchObject({ Items: [], Page: MAX_PAGE, Estimated: true });
    expect(past.body.Result.Total).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
    expect(past.body.Result.Total).toBeLessThan(EXACT_COUNT_LIMIT * 2);
  });

  it('orders the default page so that the created index serves it, without sorting the table', async () => {
    const terms = orderBy(listQuery.parse({}), { created: logs.created }, { by: 'created', desc: true }, logs.id, {
      descNullsLast: true,
    });
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from ${logs} order by ${sql.join(terms, sql`, `)} limit 15`);
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('logs_created_idx');
    expect(text).not.toMatch(/"Sort {2}\(|-> {2}Sort/);
  });
});

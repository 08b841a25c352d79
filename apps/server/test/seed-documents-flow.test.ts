import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffContentType } from '../src/http/content-type.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { seedLargeDocumentsFlow } from '../src/seed/large-documents-flow.ts';
import { getRaw } from './documents-flow-fixtures.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

type Row = {
  _id: string;
  company: string;
  file: { _id: string; filename: string; contentType: string } | null;
  locked: boolean;
  canEdit: boolean;
};
const listOf = async (token: string, base = '/api/documents-flow') =>
  (await call(ctx, 'POST', `${base}/list`, { itemsPerPage: 200 }, token)).body.Result as {
    Items: Row[];
    Total: number;
  };

describe('the demo document flow', () => {
  it('has PDF, PNG and text files whose bytes are what their type says', async () => {
    const { Items } = await listOf(ctx.users.admin.token);
    expect(Items.length).toBeGreaterThanOrEqual(10);
    expect(new Set(Items.map((row) => row.file?.contentType))).toEqual(
      new Set(['application/pdf', 'image/png', 'text/plain']),
    );
    for (const type of ['application/pdf', 'image/png']) {
      const row = Items.find((item) => item.file?.contentType === type)!;
      const download = await getRaw(ctx, `/api/documents-flow/download/${row.file!._id}`, ctx.users.admin.token);
      expect([row.file!.filename, sniffContentType(download.rawPayload)]).toEqual([row.file!.filename, type]);
    }
    const pdf = await getRaw(
      ctx,
      `/api/documents-flow/download/${Items.find((item) => item.file?.contentType === 'application/pdf')!.file!._id}`,
      ctx.users.admin.token,
    );
    expect(pdf.rawPayload.toString('latin1')).toMatch(/%%EOF\n$/);
  });

  it('gives employee@ some documents to edit and some locked, and client@ their companies’ documents', async () => {
    const employee = await listOf(await ctx.signIn('employee@kantora.local', DEMO_PASSWORD));
    expect(employee.Items.some((row) => row.canEdit)).toBe(true);
    expect(employee.Items.some((row) => row.locked)).toBe(true);
    const all = await listOf(ctx.users.admin.token);
    expect(employee.Total).toBeLessThan(all.Total);
    const client = await listOf(await ctx.signIn('client@kantora.local', DEMO_PASSWORD), '/api/my-documents-flow');
    expect(client.Total).toBeGreaterThan(0);
    expect(client.Total).toBeLessThan(all.Total);
    expect(client.Items.some((row) => row.canEdit)).toBe(true);
  });
});

describe('the large preset', () => {
  it('adds documents with small files in batches, without log rows, once', async () => {
    const logs = async () =>
      (
        (await ctx.database.db.execute(sql`select cast(count(*) as integer) as n from logs`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0].n;
    const before = (await listOf(ctx.users.admin.token)).Total;
    const logsBefore = await logs();
    expect(await seedLargeDocumentsFlow(ctx.database.db, 2_100)).toBe(2_100);
    const after = await call(ctx, 'POST', '/api/documents-flow/list', { itemsPerPage: 200, fileName: 'faktura-0000' });
    expect(after.body.Result.Total).toBe(10);
    expect((await listOf(ctx.users.admin.token)).Total).toBe(before + 2_100);
    expect(await logs()).toBe(logsBefore);
    expect(await seedLargeDocumentsFlow(ctx.database.db, 2_100)).toBe(0);
  });
});

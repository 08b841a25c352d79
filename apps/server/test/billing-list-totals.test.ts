import type { BillingRow } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, queryRows } from '../src/db/sql-helpers.ts';
import { addItem, BASE, type BillingSetup, createDraft, issue, setUpBilling } from './billing-fixtures.ts';
import { call } from './helpers.ts';

/**
 * The invoice register past EXACT_COUNT_LIMIT documents: the default order of each tab and of both tabs at once (the
 * pages the indexes of db/schema/billing.ts serve), the filters, the search, and the totals — exact where the list is
 * short or its end was reached, else the estimate (`Estimated`) or more than the limit (`Capped`), never a total
 * below the rows seen. The expected pages are computed here from every document, sorted in JavaScript.
 */
let s: BillingSetup;

interface Doc {
  id: string;
  number: string | null;
  created: bigint;
  date: string;
  issued: boolean;
  isPaid: number;
}
let all: Doc[] = [];

/** 1 260 invoices: 1 050 issued (numbers 0000001001–, a third not paid), 210 drafts (half of them keep a number), ten by creation time. */
const BULK = 1_260;

beforeAll(async () => {
  s = await setUpBilling();
  const template = await createDraft(s, 'invoice', { date: '2026-01-05', paymentDeadlineDate: '2026-02-05' });
  await addItem(s, 'invoice', template._id, 10, 1);
  const issued = await issue(s, 'invoice', template._id);
  await s.ctx.database.db.execute(sql`
    insert into billing_documents (kind, number, date, issued, is_paid, customer_id, customer, currency_id, currency_rate,
      amount, vat_amount, total_amount, created)
    select 'invoice',
      case when g % 6 <> 0 or g % 12 = 0 then lpad((1000 + g)::text, 10, '0') end,
      date '2026-01-01' + (g % 120),
      g % 6 <> 0,
      case when g % 6 <> 0 then g % 3 else 0 end,
      d.customer_id, d.customer, d.currency_id, d.currency_rate, d.amount, d.vat_amount, d.total_amount,
      timestamptz '2026-01-01 08:00:00+00' + ((g / 10) * interval '1 minute')
    from generate_series(1, ${BULK}) g, billing_documents d where d.id = ${issued._id}`);
  all = (
    await queryRows<{
      id: string;
      number: string | null;
      created: string;
      date: string;
      issued: boolean;
      is_paid: number;
    }>(
      s.ctx.database.db,
      sql`select id, number, cast(cast(extract(epoch from created) * 1000000 as bigint) as text) as created,
            cast(date as text) as date, issued, is_paid from billing_documents where kind = 'invoice'`,
    )
  ).map((row) => ({
    id: row.id,
    number: row.number,
    created: BigInt(row.created),
    date: row.date,
    issued: row.issued,
    isPaid: Number(row.is_paid),
  }));
});
afterAll(() => s.ctx.close());

const byCreatedDesc = (a: Doc, b: Doc) => (a.created === b.created ? 0 : a.created > b.created ? -1 : 1);
const byId = (a: Doc, b: Doc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The default order: no number first (newest first, then id), then by number, highest first. */
const defaultOrder = (a: Doc, b: Doc) => {
  if (a.number !== b.number) {
    if (a.number === null) return -1;
    if (b.number === null) return 1;
    return a.number > b.number ? -1 : 1;
  }
  return byCreatedDesc(a, b) || byId(a, b);
};
const draftsOrder = (a: Doc, b: Doc) => byCreatedDesc(a, b) || byId(a, b);

const list = async (body: Record<string, unknown>) => {
  const response = await call(s.ctx, 'POST', `${BASE.invoice}/list`, body);
  expect(response.status).toBe(200);
  const result = response.body.Result as {
    Items: BillingRow[];
    Total: number;
    Estimated?: boolean;
    Capped?: boolean;
  };
  return { ...result, ids: result.Items.map((row) => row._id) };
};
const page = (docs: Doc[], number: number, size: number) =>
  docs.slice((number - 1) * size, number * size).map((doc) => doc.id);

/** A total that is not exact: the estimate past the limit, or more than the limit; never below the rows seen. */
const expectNotExact = (result: { Total: number; Estimated?: boolean; Capped?: boolean }, seen: number) => {
  expect(result.Estimated).toBe(true);
  if (result.Capped) expect(result.Total).toBeGreaterThanOrEqual(Math.max(EXACT_COUNT_LIMIT, seen - 1));
  else expect(result.Total).toBeGreaterThan(Math.max(EXACT_COUNT_LIMIT, seen));
};

describe('the invoice register past the exact count', () => {
  it('lists both tabs at once by the default order, page after page, and ends on the real last page', async () => {
    const expected = [...all].sort(defaultOrder);
    expect(expected.length).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const first = await list({});
    expect(first.ids).toEqual(page(expected, 1, 15));
    expectNotExact(first, 15);
    expect((await list({ page: 2 })).ids).toEqual(page(expected, 2, 15));
    // Drafts without a number end and numbered documents begin on page 8 of 15 (105 such drafts).
    expect((await list({ page: 7, itemsPerPage: 15 })).ids).toEqual(page(expected, 7, 15));
    expect((await list({ page: 8, itemsPerPage: 15 })).ids).toEqual(page(expected, 8, 15));
    // The last page, not full: its total is exact.
    const lastPage = Math.ceil(expected.length / 200);
    const last = await list({ page: lastPage, itemsPerPage: 200 });
    expect(last.ids).toEqual(page(expected, lastPage, 200));
    expect(last).toMatchObject({ Total: expected.length });
    expect(last.Estimated).toBeUndefined();
    // A page past the end (the last page of a too high estimate): no rows, and the exact total to move to.
    const past = await list({ page: lastPage + 3, itemsPerPage: 200 });
    expect(past.ids).toEqual([]);
    expect(past).toMatchObject({ Total: expected.length });
    expect(past.Estimated).toBeUndefined();
    expect(past.Capped).toBeUndefined();
    // A full page deep in the list: a next page stays reachable.
    const deep = await list({ page: lastPage - 1, itemsPerPage: 200 });
    expect(deep.ids).toEqual(page(expected, lastPage - 1, 200));
    expectNotExact(deep, (lastPage - 1) * 200);
  });

  it('lists the issued tab by number and the drafts tab by creation, with their totals', async () => {
    const issued = all.filter((doc) => doc.issued).sort(defaultOrder);
    expect(issued.length).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const first = await list({ issued: true });
    expect(first.ids).toEqual(page(issued, 1, 15));
    expectNotExact(first, 15);
    expect((await list({ issued: true, page: 3, itemsPerPage: 50 })).ids).toEqual(page(issued, 3, 50));

    const drafts = all.filter((doc) => !doc.issued).sort(draftsOrder);
    const draftsPage = await list({ issued: false, itemsPerPage: 100 });
    expect(draftsPage.ids).toEqual(page(drafts, 1, 100));
    expect(draftsPage).toMatchObject({ Total: drafts.length });
    expect(draftsPage.Estimated).toBeUndefined();
    expect((await list({ issued: false, page: 3, itemsPerPage: 100 })).ids).toEqual(page(drafts, 3, 100));
    // A page past the end of an exact list: no rows, the count (not the page's offset).
    expect(await list({ issued: false, page: 50 })).toMatchObject({ Items: [], Total: drafts.length });
  });

  it('filters the issued tab by paid state and by dates, with exact totals under the limit', async () => {
    const notPaid = all.filter((doc) => doc.issued && doc.isPaid === 0).sort(defaultOrder);
    const result = await list({ issued: true, isPaid: 0, itemsPerPage: 50 });
    expect(result.ids).toEqual(page(notPaid, 1, 50));
    expect(result).toMatchObject({ Total: notPaid.length });
    expect(result.Estimated).toBeUndefined();

    const month = all
      .filter((doc) => doc.issued && doc.date >= '2026-02-01' && doc.date <= '2026-02-28')
      .sort(defaultOrder);
    const inMonth = await list({ issued: true, fromDate: '2026-02-01', toDate: '2026-02-28', itemsPerPage: 100 });
    expect(inMonth.ids).toEqual(page(month, 1, 100));
    expect(inMonth).toMatchObject({ Total: month.length });
    expect((await list({ issued: true, fromDate: '2026-02-01', toDate: '2026-02-28', page: 3 })).ids).toEqual(
      page(month, 3, 15),
    );

    const counts = (await call(s.ctx, 'GET', `${BASE.invoice}/getDocsCount`)).body.Result;
    expect(counts.drafts).toBe(all.filter((doc) => !doc.issued).length);
    expect(counts.issued).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
    // The issued count is not exact, and says so; the drafts' is.
    expect(['estimated', 'capped']).toContain(counts.inexact?.issued);
    expect(counts.inexact?.drafts).toBeUndefined();
    if (counts.inexact?.issued === 'capped') expect(counts.issued).toBe(EXACT_COUNT_LIMIT);
    // Both exact: no `inexact`.
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/getDocsCount?isPaid=0`)).body.Result).toEqual({
      issued: notPaid.length,
      drafts: all.filter((doc) => !doc.issued).length,
    });
  });

  it('finds issued invoices by a number prefix, created ascending, page after page', async () => {
    const matches = all
      .filter((doc) => doc.issued && doc.number?.startsWith('00000010'))
      .sort((a, b) => -byCreatedDesc(a, b) || byId(a, b));
    expect(matches.length).toBeGreaterThan(15);
    const search = async (body: Record<string, unknown>) =>
      (await call(s.ctx, 'POST', `${BASE.invoice}/search`, body)).body.Result as {
        Items: Array<{ _id: string; number: string }>;
        Total: number;
        Estimated?: boolean;
      };
    const first = await search({ text: '00000010' });
    expect(first.Items.map((row) => row._id)).toEqual(page(matches, 1, 15));
    expect(first).toMatchObject({ Total: matches.length });
    expect(first.Estimated).toBeUndefined();
    expect((await search({ text: '00000010', page: 2 })).Items.map((row) => row._id)).toEqual(page(matches, 2, 15));
  });
});

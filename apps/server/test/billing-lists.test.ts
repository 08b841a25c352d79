import type { BillingDocumentView, BillingRow } from '@kantora/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments } from '../src/db/schema/index.ts';
import { readsDateIndex } from '../src/modules/billing/billing.queries.ts';
import { createClient } from './clients-fixtures.ts';
import { createContract } from './contracts-fixtures.ts';
import { addItem, BASE, type BillingSetup, createDraft, errorsOf, issue, setUpBilling } from './billing-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
let other: string;
const docs: BillingDocumentView[] = [];
beforeAll(async () => {
  s = await setUpBilling();
  other = (await createClient(s.ctx))._id;
  // Five invoices: three issued (the visible client, 1–3 March; one of them paid), two drafts (the other client).
  for (const [day, customer, issued] of [
    ['2026-03-01', s.visible, true],
    ['2026-03-02', s.visible, true],
    ['2026-03-03', s.visible, true],
    ['2026-03-04', 'other', false],
    ['2026-03-05', 'other', false],
  ] as const) {
    const customerId = customer === 'other' ? other : customer;
    const draft = await createDraft(s, 'invoice', {
      date: day,
      paymentDeadlineDate: day,
      customerId,
      customerBank: customer === 'other' ? null : s.visibleBank,
    });
    await addItem(s, 'invoice', draft._id, 10 * (docs.length + 1), 1);
    docs.push(issued ? await issue(s, 'invoice', draft._id) : draft);
  }
  await s.ctx.database.db
    .update(billingDocuments)
    .set({ isPaid: 1, paidAmount: 12 })
    .where(eq(billingDocuments.id, docs[0]._id));
});
afterAll(() => s.ctx.close());

const list = async (body: Record<string, unknown>, kind: 'invoice' | 'proforma' = 'invoice') => {
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/list`, body);
  return { ...response, ids: ((response.body.Result?.Items ?? []) as BillingRow[]).map((row) => row._id) };
};
const ids = (...indexes: number[]) => indexes.map((index) => docs[index]._id);

describe('lists', () => {
  it('shows issued documents by number descending, drafts by created descending, with the list columns', async () => {
    const issued = await list({ issued: true });
    expect(issued.ids).toEqual(ids(2, 1, 0));
    expect(issued.body.Result).toMatchObject({ Total: 3, Page: 1 });
    expect(issued.body.Result.Items[2]).toMatchObject({
      number: docs[0].number,
      date: '2026-03-01',
      companyName: docs[0].customer?.name,
      bulstat: docs[0].customer?.bulstat,
      amount: 10,
      VATAmount: 2,
      totalAmount: 12,
      currencyCode: 'EUR',
      isPaid: 1,
      paidAmount: 12,
      issued: true,
    });
    expect((await list({ issued: false })).ids).toEqual(ids(4, 3));
    expect((await list({})).ids).toEqual(ids(4, 3, 2, 1, 0));
    expect((await list({}, 'proforma')).ids).toEqual([]);
  });

  it('filters by number, client, dates and paid state, and sorts by the whitelisted columns', async () => {
    expect((await list({ issued: true, number: String(Number(docs[1].number)) })).ids).toEqual(ids(1));
    expect((await list({ issued: true, number: docs[1].number })).ids).toEqual(ids(1));
    expect((await list({ customerId: other })).ids).toEqual(ids(4, 3));
    expect((await list({ clientId: s.visible, issued: false })).ids).toEqual([]);
    expect((await list({ fromDate: '2026-03-02', toDate: '2026-03-04' })).ids).toEqual(ids(3, 2, 1));
    expect((await list({ issued: true, toDate: '2026-03-02' })).ids).toEqual(ids(1, 0));
    expect((await list({ toDate: '2026-03-01' })).ids).toEqual(ids(0));
    expect((await list({ issued: true, isPaid: 0 })).ids).toEqual(ids(2, 1));
    expect((await list({ issued: true, isPaid: 1 })).ids).toEqual(ids(0));
    expect((await list({ issued: true, sortBy: ['number'], sortDesc: [false] })).ids).toEqual(ids(0, 1, 2));
    expect((await list({ sortBy: 'totalAmount', sortDesc: true })).ids).toEqual(ids(4, 3, 2, 1, 0));
    expect((await list({ issued: true, itemsPerPage: 2, page: 2 })).body.Result).toMatchObject({
      Total: 3,
      Page: 2,
      Items: [{ _id: docs[0]._id }],
    });
    const badSort = await list({ sortBy: 'password' });
    expect([badSort.status, errorsOf(badSort.body)]).toEqual([400, { sortBy: 'invalid_value' }]);
    const badNumber = await list({ number: '12a' });
    expect(badNumber.status).toBe(400);
  });

  it('reads the date index for a narrow range or one ending far back, else walks the newest documents', () => {
    const today = '2026-11-24';
    expect(readsDateIndex({ fromDate: '2026-03-01' }, null, today)).toBe(false);
    expect(readsDateIndex({ fromDate: '2025-01-01', toDate: '2025-12-31' }, null, today)).toBe(true);
    expect(readsDateIndex({ fromDate: '2022-01-01', toDate: '2026-10-31' }, null, today)).toBe(false);
    expect(readsDateIndex({ toDate: '2023-06-30' }, '2021-11-24', today)).toBe(true);
    expect(readsDateIndex({ toDate: '2026-10-31' }, '2021-11-24', today)).toBe(false);
  });

  it('counts each tab under the filters (getDocsCount)', async () => {
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/getDocsCount`)).body.Result).toEqual({ issued: 3, drafts: 2 });
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/getDocsCount?customerId=${other}`)).body.Result).toEqual({
      issued: 0,
      drafts: 2,
    });
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/getDocsCount?fromDate=2026-03-03&isPaid=0`)).body.Result).toEqual(
      { issued: 1, drafts: 2 },
    );
    expect((await call(s.ctx, 'GET', `${BASE.proforma}/getDocsCount`)).body.Result).toEqual({ issued: 0, drafts: 0 });
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/getDocsCount?isPaid=7`)).status).toBe(400);
  });

  it('finds issued invoices by number or id, created ascending (the invoice search)', async () => {
    const search = async (body: Record<string, unknown>) =>
      ((await call(s.ctx, 'POST', `${BASE.invoice}/search`, body)).body.Result.Items as Array<{ _id: string }>).map(
        (row) => row._id,
      );
    expect(await search({})).toEqual(ids(0, 1, 2));
    expect(await search({ text: docs[2].number })).toEqual(ids(2));
    expect(await search({ number: String(Number(docs[2].number)) })).toEqual(ids(2));
    expect(await search({ text: docs[1].number!.slice(0, 9) })).toEqual(expect.arrayContaining(ids(1)));
    expect(await search({ text: docs[0]._id })).toEqual(ids(0));
    expect(await search({ text: docs[3]._id })).toEqual([]);
    expect(await search({ text: docs[3]._id, issued: false })).toEqual(ids(3));
    expect(await search({ text: 'abc' })).toEqual([]);
    expect(await search({ customerId: other })).toEqual([]);
    const option = (await call(s.ctx, 'POST', `${BASE.invoice}/search`, { text: docs[0].number })).body.Result.Items[0];
    expect(option).toMatchObject({
      _id: docs[0]._id,
      number: docs[0].number,
      date: '2026-03-01',
      totalAmount: 12,
      currencyCode: 'EUR',
      noticeType: 0,
    });
  });
});

describe('the default order: by number, newest first', () => {
  it("lists a batch created at one time (a billing run) by number, highest first, drafts first by creation; also a contract's tab", async () => {
    const contract = (await createContract(s))._id;
    const batch: BillingDocumentView[] = [];
    for (let index = 0; index < 6; index++) batch.push(await createDraft(s, 'proforma', { contract }));
    // Issued in the order of their ids, so that the ids (the old tie-breaker) run against the numbers.
    const byId = [...batch].sort((a, b) => (a._id < b._id ? -1 : 1));
    const issued: BillingDocumentView[] = [];
    for (const draft of byId.slice(0, 4)) {
      await addItem(s, 'proforma', draft._id, 10);
      issued.push(await issue(s, 'proforma', draft._id));
    }
    const oneTime = '2026-03-31T22:00:00Z';
    await s.ctx.database.db
      .update(billingDocuments)
      .set({ created: oneTime })
      .where(
        inArray(
          billingDocuments.id,
          issued.map((document) => document._id),
        ),
      );
    const [olderDraft, newerDraft] = byId.slice(4);
    await s.ctx.database.db
      .update(billingDocuments)
      .set({ created: '2026-04-01T08:00:00Z' })
      .where(eq(billingDocuments.id, olderDraft._id));
    await s.ctx.database.db
      .update(billingDocuments)
      .set({ created: '2026-04-01T09:00:00Z' })
      .where(eq(billingDocuments.id, newerDraft._id));
    const byNumberDesc = [...issued].sort((a, b) => (a.number! < b.number! ? 1 : -1)).map((document) => document._id);
    expect(issued.map((document) => document.number)).toEqual([...issued.map((document) => document.number)].sort());

    expect((await list({ issued: true, contract }, 'proforma')).ids).toEqual(byNumberDesc);
    expect((await list({ issued: true, sortBy: 'number', sortDesc: true, contract }, 'proforma')).ids).toEqual(
      byNumberDesc,
    );
    expect((await list({ issued: true, sortBy: 'number', sortDesc: false, contract }, 'proforma')).ids).toEqual(
      [...byNumberDesc].reverse(),
    );
    // The drafts tab: by creation (newest first unless asked otherwise).
    expect((await list({ issued: false, contract }, 'proforma')).ids).toEqual([newerDraft._id, olderDraft._id]);
    expect((await list({ issued: false, sortBy: 'number', sortDesc: false, contract }, 'proforma')).ids).toEqual([
      olderDraft._id,
      newerDraft._id,
    ]);
    expect((await list({ issued: true, contract, itemsPerPage: 2, page: 2 }, 'proforma')).body.Result).toMatchObject({
      Total: 4,
      Items: byNumberDesc.slice(2).map((_id) => ({ _id })),
    });
    // The contract's tab (issued and drafts together): the drafts, newest first, then the numbers, highest first.
    const tab = [newerDraft._id, olderDraft._id, ...byNumberDesc];
    expect((await list({ contract, sortBy: 'number', sortDesc: true }, 'proforma')).ids).toEqual(tab);
    expect((await list({ contract }, 'proforma')).ids).toEqual(tab);
    expect((await list({ contract, sortBy: 'number', sortDesc: false }, 'proforma')).ids).toEqual([...tab].reverse());
    // A date range that reads the date index orders the same way.
    expect((await list({ contract, fromDate: '2026-03-01', toDate: '2026-03-31' }, 'proforma')).ids).toEqual(tab);
    // Other sort keys still work.
    expect((await list({ contract, sortBy: 'created', sortDesc: true }, 'proforma')).ids.slice(0, 2)).toEqual([
      newerDraft._id,
      olderDraft._id,
    ]);
  });
});

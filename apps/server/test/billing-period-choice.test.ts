/**
 * A hand-made invoice or proforma of a contract chooses the contract period it bills (docs/decisions.md, "A hand-made
 * invoice chooses its period"), through HTTP: an invoice dated 3 November for October's work bills October, so the
 * billing run offers November and not October; the choice must start a contract period (400) and be free (409, also
 * under concurrent saves on PostgreSQL); null goes back to the period of the date; a save without it keeps it; a notice
 * refuses it and drops it; a duplicate does not copy it.
 */
import type { BillingKind } from '@kantora/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { billingTimesheetAnnexes } from '../src/db/schema/index.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  createNotice,
  errorsOf,
  issue,
  issuedWith,
  runBilling,
  runPreview,
  setUpBilling,
} from './billing-fixtures.ts';
import { contractIn } from './contracts-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

/** A registered monthly contract of the visible client from `fromDate`. */
const registered = async (fromDate: string, extra: Record<string, unknown> = {}) =>
  (await contractIn(s, 'registered', { fromDate, toDate: '2099-12-31', ...extra }))._id as string;

/** The contract's due period starts in a month's billing run preview. */
const dueOf = async (contractId: string, month: string) =>
  (await runPreview(s, month)).rows.filter((row) => row.contractId === contractId).map((row) => row.periodFrom);

const byHand = (kind: BillingKind, contract: string, date: string, extra: Record<string, unknown> = {}) =>
  createDraft(s, kind, { contract, date, paymentDeadlineDate: date, ...extra });
const save = (kind: BillingKind, body: Record<string, unknown>) => call(s.ctx, 'POST', `${BASE[kind]}/save`, body);
const get = async (kind: BillingKind, id: string) => (await call(s.ctx, 'GET', `${BASE[kind]}/${id}`)).body.Result;

describe('choosing the billed period', () => {
  it("bills the chosen period: an invoice dated 3 November for October's work leaves November to the run", async () => {
    const contract = await registered('2093-09-01');
    const draft = await byHand('invoice', contract, '2093-11-03', { periodFrom: '2093-10-01' });
    expect(draft).toMatchObject({ periodFrom: '2093-10-01', periodTo: '2093-10-31' });
    expect(await dueOf(contract, '2093-11')).toEqual(['2093-09-01', '2093-11-01']);

    // A save without the field keeps it; other changes go through.
    const kept = await save('invoice', { _id: draft._id, date: '2093-11-04', paymentDeadlineDate: '2093-11-20' });
    expect(kept.status).toBe(200);
    expect(kept.body.Result).toMatchObject({ date: '2093-11-04', periodFrom: '2093-10-01', periodTo: '2093-10-31' });
    expect(await dueOf(contract, '2093-11')).toEqual(['2093-09-01', '2093-11-01']);

    // Null: back to the period of the date (November); October is offered again.
    const cleared = await save('invoice', { _id: draft._id, periodFrom: null });
    expect(cleared.body.Result).toMatchObject({ periodFrom: null, periodTo: null });
    expect(await dueOf(contract, '2093-11')).toEqual(['2093-09-01', '2093-10-01']);

    // Another period chosen again (September), then issued: it stays the billed one.
    const chosen = await save('invoice', { _id: draft._id, periodFrom: '2093-09-01', timesheetAnnex: true });
    expect(chosen.body.Result).toMatchObject({ periodFrom: '2093-09-01', periodTo: '2093-09-30' });
    expect(await dueOf(contract, '2093-11')).toEqual(['2093-10-01', '2093-11-01']);
    // Issued with the timesheet annex: the annex is of the chosen period, not of the date's.
    await addItem(s, 'invoice', draft._id, 100);
    expect((await issue(s, 'invoice', draft._id)).periodFrom).toBe('2093-09-01');
    const annex = await s.ctx.database.db
      .select()
      .from(billingTimesheetAnnexes)
      .where(eq(billingTimesheetAnnexes.documentId, draft._id));
    expect(annex.map((row) => [row.periodFrom, row.periodTo])).toEqual([['2093-09-01', '2093-09-30']]);
    expect(await dueOf(contract, '2093-11')).toEqual(['2093-10-01', '2093-11-01']);
  });

  it('lets a proforma choose its period, and the invoice made by the run then skips it', async () => {
    const contract = await registered('2093-01-01', { invoiceDate: '2093-01-01', invoiceMonthlyInterval: 3 });
    const proforma = await byHand('proforma', contract, '2093-04-02', { periodFrom: '2093-01-01' });
    expect(proforma).toMatchObject({ periodFrom: '2093-01-01', periodTo: '2093-03-31' });
    expect(await dueOf(contract, '2093-04')).toEqual(['2093-04-01']);
    const run = await runBilling(s, { month: '2093-04', items: [{ contractId: contract, periodFrom: '2093-01-01' }] });
    expect(run.skipped).toEqual([{ contractId: contract, periodFrom: '2093-01-01', reason: 'billed' }]);
  });

  it('refuses a day that does not start a contract period (400 on periodFrom)', async () => {
    const contract = await registered('2092-01-15', { invoiceDate: '2092-02-01' });
    for (const periodFrom of ['2092-10-02', '2091-12-01', '2100-01-01', '2092-01-01']) {
      const response = await save('invoice', {
        customerId: s.visible,
        customerBank: s.visibleBank,
        contract,
        date: '2092-11-03',
        paymentDeadlineDate: '2092-11-03',
        periodFrom,
      });
      expect(response.status, periodFrom).toBe(400);
      expect(errorsOf(response.body)).toEqual({ periodFrom: 'invalid_contract_period' });
    }
    // The from date (a first period cut short) and a grid start are period starts.
    const first = await byHand('invoice', contract, '2092-11-03', { periodFrom: '2092-01-15' });
    expect(first).toMatchObject({ periodFrom: '2092-01-15', periodTo: '2092-01-31' });
    const bad = await save('invoice', {
      customerId: s.visible,
      contract: null,
      date: '2092-11-03',
      paymentDeadlineDate: '2092-11-03',
      periodFrom: '2092-01-15',
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({ periodFrom: 'invalid_value' });
  });

  it('refuses a period another document bills (409 contract_period_billed), by its chosen period, its date or the run', async () => {
    const contract = await registered('2091-06-01');
    await byHand('invoice', contract, '2091-08-03', { periodFrom: '2091-07-01' });
    await byHand('proforma', contract, '2091-06-10');
    const run = await runBilling(s, { month: '2091-08', items: [{ contractId: contract, periodFrom: '2091-08-01' }] });
    expect(run.created).toHaveLength(1);
    const other = await byHand('invoice', contract, '2091-09-15');
    for (const periodFrom of ['2091-07-01', '2091-06-01', '2091-08-01']) {
      const response = await save('invoice', { _id: other._id, periodFrom });
      expect(response.status, periodFrom).toBe(409);
      expect(response.body.Message).toBe('contract_period_billed');
      expect(errorsOf(response.body)).toEqual({ periodFrom: 'contract_period_billed' });
    }
    expect(await get('invoice', other._id)).toMatchObject({ periodFrom: null });
    // Its own period (the one its date falls in) it may choose.
    expect((await save('invoice', { _id: other._id, periodFrom: '2091-09-01' })).status).toBe(200);
  });

  it('a notice refuses a period and drops the stored one; a duplicate does not copy it', async () => {
    const contract = await registered('2090-01-01');
    const original = await issuedWith(s, 'invoice', [[100, 1]], {
      contract,
      date: '2090-03-03',
      paymentDeadlineDate: '2090-03-03',
      periodFrom: '2090-02-01',
    });
    expect(original).toMatchObject({ periodFrom: '2090-02-01', issued: true });

    const notice = await createNotice(s, 1, original._id, { contract, date: '2090-04-02', paymentDeadlineDate: null });
    const refused = await save('invoice', { _id: notice._id, periodFrom: '2090-04-01' });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toEqual({ periodFrom: 'invalid_value' });

    // A draft with a chosen period turned into a notice drops it (a notice bills no period).
    const draft = await byHand('invoice', contract, '2090-06-02', { periodFrom: '2090-05-01' });
    const turned = await call(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      documentId: draft._id,
      noticeType: 2,
      creditToInvoice: original._id,
    });
    expect(turned.status).toBe(200);
    expect(turned.body.Result).toMatchObject({ noticeType: 2, periodFrom: null, periodTo: null });
    expect(await dueOf(contract, '2090-06')).toContain('2090-05-01');

    const copy = await call(s.ctx, 'POST', `${BASE.invoice}/duplicate`, { invoiceId: original._id });
    expect(copy.status).toBe(200);
    expect(copy.body.Result).toMatchObject({ contract, periodFrom: null, periodTo: null });
  });

  raceIt('lets one of 20 concurrent saves of two drafts choosing one period win, the others answer 409', async () => {
    const contract = await registered('2089-01-01');
    const first = await byHand('invoice', contract, '2089-03-03');
    const second = await byHand('proforma', contract, '2089-04-03');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? save('invoice', { _id: first._id, periodFrom: '2089-02-01' })
          : save('proforma', { _id: second._id, periodFrom: '2089-02-01' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const winners = answers.filter((answer) => answer.status === 200);
    // One draft wins: its saves all answer 200 (the first chooses, the others repeat the choice); the other's all 409.
    expect(winners.length).toBe(10);
    expect(new Set(winners.map((answer) => answer.body.Result._id)).size).toBe(1);
    const docs = [await get('invoice', first._id), await get('proforma', second._id)];
    expect(docs.filter((doc) => doc.periodFrom === '2089-02-01')).toHaveLength(1);
    expect(await dueOf(contract, '2089-04')).not.toContain('2089-02-01');
  });
});

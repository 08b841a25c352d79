/**
 * Notices in their original's currency (docs/decisions.md, "Notices in the original's currency"): a credit or debit
 * notice takes its original invoice's currency and rate (a save writes them whatever it is sent, changeCurrency to
 * another is 409), the credit notices of an invoice never exceed its total in its currency (notices of older data in
 * another currency count converted through leva at their stored rates), also under 50 concurrent issues (on PostgreSQL
 * a real race decided by the original's row lock; on PGlite they run one after another).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  copiesOf,
  createDraft,
  createNotice,
  errorsOf,
  issue,
  issuedWith,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const view = async (id: string) => (await call(s.ctx, 'GET', `${BASE.invoice}/${id}`)).body.Result;
const firstRow = async (id: string) =>
  (await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: id })).body.Result[0]._id as string;
/** A BGN invoice without VAT, issued: its total is the rows' sum. */
const bgnInvoice = (rows: Array<[number, number]>) =>
  issuedWith(s, 'invoice', rows, { currency: s.bgn, VATType: s.vat0 });

/** An issued credit notice of `total` leva against the original, turned into one of older data in euro (its figures kept, so −total EUR). */
async function oldEuroNotice(originalId: string, total: number) {
  const old = await createNotice(s, 1, originalId, { VATType: s.vat0 });
  await addItem(s, 'invoice', old._id, total);
  await issue(s, 'invoice', old._id);
  await s.ctx.database.db.execute(
    sql`update billing_documents set currency_id = ${s.eur}, currency_rate = 1.95583 where id = ${old._id}`,
  );
}

describe('a notice takes its original invoice currency and rate', () => {
  it('refuses a credit notice of −120 USD at rate 1 000 000 against a 120 BGN invoice', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 1]], { currency: s.bgn }); // 120.00 BGN
    expect([original.currency, original.currencyRate, original.totalAmount]).toEqual([s.bgn, 1, 120]);

    // Saved in USD at 1 000 000: written in the original's BGN at 1.
    const credit = await createNotice(s, 1, original._id, { currency: s.usd, currencyRate: 1_000_000 });
    expect([credit.currency, credit.currencyCode, credit.currencyRate]).toEqual([s.bgn, 'BGN', 1]);
    // changeCurrency to another currency or rate: 409; to the original's own: nothing changes.
    const changed = await call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, {
      invoiceId: credit._id,
      currency: s.usd,
      currencyRate: 1_000_000,
    });
    expect([changed.status, changed.body.Message]).toEqual([409, 'notice_currency_of_original']);
    const otherRate = await call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, {
      invoiceId: credit._id,
      currency: s.bgn,
      currencyRate: 2,
    });
    expect([otherRate.status, otherRate.body.Message]).toEqual([409, 'notice_currency_of_original']);
    const same = await call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, {
      invoiceId: credit._id,
      currency: s.bgn,
    });
    expect([same.status, same.body.Result.currency, same.body.Result.currencyRate]).toEqual([200, s.bgn, 1]);
    // A save of the whole form with another currency keeps the original's (a client's usual save goes through).
    const saved = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      _id: credit._id,
      currency: s.usd,
      currencyRate: 1_000_000,
      noticeReason: t('Връщане', 'Reso'),
    });
    expect([
      saved.status,
      saved.body.Result.currency,
      saved.body.Result.currencyRate,
      saved.body.Result.noticeReason,
    ]).toEqual([200, s.bgn, 1, t('Връщане', 'Reso')]);

    await addItem(s, 'invoice', credit._id, 100); // −120.00 BGN
    expect(await issue(s, 'invoice', credit._id)).toMatchObject({
      currency: s.bgn,
      currencyRate: 1,
      totalAmount: -120,
    });
    expect((await view(original._id)).creditedAmount).toBe(120);

    // The other way in: a USD draft at 1 000 000 made a credit notice of the invoice is converted into BGN, and is far above it.
    const draft = await createDraft(s, 'invoice', { currency: s.usd, currencyRate: 1_000_000 });
    await addItem(s, 'invoice', draft._id, 0.01); // 0.01 USD = 10 000 BGN
    const turned = await call(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      invoiceId: draft._id,
      noticeType: 1,
      creditToInvoice: original._id,
    });
    expect(turned.body.Result).toMatchObject({
      currency: s.bgn,
      currencyRate: 1,
      amount: -10_000,
      totalAmount: -12_000,
    });
    const refused = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: draft._id });
    expect([refused.status, refused.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);
  });

  it('refuses a credit notice of −1 392.20 EUR against a 1 392.20 BGN invoice', async () => {
    const original = await bgnInvoice([[1392.2, 1]]);
    expect([original.currency, original.totalAmount]).toEqual([s.bgn, 1392.2]);
    const euro = await createNotice(s, 1, original._id, { currency: s.eur, VATType: s.vat0 });
    expect([euro.currency, euro.currencyRate]).toEqual([s.bgn, 1]);
    const changed = await call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, {
      invoiceId: euro._id,
      currency: s.eur,
    });
    expect([changed.status, changed.body.Message]).toEqual([409, 'notice_currency_of_original']);

    // A EUR draft of 1 392.20 made its credit notice is 2 722.91 BGN: above the invoice.
    const draft = await createDraft(s, 'invoice', { currency: s.eur, VATType: s.vat0 });
    await addItem(s, 'invoice', draft._id, 1392.2);
    const turned = await call(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      invoiceId: draft._id,
      noticeType: 1,
      creditToInvoice: original._id,
    });
    expect(turned.body.Result).toMatchObject({ currency: s.bgn, currencyRate: 1, totalAmount: -2722.91 });
    const over = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: draft._id });
    expect([over.status, over.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);

    // In BGN, the whole of it is credited, and not a cent more.
    await addItem(s, 'invoice', euro._id, 1392.2);
    expect((await issue(s, 'invoice', euro._id)).totalAmount).toBe(-1392.2);
    const cent = await createNotice(s, 1, original._id, { VATType: s.vat0 });
    await addItem(s, 'invoice', cent._id, 0.01);
    const more = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: cent._id });
    expect([more.status, more.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);
  });

  it('a debit notice takes the original currency and rate too', async () => {
    const original = await issuedWith(s, 'invoice', [[10, 1]], { currency: s.usd, currencyRate: 1.75 });
    const debit = await createNotice(s, 2, original._id, { currency: s.eur });
    expect([debit.currency, debit.currencyRate]).toEqual([s.usd, 1.75]);
    const changed = await call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, {
      invoiceId: debit._id,
      currency: s.usd,
      currencyRate: 1.8,
    });
    expect([changed.status, changed.body.Message]).toEqual([409, 'notice_currency_of_original']);
  });

  it('issues no notice whose original changed its currency since: a save of the notice takes the new one', async () => {
    const original = await bgnInvoice([[100, 1]]);
    const credit = await createNotice(s, 1, original._id, { VATType: s.vat0 });
    await addItem(s, 'invoice', credit._id, 10); // −10.00 BGN
    await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: original._id });
    const euro = await call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, {
      invoiceId: original._id,
      currency: s.eur,
    });
    expect(euro.body.Result).toMatchObject({ currency: s.eur, totalAmount: 51.13 });
    await issue(s, 'invoice', original._id);
    const stale = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: credit._id });
    expect([stale.status, stale.body.Message, errorsOf(stale.body)]).toEqual([
      400,
      'notice_currency_of_original',
      { currency: 'notice_currency_of_original' },
    ]);
    const saved = await call(s.ctx, 'POST', `${BASE.invoice}/save`, { _id: credit._id });
    expect(saved.body.Result).toMatchObject({ currency: s.eur, currencyRate: 1.95583, totalAmount: -5.11 });
    expect((await issue(s, 'invoice', credit._id)).totalAmount).toBe(-5.11);
  });
});

describe('the cap in the original currency', () => {
  it('counts a credit notice of older data in another currency converted through leva at its stored rate', async () => {
    const original = await bgnInvoice([[1392.2, 1]]);
    await oldEuroNotice(original._id, 500); // −500.00 EUR = 977.915 → 977.92 BGN
    expect((await view(original._id)).creditedAmount).toBe(977.92);
    // 1 392.20 − 977.92 = 414.28 is left.
    const rest = await createNotice(s, 1, original._id, { VATType: s.vat0 });
    await addItem(s, 'invoice', rest._id, 414.29);
    const over = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: rest._id });
    expect([over.status, over.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);
    await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      _id: await firstRow(rest._id),
      invoiceId: rest._id,
      name: t('x', 'x'),
      price: 414.28,
    });
    expect((await issue(s, 'invoice', rest._id)).totalAmount).toBe(-414.28);
    expect((await view(original._id)).creditedAmount).toBe(1392.2);
    // The original, unissued and lowered below what its notices credit (in BGN), cannot be issued again.
    await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: original._id });
    await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      _id: await firstRow(original._id),
      invoiceId: original._id,
      name: t('x', 'x'),
      price: 1392.19,
    });
    const lowered = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: original._id });
    expect([lowered.status, lowered.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);
  });

  raceIt(
    'never lets 50 concurrent credit notices exceed their invoice',
    async () => {
      const original = await bgnInvoice([[1200, 1]]);
      await oldEuroNotice(original._id, 100); // 195.58 BGN credited: 1 004.42 left, 33 notices of 30.00 fit
      const credit = await createNotice(s, 1, original._id, { VATType: s.vat0 });
      await addItem(s, 'invoice', credit._id, 30);
      const ids = await copiesOf(s, credit._id, 50);
      const results = await Promise.all(
        ids.map((id) => call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: id })),
      );
      const refused = results.filter((r) => r.status !== 200);
      expect(results.length - refused.length).toBe(33);
      expect(refused.every((r) => r.status === 400 && r.body.Message === 'credit_notice_exceeds_invoice')).toBe(true);
      expect((await view(original._id)).creditedAmount).toBe(1185.58);
      const [{ credited }] = await queryRows<{ credited: string }>(
        s.ctx.database.db,
        sql`select cast(sum(round(-total_amount * currency_rate, 2)) as text) as credited from billing_documents where credit_to_invoice_id = ${original._id} and issued`,
      );
      expect(Number(credited)).toBeLessThanOrEqual(1200);
    },
    180_000,
  ); // fifty issuing transactions; on PGlite they run one after another
});

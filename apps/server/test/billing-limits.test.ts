/**
 * Limits of amounts (docs/decisions.md, "Limits of amounts"): prices, quantities and rates at their edges, and every
 * computed figure (row total, tax base, VAT and total, converted prices, the figures in leva) refused with 400
 * `amount_too_large` naming it when it would not fit numeric(14,2) — never a 500. Then a huge value on every other
 * call that takes money (contracts, services, currencies, payments, generated documents, the billing run).
 */
import { MAX_CURRENCY_RATE, MAX_MONEY, MAX_PRICE, MAX_QUANTITY, MIN_CURRENCY_RATE } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  errorsOf,
  issuedWith,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { addService, contractBody, contractIn, createContract } from './contracts-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const HUGE = 1e15;
const saveItem = (documentId: string, price: number, quantity = 1, extra: Record<string, unknown> = {}) =>
  call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
    invoiceId: documentId,
    name: t('Услуга', 'Servizio'),
    price,
    quantity,
    ...extra,
  });
const changeCurrency = (documentId: string, currency: string, currencyRate?: number) =>
  call(s.ctx, 'POST', `${BASE.invoice}/changeCurrency`, { invoiceId: documentId, currency, currencyRate });
/** A BGN draft without VAT (its total is the rows' sum), or with the default 20 % when asked. */
const bgnDraft = (vat = false) => createDraft(s, 'invoice', { currency: s.bgn, ...(vat ? {} : { VATType: s.vat0 }) });
const view = async (id: string) => (await call(s.ctx, 'GET', `${BASE.invoice}/${id}`)).body.Result;
/** A refusal: status, message and field errors. */
const refusal = (response: Awaited<ReturnType<typeof call>>) => [
  response.status,
  response.body.Message,
  errorsOf(response.body),
];

describe('limits of a row', () => {
  it('takes a price up to MAX_PRICE and refuses a cent more', async () => {
    const draft = await bgnDraft();
    expect(MAX_PRICE).toBe(999_999_999.99);
    expect((await saveItem(draft._id, MAX_PRICE)).body.Result.item).toMatchObject({
      price: MAX_PRICE,
      total: MAX_PRICE,
    });
    expect(refusal(await saveItem(draft._id, MAX_PRICE + 0.01))).toEqual([
      400,
      'please_fill_all_required_fields',
      { price: 'invalid_value' },
    ]);
    expect(refusal(await saveItem(draft._id, HUGE))).toEqual([
      400,
      'please_fill_all_required_fields',
      { price: 'invalid_value' },
    ]);
  });

  it('takes a quantity up to MAX_QUANTITY and refuses a thousandth more', async () => {
    const draft = await bgnDraft();
    expect((await saveItem(draft._id, 0.01, MAX_QUANTITY)).body.Result.item).toMatchObject({
      quantity: 1_000_000,
      total: 10_000,
    });
    expect(refusal(await saveItem(draft._id, 0.01, MAX_QUANTITY + 0.001))).toEqual([
      400,
      'please_fill_all_required_fields',
      { quantity: 'invalid_value' },
    ]);
  });

  it('refuses price × quantity above MAX_MONEY on the quantity (999 999 999.99 × 1 000 000 is a 400, not a 500)', async () => {
    const draft = await bgnDraft();
    expect(refusal(await saveItem(draft._id, 999_999_999.99, 1_000_000))).toEqual([
      400,
      'please_fill_all_required_fields',
      { quantity: 'amount_too_large' },
    ]);
    // 999 999 999.99 × 1 000 = 999 999 999 990.00 fits; × 1 000.001 = 1 000 000 999 989.99 does not.
    expect(refusal(await saveItem(draft._id, MAX_PRICE, 1000.001))).toEqual([
      400,
      'please_fill_all_required_fields',
      { quantity: 'amount_too_large' },
    ]);
    expect((await saveItem(draft._id, MAX_PRICE, 1000)).body.Result.document).toMatchObject({
      amount: 999_999_999_990,
      totalAmount: 999_999_999_990,
    });
  });
});

describe('limits of the document totals', () => {
  it('takes a tax base of exactly MAX_MONEY and refuses a cent more, naming the tax base', async () => {
    const draft = await bgnDraft();
    await addItem(s, 'invoice', draft._id, MAX_PRICE, 600); // 599 999 999 994.00
    await addItem(s, 'invoice', draft._id, MAX_PRICE, 400); // 399 999 999 996.00
    expect((await addItem(s, 'invoice', draft._id, 9.99)).document).toMatchObject({
      amount: MAX_MONEY,
      totalAmount: MAX_MONEY,
    });
    expect(refusal(await saveItem(draft._id, 0.01))).toEqual([400, 'amount_too_large', { amount: 'amount_too_large' }]);
    // Nothing of the refused call was kept.
    expect(await view(draft._id)).toMatchObject({ amount: MAX_MONEY, itemsCount: 3 });
  });

  it('refuses a total (tax base + VAT) above MAX_MONEY, naming the total', async () => {
    const draft = await bgnDraft(true);
    await addItem(s, 'invoice', draft._id, 833_333_333.33, 1000); // 833 333 333 330.00 + 20 %
    const inside = await addItem(s, 'invoice', draft._id, 3.32); // base …333.32, VAT …666.66
    expect(inside.document).toMatchObject({
      amount: 833_333_333_333.32,
      VATAmount: 166_666_666_666.66,
      totalAmount: 999_999_999_999.98,
    });
    // 3.33: base …333.33, VAT …666.67, total 1 000 000 000 000.00.
    const outside = await saveItem(draft._id, 3.33, 1, { _id: inside.item!._id });
    expect(refusal(outside)).toEqual([400, 'amount_too_large', { totalAmount: 'amount_too_large' }]);
    expect((await view(draft._id)).totalAmount).toBe(999_999_999_999.98);
  });

  it('refuses a document whose figures in leva (× its rate) would not fit, naming the rate', async () => {
    const draft = await createDraft(s, 'invoice', { currency: s.usd, currencyRate: 1.8, VATType: s.vat0 });
    // 999 999 999.99 × 555 = 554 999 999 994.45 USD = 998 999 999 990.01 BGN: fits.
    expect((await addItem(s, 'invoice', draft._id, MAX_PRICE, 555)).document.totalAmount).toBe(554_999_999_994.45);
    // One more unit: 555 999 999 994.44 USD = 1 000 799 999 989.99 BGN.
    const [row] = (await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: draft._id })).body.Result;
    expect(refusal(await saveItem(draft._id, MAX_PRICE, 556, { _id: row._id }))).toEqual([
      400,
      'amount_too_large',
      { currencyRate: 'amount_too_large' },
    ]);
    // A higher rate on the same currency (the prices stay): refused the same way.
    const rate = await call(s.ctx, 'POST', `${BASE.invoice}/save`, { _id: draft._id, currencyRate: 2 });
    expect(refusal(rate)).toEqual([400, 'amount_too_large', { currencyRate: 'amount_too_large' }]);
  });
});

describe('limits of a currency change', () => {
  it('takes a rate from MIN_CURRENCY_RATE to MAX_CURRENCY_RATE and refuses anything beyond', async () => {
    const draft = await bgnDraft();
    await addItem(s, 'invoice', draft._id, 0.01);
    expect(MIN_CURRENCY_RATE).toBe(0.000001);
    const lowest = await changeCurrency(draft._id, s.usd, MIN_CURRENCY_RATE); // 0.01 BGN = 10 000 USD
    expect(lowest.body.Result).toMatchObject({ currencyRate: MIN_CURRENCY_RATE, totalAmount: 10_000 });
    expect(refusal(await changeCurrency(draft._id, s.usd, 0.0000001))).toEqual([
      400,
      'invalid_value',
      { currencyRate: 'invalid_value' },
    ]);
    expect(refusal(await changeCurrency(draft._id, s.usd, 0))).toEqual([
      400,
      'invalid_value',
      { currencyRate: 'invalid_value' },
    ]);
    const back = await changeCurrency(draft._id, s.bgn);
    expect(back.body.Result).toMatchObject({ currencyRate: 1, totalAmount: 0.01 });
    const highest = await changeCurrency(draft._id, s.usd, MAX_CURRENCY_RATE);
    expect(highest.body.Result).toMatchObject({ currencyRate: 1_000_000, totalAmount: 0 });
    expect(refusal(await changeCurrency(draft._id, s.eur, MAX_CURRENCY_RATE + 0.000001))).toEqual([
      400,
      'invalid_value',
      { currencyRate: 'invalid_value' },
    ]);
    expect(refusal(await changeCurrency(draft._id, s.eur, HUGE))).toEqual([
      400,
      'invalid_value',
      { currencyRate: 'invalid_value' },
    ]);
  });

  it('refuses a change whose converted prices or row totals would not fit, naming them (a rate of 0.000001 is a 400, not a 500)', async () => {
    const large = await bgnDraft();
    await addItem(s, 'invoice', large._id, MAX_PRICE);
    expect(refusal(await changeCurrency(large._id, s.usd, 0.000001))).toEqual([
      400,
      'amount_too_large',
      { price: 'amount_too_large' },
    ]);
    expect(await view(large._id)).toMatchObject({ currency: s.bgn, totalAmount: MAX_PRICE });
    const many = await bgnDraft();
    await addItem(s, 'invoice', many._id, MAX_PRICE, 1000); // 999 999 999 990.00 BGN
    // At 0.9 the price (1 111 111 111.10 USD) fits, the row's total does not.
    expect(refusal(await changeCurrency(many._id, s.usd, 0.9))).toEqual([
      400,
      'amount_too_large',
      { total: 'amount_too_large' },
    ]);
    const saved = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      _id: many._id,
      currency: s.usd,
      currencyRate: 0.9,
    });
    expect(refusal(saved)).toEqual([400, 'amount_too_large', { total: 'amount_too_large' }]);
  });

  it('refuses a contract service whose converted price would not fit (addItemAsService)', async () => {
    const contract = await createContract(s, { pricePerMonth: 0, currency: s.eur });
    const row = await addService(s, contract._id);
    expect((await call(s.ctx, 'POST', '/api/contract-services/save', { _id: row._id, price: MAX_PRICE })).status).toBe(
      200,
    );
    const draft = await createDraft(s, 'invoice', {
      contract: contract._id,
      currency: s.usd,
      currencyRate: MIN_CURRENCY_RATE,
      VATType: s.vat0,
    });
    const added = await call(s.ctx, 'POST', `${BASE.invoice}/addItemAsService`, {
      invoiceId: draft._id,
      contractServiceId: row._id,
    });
    expect(refusal(added)).toEqual([400, 'amount_too_large', { price: 'amount_too_large' }]);
    expect((await view(draft._id)).itemsCount).toBe(0);
  });
});

describe('no 500 on a huge amount elsewhere', () => {
  it('contracts: the monthly price and a service price up to MAX_PRICE; a yearly period of it generates and previews', async () => {
    expect(
      refusal(await call(s.ctx, 'POST', '/api/contracts/save', { ...contractBody(s), pricePerMonth: HUGE })),
    ).toEqual([400, 'please_fill_all_required_fields', { pricePerMonth: 'invalid_value' }]);
    const over = await call(s.ctx, 'POST', '/api/contracts/save', {
      ...contractBody(s),
      pricePerMonth: MAX_PRICE + 0.01,
    });
    expect(errorsOf(over.body)).toEqual({ pricePerMonth: 'invalid_value' });
    const contract = await createContract(s, { pricePerMonth: 0 });
    const row = await addService(s, contract._id);
    expect((await call(s.ctx, 'POST', '/api/contract-services/save', { _id: row._id, price: HUGE })).status).toBe(400);
    expect(
      (await call(s.ctx, 'POST', '/api/contract-services/save', { _id: row._id, price: MAX_PRICE + 0.01 })).status,
    ).toBe(400);

    const yearly = await contractIn(s, 'registered', {
      pricePerMonth: MAX_PRICE,
      invoiceMonthlyInterval: 12,
      fromDate: '2097-01-01',
      toDate: '2099-12-31',
    });
    const preview = await call(s.ctx, 'POST', '/api/billing-run/preview', { month: '2097-01' });
    expect(preview.status).toBe(200);
    const generated = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: yearly._id });
    expect(generated.status).toBe(200);
    // 12 months × 999 999 999.99 = 11 999 999 999.88, + 20 % VAT = 14 399 999 999.86.
    expect(generated.body.Result).toMatchObject({ amount: 11_999_999_999.88, totalAmount: 14_399_999_999.86 });
  });

  it('settings: a service price and a currency rate', async () => {
    const service = await call(s.ctx, 'POST', '/api/settings/services/save', {
      code: 'BIG',
      name: t('Голяма', 'Grande'),
      price: HUGE,
    });
    expect([service.status, errorsOf(service.body)]).toEqual([400, { price: 'invalid_value' }]);
    expect(
      (
        await call(s.ctx, 'POST', '/api/settings/services/save', {
          code: 'BIG',
          name: t('Голяма', 'Grande'),
          price: MAX_PRICE,
        })
      ).status,
    ).toBe(200);
    const currency = await call(s.ctx, 'POST', '/api/settings/currencies/save', {
      name: t('Голяма', 'Grande'),
      code: 'XBG',
      exchangeRate: HUGE,
    });
    expect([currency.status, errorsOf(currency.body)]).toEqual([400, { exchangeRate: 'invalid_value' }]);
  });

  it('payments: a huge amount', async () => {
    const invoice = await issuedWith(s, 'invoice', [[100, 1]]);
    const pay = (amount: number) =>
      call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
        invoiceId: invoice._id,
        amount,
        date: invoice.date,
        type: s.paymentType,
      });
    expect([(await pay(HUGE)).status, errorsOf((await pay(HUGE)).body)]).toEqual([400, { amount: 'invalid_value' }]);
    expect([(await pay(-HUGE)).status, errorsOf((await pay(-HUGE)).body)]).toEqual([400, { amount: 'invalid_value' }]);
    const most = await pay(MAX_MONEY);
    expect([most.status, most.body.Message]).toEqual([400, 'entered_amount_is_bigger_than_wanted_amount']);
  });
});

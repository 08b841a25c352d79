import type { BillingDocumentView, BillingItemRow } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addService, createContract } from './contracts-fixtures.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  errorsOf,
  issue,
  issuedWith,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const itemsOf = async (kind: 'invoice' | 'proforma', id: string) =>
  (await call<BillingItemRow[]>(s.ctx, 'POST', `${BASE[kind]}/getItems`, { invoiceId: id })).body.Result;
const get = async (kind: 'invoice' | 'proforma', id: string) =>
  (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE[kind]}/${id}`)).body.Result;

describe('proforma to invoice', () => {
  it('transforms a whole issued proforma into a linked draft invoice', async () => {
    const draft = await createDraft(s, 'proforma', { currency: s.usd, currencyRate: 1.75, VATType: s.vat0 });
    const early = await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: draft._id,
    });
    expect([early.status, early.body.Message]).toEqual([409, 'document_not_issued']);
    await addItem(s, 'proforma', draft._id, 100, 2);
    await addItem(s, 'proforma', draft._id, 5.5, 1, { comment: t('бел.', 'nota') });
    const proforma = await issue(s, 'proforma', draft._id);
    expect(proforma.rights).toMatchObject({ canTransform: true, canTransformItems: true });

    const response = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: proforma._id,
    });
    expect(response.status).toBe(200);
    const invoice = response.body.Result;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      issued: false,
      number: null,
      customerId: s.visible,
      currency: s.usd,
      currencyRate: 1.75,
      VATType: s.vat0,
      VATCharging: false,
      amount: 205.5,
      totalAmount: 205.5,
      transformedFromProformaInvoice: proforma._id,
      itemsCount: 2,
    });
    expect(invoice.customer).toEqual(proforma.customer);
    const rows = await itemsOf('invoice', invoice._id);
    expect(rows.map((row) => [row.index, row.price, row.quantity, row.transformedFromProformaInvoice])).toEqual([
      [1, 100, 2, proforma._id],
      [2, 5.5, 1, proforma._id],
    ]);
    expect(rows[1].comment).toEqual(t('бел.', 'nota'));
    const after = await get('proforma', proforma._id);
    expect(after).toMatchObject({
      transformedToInvoice: invoice._id,
      transformedItems: 2,
      rights: { canTransform: false, canTransformItems: false, canUnissue: false },
    });
    expect(after.transformedInvoices).toEqual([{ _id: invoice._id, number: null, issued: false, date: invoice.date }]);
    expect(
      (await itemsOf('proforma', proforma._id)).every(
        (row) => row.isTransformed && row.transformedToInvoice === invoice._id,
      ),
    ).toBe(true);

    const again = await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: proforma._id,
    });
    expect([again.status, again.body.Message]).toEqual([409, 'proforma_already_transformed']);
    const unissue = await call(s.ctx, 'POST', `${BASE.proforma}/unissue`, { proformaInvoiceId: proforma._id });
    expect([unissue.status, unissue.body.Message]).toEqual([409, 'proforma_already_transformed']);
    expect((await logsOf(s.ctx, proforma._id)).map((log) => log.action)).toContain('transformProformaToInvoice');
  });

  it('transforms chosen rows once; choosing the rest later makes a second invoice; the whole is then refused', async () => {
    const proforma = await issuedWith(s, 'proforma', [
      [10, 1],
      [20, 1],
      [30, 1],
    ]);
    const [a, b, c] = await itemsOf('proforma', proforma._id);
    const first = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: proforma._id,
      proformaInvoiceItems: [a._id, c._id],
    });
    expect(first.body.Result).toMatchObject({ amount: 40, VATAmount: 8, totalAmount: 48, itemsCount: 2 });
    const repeat = await call(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: proforma._id,
      proformaInvoiceItems: [b._id, c._id],
    });
    expect([repeat.status, repeat.body.Message]).toEqual([409, 'proforma_items_transformed']);
    const whole = await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: proforma._id,
    });
    expect(whole.body.Message).toBe('proforma_already_transformed');
    const all = await call(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: proforma._id,
      proformaInvoiceItems: [a._id, b._id, c._id],
    });
    expect([all.status, all.body.Message]).toEqual([409, 'proforma_items_transformed']);
    const second = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: proforma._id,
      proformaInvoiceItems: [b._id],
    });
    expect(second.body.Result).toMatchObject({ amount: 20, itemsCount: 1 });
    const after = await get('proforma', proforma._id);
    expect(after).toMatchObject({
      transformedToInvoice: null,
      transformedItems: 3,
      rights: { canTransformItems: false },
    });
    expect(after.transformedInvoices.map((link) => link._id)).toEqual([first.body.Result._id, second.body.Result._id]);
    const foreign = await issuedWith(s, 'proforma', [[1, 1]]);
    const wrongRow = await call(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: foreign._id,
      proformaInvoiceItems: [a._id],
    });
    expect(errorsOf(wrongRow.body)).toEqual({ 'proformaInvoiceItems.0': 'invalid_value' });
  });

  it('treats choosing every row as the whole transformation', async () => {
    const proforma = await issuedWith(s, 'proforma', [
      [1, 1],
      [2, 1],
    ]);
    const rows = await itemsOf('proforma', proforma._id);
    const invoice = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: proforma._id,
      proformaInvoiceItems: rows.map((row) => row._id),
    });
    expect((await get('proforma', proforma._id)).transformedToInvoice).toBe(invoice.body.Result._id);
  });
});

describe('generateProformaInvoice', () => {
  it('makes a draft proforma of the next period of a registered contract, period after period', async () => {
    const contract = await createContract(s, {
      fromDate: '2098-01-31',
      toDate: '2098-05-15',
      invoiceMonthlyInterval: 3,
      pricePerMonth: 450.25,
      currency: s.eur,
    });
    await addService(s, contract._id);
    const draftContract = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: contract._id,
    });
    expect([draftContract.status, draftContract.body.Message]).toEqual([409, 'contract_not_registered']);
    await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });

    const first = await call<BillingDocumentView>(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: contract._id,
    });
    expect(first.status).toBe(200);
    expect(first.body.Result).toMatchObject({
      kind: 'proforma',
      issued: false,
      contract: contract._id,
      customerId: s.visible,
      currency: s.eur,
      periodFrom: '2098-01-31',
      periodTo: '2098-04-29',
      paymentDeadlineDate: '2098-01-31',
      amount: 1350.75,
      VATAmount: 270.15,
      totalAmount: 1620.9,
      VATCharging: true,
      paymentType: s.paymentType,
    });
    const [row] = await itemsOf('proforma', first.body.Result._id);
    expect(row).toMatchObject({
      name: t('Счетоводно обслужване', 'Servizi contabili'),
      quantity: 3,
      price: 450.25,
      comment: { bg: 'Период 31.01.2098 – 29.04.2098', it: 'Periodo 31.01.2098 – 29.04.2098' },
    });
    const second = await call<BillingDocumentView>(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: contract._id,
    });
    expect(second.body.Result).toMatchObject({ periodFrom: '2098-04-30', periodTo: '2098-05-15', amount: 450.25 });
    const third = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: contract._id });
    expect([third.status, third.body.Message]).toEqual([409, 'contract_periods_invoiced']);
    const tab = await call(s.ctx, 'POST', `${BASE.proforma}/list`, { contract: contract._id });
    expect(tab.body.Result.Total).toBe(2);
    const employee = await call(
      s.ctx,
      'POST',
      '/api/contracts/generateProformaInvoice',
      { contractId: contract._id },
      s.ctx.users.employee.token,
    );
    expect(employee.status).toBe(403);
  });

  it('bills the priced services when the contract has no monthly price', async () => {
    const contract = await createContract(s, { pricePerMonth: 0, fromDate: '2026-02-01', toDate: '2099-01-31' });
    await addService(s, contract._id, s.services.first);
    await addService(s, contract._id, s.services.second);
    await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
    const proforma = await call<BillingDocumentView>(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: contract._id,
    });
    const rows = await itemsOf('proforma', proforma.body.Result._id);
    expect(rows.map((row) => [row.name.bg, row.price, row.quantity])).toEqual([
      ['Услуга S1', 120.5, 1],
      ['Услуга S2', 80, 1],
    ]);
  });

  it('generates the first proforma when an advance contract is registered', async () => {
    const contract = await createContract(s, { isAdvance: true, fromDate: '2026-03-01', toDate: '2099-12-31' });
    await addService(s, contract._id);
    const registered = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
    expect(registered.status).toBe(200);
    const list = await call(s.ctx, 'POST', `${BASE.proforma}/list`, { contractId: contract._id });
    expect(list.body.Result.Items).toHaveLength(1);
    expect(list.body.Result.Items[0]).toMatchObject({ issued: false, totalAmount: 540.3 });
    const plain = await createContract(s, { fromDate: '2026-03-01', toDate: '2099-12-31' });
    await addService(s, plain._id);
    await call(s.ctx, 'POST', '/api/contracts/register', { contractId: plain._id });
    expect((await call(s.ctx, 'POST', `${BASE.proforma}/list`, { contract: plain._id })).body.Result.Total).toBe(0);
  });
});

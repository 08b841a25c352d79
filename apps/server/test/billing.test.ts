import { execFileSync } from 'node:child_process';
import type { BillingDocumentView } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, BASE, type BillingSetup, createDraft, errorsOf, issue, setUpBilling, t } from './billing-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

describe('save', () => {
  it('creates a draft filled from the invoice defaults, with party snapshots', async () => {
    const draft = await createDraft(s, 'invoice');
    expect(draft).toMatchObject({
      kind: 'invoice',
      issued: false,
      number: null,
      date: '2026-03-02',
      taxDate: '2026-03-02',
      paymentDeadlineDate: '2026-03-16',
      currency: s.eur,
      currencyCode: 'EUR',
      currencyRate: 1.95583,
      VATCharging: true,
      VATType: s.vat20,
      VATPercentage: 20,
      VATName: t('ДДС 20%', 'IVA 20%'),
      paymentType: s.paymentType,
      signer: s.ctx.users.admin.id,
      noticeType: 0,
      amount: 0,
      VATAmount: 0,
      totalAmount: 0,
      isPaid: 0,
      customerId: s.visible,
      providerBank: null,
      itemsCount: 0,
      rights: { canEdit: true, canIssue: true, canUnissue: false, canTransform: false },
    });
    expect(draft.customer?.name).toEqual(t('Видим ООД', 'Visibile Srl'));
    expect(draft.customer?.bank?.bankId).toBe(s.visibleBank);
    expect(draft.provider?.name).toEqual(t('Кантора ООД', 'Kantora Srl'));
    expect(draft.signerName?.bg).toMatch(/Тестов/);
    const [log] = await logsOf(s.ctx, draft._id);
    expect(log).toMatchObject({ name: 'Invoice', type: 'create', action: 'save' });
  });

  it('keeps missing fields and clears null ones', async () => {
    const draft = await createDraft(s, 'proforma', { providerBank: s.providerBank, providerBank2: s.providerBank2 });
    expect(draft.taxDate).toBeNull();
    const changed = await call(s.ctx, 'POST', `${BASE.proforma}/save`, {
      _id: draft._id,
      paymentDeadlineDate: null,
      providerBank2: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.Result).toMatchObject({
      customerId: s.visible,
      paymentDeadlineDate: null,
      providerBank: s.providerBank,
      providerBank2: null,
      date: '2026-03-02',
    });
    expect(changed.body.Result.provider.bank2).toBeNull();
  });

  it('answers please_fill_all_required_fields with every field error', async () => {
    const response = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      date: '02.03.2026',
      currencyRate: -1,
      customerId: 'x',
    });
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(response.body)).toMatchObject({
      date: 'invalid_date',
      currencyRate: 'invalid_value',
      customerId: 'invalid_value',
    });
    const before = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      customerId: s.visible,
      date: '2026-03-02',
      paymentDeadlineDate: '2026-03-01',
    });
    expect(errorsOf(before.body)).toEqual({ paymentDeadlineDate: 'payment_deadline_before_date' });
    const wrongBank = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      customerId: s.hidden,
      customerBank: s.visibleBank,
    });
    expect(errorsOf(wrongBank.body)).toEqual({ customerBank: 'invalid_value' });
    const eurRate = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      customerId: s.visible,
      currency: s.eur,
      currencyRate: 2,
    });
    expect(errorsOf(eurRate.body)).toEqual({ currencyRate: 'currency_rate_fixed' });
  });

  it('refuses a notice on a proforma and an unknown id of the other kind', async () => {
    const proforma = await createDraft(s, 'proforma');
    const notice = await call(s.ctx, 'POST', `${BASE.proforma}/save`, { _id: proforma._id, noticeType: 1 });
    expect(errorsOf(notice.body)).toEqual({ noticeType: 'invalid_value' });
    const asInvoice = await call(s.ctx, 'GET', `${BASE.invoice}/${proforma._id}`);
    expect([asInvoice.status, asInvoice.body.Message]).toEqual([404, 'the_invoice_was_not_found']);
    const missing = await call(s.ctx, 'POST', `${BASE.proforma}/getItems`, {
      proformaInvoiceId: '00000000-0000-4000-8000-000000000000',
    });
    expect([missing.status, missing.body.Message]).toEqual([404, 'the_proforma_invoice_was_not_found']);
  });
});

describe('items and totals', () => {
  it('computes row totals, tax base, VAT and total to the cent on the server', async () => {
    const draft = await createDraft(s, 'invoice');
    const first = await addItem(s, 'invoice', draft._id, 0.67, 1.5);
    expect(first.item).toMatchObject({
      index: 1,
      price: 0.67,
      quantity: 1.5,
      total: 1.01,
      invoice: draft._id,
      issued: false,
    });
    const second = await addItem(s, 'invoice', draft._id, 1.11, 2.5);
    expect(second.item).toMatchObject({ index: 2, total: 2.78 });
    expect(second.document).toMatchObject({ amount: 3.79, VATAmount: 0.76, totalAmount: 4.55, itemsCount: 2 });

    const changed = await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      _id: first.item!._id,
      invoiceId: draft._id,
      name: t('Промяна', 'Modifica'),
      price: 10.005,
    });
    expect(errorsOf(changed.body)).toEqual({ price: 'invalid_value' });
    const edited = await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      _id: first.item!._id,
      invoiceId: draft._id,
      name: t('Промяна', 'Modifica'),
      price: 10,
      quantity: 3,
      comment: t('бел.', 'nota'),
    });
    expect(edited.body.Result.item).toMatchObject({ index: 1, total: 30, comment: t('бел.', 'nota') });
    expect(edited.body.Result.document).toMatchObject({ amount: 32.78, VATAmount: 6.56, totalAmount: 39.34 });

    const items = await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: draft._id });
    expect(items.body.Result.map((row: { index: number; total: number }) => [row.index, row.total])).toEqual([
      [1, 30],
      [2, 2.78],
    ]);
    const one = await call(s.ctx, 'GET', `${BASE.invoice}/item/${second.item!._id}`);
    expect(one.body.Result).toMatchObject({ _id: second.item!._id, index: 2 });

    const removed = await call(s.ctx, 'POST', `${BASE.invoice}/removeItem`, { invoiceItemId: first.item!._id });
    expect(removed.body.Result).toMatchObject({
      item: null,
      document: { amount: 2.78, VATAmount: 0.56, totalAmount: 3.34, itemsCount: 1 },
    });
    const totals = await call(s.ctx, 'POST', `${BASE.invoice}/getTotals`, { invoiceId: draft._id });
    expect(totals.body.Result).toEqual({ total: 3.34, paid: 0, notPaid: 3.34 });
    const details = await call(s.ctx, 'POST', `${BASE.proforma}/getPaidDetails`, { proformaInvoiceId: draft._id });
    expect(details.status).toBe(404);
  });

  it('validates the item dialog', async () => {
    const draft = await createDraft(s, 'invoice');
    const response = await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      invoiceId: draft._id,
      name: { bg: '', it: 'x' },
      quantity: 0,
    });
    expect(response.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(response.body)).toEqual({
      'name.bg': 'field_is_required',
      price: 'field_is_required',
      quantity: 'invalid_value',
    });
  });

  it('takes a row without an Italian name: it is stored empty and the Italian print shows the Bulgarian name', async () => {
    const draft = await createDraft(s, 'invoice');
    const saved = await call<{ item: { name: { bg: string; it: string } } }>(
      s.ctx,
      'POST',
      `${BASE.invoice}/saveItem`,
      { invoiceId: draft._id, name: { bg: 'Годишно приключване' }, price: 50 },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.Result.item.name).toEqual({ bg: 'Годишно приключване', it: '' });
    const blank = await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      invoiceId: draft._id,
      name: { bg: 'Заплати', it: '  ' },
      price: 10,
    });
    expect(blank.status).toBe(200);
    const pdf = await s.ctx.app.inject({
      method: 'GET',
      url: `${BASE.invoice}/print/${draft._id}?layout=invoice&lang=it`,
      headers: { authorization: `Bearer ${s.ctx.users.admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Годишно приключване');
    expect(text).toContain('Заплати');
  });

  it('follows the VAT rule: charging on takes the default type; another type turns it off', async () => {
    const draft = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', draft._id, 100, 1);
    const exempt = await call(s.ctx, 'POST', `${BASE.invoice}/setVATType`, { invoiceId: draft._id, VATType: s.vat0 });
    expect(exempt.body.Result).toMatchObject({
      VATCharging: false,
      VATType: s.vat0,
      VATPercentage: 0,
      VATName: t('чл. 21, ал. 2 ЗДДС', 'art. 21(2) legge IVA'),
      VATAmount: 0,
      totalAmount: 100,
    });
    const nine = await call(s.ctx, 'POST', `${BASE.invoice}/setVATType`, { invoiceId: draft._id, VATType: s.vat9 });
    expect(nine.body.Result).toMatchObject({ VATCharging: false, VATType: s.vat9, VATAmount: 0, totalAmount: 100 });
    const on = await call(s.ctx, 'POST', `${BASE.invoice}/setVATType`, { invoiceId: draft._id, VATCharging: true });
    expect(on.body.Result).toMatchObject({
      VATCharging: true,
      VATType: s.vat20,
      VATPercentage: 20,
      VATAmount: 20,
      totalAmount: 120,
    });
    const off = await call(s.ctx, 'POST', `${BASE.invoice}/setVATType`, { invoiceId: draft._id, VATCharging: false });
    expect(off.body.Result).toMatchObject({ VATCharging: false, VATType: null, VATAmount: 0 });
    const byDefault = await call(s.ctx, 'POST', `${BASE.invoice}/setVATType`, {
      invoiceId: draft._id,
      VATType: s.vat20,
    });
    expect(byDefault.body.Result).toMatchObject({ VATCharging: true, VATAmount: 20 });
  });

  it('converts the rows when the currency changes (× old rate ÷ new rate, half away from zero)', async () => {
    const draft = await createDraft(s, 'proforma');
    await addItem(s, 'proforma', draft._id, 100, 1);
    await addItem(s, 'proforma', draft._id, 0.01, 3);
    const toBgn = await call(s.ctx, 'POST', `${BASE.proforma}/changeCurrency`, {
      proformaInvoiceId: draft._id,
      currency: s.bgn,
    });
    expect(toBgn.body.Result).toMatchObject({
      currency: s.bgn,
      currencyCode: 'BGN',
      currencyRate: 1,
      amount: 195.64,
      VATAmount: 39.13,
      totalAmount: 234.77,
    });
    const items = await call(s.ctx, 'POST', `${BASE.proforma}/getItems`, { proformaInvoiceId: draft._id });
    expect(items.body.Result.map((row: { price: number }) => row.price)).toEqual([195.58, 0.02]);
    const toUsd = await call(s.ctx, 'POST', `${BASE.proforma}/changeCurrency`, {
      proformaInvoiceId: draft._id,
      currency: s.usd,
      currencyRate: 1.75,
    });
    // 195.58 / 1.75 = 111.76; 0.02 / 1.75 = 0.011 → 0.01.
    expect(toUsd.body.Result).toMatchObject({ currencyCode: 'USD', currencyRate: 1.75, amount: 111.79 });
    const sameCurrency = await call(s.ctx, 'POST', `${BASE.proforma}/changeCurrency`, {
      proformaInvoiceId: draft._id,
      currency: s.usd,
      currencyRate: 1.8,
    });
    expect(sameCurrency.body.Result).toMatchObject({ currencyRate: 1.8, amount: 111.79 });
    const fixed = await call(s.ctx, 'POST', `${BASE.proforma}/changeCurrency`, {
      proformaInvoiceId: draft._id,
      currency: s.eur,
      currencyRate: 2,
    });
    expect(errorsOf(fixed.body)).toEqual({ currencyRate: 'currency_rate_fixed' });
  });

  it('adds rows as services: from the settings list, and from the contract at its price converted', async () => {
    const contract = await call(s.ctx, 'POST', '/api/contracts/save', {
      name: t('Договор', 'Contratto'),
      customerId: s.visible,
      fromDate: '2026-01-01',
      toDate: '2099-12-31',
      pricePerMonth: 100,
      currency: s.bgn,
    });
    const row = await call(s.ctx, 'POST', '/api/contract-services/addServiceToContract', {
      contractId: contract.body.Result._id,
      serviceId: s.services.second,
    });
    const draft = await createDraft(s, 'invoice', { contract: contract.body.Result._id });
    expect(draft).toMatchObject({ contract: contract.body.Result._id, contractName: t('Договор', 'Contratto') });
    const fromList = await call(s.ctx, 'POST', `${BASE.invoice}/addItemAsService`, {
      invoiceId: draft._id,
      serviceId: s.services.first,
      quantity: 2,
    });
    expect(fromList.body.Result.item).toMatchObject({
      name: t('Услуга S1', 'Servizio S1'),
      price: 120.5,
      quantity: 2,
      total: 241,
      service: s.services.first,
    });
    const fromContract = await call(s.ctx, 'POST', `${BASE.invoice}/addItemAsService`, {
      invoiceId: draft._id,
      contractServiceId: row.body.Result._id,
    });
    // 80 BGN in EUR: 80 / 1.95583 = 40.9033 → 40.90.
    expect(fromContract.body.Result.item).toMatchObject({
      name: t('Услуга S2', 'Servizio S2'),
      price: 40.9,
      total: 40.9,
      contract: contract.body.Result._id,
    });
    const inactive = await call(s.ctx, 'POST', `${BASE.invoice}/addItemAsService`, {
      invoiceId: draft._id,
      serviceId: s.services.inactive,
    });
    expect(errorsOf(inactive.body)).toEqual({ serviceId: 'invalid_value' });
    const other = await createDraft(s, 'invoice');
    const foreign = await call(s.ctx, 'POST', `${BASE.invoice}/addItemAsService`, {
      invoiceId: other._id,
      contractServiceId: row.body.Result._id,
    });
    expect(errorsOf(foreign.body)).toEqual({ contractServiceId: 'invalid_value' });
  });
});

describe('issue and unissue', () => {
  it('checks the issuing rules with their messages', async () => {
    // A new document is due its date plus the payment term; a deadline cleared (null) is what issuing refuses.
    const empty = await call(s.ctx, 'POST', `${BASE.invoice}/save`, { paymentDeadlineDate: null });
    expect(empty.body.Result).toMatchObject({ customerId: null, date: expect.any(String), paymentDeadlineDate: null });
    const noCustomer = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: empty.body.Result._id });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(noCustomer.body)).toEqual({
      paymentDeadlineDate: 'field_is_required',
      customerId: 'please_select_customer',
      items: 'please_add_invoice_items',
    });

    const withDeadline = await createDraft(s, 'invoice', { customerId: null, customerBank: null });
    const customerOnly = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: withDeadline._id });
    expect(customerOnly.body.Message).toBe('please_select_customer');
    const proforma = await createDraft(s, 'proforma', { paymentDeadlineDate: null });
    const itemsOnly = await call(s.ctx, 'POST', `${BASE.proforma}/issue`, { proformaInvoiceId: proforma._id });
    expect([itemsOnly.status, itemsOnly.body.Message]).toEqual([400, 'please_add_proforma_invoice_items']);
    const noSigner = await createDraft(s, 'invoice', { signer: null, paymentType: null });
    await addItem(s, 'invoice', noSigner._id, 5);
    const required = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: noSigner._id });
    expect(required.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(required.body)).toEqual({ signer: 'field_is_required', paymentType: 'field_is_required' });
  });

  it('takes the next number, freezes the document (409 on every change) and keeps the number when unissued', async () => {
    const draft = await createDraft(s, 'invoice');
    const { item } = await addItem(s, 'invoice', draft._id, 50, 2);
    const issued = await issue(s, 'invoice', draft._id);
    expect(issued).toMatchObject({
      issued: true,
      number: expect.stringMatching(/^\d{10}$/),
      issuedByName: expect.any(Object),
      rights: { canEdit: false, canIssue: false, canUnissue: true },
    });
    const number = issued.number;

    // A later change of the client does not reach the issued document.
    await call(s.ctx, 'POST', '/api/companies/save', {
      ...(await call(s.ctx, 'GET', `/api/companies/${s.visible}`)).body.Result,
      name: t('Ново име ООД', 'Nuovo Srl'),
    });
    expect(
      (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE.invoice}/${draft._id}`)).body.Result.customer?.name,
    ).toEqual(t('Видим ООД', 'Visibile Srl'));

    const frozen = [
      ['save', { _id: draft._id, date: '2026-03-03' }],
      ['saveItem', { invoiceId: draft._id, name: t('a', 'a'), price: 1 }],
      ['saveItem', { _id: item!._id, invoiceId: draft._id, name: t('a', 'a'), price: 1 }],
      ['removeItem', { itemId: item!._id }],
      ['addItemAsService', { invoiceId: draft._id, serviceId: s.services.first }],
      ['changeCurrency', { invoiceId: draft._id, currency: s.bgn }],
      ['setVATType', { invoiceId: draft._id, VATType: s.vat0 }],
      ['changeNoticeType', { invoiceId: draft._id, noticeType: 2 }],
      ['issue', { invoiceId: draft._id }],
    ] as const;
    for (const [path, body] of frozen) {
      const response = await call(s.ctx, 'POST', `${BASE.invoice}/${path}`, body);
      expect([path, response.status, response.body.Message]).toEqual([path, 409, 'document_issued']);
    }

    const notAdmin = await call(
      s.ctx,
      'POST',
      `${BASE.invoice}/unissue`,
      { invoiceId: draft._id },
      s.ctx.users.manager.token,
    );
    expect(notAdmin.status).toBe(403);
    const unissued = await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: draft._id });
    expect(unissued.body.Result).toMatchObject({
      issued: false,
      number,
      issuedByName: null,
      rights: { canEdit: true },
    });
    const again = await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: draft._id });
    expect([again.status, again.body.Message]).toEqual([409, 'document_not_issued']);
    // Issuing again keeps the number; the snapshot is taken again (the client's new name).
    const other = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', other._id, 1);
    const next = await issue(s, 'invoice', other._id);
    const reissued = await issue(s, 'invoice', draft._id);
    expect(reissued.number).toBe(number);
    expect(Number(next.number)).toBe(Number(number) + 1);
    expect(reissued.customer?.name).toEqual(t('Ново име ООД', 'Nuovo Srl'));
    const actions = (await logsOf(s.ctx, draft._id)).map((log) => log.action);
    expect(actions).toEqual(['save', 'saveItem', 'issue', 'unissue', 'issue']);
  });

  it('numbers proformas in their own register from the register settings', async () => {
    const saved = await call(s.ctx, 'POST', '/api/settings/invoices/saveRegisterNumbers', {
      invoices: 1000,
      proformaInvoices: 5000,
    });
    expect(saved.status).toBe(200);
    const invoice = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', invoice._id, 1);
    const proforma = await createDraft(s, 'proforma');
    await addItem(s, 'proforma', proforma._id, 1);
    expect((await issue(s, 'proforma', proforma._id)).number).toBe('0000005000');
    expect((await issue(s, 'invoice', invoice._id)).number).toBe('0000001000');
    const below = await call(s.ctx, 'POST', '/api/settings/invoices/saveRegisterNumbers', {
      invoices: 1000,
      proformaInvoices: 6000,
    });
    expect(errorsOf(below.body)).toEqual({ invoices: 'register_number_below_issued' });
  });
});

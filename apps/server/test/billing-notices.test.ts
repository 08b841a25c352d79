import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './clients-fixtures.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
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

describe('credit and debit notices', () => {
  it('makes a credit notice negative and a debit notice positive, sharing the invoices register', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 2]]);
    expect(original).toMatchObject({ amount: 200, VATAmount: 40, totalAmount: 240 });
    const credit = await createNotice(s, 1, original._id);
    expect(credit).toMatchObject({
      noticeType: 1,
      creditToInvoice: original._id,
      creditToInvoiceNumber: original.number,
      creditToInvoiceDate: original.date,
      noticeReason: t('Отстъпка', 'Sconto'),
    });
    const row = await addItem(s, 'invoice', credit._id, 10, 3);
    expect(row.item).toMatchObject({ price: 10, total: -30 });
    expect(row.document).toMatchObject({ amount: -30, VATAmount: -6, totalAmount: -36 });
    const issued = await issue(s, 'invoice', credit._id);
    expect(Number(issued.number)).toBe(Number(original.number) + 1);
    const originalNow = await call(s.ctx, 'GET', `${BASE.invoice}/${original._id}`);
    expect(originalNow.body.Result.creditedAmount).toBe(36);

    const debit = await createNotice(s, 2, original._id);
    await addItem(s, 'invoice', debit._id, 10, 1);
    expect((await issue(s, 'invoice', debit._id)).totalAmount).toBe(12);
    const list = await call(s.ctx, 'POST', `${BASE.invoice}/list`, { issued: true, noticeType: 1 });
    expect(list.body.Result.Items.map((r: { _id: string }) => r._id)).toContain(credit._id);
    expect(list.body.Result.Items.every((r: { noticeType: number }) => r.noticeType === 1)).toBe(true);
  });

  it('flips the rows and totals when the notice type changes, and clears the original on 0', async () => {
    const original = await issuedWith(s, 'invoice', [[50, 1]]);
    const draft = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', draft._id, 10.55, 1);
    const credit = await call(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      invoiceId: draft._id,
      noticeType: 1,
      creditToInvoice: original._id,
    });
    expect(credit.body.Result).toMatchObject({
      noticeType: 1,
      amount: -10.55,
      VATAmount: -2.11,
      totalAmount: -12.66,
      creditToInvoice: original._id,
    });
    const items = await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: draft._id });
    expect(items.body.Result[0].total).toBe(-10.55);
    const plain = await call(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      invoiceId: draft._id,
      noticeType: 0,
    });
    expect(plain.body.Result).toMatchObject({
      noticeType: 0,
      creditToInvoice: null,
      creditToInvoiceNumber: null,
      totalAmount: 12.66,
    });
  });

  it('requires an issued invoice of the same customer as the original', async () => {
    const draftOriginal = await createDraft(s, 'invoice');
    const onDraft = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      customerId: s.visible,
      noticeType: 1,
      creditToInvoice: draftOriginal._id,
    });
    expect(errorsOf(onDraft.body)).toEqual({ creditToInvoice: 'invalid_value' });
    const proforma = await issuedWith(s, 'proforma', [[1, 1]]);
    const onProforma = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      customerId: s.visible,
      noticeType: 1,
      creditToInvoice: proforma._id,
    });
    expect(errorsOf(onProforma.body)).toEqual({ creditToInvoice: 'invalid_value' });
    const other = await createClient(s.ctx);
    const original = await issuedWith(s, 'invoice', [[1, 1]]);
    const mismatch = await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      customerId: other._id,
      noticeType: 1,
      creditToInvoice: original._id,
    });
    expect(errorsOf(mismatch.body)).toEqual({ creditToInvoice: 'notice_customer_mismatch' });
    const noOriginal = await createNotice(s, 2, original._id, { creditToInvoice: null });
    await addItem(s, 'invoice', noOriginal._id, 1);
    const issueIt = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: noOriginal._id });
    expect([issueIt.body.Message, errorsOf(issueIt.body)]).toEqual([
      'please_fill_all_required_fields',
      { creditToInvoice: 'field_is_required' },
    ]);
    // The original was unissued after the notice was drafted: issuing the notice refuses it.
    const notice2 = await createNotice(s, 1, original._id);
    await addItem(s, 'invoice', notice2._id, 0.5);
    await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: original._id });
    const late = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: notice2._id });
    expect(errorsOf(late.body)).toEqual({ creditToInvoice: 'invalid_value' });
  });

  it('never lets the credit notices of an invoice add up to more than its total', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 1]]); // 120.00
    const first = await createNotice(s, 1, original._id);
    await addItem(s, 'invoice', first._id, 60, 1); // -72.00
    await issue(s, 'invoice', first._id);
    const second = await createNotice(s, 1, original._id);
    await addItem(s, 'invoice', second._id, 40.01, 1); // -48.01: 120.01 in all
    const over = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: second._id });
    expect([over.status, over.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);
    await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      _id: (await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: second._id })).body.Result[0]._id,
      invoiceId: second._id,
      name: t('x', 'x'),
      price: 40,
    });
    expect((await issue(s, 'invoice', second._id)).totalAmount).toBe(-48);
    // The original, unissued and lowered below its credit notices, cannot be issued again.
    await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: original._id });
    const rows = await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: original._id });
    await call(s.ctx, 'POST', `${BASE.invoice}/saveItem`, {
      _id: rows.body.Result[0]._id,
      invoiceId: original._id,
      name: t('x', 'x'),
      price: 90,
    });
    const lowered = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: original._id });
    expect(lowered.body.Message).toBe('credit_notice_exceeds_invoice');
  });
});

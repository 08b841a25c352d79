import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printableOf } from '../src/modules/billing/billing-print.ts';
import { loadDocument } from '../src/modules/billing/billing.queries.ts';
import { addItem, BASE, type BillingSetup, createDraft, issue, issuedWith, setUpBilling, t } from './billing-fixtures.ts';
import { bearer } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const print = (path: string, token = s.ctx.users.admin.token) => s.ctx.app.inject({ method: 'GET', url: path, headers: bearer(token) });

describe('print', () => {
  it('prints an issued invoice as a PDF named by number and date; a draft without a number', async () => {
    const invoice = await issuedWith(s, 'invoice', [[100, 1]]);
    const response = await print(`${BASE.invoice}/print/${invoice._id}?layout=invoice&lang=it`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`invoice-${invoice.number}-2026-03-02.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const draft = await createDraft(s, 'proforma');
    const draftPdf = await print(`${BASE.proforma}/print/${draft._id}`);
    expect(draftPdf.statusCode).toBe(200);
    expect(draftPdf.headers['content-disposition']).toContain('proforma-invoice-draft-2026-03-02.pdf');
  });

  it('refuses a layout of the other kind or one the document does not offer; reads with the reading roles', async () => {
    const invoice = await issuedWith(s, 'invoice', [[1, 1]]);
    const wrong = await print(`${BASE.invoice}/print/${invoice._id}?layout=proforma-ibans`);
    expect([wrong.statusCode, wrong.json().Errors]).toEqual([400, [{ field: 'layout', message: 'invalid_value' }]]);
    expect((await print(`${BASE.invoice}/print/${invoice._id}?layout=invoice-bgn`)).statusCode).toBe(400);
    expect((await print(`${BASE.invoice}/print/${invoice._id}?layout=nope`)).statusCode).toBe(400);
    expect((await print(`${BASE.invoice}/print/${invoice._id}`, s.ctx.users.accountant.token)).statusCode).toBe(200);
    expect((await print(`${BASE.invoice}/print/${invoice._id}`, s.ctx.users.employee.token)).statusCode).toBe(403);
    expect((await print(`${BASE.proforma}/print/${invoice._id}`)).statusCode).toBe(404);
  });

  it('builds the printable document from the stored document alone', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 1]]);
    const draft = await createDraft(s, 'invoice', { noticeType: 1, creditToInvoice: original._id, noticeReason: t('Отстъпка', 'Sconto'), showBGInvoice: true });
    await addItem(s, 'invoice', draft._id, 10, 2, { comment: t('бел.', 'nota') });
    const notice = await issue(s, 'invoice', draft._id);
    const doc = await printableOf(s.ctx.database.db, await loadDocument(s.ctx.database.db, 'invoice', { id: s.ctx.users.admin.id, access: 0 }, notice._id));
    expect(doc).toMatchObject({
      kind: 'invoice',
      noticeType: 1,
      issued: true,
      number: notice.number,
      currency: 'EUR',
      currencyRate: 1.95583,
      amount: -20,
      VATAmount: -4,
      totalAmount: -24,
      creditToInvoiceNumber: original.number,
      creditToInvoiceDate: original.date,
      noticeReason: t('Отстъпка', 'Sconto'),
      showBGInvoice: true,
      paymentType: t('Банков превод', 'Bonifico'),
      items: [{ name: t('Счетоводни услуги', 'Servizi contabili'), comment: t('бел.', 'nota'), quantity: 2, price: 10, total: -20 }],
    });
    expect(doc.customer.name).toEqual(t('Видим ООД', 'Visibile Srl'));
    expect((await print(`${BASE.invoice}/print/${notice._id}?layout=invoice-bgn`)).headers['content-disposition']).toContain('credit-notice-');
  });
});

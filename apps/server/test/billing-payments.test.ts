import { sofiaDay } from '@kantora/domain';
import type { BillingDocumentView, BillingItemRow, PaymentChange, PaymentRow } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  errorsOf,
  issuedWith,
  setUpBilling,
} from './billing-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

/** An issued invoice (or proforma) without VAT of the given total. */
const issuedOf = (kind: 'invoice' | 'proforma', total: number, extra: Record<string, unknown> = {}) =>
  issuedWith(s, kind, [[total, 1]], { VATCharging: false, VATType: s.vat0, ...extra });

const pay = (
  documentId: string,
  amount: number | null,
  extra: Record<string, unknown> = {},
  token = s.ctx.users.manager.token,
  kind: 'invoice' | 'proforma' = 'invoice',
) =>
  call<PaymentChange>(
    s.ctx,
    'POST',
    `${BASE[kind]}/savePayment`,
    { invoice: documentId, amount, date: '2026-03-10', type: s.paymentType, notes: 'Банков превод', ...extra },
    token,
  );

const paymentsOf = async (
  documentId: string,
  kind: 'invoice' | 'proforma' = 'invoice',
  token = s.ctx.users.admin.token,
) =>
  (await call(s.ctx, 'POST', `${BASE[kind]}/getPayments`, { page: 1, itemsPerPage: 100, invoiceId: documentId }, token))
    .body.Result.Items as PaymentRow[];

const stateOf = async (documentId: string, kind: 'invoice' | 'proforma' = 'invoice') => {
  const view = (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE[kind]}/${documentId}`)).body.Result;
  return { isPaid: view.isPaid, paidAmount: view.paidAmount };
};

describe('payments of an invoice', () => {
  it('records partial payments, keeps the state, refuses more than the rest and follows edits and removals', async () => {
    const invoice = await issuedOf('invoice', 100);
    expect(await stateOf(invoice._id)).toEqual({ isPaid: 0, paidAmount: 0 });

    const first = await pay(invoice._id, 30);
    expect(first.status).toBe(200);
    expect(first.body.Message).toBe('saved_successfully');
    expect(first.body.Result).toMatchObject({
      payment: { invoice: invoice._id, amount: 30, date: '2026-03-10', type: s.paymentType, notes: 'Банков превод' },
      totals: { total: 100, paid: 30, notPaid: 70 },
      isPaid: 2,
    });
    expect(await stateOf(invoice._id)).toEqual({ isPaid: 2, paidAmount: 30 });

    const second = await pay(invoice._id, 70, { date: '2026-03-12' });
    expect(second.body.Result).toMatchObject({ totals: { paid: 100, notPaid: 0 }, isPaid: 1 });

    const over = await pay(invoice._id, 0.01);
    expect(over.status).toBe(400);
    expect(over.body.Message).toBe('entered_amount_is_bigger_than_wanted_amount');
    expect(errorsOf(over.body)).toEqual({ amount: 'entered_amount_is_bigger_than_wanted_amount' });

    // An edit is weighed against the other payments as stored, never against what the form says.
    const firstId = first.body.Result.payment!._id;
    const tooMuch = await pay(invoice._id, 30.01, { _id: firstId });
    expect(tooMuch.body.Message).toBe('entered_amount_is_bigger_than_wanted_amount');
    // The refusal names the most the payment may be: the total less the other payments (100 − 70), in its currency.
    expect(tooMuch.body.Errors).toEqual([
      {
        field: 'amount',
        message: 'entered_amount_is_bigger_than_wanted_amount',
        params: { amount: 30, currency: invoice.currencyCode },
      },
    ]);
    expect(over.body.Errors?.[0].params).toEqual({ amount: 0, currency: invoice.currencyCode });
    const edited = await pay(invoice._id, 20, { _id: firstId, notes: 'Поправено' });
    expect(edited.body.Result).toMatchObject({
      payment: { _id: firstId, amount: 20, notes: 'Поправено', updated: expect.any(String) },
      totals: { paid: 90, notPaid: 10 },
      isPaid: 2,
    });

    const one = await call<PaymentRow>(
      s.ctx,
      'POST',
      `${BASE.invoice}/getPayment`,
      { invoicePaymentId: firstId },
      s.ctx.users.accountant.token,
    );
    expect(one.body.Result).toMatchObject({
      _id: firstId,
      amount: 20,
      typeName: { bg: 'Банков превод', it: 'Bonifico' },
    });
    const listed = await paymentsOf(invoice._id, 'invoice', s.ctx.users.accountant.token);
    expect(listed.map((payment) => [payment.date, payment.amount])).toEqual([
      ['2026-03-10', 20],
      ['2026-03-12', 70],
    ]);
    const details = await call(
      s.ctx,
      'POST',
      `${BASE.invoice}/getPaidDetails`,
      { invoiceId: invoice._id },
      s.ctx.users.accountant.token,
    );
    expect(details.body.Result).toMatchObject({
      totals: { total: 100, paid: 90, notPaid: 10 },
      invoice: { _id: invoice._id, isPaid: 2 },
    });

    const removed = await call<PaymentChange>(
      s.ctx,
      'POST',
      `${BASE.invoice}/removePayment`,
      { invoicePaymentId: listed[1]._id, invoiceId: invoice._id },
      s.ctx.users.manager.token,
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      Message: 'deleted_successfully',
      Result: { payment: null, totals: { paid: 20, notPaid: 80 }, isPaid: 2 },
    });
    expect((await paymentsOf(invoice._id)).map((payment) => payment._id)).toEqual([firstId]);
    await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, { invoicePaymentId: firstId, invoiceId: invoice._id });
    expect(await stateOf(invoice._id)).toEqual({ isPaid: 0, paidAmount: 0 });
  });

  it('logs every change with the old and new payment and the document', async () => {
    const invoice = await issuedOf('invoice', 40);
    const saved = (await pay(invoice._id, 10)).body.Result.payment!;
    await pay(invoice._id, 15, { _id: saved._id });
    await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, { invoicePaymentId: saved._id, invoiceId: invoice._id });
    const rows = await logsOf(s.ctx, saved._id);
    expect(rows.map((row) => [row.name, row.type, row.action])).toEqual([
      ['InvoicePayment', 'create', 'savePayment'],
      ['InvoicePayment', 'update', 'savePayment'],
      ['InvoicePayment', 'delete', 'removePayment'],
    ]);
    const documents = rows.map(
      (row) => row.documents as { old: { amount: number } | null; new: { amount: number } | null },
    );
    expect(documents.map((entry) => [entry.old?.amount ?? null, entry.new?.amount ?? null])).toEqual([
      [null, 10],
      [10, 15],
      [15, null],
    ]);
    expect(rows[0].createdBy).toBe(s.ctx.users.manager.id);
    const documentLogs = (await logsOf(s.ctx, invoice._id)).filter((row) => row.action.endsWith('Payment'));
    expect(
      documentLogs.map((row) => [
        row.name,
        row.action,
        (row.documents as { old: { paidAmount: number }; new: { paidAmount: number } }).new.paidAmount,
      ]),
    ).toEqual([
      ['Invoice', 'savePayment', 10],
      ['Invoice', 'savePayment', 15],
      ['Invoice', 'removePayment', 0],
    ]);
  });

  it('requires amount, date and payment type, an amount above zero and a known type', async () => {
    const invoice = await issuedOf('invoice', 50);
    const empty = await call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
      invoice: invoice._id,
      amount: null,
      date: '',
      type: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(empty.body)).toMatchObject({ amount: 'field_is_required', type: 'field_is_required' });
    expect(errorsOf(empty.body).date).toBeDefined();
    for (const amount of [0, -5]) {
      const refused = await pay(invoice._id, amount);
      expect([refused.status, refused.body.Message, errorsOf(refused.body)]).toEqual([
        400,
        'entered_amount_should_be_bigger_than_zero',
        { amount: 'entered_amount_should_be_bigger_than_zero' },
      ]);
    }
    expect(errorsOf((await pay(invoice._id, 1.005)).body)).toEqual({ amount: 'invalid_value' });
    expect(errorsOf((await pay(invoice._id, 5, { type: '00000000-0000-4000-8000-000000000000' })).body)).toEqual({
      type: 'invalid_value',
    });
    expect(await paymentsOf(invoice._id)).toEqual([]);
  });

  it("wants a date not after today (Europe/Sofia) and not before the document's date, on new payments and changes", async () => {
    const sofia = (days = 0) => sofiaDay(new Date(Date.now() + days * 86_400_000));
    for (const kind of ['invoice', 'proforma'] as const) {
      const document = await issuedOf(kind, 100);
      expect(document.date).toBe('2026-03-02');
      const dayBefore = await pay(document._id, 10, { date: '2026-03-01' }, undefined, kind);
      expect([kind, dayBefore.status, dayBefore.body.Message, errorsOf(dayBefore.body)]).toEqual([
        kind,
        400,
        'payment_date_before_document_date',
        { date: 'payment_date_before_document_date' },
      ]);
      // A day in Sofia after today (a day and a half ahead is later than today there whatever the hour, also across DST).
      const tomorrow = await pay(document._id, 10, { date: sofia(1.5) }, undefined, kind);
      expect([kind, tomorrow.status, tomorrow.body.Message, errorsOf(tomorrow.body)]).toEqual([
        kind,
        400,
        'date_in_future',
        { date: 'date_in_future' },
      ]);
      const onTheDay = await pay(document._id, 10, { date: '2026-03-02' }, undefined, kind);
      expect([kind, onTheDay.status]).toEqual([kind, 200]);
      const today = await pay(document._id, 10, { date: sofia() }, undefined, kind);
      expect([kind, today.status]).toEqual([kind, 200]);
      // A change is held to the same dates, and a refused one changes nothing.
      const id = onTheDay.body.Result.payment!._id;
      const moved = await pay(document._id, 10, { _id: id, date: '2025-12-31' }, undefined, kind);
      expect([kind, moved.status, errorsOf(moved.body)]).toEqual([
        kind,
        400,
        { date: 'payment_date_before_document_date' },
      ]);
      expect((await paymentsOf(document._id, kind)).map((payment) => payment.date).sort()).toEqual(
        ['2026-03-02', sofia()].sort(),
      );
      expect(await stateOf(document._id, kind)).toEqual({ isPaid: 2, paidAmount: 20 });
    }
  });

  it('takes payments only on issued documents and keeps a document with payments issued', async () => {
    const draft = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', draft._id, 10);
    const refused = await pay(draft._id, 5);
    expect([refused.status, refused.body.Message]).toEqual([409, 'document_not_issued']);

    const invoice = await issuedOf('invoice', 60);
    const { payment } = (await pay(invoice._id, 60)).body.Result;
    const view = (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE.invoice}/${invoice._id}`)).body.Result;
    expect(view.rights).toMatchObject({ canUnissue: false, canManagePayments: true });
    const unissue = await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: invoice._id });
    expect([unissue.status, unissue.body.Message]).toEqual([409, 'document_has_payments']);
    await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, {
      invoicePaymentId: payment!._id,
      invoiceId: invoice._id,
    });
    expect((await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: invoice._id })).status).toBe(200);
  });

  it('answers 404 for a payment of another document or kind', async () => {
    const invoice = await issuedOf('invoice', 20);
    const other = await issuedOf('invoice', 20);
    const { payment } = (await pay(invoice._id, 5)).body.Result;
    const wrong = await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, {
      invoicePaymentId: payment!._id,
      invoiceId: other._id,
    });
    expect(wrong.status).toBe(404);
    expect((await pay(other._id, 5, { _id: payment!._id })).status).toBe(404);
    expect((await call(s.ctx, 'POST', `${BASE.proforma}/getPayment`, { invoicePaymentId: payment!._id })).status).toBe(
      404,
    );
    expect((await call(s.ctx, 'POST', `${BASE.proforma}/getPayments`, { invoiceId: invoice._id })).status).toBe(404);
    expect((await paymentsOf(invoice._id)).length).toBe(1);
  });

  it('lists by paid state (the filter of the lists)', async () => {
    const invoice = await issuedOf('invoice', 77.77);
    await pay(invoice._id, 7.77);
    const partial = await call(s.ctx, 'POST', `${BASE.invoice}/list`, { issued: true, isPaid: 2, itemsPerPage: 200 });
    expect(partial.body.Result.Items.map((row: { _id: string }) => row._id)).toContain(invoice._id);
    const paid = await call(s.ctx, 'POST', `${BASE.invoice}/list`, { issued: true, isPaid: 1, itemsPerPage: 200 });
    expect(paid.body.Result.Items.map((row: { _id: string }) => row._id)).not.toContain(invoice._id);
    await pay(invoice._id, 70);
    const after = await call(s.ctx, 'POST', `${BASE.invoice}/list`, { issued: true, isPaid: 1, itemsPerPage: 200 });
    expect(after.body.Result.Items.find((row: { _id: string }) => row._id === invoice._id)).toMatchObject({
      isPaid: 1,
      paidAmount: 77.77,
    });
  });
});

describe('refunds on a credit notice', () => {
  it('takes negative amounts up to the notice total and refuses positive ones', async () => {
    const original = await issuedOf('invoice', 200);
    const notice = await issuedOf('invoice', 50, { noticeType: 1, creditToInvoice: original._id });
    expect(notice.totalAmount).toBe(-50);
    const positive = await pay(notice._id, 10);
    expect([positive.status, errorsOf(positive.body)]).toEqual([
      400,
      { amount: 'entered_amount_should_be_below_zero' },
    ]);
    const refund = await pay(notice._id, -20);
    expect(refund.body.Result).toMatchObject({ totals: { total: -50, paid: -20, notPaid: -30 }, isPaid: 2 });
    const overRefund = await pay(notice._id, -30.01);
    expect(overRefund.body.Errors).toEqual([
      {
        field: 'amount',
        message: 'entered_amount_is_bigger_than_wanted_amount',
        params: { amount: -30, currency: notice.currencyCode },
      },
    ]);
    expect((await pay(notice._id, -30)).body.Result.isPaid).toBe(1);
  });
});

describe('payments of a proforma and its rows paid', () => {
  it('takes payments and toggles a row paid, logged, on an issued proforma only', async () => {
    const proforma = await issuedWith(s, 'proforma', [
      [10, 1],
      [20, 1],
    ]);
    const payment = await pay(proforma._id, 12, {}, s.ctx.users.manager.token, 'proforma');
    expect(payment.body.Result).toMatchObject({ totals: { total: 36, paid: 12 }, isPaid: 2 });
    expect((await paymentsOf(proforma._id, 'proforma')).length).toBe(1);

    const rows = (
      await call<BillingItemRow[]>(s.ctx, 'POST', `${BASE.proforma}/getItems`, { proformaInvoiceId: proforma._id })
    ).body.Result;
    const toggled = await call<BillingItemRow>(
      s.ctx,
      'POST',
      `${BASE.proforma}/setItemIsPaid`,
      { proformaInvoiceItemId: rows[1]._id, isPaid: true },
      s.ctx.users.manager.token,
    );
    expect(toggled.status).toBe(200);
    expect(toggled.body.Result).toMatchObject({ _id: rows[1]._id, index: 2, isPaid: true });
    const again = (
      await call<BillingItemRow[]>(s.ctx, 'POST', `${BASE.proforma}/getItems`, { proformaInvoiceId: proforma._id })
    ).body.Result;
    expect(again.map((row) => row.isPaid)).toEqual([false, true]);
    const logged = await logsOf(s.ctx, rows[1]._id);
    expect(logged.at(-1)).toMatchObject({
      name: 'ProformaInvoiceItem',
      action: 'setItemIsPaid',
      documents: { old: { isPaid: false }, new: { isPaid: true } },
    });
    expect(
      (
        await call(s.ctx, 'POST', `${BASE.proforma}/setItemIsPaid`, {
          proformaInvoiceItemId: rows[1]._id,
          isPaid: false,
        })
      ).body.Result.isPaid,
    ).toBe(false);

    const draft = await createDraft(s, 'proforma');
    const draftRow = (await addItem(s, 'proforma', draft._id, 10)).item!;
    const refused = await call(s.ctx, 'POST', `${BASE.proforma}/setItemIsPaid`, {
      proformaInvoiceItemId: draftRow._id,
      isPaid: true,
    });
    expect([refused.status, refused.body.Message]).toEqual([409, 'document_not_issued']);
    const missing = await call(s.ctx, 'POST', `${BASE.proforma}/setItemIsPaid`, {
      proformaInvoiceItemId: draftRow._id,
    });
    expect(missing.status).toBe(400);
  });
});

describe('who may call the payments calls', () => {
  it('lets admin and manager change, the accountant read invoices only, nobody else anything', async () => {
    const invoice = await issuedOf('invoice', 1000);
    const proforma = await issuedOf('proforma', 1000);
    const rows = (
      await call<BillingItemRow[]>(s.ctx, 'POST', `${BASE.proforma}/getItems`, { proformaInvoiceId: proforma._id })
    ).body.Result;
    const seed = {
      invoice: (await pay(invoice._id, 1)).body.Result.payment!._id,
      proforma: (await pay(proforma._id, 1, {}, undefined, 'proforma')).body.Result.payment!._id,
    };
    const expected: Record<string, Record<'admin' | 'manager' | 'employee' | 'accountant' | 'client', number>> = {
      'invoice read': { admin: 200, manager: 200, accountant: 200, employee: 403, client: 403 },
      'invoice write': { admin: 200, manager: 200, accountant: 403, employee: 403, client: 403 },
      'proforma read': { admin: 200, manager: 200, accountant: 403, employee: 403, client: 403 },
      'proforma write': { admin: 200, manager: 200, accountant: 403, employee: 403, client: 403 },
    };
    const seen: string[] = [];
    for (const role of ['admin', 'manager', 'employee', 'accountant', 'client'] as const) {
      const token = s.ctx.users[role].token;
      for (const kind of ['invoice', 'proforma'] as const) {
        const documentId = kind === 'invoice' ? invoice._id : proforma._id;
        const calls: Array<[string, 'read' | 'write', Record<string, unknown>]> = [
          ['getPayments', 'read', { invoiceId: documentId }],
          ['getPayment', 'read', { invoicePaymentId: seed[kind] }],
          ['getPaidDetails', 'read', { invoiceId: documentId }],
          ['savePayment', 'write', { invoice: documentId, amount: 1, date: '2026-03-10', type: s.paymentType }],
          [
            'savePayment',
            'write',
            { _id: seed[kind], invoice: documentId, amount: 2, date: '2026-03-10', type: s.paymentType },
          ],
        ];
        if (kind === 'proforma')
          calls.push(['setItemIsPaid', 'write', { proformaInvoiceItemId: rows[0]._id, isPaid: true }]);
        for (const [name, access, body] of calls) {
          const response = await call(s.ctx, 'POST', `${BASE[kind]}/${name}`, body, token);
          expect([role, kind, name, response.status]).toEqual([role, kind, name, expected[`${kind} ${access}`][role]]);
          seen.push(`${kind}/${name}`);
        }
        // removePayment last: a payment of its own, so the others above keep theirs.
        const own =
          role === 'admin' || role === 'manager'
            ? (await pay(documentId, 1, {}, s.ctx.users.admin.token, kind)).body.Result.payment!._id
            : seed[kind];
        const removed = await call(
          s.ctx,
          'POST',
          `${BASE[kind]}/removePayment`,
          { invoicePaymentId: own, invoiceId: documentId },
          token,
        );
        expect([role, kind, 'removePayment', removed.status]).toEqual([
          role,
          kind,
          'removePayment',
          expected[`${kind} write`][role],
        ]);
        seen.push(`${kind}/removePayment`);
      }
    }
    expect(new Set(seen).size).toBe(11);
  }, 120_000);
});

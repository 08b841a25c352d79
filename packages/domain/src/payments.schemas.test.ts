import { describe, expect, it } from 'vitest';
import {
  paymentDateError,
  paymentFormSchemaFor,
  paymentRef,
  paymentSaveSchema,
  paymentSignError,
  paymentsListQuery,
  setItemIsPaidSchema,
} from './payments.schemas.ts';

const id = '00000000-0000-4000-8000-000000000001';
const type = '00000000-0000-4000-8000-000000000002';

describe('payments schemas', () => {
  it('wants amounts above zero, below zero on a credit notice', () => {
    expect(paymentSignError(10, 0)).toBeNull();
    expect(paymentSignError(0, 2)).toBe('entered_amount_should_be_bigger_than_zero');
    expect(paymentSignError(-1, 0)).toBe('entered_amount_should_be_bigger_than_zero');
    expect(paymentSignError(-1, 1)).toBeNull();
    expect(paymentSignError(1, 1)).toBe('entered_amount_should_be_below_zero');
  });

  it('requires amount, date and type in the form and checks the sign with the other fields', () => {
    const result = paymentFormSchemaFor(0).safeParse({ amount: 0, date: null, type: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({ amount: 'entered_amount_should_be_bigger_than_zero', type: 'field_is_required' });
    expect(paymentFormSchemaFor(1).safeParse({ amount: -12.5, date: '2026-03-10', type }).success).toBe(true);
  });

  it("wants a date not after today and not before the document's date, in the form too when it knows them", () => {
    expect(paymentDateError('2026-03-10', '2026-03-02', '2026-03-10')).toBeNull();
    expect(paymentDateError('2026-03-02', '2026-03-02', '2026-03-10')).toBeNull();
    expect(paymentDateError('2026-03-11', '2026-03-02', '2026-03-10')).toBe('date_in_future');
    expect(paymentDateError('2026-03-01', '2026-03-02', '2026-03-10')).toBe('payment_date_before_document_date');
    expect(paymentDateError('2026-03-01', null, '2026-03-10')).toBeNull();
    const dates = { documentDate: '2026-03-02', today: '2026-03-10' };
    const issues = (date: unknown) =>
      (paymentFormSchemaFor(0, dates).safeParse({ amount: 5, date, type }).error?.issues ?? []).map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issues('2026-03-11')).toEqual([['date', 'date_in_future']]);
    expect(issues('2026-03-01')).toEqual([['date', 'payment_date_before_document_date']]);
    expect(issues('2026-03-05')).toEqual([]);
    expect(issues('2026-13-45')).toEqual([['date', 'invalid_date']]);
    expect(paymentFormSchemaFor(0).safeParse({ amount: 5, date: '2099-01-01', type }).success).toBe(true);
  });

  it('names the document and the payment by any of its accepted fields', () => {
    expect(paymentSaveSchema.parse({ invoice: id, amount: 1, date: '2026-03-10', type })).toMatchObject({
      documentId: id,
      notes: '',
    });
    expect(paymentSaveSchema.parse({ proformaInvoiceId: id, amount: 1, date: '2026-03-10', type }).documentId).toBe(id);
    expect(paymentRef.parse({ invoicePaymentId: id, invoiceId: type })).toEqual({ paymentId: id, documentId: type });
    expect(paymentsListQuery.parse({ invoiceId: id })).toEqual({
      documentId: id,
      page: 1,
      itemsPerPage: 100,
      sortBy: 'date',
      sortDesc: false,
    });
    expect(paymentsListQuery.parse({ invoiceId: id, sortBy: ['amount'], sortDesc: [true] })).toMatchObject({
      sortBy: 'amount',
      sortDesc: true,
    });
    expect(setItemIsPaidSchema.parse({ proformaInvoiceItemId: id, isPaid: true })).toEqual({
      itemId: id,
      isPaid: true,
    });
    expect(setItemIsPaidSchema.safeParse({ proformaInvoiceItemId: id }).success).toBe(false);
  });
});

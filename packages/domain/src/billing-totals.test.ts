import { describe, expect, it } from 'vitest';
import { billingTotals, convertAmount, formatDocumentNumber, lineTotalCents, paidStateOf, resolveVat } from './billing-totals.ts';
import { billingListQuery, billingSaveSchema, billingSearchQuery, billingSetVatSchema, transformItemsSchema } from './billing.schemas.ts';

describe('billingTotals', () => {
  it('rounds each row, then the VAT, half away from zero', () => {
    // 1.5 × 0.67 = 1.005 → 1.01; 2.5 × 1.11 = 2.775 → 2.78; base 3.79; VAT 20% = 0.758 → 0.76.
    const totals = billingTotals({ items: [{ price: 0.67, quantity: 1.5 }, { price: 1.11, quantity: 2.5 }], VATCharging: true, VATPercentage: 20 });
    expect(totals).toEqual({ lineTotals: [1.01, 2.78], amount: 3.79, VATAmount: 0.76, totalAmount: 4.55 });
  });

  it('charges no VAT when VAT is not charged', () => {
    expect(billingTotals({ items: [{ price: 100, quantity: 1 }], VATCharging: false, VATPercentage: 20 })).toEqual({ lineTotals: [100], amount: 100, VATAmount: 0, totalAmount: 100 });
  });

  it('makes a credit notice negative, rounding away from zero', () => {
    const totals = billingTotals({ items: [{ price: 0.67, quantity: 1.5 }], VATCharging: true, VATPercentage: 9, noticeType: 1 });
    // -1.01 base; VAT -0.0909 → -0.09.
    expect(totals).toEqual({ lineTotals: [-1.01], amount: -1.01, VATAmount: -0.09, totalAmount: -1.1 });
    expect(lineTotalCents(0.005, 1, 1)).toBe(-1);
  });

  it('sums many rows exactly (no float drift)', () => {
    const items = Array.from({ length: 1000 }, () => ({ price: 0.1, quantity: 1 }));
    expect(billingTotals({ items, VATCharging: true, VATPercentage: 20 })).toMatchObject({ amount: 100, VATAmount: 20, totalAmount: 120 });
  });
});

describe('convertAmount', () => {
  it('multiplies or divides by the full rate and rounds once', () => {
    expect(convertAmount(100, 1.95583, 1)).toBe(195.58);
    expect(convertAmount(100, 1, 1.95583)).toBe(51.13);
    expect(convertAmount(10, 1.8, 1.95583)).toBe(9.2);
    expect(convertAmount(12.34, 1.95583, 1.95583)).toBe(12.34);
  });
});

describe('helpers', () => {
  it('pads numbers to 10 digits', () => {
    expect(formatDocumentNumber(42)).toBe('0000000042');
  });
  it('derives the paid state', () => {
    expect(paidStateOf(100, 0)).toBe(0);
    expect(paidStateOf(100, 40)).toBe(2);
    expect(paidStateOf(100, 100)).toBe(1);
    expect(paidStateOf(-50, -50)).toBe(1);
  });
  it('follows the VAT rule of the editors', () => {
    const current = { VATCharging: true, VATType: 'std' };
    expect(resolveVat({ VATCharging: false }, current, 'std')).toEqual({ VATCharging: false, VATType: null });
    expect(resolveVat({ VATType: 'exempt' }, current, 'std')).toEqual({ VATCharging: false, VATType: 'exempt' });
    expect(resolveVat({ VATType: 'std' }, { VATCharging: false, VATType: 'exempt' }, 'std')).toEqual({ VATCharging: true, VATType: 'std' });
    expect(resolveVat({ VATCharging: true }, { VATCharging: false, VATType: 'exempt' }, 'std')).toEqual({ VATCharging: true, VATType: 'std' });
  });
});

describe('billing schemas', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it('reads list filters with aliases', () => {
    const query = billingListQuery.parse({ issued: 'true', clientId: id, contractId: id, number: '0007', isPaid: '2' });
    expect(query).toMatchObject({ issued: true, customerId: id, contract: id, number: '0007', isPaid: 2 });
    expect(billingListQuery.safeParse({ number: 'abc' }).success).toBe(false);
    expect(billingListQuery.safeParse({ fromDate: '2026-02-01', toDate: '2026-01-01' }).success).toBe(false);
  });
  it('keeps missing save fields and clears nulls', () => {
    expect(billingSaveSchema.parse({ customerId: null, date: '2026-01-05' })).toEqual({ customerId: null, date: '2026-01-05' });
    const failed = billingSaveSchema.safeParse({ date: '2026-01-05', paymentDeadlineDate: '2026-01-04' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0].message).toBe('payment_deadline_before_date');
  });
  it('needs a document and a change', () => {
    expect(billingSetVatSchema.safeParse({ invoiceId: id }).success).toBe(false);
    expect(billingSetVatSchema.parse({ proformaInvoiceId: id, VATCharging: true })).toEqual({ documentId: id, VATCharging: true, VATType: undefined });
    expect(transformItemsSchema.safeParse({ proformaInvoiceId: id, proformaInvoiceItems: [] }).success).toBe(false);
    expect(billingSearchQuery.parse({ number: '12' })).toMatchObject({ text: '12', issued: true, itemsPerPage: 15 });
  });
});

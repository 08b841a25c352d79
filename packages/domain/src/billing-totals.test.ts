import { describe, expect, it } from 'vitest';
import {
  billingAmountsOverflow,
  billingTotals,
  convertAmount,
  formatDocumentNumber,
  lineTotalCents,
  paidStateOf,
  resolveVat,
} from './billing-totals.ts';
import {
  billingChangeCurrencySchema,
  billingItemFormSchema,
  billingItemSaveSchema,
  billingListQuery,
  billingSaveSchema,
  billingSearchQuery,
  billingSetVatSchema,
  MAX_QUANTITY,
  transformItemsSchema,
} from './billing.schemas.ts';
import { fitsMoney, MAX_CURRENCY_RATE, MAX_MONEY, MAX_MONEY_CENTS, MAX_PRICE, MIN_CURRENCY_RATE } from './money.ts';

describe('billingTotals', () => {
  it('rounds each row, then the VAT, half away from zero', () => {
    // 1.5 × 0.67 = 1.005 → 1.01; 2.5 × 1.11 = 2.775 → 2.78; base 3.79; VAT 20% = 0.758 → 0.76.
    const totals = billingTotals({
      items: [
        { price: 0.67, quantity: 1.5 },
        { price: 1.11, quantity: 2.5 },
      ],
      VATCharging: true,
      VATPercentage: 20,
    });
    expect(totals).toEqual({ lineTotals: [1.01, 2.78], amount: 3.79, VATAmount: 0.76, totalAmount: 4.55 });
  });

  it('charges no VAT when VAT is not charged', () => {
    expect(billingTotals({ items: [{ price: 100, quantity: 1 }], VATCharging: false, VATPercentage: 20 })).toEqual({
      lineTotals: [100],
      amount: 100,
      VATAmount: 0,
      totalAmount: 100,
    });
  });

  it('makes a credit notice negative, rounding away from zero', () => {
    const totals = billingTotals({
      items: [{ price: 0.67, quantity: 1.5 }],
      VATCharging: true,
      VATPercentage: 9,
      noticeType: 1,
    });
    // -1.01 base; VAT -0.0909 → -0.09.
    expect(totals).toEqual({ lineTotals: [-1.01], amount: -1.01, VATAmount: -0.09, totalAmount: -1.1 });
    expect(lineTotalCents(0.005, 1, 1)).toBe(-1);
  });

  it('sums many rows exactly (no float drift)', () => {
    const items = Array.from({ length: 1000 }, () => ({ price: 0.1, quantity: 1 }));
    expect(billingTotals({ items, VATCharging: true, VATPercentage: 20 })).toMatchObject({
      amount: 100,
      VATAmount: 20,
      totalAmount: 120,
    });
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
    expect(resolveVat({ VATType: 'std' }, { VATCharging: false, VATType: 'exempt' }, 'std')).toEqual({
      VATCharging: true,
      VATType: 'std',
    });
    expect(resolveVat({ VATCharging: true }, { VATCharging: false, VATType: 'exempt' }, 'std')).toEqual({
      VATCharging: true,
      VATType: 'std',
    });
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
    expect(billingSaveSchema.parse({ customerId: null, date: '2026-01-05' })).toEqual({
      customerId: null,
      date: '2026-01-05',
    });
    const failed = billingSaveSchema.safeParse({ date: '2026-01-05', paymentDeadlineDate: '2026-01-04' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0].message).toBe('payment_deadline_before_date');
  });
  it('needs a document and a change', () => {
    expect(billingSetVatSchema.safeParse({ invoiceId: id }).success).toBe(false);
    expect(billingSetVatSchema.parse({ proformaInvoiceId: id, VATCharging: true })).toEqual({
      documentId: id,
      VATCharging: true,
      VATType: undefined,
    });
    expect(transformItemsSchema.safeParse({ proformaInvoiceId: id, proformaInvoiceItems: [] }).success).toBe(false);
    expect(billingSearchQuery.parse({ number: '12' })).toMatchObject({ text: '12', issued: true, itemsPerPage: 15 });
  });
});

describe('limits of amounts', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const item = (price: unknown, quantity: unknown) => ({
    invoiceId: id,
    name: { bg: 'Услуга', it: 'Servizio' },
    price,
    quantity,
  });
  const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    result.success ? [] : (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('fits numeric(14,2)', () => {
    expect(MAX_MONEY_CENTS).toBe(Math.round(MAX_MONEY * 100));
    expect([
      fitsMoney(MAX_MONEY_CENTS),
      fitsMoney(-MAX_MONEY_CENTS),
      fitsMoney(MAX_MONEY_CENTS + 1),
      fitsMoney(Number.NaN),
    ]).toEqual([true, true, false, false]);
  });

  it('bounds a row: price, quantity and price × quantity (on the quantity), the same for the web form', () => {
    expect(issues(billingItemSaveSchema.safeParse(item(MAX_PRICE, 1)))).toEqual([]);
    expect(issues(billingItemSaveSchema.safeParse(item(MAX_PRICE + 0.01, 1)))).toEqual(['price: invalid_value']);
    expect(issues(billingItemSaveSchema.safeParse(item(0.01, MAX_QUANTITY)))).toEqual([]);
    expect(issues(billingItemSaveSchema.safeParse(item(0.01, MAX_QUANTITY + 0.001)))).toEqual([
      'quantity: invalid_value',
    ]);
    expect(issues(billingItemSaveSchema.safeParse(item(MAX_PRICE, 1000)))).toEqual([]);
    expect(issues(billingItemSaveSchema.safeParse(item(999_999_999.99, 1_000_000)))).toEqual([
      'quantity: amount_too_large',
    ]);
    expect(
      issues(
        billingItemFormSchema.safeParse({
          name: { bg: 'Услуга', it: 'Servizio' },
          price: MAX_PRICE,
          quantity: 1000.001,
        }),
      ),
    ).toEqual(['quantity: amount_too_large']);
    // Out of bounds or not numbers: the field's own error, nothing thrown.
    expect(new Set(issues(billingItemSaveSchema.safeParse(item(1e308, 1e308))))).toEqual(
      new Set(['price: invalid_value', 'quantity: invalid_value']),
    );
    expect(issues(billingItemSaveSchema.safeParse(item('1', 2)))).toHaveLength(1);
  });

  it('bounds a rate', () => {
    const change = (currencyRate: number) =>
      issues(billingChangeCurrencySchema.safeParse({ invoiceId: id, currency: id, currencyRate }));
    expect([change(MIN_CURRENCY_RATE), change(MAX_CURRENCY_RATE)]).toEqual([[], []]);
    expect([change(MIN_CURRENCY_RATE / 10), change(MAX_CURRENCY_RATE + 0.000001), change(0)]).toEqual([
      ['currencyRate: invalid_value'],
      ['currencyRate: invalid_value'],
      ['currencyRate: invalid_value'],
    ]);
  });

  it('names the first computed figure that would not fit', () => {
    const doc = (items: Array<{ price: number; quantity: number }>, VATCharging = false, currencyRate?: number) =>
      billingAmountsOverflow({ items, VATCharging, VATPercentage: 20, currencyRate });
    expect(
      doc([
        { price: MAX_PRICE, quantity: 1000 },
        { price: 9.99, quantity: 1 },
      ]),
    ).toBeNull();
    expect(doc([{ price: MAX_MONEY + 0.01, quantity: 0.001 }])).toBe('price');
    expect(doc([{ price: MAX_PRICE, quantity: 1_000_000 }])).toBe('total');
    expect(
      doc([
        { price: MAX_PRICE, quantity: 1000 },
        { price: 10, quantity: 1 },
      ]),
    ).toBe('amount');
    expect(
      doc(
        [
          { price: 833_333_333.33, quantity: 1000 },
          { price: 3.32, quantity: 1 },
        ],
        true,
      ),
    ).toBeNull();
    expect(
      doc(
        [
          { price: 833_333_333.33, quantity: 1000 },
          { price: 3.33, quantity: 1 },
        ],
        true,
      ),
    ).toBe('totalAmount');
    expect(doc([{ price: MAX_PRICE, quantity: 555 }], false, 1.8)).toBeNull();
    expect(doc([{ price: MAX_PRICE, quantity: 556 }], false, 1.8)).toBe('currencyRate');
    // A credit notice's negative figures are bounded by their size.
    expect(
      billingAmountsOverflow({
        items: [{ price: MAX_PRICE, quantity: 1000.001 }],
        VATCharging: false,
        VATPercentage: 0,
        noticeType: 1,
      }),
    ).toBe('total');
    // What fits, billingTotals answers without throwing.
    expect(
      billingTotals({
        items: [
          { price: MAX_PRICE, quantity: 1000 },
          { price: 9.99, quantity: 1 },
        ],
        VATCharging: false,
        VATPercentage: 20,
      }).totalAmount,
    ).toBe(MAX_MONEY);
    expect(lineTotalCents(MAX_PRICE, MAX_QUANTITY)).toBeGreaterThan(MAX_MONEY_CENTS);
  });
});

import { describe, expect, it } from 'vitest';
import {
  einvoiceFilename,
  PRINT_LAYOUT_NAMES,
  isReverseCharge,
  printDocumentKind,
  printFilename,
  printLanguage,
  printLayoutsFor,
  printQuery,
  resolvePrintLayout,
} from './printable.ts';

const party = (vatNumber: string) => ({
  name: { bg: 'Клиент', it: 'Cliente' },
  address: { country: { bg: '', it: '' }, city: { bg: '', it: '' }, zipCode: '', street: { bg: '', it: '' } },
  bank: null,
  responsiblePerson: { bg: '', it: '' },
  bulstat: '',
  vatNumber,
});

describe('print layouts', () => {
  it('offers each kind its layouts, the Bulgarian invoice only with showBGInvoice', () => {
    expect(printLayoutsFor({ kind: 'invoice', showBGInvoice: true })).toEqual(['invoice', 'invoice-bgn', 'italian']);
    expect(printLayoutsFor({ kind: 'invoice', showBGInvoice: false })).toEqual(['invoice', 'italian']);
    expect(printLayoutsFor({ kind: 'proforma', showBGInvoice: false })).toEqual([
      'proforma',
      'proforma-bgn',
      'proforma-ibans',
      'italian',
    ]);
    expect(PRINT_LAYOUT_NAMES).toHaveLength(6);
  });

  it('resolves the default layout and refuses another kind’s', () => {
    expect(resolvePrintLayout({ kind: 'invoice', showBGInvoice: false }, undefined)).toBe('invoice');
    expect(resolvePrintLayout({ kind: 'proforma', showBGInvoice: false }, undefined)).toBe('proforma');
    expect(resolvePrintLayout({ kind: 'proforma', showBGInvoice: true }, 'invoice')).toBeNull();
    expect(resolvePrintLayout({ kind: 'invoice', showBGInvoice: false }, 'invoice-bgn')).toBeNull();
    expect(resolvePrintLayout({ kind: 'invoice', showBGInvoice: true }, 'invoice-bgn')).toBe('invoice-bgn');
  });

  it('prints fixed-language layouts in their language', () => {
    expect(printLanguage('invoice', 'it')).toBe('it');
    expect(printLanguage('invoice-bgn', 'it')).toBe('bg');
    expect(printLanguage('proforma', 'it')).toBe('bg');
    expect(printLanguage('italian', 'bg')).toBe('it');
  });

  it('parses the print query', () => {
    expect(printQuery.parse({})).toEqual({ lang: 'bg' });
    expect(printQuery.parse({ layout: 'italian', lang: 'it' })).toEqual({ layout: 'italian', lang: 'it' });
    const bad = printQuery.safeParse({ layout: 'fancy', lang: 'en' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['layout', 'invalid_value'],
      ['lang', 'invalid_value'],
    ]);
  });
});

describe('printFilename', () => {
  it('names the kind, the number and the date', () => {
    expect(printFilename('invoice', '0000000123', '2026-03-15')).toBe('invoice-0000000123-2026-03-15.pdf');
    expect(printFilename('credit-notice', '0000000124', '2026-03-16')).toBe('credit-notice-0000000124-2026-03-16.pdf');
    expect(printFilename('proforma-invoice', null, '2026-03-15')).toBe('proforma-invoice-draft-2026-03-15.pdf');
    expect(printFilename('invoice', '../../x"\r\n', '2026-03-15')).toBe('invoice-x-2026-03-15.pdf');
  });
  it("names the e-invoice like the document's print, as XML", () => {
    const doc = { kind: 'invoice', issued: true, number: '0000000124', date: '2026-03-16' } as const;
    expect(einvoiceFilename({ ...doc, noticeType: 1 })).toBe('credit-notice-0000000124-2026-03-16.xml');
    expect(einvoiceFilename({ ...doc, noticeType: 2 })).toBe('debit-notice-0000000124-2026-03-16.xml');
    expect(einvoiceFilename({ ...doc, noticeType: 0, issued: false })).toBe('invoice-draft-2026-03-16.xml');
  });
  it('tells notices from invoices', () => {
    expect(printDocumentKind({ kind: 'invoice', noticeType: 0 })).toBe('invoice');
    expect(printDocumentKind({ kind: 'invoice', noticeType: 1 })).toBe('credit-notice');
    expect(printDocumentKind({ kind: 'invoice', noticeType: 2 })).toBe('debit-notice');
    expect(printDocumentKind({ kind: 'proforma', noticeType: 0 })).toBe('proforma-invoice');
  });
});

describe('isReverseCharge', () => {
  it('applies to an EU business outside Bulgaria when VAT is not charged', () => {
    expect(isReverseCharge({ VATCharging: false, customer: party('IT 01234567890') })).toBe(true);
    expect(isReverseCharge({ VATCharging: false, customer: party('el123456789') })).toBe(true);
    expect(isReverseCharge({ VATCharging: true, customer: party('IT01234567890') })).toBe(false);
    expect(isReverseCharge({ VATCharging: false, customer: party('BG123456789') })).toBe(false);
    expect(isReverseCharge({ VATCharging: false, customer: party('CHE-123.456.789') })).toBe(false);
    expect(isReverseCharge({ VATCharging: false, customer: party('') })).toBe(false);
  });
});

/**
 * Printing of invoices, credit/debit notices and proforma invoices (see
 * docs/decisions.md, "Printing"). The server renders a PDF from a `PrintableDocument`, which billing builds from
 * the stored document alone (its frozen party snapshots, rows and totals): nothing else is read or fetched.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from './api.ts';
import type { PartySnapshot } from './contracts.schemas.ts';
import { MessageKeys as M } from './messages.ts';
import type { LocalizedText } from './schemas.ts';

export type PrintKind = 'invoice' | 'proforma';
/** 0 invoice, 1 credit notice, 2 debit notice (`noticeType`). */
export type PrintNoticeType = 0 | 1 | 2;

export interface PrintableItem {
  name: LocalizedText;
  /** Printed under the name when not blank. */
  comment?: LocalizedText;
  quantity: number;
  /** Unit price without VAT, in the document's currency. */
  price: number;
  /** price × quantity, rounded (negative on a credit notice). */
  total: number;
}

/** Everything a layout prints, in the API's field names where the API has one. */
export interface PrintableDocument {
  kind: PrintKind;
  /** Always 0 for a proforma. */
  noticeType: PrintNoticeType;
  /** False for a draft: it prints with a watermark and without a number. */
  issued: boolean;
  /** The 10-digit number; null (or ignored) while a draft. */
  number: string | null;
  /** Business dates YYYY-MM-DD. */
  date: string;
  /** Date of the tax event (invoices and notices); null on a proforma. */
  taxDate: string | null;
  paymentDeadlineDate: string | null;
  /** The payment type's name. */
  paymentType: LocalizedText;
  provider: PartySnapshot;
  customer: PartySnapshot;
  /** ISO code of the document's currency (EUR, BGN, USD, ...). */
  currency: string;
  /** Leva per one unit of `currency` (1.95583 for EUR, 1 for BGN). */
  currencyRate: number;
  VATCharging: boolean;
  VATPercentage: number;
  /** The VAT type's name: the reason the tax is not charged, printed when VATCharging is false. */
  VATName: LocalizedText;
  /** Tax base. */
  amount: number;
  VATAmount: number;
  totalAmount: number;
  items: PrintableItem[];
  signerName: LocalizedText;
  /** A notice's original invoice: its number and date (YYYY-MM-DD). */
  creditToInvoiceNumber?: string | null;
  creditToInvoiceDate?: string | null;
  /** An invoice made from a proforma: the proforma's number, printed under the invoice's own. */
  proformaNumber?: string | null;
  /** A notice's reason, printed with the original invoice when given. */
  noticeReason?: LocalizedText | null;
  /** The Bulgarian (converted to BGN) invoice layout is offered only when true. */
  showBGInvoice: boolean;
  /** The period's timesheet report, printed as an annex page of each copy (the document's `timesheetAnnex`). */
  timesheetAnnex?: PrintTimesheetAnnex | null;
}

/** Hours per service and person of a contract's invoicing period (the timesheets' durations, in minutes). */
export interface PrintTimesheetAnnex {
  periodFrom: string;
  periodTo: string;
  rows: Array<{ service: LocalizedText; code: string; person: LocalizedText; minutes: number }>;
}

/**
 * The print layouts (docs/decisions.md, "Printing"). `language`: the print query's language, or fixed; `currency`: the document's
 * amounts, or converted to leva (× currencyRate); `ibans`: the provider's account of the document's
 * currency, or both the BGN and the EUR one; `minRows`: the item table is padded to that many rows;
 * `eurTotal`: the total is also shown in euro (÷ 1.95583 from leva).
 */
export interface PrintLayout {
  kinds: readonly PrintKind[];
  language: 'selected' | Locale;
  currency: 'document' | 'BGN';
  ibans: 'document' | 'both';
  minRows: number;
  eurTotal: boolean;
}

export const PRINT_LAYOUTS = {
  /** Invoice (or notice) in the selected language. */
  invoice: {
    kinds: ['invoice'],
    language: 'selected',
    currency: 'document',
    ibans: 'document',
    minRows: 0,
    eurTotal: false,
  },
  /** The Bulgarian invoice: in Bulgarian, amounts converted to leva; offered when showBGInvoice is true. */
  'invoice-bgn': {
    kinds: ['invoice'],
    language: 'bg',
    currency: 'BGN',
    ibans: 'document',
    minRows: 0,
    eurTotal: false,
  },
  /** Proforma in the base language (Bulgarian). */
  proforma: {
    kinds: ['proforma'],
    language: 'bg',
    currency: 'document',
    ibans: 'document',
    minRows: 0,
    eurTotal: false,
  },
  /** Bulgarian proforma in leva. */
  'proforma-bgn': {
    kinds: ['proforma'],
    language: 'bg',
    currency: 'BGN',
    ibans: 'document',
    minRows: 0,
    eurTotal: false,
  },
  /** The alternative company layout: proforma with the provider's BGN and EUR IBANs, in the selected language. */
  'proforma-ibans': {
    kinds: ['proforma'],
    language: 'selected',
    currency: 'document',
    ibans: 'both',
    minRows: 0,
    eurTotal: false,
  },
  /** Italian style, for both kinds: in Italian, at least 8 item rows, the total also in euro. */
  italian: {
    kinds: ['invoice', 'proforma'],
    language: 'it',
    currency: 'document',
    ibans: 'document',
    minRows: 8,
    eurTotal: true,
  },
} as const satisfies Record<string, PrintLayout>;

export type PrintLayoutName = keyof typeof PRINT_LAYOUTS;
export const PRINT_LAYOUT_NAMES = Object.keys(PRINT_LAYOUTS) as PrintLayoutName[];

/** The layout printed when the query names none. */
export const DEFAULT_PRINT_LAYOUT: Record<PrintKind, PrintLayoutName> = { invoice: 'invoice', proforma: 'proforma' };

/** The layouts a document may print (the editors' and the portal's print buttons). */
export function printLayoutsFor(doc: Pick<PrintableDocument, 'kind' | 'showBGInvoice'>): PrintLayoutName[] {
  return PRINT_LAYOUT_NAMES.filter((name) => {
    const layout: PrintLayout = PRINT_LAYOUTS[name];
    return layout.kinds.includes(doc.kind) && (name !== 'invoice-bgn' || doc.showBGInvoice);
  });
}

/** `GET .../print/{id}?layout=&lang=`: the layout (the kind's default when missing) and the language (bg by default). */
export const printQuery = z.object({
  layout: z.enum(PRINT_LAYOUT_NAMES as [PrintLayoutName, ...PrintLayoutName[]], { error: M.invalid_value }).optional(),
  lang: z.enum(LOCALES, { error: M.invalid_value }).optional().default('bg'),
});
export type PrintQueryInput = z.input<typeof printQuery>;
export type PrintQuery = z.output<typeof printQuery>;

/** The layout to print, or null when the document may not print it (answer 400 invalid_value). */
export function resolvePrintLayout(
  doc: Pick<PrintableDocument, 'kind' | 'showBGInvoice'>,
  layout: PrintLayoutName | undefined,
): PrintLayoutName | null {
  const name = layout ?? DEFAULT_PRINT_LAYOUT[doc.kind];
  return printLayoutsFor(doc).includes(name) ? name : null;
}

/** The language a layout prints in. */
export function printLanguage(layout: PrintLayoutName, selected: Locale): Locale {
  const language: PrintLayout['language'] = PRINT_LAYOUTS[layout].language;
  return language === 'selected' ? selected : language;
}

/** The kind of document a print is, as named in its file name and title. */
export type PrintDocumentKind = 'invoice' | 'credit-notice' | 'debit-notice' | 'proforma-invoice';

export function printDocumentKind(doc: Pick<PrintableDocument, 'kind' | 'noticeType'>): PrintDocumentKind {
  if (doc.kind === 'proforma') return 'proforma-invoice';
  return doc.noticeType === 1 ? 'credit-notice' : doc.noticeType === 2 ? 'debit-notice' : 'invoice';
}

/**
 * The download's file name: kind, number and date, e.g. `invoice-0000000123-2026-03-15.pdf`; a draft
 * (no number) is `invoice-draft-2026-03-15.pdf`. Only safe ASCII characters.
 */
export function printFilename(kind: PrintDocumentKind, number: string | null | undefined, date: string): string {
  const clean = (value: string) => value.replace(/[^0-9A-Za-z-]/g, '');
  return `${kind}-${clean(number ?? '') || 'draft'}-${clean(date) || 'undated'}.pdf`;
}

/** The e-invoice's (UBL XML) download name: the print's name of the document with `.xml`. */
export function einvoiceFilename(
  doc: Pick<PrintableDocument, 'kind' | 'noticeType' | 'issued' | 'number' | 'date'>,
): string {
  return printFilename(printDocumentKind(doc), doc.issued ? doc.number : null, doc.date).replace(/\.pdf$/, '.xml');
}

/** Member states' VAT number prefixes (Greece is EL; XI is Northern Ireland for goods). */
const EU_VAT_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

/**
 * True when a service to this customer is taxed by reverse charge: VAT is not charged and the customer is
 * a business registered for VAT in another member state (a VAT number with an EU prefix other than BG).
 * The layouts then print the reverse-charge note (art. 21(2) VAT Act, art. 196 of Directive 2006/112/EC).
 */
export function isReverseCharge(doc: { VATCharging: boolean; customer: Pick<PartySnapshot, 'vatNumber'> }): boolean {
  if (doc.VATCharging) return false;
  const prefix = doc.customer.vatNumber.replace(/\s/g, '').slice(0, 2).toUpperCase();
  return EU_VAT_PREFIXES.has(prefix) && prefix !== 'BG';
}

/**
 * The VAT note when VAT is not charged, one wording per language on screen and on paper (docs/decisions.md,
 * "Printed arithmetic in leva"): the label, and the legal basis of the reverse charge for an EU business client.
 */
export const VAT_EXEMPTION_TEXTS: Record<Locale, { label: string; reverseCharge: string }> = {
  bg: {
    label: 'Основание за неначисляване на ДДС',
    reverseCharge: 'Обратно начисляване — чл. 21, ал. 2 от ЗДДС; чл. 196 от Директива 2006/112/ЕО',
  },
  it: {
    label: "Motivo di non applicazione dell'IVA",
    reverseCharge:
      "Inversione contabile — art. 21, comma 2, della legge bulgara sull'IVA; art. 196 della direttiva 2006/112/CE",
  },
};

/**
 * The legal basis of a document's VAT exemption in a language: the reverse-charge wording for an EU business client,
 * else the VAT type's reason (the other language's when this one is blank); '' when VAT is charged.
 */
export function vatExemptionBasis(
  doc: { VATCharging: boolean; VATName?: LocalizedText | null; customer?: { vatNumber?: string | null } | null },
  lang: Locale,
): string {
  if (doc.VATCharging) return '';
  if (isReverseCharge({ VATCharging: false, customer: { vatNumber: doc.customer?.vatNumber ?? '' } }))
    return VAT_EXEMPTION_TEXTS[lang].reverseCharge;
  const name = doc.VATName;
  return name ? name[lang]?.trim() || name.bg?.trim() || name.it?.trim() || '' : '';
}

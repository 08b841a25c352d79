/**
 * The EN 16931 e-invoice of a stored, issued document in the UBL 2.1 syntax: a pure builder from what billing stored
 * (the PrintableDocument of its frozen snapshots, rows and totals, the stored VAT category, the paid amount) to the
 * XML text. Nothing is recomputed but what the syntax asks for: the signs of a credit note and the VAT total in euro.
 * The categories and exemption reasons are the print's (documentVatTreatment, vatExemptionBasis).
 */
import {
  BGN_PER_EUR,
  bgnToEur,
  countryCodeFrom,
  documentVatTreatment,
  type Locale,
  type LocalizedText,
  type PartyBank,
  type PartySnapshot,
  type PrintableDocument,
  roundHalfAway,
  VAT_EXEMPTION_TEXTS,
  type VatCategory,
  type VatTreatment,
  vatExemptionBasis,
} from '@kantora/domain';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

export const UBL_NAMESPACES = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** EN 16931 core invoice (BT-24). */
export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

/** Invoice 380, credit note 381, debit note 383 (UNTDID 1001). */
export const TYPE_CODES = { invoice: '380', credit: '381', debit: '383' } as const;

/** What the builder reads: the stored document as it prints, and what the print does not show. */
export interface EinvoiceSource {
  /** The PrintableDocument of the stored, issued document (billing's printableOf). */
  doc: PrintableDocument;
  /** The document's stored category and VATEX code (billing_documents.vat_category, vat_exemption_code). */
  vatCategory: string | null;
  vatExemptionCode: string | null;
  /** ISO 4217 code of the document's currency. */
  currencyCode: string;
  /** The stored paid amount (BT-113), in the document's currency and sign. */
  paidAmount: number;
  /** The contract's reference (BT-12), or null when the document has no contract. */
  contractReference: string | null;
  /** The printed PDF (BT-125) and its file name. */
  pdf: Buffer | null;
  pdfFilename: string;
}

/**
 * The e-invoice's language: Bulgarian for a customer in Bulgaria, Italian for everyone else (our foreign customers
 * read the Italian texts of the bilingual data; docs/decisions.md, "E-invoices").
 */
export function einvoiceLanguage(doc: Pick<PrintableDocument, 'customer'>): Locale {
  return partyCountry(doc.customer) === 'BG' ? 'bg' : 'it';
}

/** An address's ISO country code: stored, or derived from its text or the VAT number; Bulgaria when nothing tells. */
export function partyCountry(party: PartySnapshot): string {
  return party.address.countryCode ?? countryCodeFrom(party.address.country, party.vatNumber) ?? 'BG';
}

const pick = (text: LocalizedText | null | undefined, lang: Locale) =>
  (text?.[lang]?.trim() || text?.bg?.trim() || text?.it?.trim() || '').trim();

/** Amounts with two decimals, rounded half away from zero. */
export const amount2 = (value: number) => roundHalfAway(value, 2).toFixed(2);

/** A VAT number with its country prefix (BR-CO-09): as stored when it has one, else the address's prefix added. */
export function vatIdentifier(vatNumber: string, country: string): string {
  const clean = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  if (!clean) return '';
  if (/^[A-Z]{2}/.test(clean)) return clean;
  return `${country === 'GR' ? 'EL' : country}${clean}`;
}

/** The VAT total in euro (BT-111): leva (× the document's rate) to euro at the fixed 1.95583, to the cent. */
export function vatInEuro(vatAmount: number, currencyRate: number): number {
  return roundHalfAway((vatAmount * currencyRate) / BGN_PER_EUR, 2);
}

/** The provider's account of the document's currency: EUR → the EUR account (bank2), else the BGN one (bank). */
export function providerBankFor(provider: PartySnapshot, currencyCode: string): PartyBank | null {
  return currencyCode === 'EUR' ? (provider.bank2 ?? provider.bank ?? null) : (provider.bank ?? provider.bank2 ?? null);
}

/**
 * The currency an e-invoice states a document's amounts in: its own, but leva (withdrawn from ISO 4217 with the euro's
 * adoption, so no longer in the code list EN 16931 checks) as euro at the fixed rate 1.95583.
 */
export const statedCurrency = (currencyCode: string) => (currencyCode === 'BGN' ? 'EUR' : currencyCode);

/** The note of a leva document stated in euro: the stored totals in leva and the conversion. */
function levaNote(doc: PrintableDocument, sign: 1 | -1, lang: Locale): string {
  const leva = (value: number) => `${amount2(sign * value)} BGN`;
  return lang === 'bg'
    ? `Документът е издаден в лева (BGN); сумите са в евро по фиксирания курс ${BGN_PER_EUR} лв. за 1 евро. В лева: данъчна основа ${leva(doc.amount)}, ДДС ${leva(doc.VATAmount)}, общо ${leva(doc.totalAmount)}.`
    : `Documento emesso in leva bulgari (BGN); gli importi sono in euro al tasso fisso di ${BGN_PER_EUR} BGN per 1 euro. In leva: imponibile ${leva(doc.amount)}, IVA ${leva(doc.VATAmount)}, totale ${leva(doc.totalAmount)}.`;
}

/** Categories whose rules forbid the seller's and the buyer's VAT identifiers (BR-O-02..04). */
const withoutVatIds = (category: VatCategory) => category === 'O';

interface Context {
  source: EinvoiceSource;
  doc: PrintableDocument;
  lang: Locale;
  /** -1 on a credit note (stored negative, stated positive), else 1. */
  sign: 1 | -1;
  treatment: VatTreatment;
  /** The stated currency (statedCurrency). */
  currency: string;
  /** An amount of the document as stated: as stored, or leva in euro. */
  stated: (value: number) => number;
}

function add(parent: XMLBuilder, name: string, text?: string | null, attributes?: Record<string, string>) {
  if (text === undefined) return parent.ele(name, attributes);
  if (text === null || text === '') return parent;
  parent.ele(name, attributes).txt(text).up();
  return parent;
}

const money = (ctx: Context, parent: XMLBuilder, name: string, value: number, currency = ctx.currency) =>
  add(parent, name, amount2(value), { currencyID: currency });

function party(ctx: Context, parent: XMLBuilder, snapshot: PartySnapshot) {
  const p = parent.ele('cac:Party');
  const name = pick(snapshot.name, ctx.lang);
  const country = partyCountry(snapshot);
  add(p.ele('cac:PartyName'), 'cbc:Name', name);
  const address = p.ele('cac:PostalAddress');
  add(address, 'cbc:StreetName', pick(snapshot.address.street, ctx.lang));
  add(address, 'cbc:CityName', pick(snapshot.address.city, ctx.lang));
  add(address, 'cbc:PostalZone', snapshot.address.zipCode?.trim());
  add(address.ele('cac:Country'), 'cbc:IdentificationCode', country);
  const vatId = vatIdentifier(snapshot.vatNumber ?? '', country);
  if (vatId && !withoutVatIds(ctx.treatment.category)) {
    const scheme = p.ele('cac:PartyTaxScheme');
    add(scheme, 'cbc:CompanyID', vatId);
    add(scheme.ele('cac:TaxScheme'), 'cbc:ID', 'VAT');
  }
  const legal = p.ele('cac:PartyLegalEntity');
  add(legal, 'cbc:RegistrationName', name);
  add(legal, 'cbc:CompanyID', snapshot.bulstat?.trim());
}

function taxCategory(ctx: Context, parent: XMLBuilder, element: string, withReason: boolean) {
  const { category, exemptionCode } = ctx.treatment;
  const node = parent.ele(element);
  add(node, 'cbc:ID', category);
  if (category !== 'O') add(node, 'cbc:Percent', category === 'S' ? String(ctx.doc.VATPercentage) : '0');
  if (withReason && category !== 'S' && category !== 'Z') {
    add(node, 'cbc:TaxExemptionReasonCode', exemptionCode);
    add(node, 'cbc:TaxExemptionReason', vatExemptionBasis(ctx.doc, ctx.lang) || VAT_EXEMPTION_TEXTS[ctx.lang].label);
  }
  add(node.ele('cac:TaxScheme'), 'cbc:ID', 'VAT');
}

function paymentMeans(ctx: Context, root: XMLBuilder) {
  const { doc } = ctx;
  // A credit note's refund goes to the customer's account; an invoice's payment to the provider's of the currency.
  const bank = ctx.sign < 0 ? doc.customer.bank : providerBankFor(doc.provider, ctx.source.currencyCode);
  const iban = bank?.iban?.replace(/\s/g, '');
  if (!bank || !iban) return;
  const means = root.ele('cac:PaymentMeans');
  add(means, 'cbc:PaymentMeansCode', ctx.currency === 'EUR' ? '58' : '30');
  add(means, 'cbc:PaymentID', doc.number ?? '');
  const account = means.ele('cac:PayeeFinancialAccount');
  add(account, 'cbc:ID', iban);
  add(account, 'cbc:Name', pick((ctx.sign < 0 ? doc.customer : doc.provider).name, ctx.lang));
  if (bank.bic?.trim()) add(account.ele('cac:FinancialInstitutionBranch'), 'cbc:ID', bank.bic.trim());
}

/** The UBL 2.1 XML of an issued invoice (380), debit notice (Invoice 383) or credit notice (CreditNote 381). */
export function ublDocument(source: EinvoiceSource): string {
  const { doc } = source;
  const credit = doc.noticeType === 1;
  const sign: 1 | -1 = credit ? -1 : 1;
  const treatment = documentVatTreatment({
    VATCharging: doc.VATCharging,
    VATPercentage: doc.VATPercentage,
    vatCategory: source.vatCategory,
    vatExemptionCode: source.vatExemptionCode,
    customer: doc.customer,
  });
  const leva = source.currencyCode === 'BGN';
  const ctx: Context = {
    source,
    doc,
    lang: einvoiceLanguage(doc),
    sign,
    treatment,
    currency: statedCurrency(source.currencyCode),
    stated: leva ? bgnToEur : (value) => value,
  };
  const rootName = credit ? 'CreditNote' : 'Invoice';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(UBL_NAMESPACES[rootName], rootName, {
    'xmlns:cac': UBL_NAMESPACES.cac,
    'xmlns:cbc': UBL_NAMESPACES.cbc,
  });

  add(root, 'cbc:CustomizationID', CUSTOMIZATION_ID);
  add(root, 'cbc:ID', doc.number ?? '');
  add(root, 'cbc:IssueDate', doc.date);
  if (credit) {
    add(root, 'cbc:TaxPointDate', doc.taxDate);
    add(root, 'cbc:CreditNoteTypeCode', TYPE_CODES.credit);
  } else {
    add(root, 'cbc:DueDate', doc.paymentDeadlineDate);
    add(root, 'cbc:InvoiceTypeCode', doc.noticeType === 2 ? TYPE_CODES.debit : TYPE_CODES.invoice);
  }
  const notes = [pick(doc.noticeReason, ctx.lang), leva ? levaNote(doc, sign, ctx.lang) : ''].filter(Boolean);
  add(root, 'cbc:Note', notes.join('\n'));
  if (!credit) add(root, 'cbc:TaxPointDate', doc.taxDate);
  add(root, 'cbc:DocumentCurrencyCode', ctx.currency);
  if (ctx.currency !== 'EUR') add(root, 'cbc:TaxCurrencyCode', 'EUR');

  if (doc.noticeType !== 0 && doc.creditToInvoiceNumber) {
    const original = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    add(original, 'cbc:ID', doc.creditToInvoiceNumber);
    add(original, 'cbc:IssueDate', doc.creditToInvoiceDate);
  }
  if (source.contractReference) add(root.ele('cac:ContractDocumentReference'), 'cbc:ID', source.contractReference);
  if (source.pdf) {
    const reference = root.ele('cac:AdditionalDocumentReference');
    add(reference, 'cbc:ID', doc.number ?? source.pdfFilename);
    add(reference, 'cbc:DocumentDescription', source.pdfFilename);
    add(reference.ele('cac:Attachment'), 'cbc:EmbeddedDocumentBinaryObject', source.pdf.toString('base64'), {
      mimeCode: 'application/pdf',
      filename: source.pdfFilename,
    });
  }

  party(ctx, root.ele('cac:AccountingSupplierParty'), doc.provider);
  party(ctx, root.ele('cac:AccountingCustomerParty'), doc.customer);

  // An intra-community supply names its delivery date and country (BR-IC-11, BR-IC-12).
  if (treatment.category === 'K') {
    const delivery = root.ele('cac:Delivery');
    add(delivery, 'cbc:ActualDeliveryDate', doc.taxDate ?? doc.date);
    add(
      delivery.ele('cac:DeliveryLocation').ele('cac:Address').ele('cac:Country'),
      'cbc:IdentificationCode',
      partyCountry(doc.customer),
    );
  }

  paymentMeans(ctx, root);
  const terms = pick(doc.paymentType, ctx.lang);
  if (terms) add(root.ele('cac:PaymentTerms'), 'cbc:Note', terms);

  // The lines as stated; the tax base is their sum (as stored, or the sum of the lines in euro of a leva document).
  const lines = doc.items.map((item) => ({ item, amount: ctx.stated(sign * item.total) }));
  const base = leva ? lines.reduce((cents, line) => cents + Math.round(line.amount * 100), 0) / 100 : sign * doc.amount;
  const vat = ctx.stated(sign * doc.VATAmount);
  const total = leva ? roundHalfAway(base + vat, 2) : sign * doc.totalAmount;
  const paid = ctx.stated(sign * source.paidAmount);

  const taxTotal = root.ele('cac:TaxTotal');
  money(ctx, taxTotal, 'cbc:TaxAmount', vat);
  const subtotal = taxTotal.ele('cac:TaxSubtotal');
  money(ctx, subtotal, 'cbc:TaxableAmount', base);
  money(ctx, subtotal, 'cbc:TaxAmount', vat);
  taxCategory(ctx, subtotal, 'cac:TaxCategory', true);
  if (ctx.currency !== 'EUR') {
    money(ctx, root.ele('cac:TaxTotal'), 'cbc:TaxAmount', vatInEuro(vat, doc.currencyRate), 'EUR');
  }

  const totals = root.ele('cac:LegalMonetaryTotal');
  money(ctx, totals, 'cbc:LineExtensionAmount', base);
  money(ctx, totals, 'cbc:TaxExclusiveAmount', base);
  money(ctx, totals, 'cbc:TaxInclusiveAmount', total);
  if (paid !== 0) money(ctx, totals, 'cbc:PrepaidAmount', paid);
  money(ctx, totals, 'cbc:PayableAmount', roundHalfAway(total - paid, 2));

  lines.forEach(({ item, amount: lineAmount }, index) => {
    const line = root.ele(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    // The price is never negative (BR-27): a row against the document's direction states a negative quantity.
    const quantity = Math.abs(item.quantity) * (lineAmount < 0 ? -1 : 1);
    add(line, 'cbc:ID', String(index + 1));
    add(line, 'cbc:Note', item.comment ? pick(item.comment, ctx.lang) : '');
    add(line, credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', String(quantity), { unitCode: 'C62' });
    money(ctx, line, 'cbc:LineExtensionAmount', lineAmount);
    const product = line.ele('cac:Item');
    add(product, 'cbc:Name', pick(item.name, ctx.lang) || '-');
    taxCategory(ctx, product, 'cac:ClassifiedTaxCategory', false);
    money(ctx, line.ele('cac:Price'), 'cbc:PriceAmount', ctx.stated(Math.abs(item.price)));
  });

  return root.end({ prettyPrint: false });
}

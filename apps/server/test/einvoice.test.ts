/**
 * The e-invoice (EN 16931, UBL 2.1) of issued invoices and notices: the samples the official validator checks are
 * written to EINVOICE_OUT_DIR (default apps/server/test-output/einvoice/; .ci/run and `npm run einvoice:validate` run
 * the validator on them), and our own rules are asserted here on the parsed XML: totals equal the stored ones to the
 * cent, a credit note's signs, categories and reasons as printed, the VAT total in euro, the roles and the portal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BillingDocumentView, bgnToEur, VAT_EXEMPTION_TEXTS, vatExemptionBasis } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { addItem, BASE, createDraft, createNotice, issue, t } from './billing-fixtures.ts';
import { createClient, headquarters } from './clients-fixtures.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { einvoiceLanguage, ublDocument } from '../src/modules/einvoice/ubl.ts';
import { getRaw } from './documents-flow-fixtures.ts';
import { call } from './helpers.ts';
import { type PortalSetup, setUpPortal } from './portal-fixtures.ts';
import { bulgarianCustomer, eurInvoice, italianCustomer } from './printing-fixtures.ts';

const OUT_DIR = resolve(
  process.env.EINVOICE_OUT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output', 'einvoice'),
);

/** The little of the DOM the assertions read. */
interface XmlNode {
  nodeName: string;
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<XmlNode>;
  getAttribute(name: string): string | null;
}

const childrenOf = (node: XmlNode, name: string) =>
  Array.from(node.childNodes).filter((child) => child.nodeType === 1 && child.nodeName === name);

/** The elements at a path of child names ('cac:LegalMonetaryTotal/cbc:PayableAmount') under a node. */
function at(node: XmlNode, path: string): XmlNode[] {
  return path.split('/').reduce<XmlNode[]>((nodes, name) => nodes.flatMap((n) => childrenOf(n, name)), [node]);
}
const text = (node: XmlNode, path: string) => at(node, path)[0]?.textContent ?? undefined;
const num = (node: XmlNode, path: string) => Number(text(node, path));

const parse = (xml: string) => create(xml).root().node as unknown as XmlNode;

let s: PortalSetup;
let italian: string;
const samples: Record<
  string,
  { doc: BillingDocumentView; xml: string; root: XmlNode; headers: Record<string, unknown> }
> = {};

const staff = (id: string, token = s.ctx.users.admin.token) => getRaw(s.ctx, `${BASE.invoice}/einvoice/${id}`, token);
const portal = (id: string, token: string) => getRaw(s.ctx, `/api/my-invoices/einvoice/${id}`, token);

const banks = () => ({ providerBank: s.providerBank, providerBank2: s.providerBank2 });

/** A draft with rows (price, quantity), issued; extra header fields on the draft. */
async function issuedDoc(rows: Array<[number, number]>, extra: Record<string, unknown> = {}) {
  const draft = await createDraft(s, 'invoice', { taxDate: '2026-03-02', ...banks(), ...extra });
  for (const [price, quantity] of rows) await addItem(s, 'invoice', draft._id, price, quantity);
  return issue(s, 'invoice', draft._id);
}

/** Fetches, parses and writes out a sample. */
async function sample(name: string, doc: BillingDocumentView) {
  const response = await staff(doc._id);
  if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  const xml = response.body;
  writeFileSync(join(OUT_DIR, `${name}.xml`), xml);
  samples[name] = { doc, xml, root: parse(xml), headers: response.headers };
}

/** The stored document as the API answers it. */
const stored = async (id: string) =>
  (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE.invoice}/${id}`)).body.Result;

beforeAll(async () => {
  mkdirSync(OUT_DIR, { recursive: true });
  s = await setUpPortal();
  italian = (
    await createClient(s.ctx, {
      name: t('Società Edile Ferraù S.r.l.', 'Società Edile Ferraù S.r.l.'),
      vatNumber: 'IT01234567890',
      office: headquarters({
        country: t('Италия', 'Italia'),
        city: t('Милано', 'Milano'),
        street: t('виа Данте 7', 'via Dante 7'),
      }),
    })
  )._id;

  // The 2025 BGN invoice first: the register's dates only move forward.
  await sample(
    'bgn-2025',
    await issuedDoc(
      [
        [250, 2],
        [99.99, 1],
      ],
      {
        currency: s.bgn,
        date: '2025-11-20',
        taxDate: '2025-11-20',
        paymentDeadlineDate: '2025-12-05',
      },
    ),
  );
  const eur = await issuedDoc([
    [100, 2],
    [50.55, 3],
  ]);
  await sample('eur-20', eur);
  await sample(
    'reverse-charge-it',
    await issuedDoc(
      [
        [1200, 1],
        [45.5, 4],
      ],
      { customerId: italian, customerBank: null, VATCharging: false, VATType: s.vat0 },
    ),
  );
  const credit = await createNotice(s, 1, eur._id, { taxDate: '2026-03-02', ...banks() });
  await addItem(s, 'invoice', credit._id, 50.55, 2);
  await sample('credit-notice', await issue(s, 'invoice', credit._id));
  const debit = await createNotice(s, 2, eur._id, { taxDate: '2026-03-02', ...banks() });
  await addItem(s, 'invoice', debit._id, 30, 1);
  await sample('debit-notice', await issue(s, 'invoice', debit._id));
  await sample('usd', await issuedDoc([[333.33, 3]], { currency: s.usd, currencyRate: 1.8 }));
  const partly = await issuedDoc([[500, 1]]);
  const paid = await call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
    invoice: partly._id,
    amount: 150.25,
    date: '2026-03-10',
    type: s.paymentType,
    notes: '',
  });
  if (paid.status !== 200) throw new Error(JSON.stringify(paid.body));
  await sample('partly-paid', await stored(partly._id));
  const long = await createDraft(s, 'invoice', { taxDate: '2026-03-02', ...banks() });
  for (let index = 0; index < 100; index++) await addItem(s, 'invoice', long._id, 10 + index * 1.25, (index % 4) + 1);
  await sample('rows-100', await issue(s, 'invoice', long._id));
}, 240_000);
afterAll(() => s.ctx.close());

describe('the e-invoice of an issued document', () => {
  it('states the stored totals to the cent, each line as stored, and the stored paid amount', () => {
    for (const [name, { doc, root }] of Object.entries(samples)) {
      if (name === 'bgn-2025') continue; // stated in euro: the next test
      const sign = doc.noticeType === 1 ? -1 : 1;
      const totals = 'cac:LegalMonetaryTotal';
      expect([name, num(root, `${totals}/cbc:TaxExclusiveAmount`)]).toEqual([name, sign * doc.amount]);
      expect([name, num(root, `${totals}/cbc:LineExtensionAmount`)]).toEqual([name, sign * doc.amount]);
      expect([name, num(root, `${totals}/cbc:TaxInclusiveAmount`)]).toEqual([name, sign * doc.totalAmount]);
      expect([name, num(root, 'cac:TaxTotal/cbc:TaxAmount')]).toEqual([name, sign * doc.VATAmount]);
      expect([name, num(root, 'cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount')]).toEqual([name, sign * doc.amount]);
      const payable = Math.round((doc.totalAmount - doc.paidAmount) * 100) / 100;
      expect([name, num(root, `${totals}/cbc:PayableAmount`)]).toEqual([name, sign * payable]);
      const lines = at(root, doc.noticeType === 1 ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
      const lineSum = lines.reduce((sum, line) => sum + Math.round(num(line, 'cbc:LineExtensionAmount') * 100), 0);
      expect([name, lineSum / 100]).toEqual([name, sign * doc.amount]);
      expect(text(root, 'cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017');
      expect(text(root, 'cbc:ID')).toBe(doc.number);
      expect(text(root, 'cbc:IssueDate')).toBe(doc.date);
      expect(text(root, 'cbc:TaxPointDate')).toBe(doc.taxDate);
    }
    expect(samples['rows-100'].doc.itemsCount ?? 100).toBe(100);
    expect(at(samples['rows-100'].root, 'cac:InvoiceLine')).toHaveLength(100);
  });

  it('states a 2025 leva invoice in euro at the fixed rate, its stored leva totals in the note', () => {
    const { root, doc } = samples['bgn-2025'];
    expect(doc.currencyCode).toBe('BGN');
    expect(doc.date).toBe('2025-11-20');
    expect(text(root, 'cbc:DocumentCurrencyCode')).toBe('EUR');
    expect(at(root, 'cbc:TaxCurrencyCode')).toEqual([]);
    expect(at(root, 'cac:TaxTotal')).toHaveLength(1);
    // Rows 250.00 × 2 and 99.99 × 1 лв.: 255.65 + 51.12 €; VAT 120.00 лв. = 61.36 €.
    const lines = at(root, 'cac:InvoiceLine');
    expect(lines.map((line) => num(line, 'cbc:LineExtensionAmount'))).toEqual([bgnToEur(500), bgnToEur(99.99)]);
    expect(lines.map((line) => num(line, 'cac:Price/cbc:PriceAmount'))).toEqual([bgnToEur(250), bgnToEur(99.99)]);
    const totals = 'cac:LegalMonetaryTotal';
    expect([bgnToEur(500), bgnToEur(99.99), bgnToEur(120)]).toEqual([255.65, 51.12, 61.36]);
    expect(num(root, `${totals}/cbc:LineExtensionAmount`)).toBe(306.77);
    expect(Math.abs(num(root, `${totals}/cbc:TaxExclusiveAmount`) - bgnToEur(doc.amount))).toBeLessThanOrEqual(0.01);
    expect(doc.VATAmount).toBe(120);
    expect(num(root, 'cac:TaxTotal/cbc:TaxAmount')).toBe(bgnToEur(doc.VATAmount));
    expect(num(root, `${totals}/cbc:TaxInclusiveAmount`)).toBe(368.13);
    expect(num(root, `${totals}/cbc:PayableAmount`)).toBe(num(root, `${totals}/cbc:TaxInclusiveAmount`));
    expect(text(root, 'cbc:Note')).toBe(
      'Документът е издаден в лева (BGN); сумите са в евро по фиксирания курс 1.95583 лв. за 1 евро. В лева: данъчна основа 599.99 BGN, ДДС 120.00 BGN, общо 719.99 BGN.',
    );
    expect(doc.totalAmount).toBe(719.99);
    // Paid to the leva account the document names.
    expect(text(root, 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe(doc.provider?.bank?.iban);
  });

  it('gives a partly paid invoice its prepaid amount (BT-113) and the rest as payable', () => {
    const { root, doc } = samples['partly-paid'];
    expect(doc.paidAmount).toBe(150.25);
    expect(num(root, 'cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toBe(150.25);
    expect(num(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe(600 - 150.25);
    expect(at(samples['eur-20'].root, 'cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toEqual([]);
  });

  it('makes a credit notice a CreditNote 381 with positive amounts and quantities, stored negative', () => {
    const { root, doc } = samples['credit-notice'];
    expect(doc.totalAmount).toBeLessThan(0);
    expect(root.nodeName).toBe('CreditNote');
    expect(text(root, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(num(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe(-doc.totalAmount);
    expect(num(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBeGreaterThan(0);
    const [line] = at(root, 'cac:CreditNoteLine');
    expect(num(line, 'cbc:CreditedQuantity')).toBe(2);
    expect(at(line, 'cbc:CreditedQuantity')[0].getAttribute('unitCode')).toBe('C62');
    expect(num(line, 'cbc:LineExtensionAmount')).toBe(101.1);
    expect(num(line, 'cac:Price/cbc:PriceAmount')).toBe(50.55);
    const original = samples['eur-20'].doc;
    for (const name of ['credit-notice', 'debit-notice']) {
      const reference = samples[name].root;
      expect(text(reference, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe(original.number);
      expect(text(reference, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe(original.date);
    }
    expect(samples['debit-notice'].root.nodeName).toBe('Invoice');
    expect(text(samples['debit-notice'].root, 'cbc:InvoiceTypeCode')).toBe('383');
    expect(text(samples['eur-20'].root, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(at(samples['eur-20'].root, 'cac:BillingReference')).toEqual([]);
  });

  it('states S 20 % for a Bulgarian customer with VAT, in Bulgarian, with both VAT numbers and bulstats', () => {
    const { root, doc } = samples['eur-20'];
    const category = at(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')[0];
    expect(text(category, 'cbc:ID')).toBe('S');
    expect(num(category, 'cbc:Percent')).toBe(20);
    expect(at(category, 'cbc:TaxExemptionReason')).toEqual([]);
    const line = at(root, 'cac:InvoiceLine')[0];
    expect(text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).toBe('S');
    expect(text(line, 'cac:Item/cbc:Name')).toBe('Счетоводни услуги');
    expect(text(line, 'cbc:InvoicedQuantity')).toBe('2');
    const seller = at(root, 'cac:AccountingSupplierParty/cac:Party')[0];
    const buyer = at(root, 'cac:AccountingCustomerParty/cac:Party')[0];
    expect(text(seller, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe('BG201234567');
    expect(text(seller, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe('201234567');
    expect(text(seller, 'cac:PartyLegalEntity/cbc:RegistrationName')).toBe('Кантора ООД');
    expect(text(seller, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe('BG');
    expect(text(buyer, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe(doc.customer?.vatNumber);
    expect(text(buyer, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe(doc.customer?.bulstat);
    expect(text(root, 'cbc:DocumentCurrencyCode')).toBe('EUR');
    expect(at(root, 'cbc:TaxCurrencyCode')).toEqual([]);
    expect(at(root, 'cac:TaxTotal')).toHaveLength(1);
    expect(text(root, 'cbc:DueDate')).toBe(doc.paymentDeadlineDate);
    // EUR: SEPA credit transfer to the provider's EUR account.
    expect(text(root, 'cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('58');
    expect(text(root, 'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe(doc.provider?.bank2?.iban);
  });

  it('states AE with VATEX-EU-AE and the printed reverse-charge note for the Italian business, in Italian', () => {
    const { root, doc } = samples['reverse-charge-it'];
    const category = at(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')[0];
    expect(text(category, 'cbc:ID')).toBe('AE');
    expect(num(category, 'cbc:Percent')).toBe(0);
    expect(text(category, 'cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(text(category, 'cbc:TaxExemptionReason')).toBe(VAT_EXEMPTION_TEXTS.it.reverseCharge);
    expect(text(category, 'cbc:TaxExemptionReason')).toBe(
      vatExemptionBasis({ VATCharging: doc.VATCharging, VATName: doc.VATName, customer: doc.customer }, 'it'),
    );
    expect(num(root, 'cac:TaxTotal/cbc:TaxAmount')).toBe(0);
    const buyer = at(root, 'cac:AccountingCustomerParty/cac:Party')[0];
    expect(text(buyer, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe('IT01234567890');
    expect(text(buyer, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe('IT');
    expect(text(buyer, 'cac:PostalAddress/cbc:CityName')).toBe('Milano');
    expect(text(at(root, 'cac:InvoiceLine')[0], 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).toBe('AE');
  });

  it('states the VAT total in euro (BT-111) at the document rate for a document in another currency', () => {
    const usd = samples.usd;
    expect(text(usd.root, 'cbc:DocumentCurrencyCode')).toBe('USD');
    expect(text(usd.root, 'cbc:TaxCurrencyCode')).toBe('EUR');
    const [, euro] = at(usd.root, 'cac:TaxTotal');
    expect(at(euro, 'cbc:TaxAmount')[0].getAttribute('currencyID')).toBe('EUR');
    expect(at(euro, 'cac:TaxSubtotal')).toEqual([]);
    // 999.99 × 20 % = 200.00 USD; × 1.8 leva ÷ 1.95583 = 184.066...
    expect(usd.doc.VATAmount).toBe(200);
    expect(num(euro, 'cbc:TaxAmount')).toBe(184.07);
    expect(text(usd.root, 'cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('30');
  });

  it('embeds the printed PDF (BT-125) and names the download like the PDF, as XML', () => {
    for (const [name, { root, doc, headers }] of Object.entries(samples)) {
      const object = at(root, 'cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject')[0];
      expect(object.getAttribute('mimeCode')).toBe('application/pdf');
      const kind = doc.noticeType === 1 ? 'credit-notice' : doc.noticeType === 2 ? 'debit-notice' : 'invoice';
      expect(object.getAttribute('filename')).toBe(`${kind}-${doc.number}-${doc.date}.pdf`);
      expect(
        Buffer.from(object.textContent ?? '', 'base64')
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      expect([name, headers['content-type']]).toEqual([name, 'application/xml; charset=utf-8']);
      expect(headers['content-disposition']).toContain(`filename="${kind}-${doc.number}-${doc.date}.xml"`);
    }
  });

  it('names the contract of a document that has one', async () => {
    const response = await staff(s.owner.invoice);
    expect(response.statusCode).toBe(200);
    const root = parse(response.body);
    expect(text(root, 'cac:ContractDocumentReference/cbc:ID')).toBe('Счетоводно обслужване');
    expect(at(samples['eur-20'].root, 'cac:ContractDocumentReference')).toEqual([]);
  });
});

describe('who gets an e-invoice', () => {
  it('gives it to admin, manager and accountant; refuses an employee and a client user on the staff call', async () => {
    const id = samples['eur-20'].doc._id;
    const { users } = s.ctx;
    for (const token of [users.admin.token, users.manager.token, users.accountant.token])
      expect((await staff(id, token)).statusCode).toBe(200);
    expect((await staff(id, users.employee.token)).statusCode).toBe(403);
    expect((await staff(id, users.client.token)).statusCode).toBe(403);
  });

  it('answers 409 for a draft, and the invoice not-found for a proforma id or an unknown id', async () => {
    const draft = await staff(s.owner.draftInvoice);
    expect(draft.statusCode).toBe(409);
    expect(draft.json().Message).toBe('document_not_issued');
    for (const id of [s.owner.proforma, '7d1f0c4e-2b0a-4c8e-9a51-0f6b7c1d2e3f']) {
      const response = await staff(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().Message).toBe('the_invoice_was_not_found');
    }
  });

  it('answers 409 einvoice_currency_without_code for a currency without an ISO code', async () => {
    const doc = samples['eur-20'].doc;
    const { db } = s.ctx.database;
    const [{ id }] = await queryRows<{ id: string }>(
      db,
      sql`insert into currencies (name, code, exchange_rate) values (${JSON.stringify(t('Тест', 'Prova'))}::jsonb, null, 2) returning id`,
    );
    await db.execute(sql`update billing_documents set currency_id = ${id} where id = ${doc._id}`);
    try {
      const response = await staff(doc._id);
      expect(response.statusCode).toBe(409);
      expect(response.json().Message).toBe('einvoice_currency_without_code');
    } finally {
      await db.execute(sql`update billing_documents set currency_id = ${s.eur} where id = ${doc._id}`);
    }
  });

  it("gives the portal's client user the issued invoices of their company only, the portal's not-found otherwise", async () => {
    const mine = await portal(s.owner.invoice, s.owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(parse(mine.body).nodeName).toBe('Invoice');
    const printed = await getRaw(s.ctx, `/api/my-invoices/print/${s.stranger.invoice}`, s.owner.token);
    for (const id of [s.stranger.invoice, s.owner.draftInvoice, s.owner.proforma]) {
      const response = await portal(id, s.owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().Message).toBe('the_invoice_was_not_found');
      expect(response.statusCode).toBe(printed.statusCode);
      expect(response.json().Message).toBe(printed.json().Message);
    }
    expect((await portal(s.stranger.invoice, s.stranger.token)).statusCode).toBe(200);
    expect((await portal(s.owner.invoice, s.ctx.users.admin.token)).statusCode).toBe(403);
  });
});

describe('the categories a VAT type may carry (the builder alone, written out for the validator too)', () => {
  const exempt = { ...eurInvoice, VATCharging: false, VATPercentage: 0, VATAmount: 0, totalAmount: eurInvoice.amount };
  const build = (category: string, code: string | null, customer = bulgarianCustomer) =>
    ublDocument({
      doc: {
        ...exempt,
        customer,
        VATName: t(`Основание ${category}`, `Motivo ${category}`),
      },
      vatCategory: category,
      vatExemptionCode: code,
      currencyCode: 'EUR',
      paidAmount: 0,
      contractReference: null,
      pdf: null,
      pdfFilename: 'invoice.pdf',
    });

  it('states each category with its reason, and leaves out what its rules forbid', () => {
    const cases = [
      ['E', 'VATEX-EU-135-1', bulgarianCustomer],
      ['O', 'VATEX-EU-O', bulgarianCustomer],
      [
        'G',
        'VATEX-EU-G',
        {
          ...bulgarianCustomer,
          vatNumber: '',
          address: { ...bulgarianCustomer.address, country: t('САЩ', 'Stati Uniti'), countryCode: 'US' },
        },
      ],
      ['K', 'VATEX-EU-IC', { ...italianCustomer, vatNumber: 'BG115012345' }],
    ] as const;
    for (const [category, code, customer] of cases) {
      const xml = build(category, code, customer);
      writeFileSync(join(OUT_DIR, `category-${category}.xml`), xml);
      const root = parse(xml);
      const tax = at(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')[0];
      expect([category, text(tax, 'cbc:ID'), text(tax, 'cbc:TaxExemptionReasonCode')]).toEqual([
        category,
        category,
        code,
      ]);
      expect(text(tax, 'cbc:TaxExemptionReason')).toBe(
        vatExemptionBasis(
          { VATCharging: false, VATName: t(`Основание ${category}`, `Motivo ${category}`), customer },
          einvoiceLanguage({ customer }),
        ),
      );
      const vatIds = at(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme');
      // Not subject to VAT: neither party's VAT number (BR-O-02).
      expect([category, vatIds.length]).toEqual([category, category === 'O' ? 0 : 1]);
      if (category === 'O') expect(at(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme')).toEqual([]);
      if (category === 'O') expect(at(tax, 'cbc:Percent')).toEqual([]);
      // An intra-community supply names its delivery (BR-IC-11, BR-IC-12).
      if (category === 'K') expect(text(root, 'cac:Delivery/cbc:ActualDeliveryDate')).toBe(exempt.taxDate);
    }
  });
});

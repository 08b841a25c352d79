import { execFileSync } from 'node:child_process';
import {
  BGN_PER_EUR,
  type BillingDocumentView,
  centsInWords,
  documentAmountInWords,
  LOCALES,
  type Locale,
  multiplyCents,
  PRINT_LAYOUTS,
  type PrintLayoutName,
  percentOfCents,
  printLanguage,
  printLayoutsFor,
  sumCents,
  toCents,
} from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printableOf } from '../src/modules/billing/billing-print.ts';
import { loadDocument } from '../src/modules/billing/billing.queries.ts';
import { formatQuantity, formatRate, PRINT_LABELS } from '../src/modules/printing/labels.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  createNotice,
  issue,
  issuedWith,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { bearer, call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const print = (path: string, token = s.ctx.users.admin.token) =>
  s.ctx.app.inject({ method: 'GET', url: path, headers: bearer(token) });

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
    const draft = await createDraft(s, 'invoice', {
      noticeType: 1,
      creditToInvoice: original._id,
      noticeReason: t('Отстъпка', 'Sconto'),
      showBGInvoice: true,
    });
    await addItem(s, 'invoice', draft._id, 10, 2, { comment: t('бел.', 'nota') });
    const notice = await issue(s, 'invoice', draft._id);
    const doc = await printableOf(
      s.ctx.database.db,
      await loadDocument(s.ctx.database.db, 'invoice', { id: s.ctx.users.admin.id, access: 0 }, notice._id),
    );
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
      items: [
        {
          name: t('Счетоводни услуги', 'Servizi contabili'),
          comment: t('бел.', 'nota'),
          quantity: 2,
          price: 10,
          total: -20,
        },
      ],
    });
    expect(doc.customer.name).toEqual(t('Видим ООД', 'Visibile Srl'));
    expect(
      (await print(`${BASE.invoice}/print/${notice._id}?layout=invoice-bgn`)).headers['content-disposition'],
    ).toContain('credit-notice-');
  });
});

/** The text of a PDF (columns kept on their lines, or in drawing order as one line), no-break spaces as spaces. */
const pdfText = (pdf: Buffer, mode: '-layout' | '-raw' = '-layout') =>
  execFileSync('pdftotext', [mode, ...(mode === '-layout' ? ['-nodiag'] : []), '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
  })
    .toString('utf8')
    .replace(/\u00a0/g, ' ');
const flowOf = (pdf: Buffer) => pdfText(pdf, '-raw').replace(/\s+/g, ' ');
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A printed number ("1 173,50", "1.173,50", "-39,12", "3,333") in thousandths, exact. */
const MONEY = String.raw`-?\d{1,3}(?:[ .]\d{3})*,\d{2}`;
const QUANTITY = String.raw`\d{1,3}(?:[ .]\d{3})*(?:,\d{1,3})?`;
const parsed = (text: string) => {
  const [whole, fraction = ''] = text.replace(/[ .]/g, '').split(',');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 1000 + Number(fraction.padEnd(3, '0')));
};
/** Cents of a printed amount. */
const cents = (text: string) => parsed(text) / 10;

/**
 * Reads back every row and total of a print and checks its arithmetic as a reader would: each row's quantity ×
 * price is its total (to the cent), the tax base is the sum of the printed rows, the VAT is the base × the
 * percentage, the total is base + VAT; a total converted to leva differs from the document's converted total by
 * at most the rounding difference the page states (and the page says which rate converted it).
 */
async function checkPrintedArithmetic(
  doc: BillingDocumentView,
  rowsCount: number,
  layout: PrintLayoutName,
  selected: Locale,
): Promise<number> {
  const response = await print(`${BASE[doc.kind]}/print/${doc._id}?layout=${layout}&lang=${selected}`);
  expect(response.statusCode).toBe(200);
  const pdf = response.rawPayload;
  const text = pdfText(pdf);
  const flow = flowOf(pdf);
  const lang = printLanguage(layout, selected);
  const labels = PRINT_LABELS[lang];
  const converted = PRINT_LAYOUTS[layout].currency === 'BGN' && doc.currencyCode !== 'BGN';
  const currency = converted ? 'BGN' : doc.currencyCode!;
  const credit = doc.noticeType === 1;
  const where = `${doc.currencyCode} ${doc.kind} ${doc.noticeType}, layout ${layout}, ${lang}`;

  const rowPattern = new RegExp(
    String.raw`^\s*\d+\s{2,}\S.*?\s{2,}(${QUANTITY})\s{2,}(${MONEY})\s{2,}(${MONEY})\s*$`,
    'gm',
  );
  const rows = [...text.matchAll(rowPattern)].map((match) => ({
    quantity: parsed(match[1]),
    price: cents(match[2]),
    total: cents(match[3]),
  }));
  // The original and the copy (a draft prints one copy).
  expect(rows.length, `${where}\n${text}`).toBe(rowsCount * (doc.issued ? 2 : 1));
  for (const row of rows) {
    expect(Math.abs(multiplyCents(row.price, row.quantity / 1000)), `${where}: ${JSON.stringify(row)}`).toBe(
      Math.abs(row.total),
    );
    expect(Math.sign(row.total), where).toBe(credit ? -1 : 1);
  }
  const ofOriginal = rows.slice(0, rowsCount);
  const figure = (label: string) => {
    const match = new RegExp(`${escapeRegExp(label)}\\s+(${MONEY}) ${currency}`).exec(text);
    expect(match, `${where}: ${label}`).not.toBeNull();
    return cents(match![1]);
  };
  const base = figure(labels.taxBase);
  const vat = figure(labels.vat(formatQuantity(doc.VATCharging ? doc.VATPercentage : 0, lang)));
  const total = figure(credit ? labels.creditTotal : labels.total);
  expect(base, where).toBe(sumCents(ofOriginal.map((row) => row.total)));
  expect(vat, where).toBe(doc.VATCharging ? percentOfCents(base, doc.VATPercentage) : 0);
  expect(total, where).toBe(base + vat);
  const words = converted
    ? centsInWords(total, 'BGN')
    : documentAmountInWords({
        totalAmount: doc.totalAmount,
        currency: doc.currencyCode!,
        currencyRate: doc.currencyRate,
      });
  if (lang === 'bg') expect(flow, where).toContain(`${labels.inWords}: ${words}`);

  if (!converted) {
    expect(total, where).toBe(toCents(doc.totalAmount));
    return 0;
  }
  const rate = doc.currencyCode === 'EUR' ? BGN_PER_EUR : doc.currencyRate;
  expect(flow, where).toContain(
    labels.converted(`1 ${doc.currencyCode} = ${formatRate(rate, lang)} BGN`, doc.currencyCode === 'EUR'),
  );
  const documentLeva = multiplyCents(toCents(doc.totalAmount), rate);
  const pattern = escapeRegExp(labels.roundingDifference('§1', '§2', '§3'))
    .replace('§1', `(${MONEY}) BGN`)
    .replace('§2', `(${MONEY}) ${doc.currencyCode}`)
    .replace('§3', `(${MONEY}) BGN`);
  const stated = new RegExp(pattern).exec(flow);
  const difference = stated ? cents(stated[1]) : 0;
  if (stated) {
    expect(cents(stated[2]), where).toBe(toCents(doc.totalAmount));
    expect(cents(stated[3]), where).toBe(documentLeva);
    expect(difference, where).not.toBe(0);
  }
  expect(total - documentLeva, where).toBe(difference);
  expect(Math.abs(total - documentLeva), where).toBeLessThanOrEqual(Math.abs(difference));
  return difference;
}

describe('printed arithmetic', () => {
  const awkward: Array<[number, number]> = [
    [1173.5, 12],
    [0.35, 7],
    [19.99, 3.333],
  ];

  it('every layout, in each language, adds up as printed (converted prices in leva, the rounding difference stated)', async () => {
    const invoice = await issuedWith(s, 'invoice', awkward, { showBGInvoice: true });
    const creditDraft = await createNotice(s, 1, invoice._id, { showBGInvoice: true });
    await addItem(s, 'invoice', creditDraft._id, 1173.5, 1);
    await addItem(s, 'invoice', creditDraft._id, 0.35, 3);
    const credit = await issue(s, 'invoice', creditDraft._id);
    const debitDraft = await createNotice(s, 2, invoice._id, { showBGInvoice: true, VATType: s.vat0 });
    await addItem(s, 'invoice', debitDraft._id, 33.33, 3);
    const debit = await issue(s, 'invoice', debitDraft._id);
    const usd = await issuedWith(s, 'invoice', awkward, { showBGInvoice: true, currency: s.usd, currencyRate: 1.8 });
    const proforma = await issuedWith(s, 'proforma', awkward);
    const bgnProforma = await issuedWith(s, 'proforma', awkward, { currency: s.bgn });
    const draft = await createDraft(s, 'invoice', { showBGInvoice: true });
    for (const [price, quantity] of awkward) await addItem(s, 'invoice', draft._id, price, quantity);
    const draftView = (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE.invoice}/${draft._id}`)).body.Result;

    const documents: Array<[BillingDocumentView, number]> = [
      [invoice, 3],
      [credit, 2],
      [debit, 1],
      [usd, 3],
      [proforma, 3],
      [bgnProforma, 3],
      [draftView, 3],
    ];
    const differences: number[] = [];
    for (const [doc, rowsCount] of documents) {
      for (const layout of printLayoutsFor(doc)) {
        for (const lang of LOCALES) {
          if (PRINT_LAYOUTS[layout].language !== 'selected' && lang !== PRINT_LAYOUTS[layout].language) continue;
          differences.push(await checkPrintedArithmetic(doc, rowsCount, layout, lang));
        }
      }
    }
    expect(differences.some((difference) => difference !== 0)).toBe(true);
    // 1 173,50 EUR = 2 295,17 BGN, × 12 = 27 542,04 BGN (the row's total converted would be 14 082 × 1,95583 = 27 542,00).
    const leva = pdfText((await print(`${BASE.invoice}/print/${invoice._id}?layout=invoice-bgn`)).rawPayload);
    expect(leva).toMatch(/^\s*1\s{2,}Счетоводни услуги\s{2,}12\s{2,}2 295,17\s{2,}27 542,04\s*$/m);
    // The credit notice in leva: -2 756,65 BGN printed, -1 409,46 EUR × 1,95583 = -2 756,66 BGN.
    expect(flowOf((await print(`${BASE.invoice}/print/${credit._id}?layout=invoice-bgn`)).rawPayload)).toContain(
      'Разлика от закръгляне: 0,01 BGN спрямо общата сума на документа -1 409,46 EUR = -2 756,66 BGN.',
    );
  });
});

describe('an invoice made from a proforma', () => {
  it('answers and prints the proforma’s number, in both languages', async () => {
    const proforma = await issuedWith(s, 'proforma', [[100, 1]]);
    const made = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: proforma._id,
    });
    expect(made.status).toBe(200);
    const invoice = await issue(s, 'invoice', made.body.Result._id);
    expect(invoice.transformedFromProformaNumber).toBe(proforma.number);
    const view = (await call<BillingDocumentView>(s.ctx, 'GET', `${BASE.invoice}/${invoice._id}`)).body.Result;
    expect(view).toMatchObject({
      transformedFromProformaInvoice: proforma._id,
      transformedFromProformaNumber: proforma.number,
    });
    expect(pdfText((await print(`${BASE.invoice}/print/${invoice._id}?layout=invoice&lang=bg`)).rawPayload)).toContain(
      `По проформа фактура № ${proforma.number}`,
    );
    expect(pdfText((await print(`${BASE.invoice}/print/${invoice._id}?layout=invoice&lang=it`)).rawPayload)).toContain(
      `Dalla fattura proforma n. ${proforma.number}`,
    );
    // An invoice of its own names no proforma.
    const plain = await issuedWith(s, 'invoice', [[1, 1]]);
    expect(plain.transformedFromProformaNumber).toBeNull();
    expect(
      pdfText((await print(`${BASE.invoice}/print/${plain._id}?layout=invoice&lang=bg`)).rawPayload),
    ).not.toContain('проформа');
  });
});

describe('the print language', () => {
  it('prints in the language asked for (the screen’s), Bulgarian when none is given; fixed-language layouts keep theirs', async () => {
    const invoice = await issuedWith(s, 'invoice', [[100, 1]], { showBGInvoice: true });
    const textOf = async (query: string) =>
      pdfText((await print(`${BASE.invoice}/print/${invoice._id}${query}`)).rawPayload);
    const italian = await textOf('?layout=invoice&lang=it');
    expect(italian).toContain('FATTURA');
    expect(italian).not.toContain('ФАКТУРА');
    expect(await textOf('?layout=invoice&lang=bg')).toContain('ФАКТУРА');
    expect(await textOf('?lang=it')).toContain('FATTURA');
    expect(await textOf('')).toContain('ФАКТУРА');
    expect(await textOf('?layout=invoice-bgn&lang=it')).toContain('ФАКТУРА');
    expect((await print(`${BASE.invoice}/print/${invoice._id}?lang=en`)).statusCode).toBe(400);
  });
});

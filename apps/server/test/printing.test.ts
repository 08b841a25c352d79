/**
 * The printing engine: every layout of every kind of document is rendered and its text read back with
 * pdftotext (poppler-utils), looking for each field VAT Act art. 114 requires, the original and the copy,
 * the amount in words, page flow of long item lists, drafts, and that nothing is ever fetched.
 */
import { execFileSync } from 'node:child_process';
import {
  type Locale,
  type PrintableDocument,
  type PrintLayoutName,
  PRINT_LAYOUTS,
  printLanguage,
  printLayoutsFor,
} from '@kantora/domain';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printFigures } from '../src/modules/printing/figures.ts';
import { PRINT_LABELS, formatDate, formatMoney, formatNumber, formatQuantity } from '../src/modules/printing/labels.ts';
import { localized } from '../src/modules/printing/layout-parts.ts';
import { pdfFromDefinition } from '../src/modules/printing/pdf-engine.ts';
import { printFilenameOf, renderPdf, sendPdf } from '../src/modules/printing/render.ts';
import {
  bgnInvoice,
  creditNotice,
  debitNotice,
  draftInvoice,
  eurInvoice,
  italianCustomer,
  longInvoice,
  proforma,
} from './printing-fixtures.ts';

/** No-break spaces (the Bulgarian thousands separator) as spaces. */
const nb = (text: string) => text.replace(/\u00a0/g, ' ');

/** The text of a PDF (or of some of its pages), columns kept on their lines. */
function pdfText(pdf: Buffer, pages?: { first: number; last: number }): string {
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  return nb(
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', ...range, '-', '-'], { input: pdf }).toString('utf8'),
  );
}

/** The text in drawing order, all white space as one space: a paragraph wrapped beside another column reads whole. */
function pdfFlow(pdf: Buffer): string {
  return nb(execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8')).replace(
    /\s+/g,
    ' ',
  );
}

function pageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

const TITLES: Record<Locale, Record<string, string>> = {
  bg: {
    invoice: 'ФАКТУРА',
    'credit-notice': 'КРЕДИТНО ИЗВЕСТИЕ',
    'debit-notice': 'ДЕБИТНО ИЗВЕСТИЕ',
    proforma: 'ПРОФОРМА ФАКТУРА',
  },
  it: {
    invoice: 'FATTURA',
    'credit-notice': 'NOTA DI CREDITO',
    'debit-notice': 'NOTA DI DEBITO',
    proforma: 'FATTURA PROFORMA',
  },
};
const titleKey = (doc: PrintableDocument) =>
  doc.kind === 'proforma' ? 'proforma' : ['invoice', 'credit-notice', 'debit-notice'][doc.noticeType];

/**
 * Every field of VAT Act art. 114 (and art. 115 for a notice) in the text of one layout: document name,
 * 10-digit number, date of issue, date of the tax event, both parties' names, addresses, VAT numbers and
 * EIK, each row's service, quantity, unit price without VAT and value, tax base, VAT rate or the reason it
 * is not charged, VAT amount and total; the original invoice of a notice; the original and the copy.
 */
function expectPrintedFields(pdf: Buffer, doc: PrintableDocument, layoutName: PrintLayoutName, selected: Locale) {
  const text = pdfText(pdf);
  const flow = pdfFlow(pdf);
  const lang = printLanguage(layoutName, selected);
  const t = PRINT_LABELS[lang];
  const figures = printFigures(doc, PRINT_LAYOUTS[layoutName]);
  const money = (value: number) => nb(`${formatMoney(value, lang)} ${figures.currency}`);

  expect(text).toContain(TITLES[lang][titleKey(doc)]);
  if (doc.issued) expect(text).toMatch(new RegExp(`${escapeRegExp(t.number)} ${doc.number}\\b`));
  expect(doc.number ?? '').toMatch(/^\d{10}$|^$/);
  expect(text).toContain(formatDate(doc.date));
  if (doc.kind === 'invoice') {
    expect(text).toContain(t.taxDate);
    expect(text).toContain(formatDate(doc.taxDate));
  }
  for (const party of [doc.provider, doc.customer]) {
    expect(text).toContain(localized(party.name, lang));
    expect(text).toContain(localized(party.address.street, lang));
    expect(text).toContain(`${party.address.zipCode} ${localized(party.address.city, lang)}`);
    expect(text).toContain(`${t.vatNumber}: ${party.vatNumber}`);
    if (party.bulstat) expect(text).toContain(`${t.eik}: ${party.bulstat}`);
  }
  expect(flow).toContain(t.unitPrice);
  doc.items.forEach((item, index) => {
    const row = [
      String(index + 1),
      localized(item.name, lang),
      formatQuantity(item.quantity, lang),
      formatMoney(figures.items[index].price, lang),
      formatMoney(figures.items[index].total, lang),
    ];
    expect(text).toMatch(new RegExp(`^\\s*${row.map((cell) => escapeRegExp(nb(cell))).join('\\s+')}\\s*$`, 'm'));
  });
  expect(text).toMatch(new RegExp(`${escapeRegExp(t.taxBase)}\\s+${escapeRegExp(money(figures.amount))}`));
  expect(text).toMatch(
    new RegExp(
      `${escapeRegExp(t.vat(formatQuantity(doc.VATCharging ? doc.VATPercentage : 0, lang)))}\\s+${escapeRegExp(money(figures.VATAmount))}`,
    ),
  );
  const totalLabel = doc.kind === 'invoice' && doc.noticeType === 1 ? t.creditTotal : t.total;
  expect(text).toMatch(new RegExp(`${escapeRegExp(totalLabel)}\\s+${escapeRegExp(money(figures.totalAmount))}`));
  if (!doc.VATCharging) expect(flow).toContain(`${t.vatNotCharged}:`);
  if (doc.kind === 'invoice' && doc.noticeType !== 0)
    expect(text).toContain(t.toInvoice(doc.creditToInvoiceNumber!, formatDate(doc.creditToInvoiceDate)));
  if (lang === 'bg') expect(flow).toContain(`${t.inWords}: ${figures.words}`);
  else expect(flow).not.toContain(figures.words);
  expect(occurrences(text, t.original)).toBeGreaterThanOrEqual(1);
  expect(occurrences(text, t.copy)).toBe(occurrences(text, t.original));
  expect(text).toContain(t.vendor);
}

const fixtures: Array<[string, PrintableDocument]> = [
  ['an issued EUR invoice', eurInvoice],
  ['an old BGN invoice', bgnInvoice],
  ['a credit notice', creditNotice],
  ['a debit notice', debitNotice],
  ['a proforma', proforma],
];

describe('every layout of every document', () => {
  for (const [label, doc] of fixtures) {
    for (const layout of printLayoutsFor(doc)) {
      for (const lang of ['bg', 'it'] as const) {
        if (PRINT_LAYOUTS[layout].language !== 'selected' && lang === 'it') continue;
        it(`${label}, layout ${layout}, ${lang}: every art. 114 field, original and copy`, async () => {
          const pdf = await renderPdf(doc, layout, lang);
          expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          expect(pageCount(pdf)).toBe(2);
          expectPrintedFields(pdf, doc, layout, lang);
        });
      }
    }
  }
});

describe('amounts', () => {
  it('converts an EUR invoice to leva at the fixed rate, totals adding up, in words', async () => {
    const pdf = await renderPdf(eurInvoice, 'invoice-bgn');
    const text = pdfText(pdf);
    // 700 × 1.95583 = 1369.08, 140 × 1.95583 = 273.82; total 1642.90 (= 840 × 1.95583 rounded).
    expect(text).toMatch(/Данъчна основа\s+1 369,08 BGN/);
    expect(text).toMatch(/ДДС 20%\s+273,82 BGN/);
    expect(text).toMatch(/Сума за плащане\s+1 642,90 BGN/);
    expect(pdfFlow(pdf)).toContain('Словом: хиляда шестстотин четиридесет и два лева и деветдесет стотинки');
    expect(pdfFlow(pdf)).toContain('Сумите са в лева, преизчислени по фиксирания курс 1 EUR = 1,95583 BGN');
    expect(text).toMatch(/^\s*1\s+Счетоводно обслужване\s+1\s+195,58\s+195,58\s*$/m);
  });

  it('spells an EUR invoice in euro and a BGN one in leva', async () => {
    expect(pdfFlow(await renderPdf(eurInvoice, 'invoice', 'bg'))).toContain(
      'Словом: осемстотин и четиридесет евро и нула цента',
    );
    expect(pdfFlow(await renderPdf(bgnInvoice, 'invoice', 'bg'))).toContain(
      'Словом: триста и деветдесет лева и нула стотинки',
    );
  });

  it('prints a credit notice negative, with minus in words', async () => {
    const pdf = await renderPdf(creditNotice, 'invoice', 'bg');
    const text = pdfText(pdf);
    expect(text).toMatch(/Кредитирана сума\s+-100,00 EUR/);
    expect(text).not.toContain('Сума за плащане');
    expect(text).not.toContain('Срок за плащане');
    // A deadline stored on a credit notice is not printed either (in neither language).
    const withDeadline = { ...creditNotice, paymentDeadlineDate: '2026-04-01' };
    expect(pdfText(await renderPdf(withDeadline, 'invoice', 'bg'))).not.toContain('01.04.2026');
    const italian = pdfText(await renderPdf(withDeadline, 'invoice', 'it'));
    expect(italian).not.toContain('01.04.2026');
    expect(italian).not.toContain('Scadenza del pagamento');
    expect(italian).not.toContain('Totale da pagare');
    expect(italian).toMatch(/Importo accreditato\s+-100,00 EUR/);
    expect(pdfFlow(pdf)).toContain('Словом: минус сто евро и нула цента');
    expect(text).toContain('Към фактура № 0000000123 от 15.03.2026');
    expect(text).toContain('Основание: Отстъпка за обем');
  });

  it('Italian style: at least 8 item rows and the euro total of a BGN document (÷ 1.95583)', async () => {
    const text = pdfText(await renderPdf(proforma, 'italian', 'bg'));
    expect(text).toContain('FATTURA PROFORMA');
    for (let row = 1; row <= 8; row++) expect(text).toMatch(new RegExp(`^\\s*${row}\\b`, 'm'));
    // 840 BGN ÷ 1.95583 = 429.49 EUR
    expect(text).toMatch(/Totale in euro\s+429,49 EUR/);
    const eur = pdfText(await renderPdf(eurInvoice, 'italian', 'it'));
    expect(eur).not.toContain('Totale in euro');
  });

  it('the proforma with both IBANs shows the provider’s BGN and EUR accounts', async () => {
    const text = pdfText(await renderPdf(proforma, 'proforma-ibans', 'bg'));
    expect(text).toContain('IBAN (BGN): BG80BNBG96611020345678');
    expect(text).toContain('IBAN (EUR): BG18RZBB91550123456789');
    const plain = pdfText(await renderPdf(eurInvoice, 'invoice', 'bg'));
    expect(plain).toContain('IBAN: BG18RZBB91550123456789');
    expect(plain).not.toContain('BG80BNBG96611020345678');
  });
});

describe('VAT note', () => {
  it('prints the reverse-charge wording for an EU business client', async () => {
    const bg = pdfFlow(await renderPdf(creditNotice, 'invoice', 'bg'));
    expect(bg).toContain(
      'Основание за неначисляване на ДДС: Обратно начисляване — чл. 21, ал. 2 от ЗДДС; чл. 196 от Директива 2006/112/ЕО',
    );
    const it = pdfFlow(await renderPdf(creditNotice, 'invoice', 'it'));
    expect(it).toContain(
      "Inversione contabile — art. 21, comma 2, della legge bulgara sull'IVA; art. 196 della direttiva 2006/112/CE",
    );
  });
  it('prints the VAT type’s reason otherwise', async () => {
    const text = pdfFlow(await renderPdf(debitNotice, 'invoice', 'bg'));
    expect(text).toContain('Основание за неначисляване на ДДС: Освободена доставка по чл. 45 от ЗДДС');
    expect(text).toContain('ДДС 0% 0,00 EUR');
  });
});

describe('drafts and long documents', () => {
  it('prints a draft with the watermark and without a number', async () => {
    const stored = { ...draftInvoice, number: '0000000999' };
    const bg = await renderPdf(stored, 'invoice', 'bg');
    // One copy, marked DRAFT instead of ORIGINAL / COPY, and the watermark (drawn letter by letter on a slant; read
    // in drawing order, without spaces) on every page.
    expect(pageCount(bg)).toBe(1);
    expect(occurrences(pdfFlow(bg).replace(/ /g, ''), 'ЧЕРНОВА')).toBe(2 * pageCount(bg));
    expect(pdfText(bg)).not.toContain('ОРИГИНАЛ');
    expect(pdfText(bg)).not.toContain('КОПИЕ');
    expect(pdfText(bg)).toContain('без номер (чернова)');
    expect(pdfText(bg)).not.toContain('0000000999');
    expect(pdfText(bg)).not.toMatch(/№ \d/);
    const it = await renderPdf(stored, 'invoice', 'it');
    expect(pdfFlow(it).replace(/ /g, '')).toContain('BOZZA');
    expect(pdfFlow(it)).toContain('senza numero (bozza)');
    expect(occurrences(pdfFlow(it).replace(/ /g, ''), 'BOZZA')).toBe(2 * pageCount(it));
    expect(pdfText(it)).not.toContain('ORIGINALE');
    expect(pdfText(it)).not.toContain('COPIA');
    expect(pdfFlow(await renderPdf(eurInvoice, 'invoice', 'bg')).replace(/ /g, '')).not.toContain('ЧЕРНОВА');
    expect(printFilenameOf(stored)).toBe('invoice-draft-2026-03-15.pdf');
  });

  it('flows 40 rows onto further pages, the table header repeated, each copy numbered on its own', async () => {
    const doc = longInvoice(40);
    const pdf = await renderPdf(doc, 'invoice', 'bg');
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pages % 2).toBe(0);
    const perCopy = pages / 2;
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(pdf, { first: page, last: page });
      const ownPage = page > perCopy ? page - perCopy : page;
      expect(text).toContain(page > perCopy ? 'КОПИЕ' : 'ОРИГИНАЛ');
      expect(text).toContain(`Страница ${ownPage} от ${perCopy}`);
      expect(text).toMatch(/№\s+Продукт или услуга\s+Количество\s+Ед. цена без ДДС/);
    }
    expectPrintedFields(pdf, doc, 'invoice', 'bg');
    // The last page of each copy ends with the totals and the signatures.
    expect(pdfText(pdf, { first: perCopy, last: perCopy })).toMatch(/Сума за плащане\s+32 685,00 EUR/);
    expect(pdfText(pdf, { first: pages, last: pages })).toContain('Съставил');
  });
});

describe('nothing is fetched or read while rendering', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints URLs, image references and paths in a document as text', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const doc: PrintableDocument = {
      ...eurInvoice,
      customer: {
        ...italianCustomer,
        name: { bg: 'https://evil.example/logo.png', it: 'https://evil.example/logo.png' },
        address: { ...italianCustomer.address, street: { bg: '/etc/passwd', it: 'file:///etc/passwd' } },
      },
      items: [
        {
          ...eurInvoice.items[0],
          name: { bg: 'data:image/png;base64,iVBORw0KGgo=', it: '<img src="http://127.0.0.1:9/x.png">' },
        },
      ],
    };
    const text = pdfText(await renderPdf(doc, 'invoice', 'bg'));
    expect(text).toContain('https://evil.example/logo.png');
    expect(text).toContain('/etc/passwd');
    expect(text).toContain('data:image/png;base64,iVBORw0KGgo=');
    const italian = pdfText(await renderPdf(doc, 'invoice', 'it'));
    expect(italian).toContain('<img src="http://127.0.0.1:9/x.png">');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses any URL or local file even in a hand-made definition', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(
      pdfFromDefinition({ content: [{ image: 'logo' }], images: { logo: 'https://example.com/logo.png' } }),
    ).rejects.toThrow(/denied/);
    await expect(pdfFromDefinition({ content: [{ image: '/etc/hostname' }] })).rejects.toThrow(/denied/);
    expect(fetchSpy).not.toHaveBeenCalled();
    // The engine still renders afterwards.
    expect(pageCount(await renderPdf(eurInvoice, 'invoice', 'bg'))).toBe(2);
  });
});

describe('concurrent prints', () => {
  it('renders several documents at once, each with its own text (the parsed fonts are shared)', async () => {
    const jobs: Array<[PrintableDocument, PrintLayoutName, Locale, string]> = [
      [eurInvoice, 'invoice', 'it', 'Modalità di pagamento'],
      [creditNotice, 'invoice', 'bg', 'КРЕДИТНО ИЗВЕСТИЕ'],
      [proforma, 'italian', 'bg', 'Totale in euro'],
      [bgnInvoice, 'invoice', 'bg', 'Търговска къща „Дъбрава“ ООД'],
    ];
    const pdfs = await Promise.all(jobs.map(([doc, layout, lang]) => renderPdf(doc, layout, lang)));
    pdfs.forEach((pdf, index) => {
      const [doc, layout, lang, marker] = jobs[index];
      expect(pdfFlow(pdf)).toContain(marker);
      expectPrintedFields(pdf, doc, layout, lang);
    });
  });
});

describe('formats', () => {
  it('groups every thousand, rounds half away from zero, never prints -0', () => {
    expect(formatMoney(1050, 'bg')).toBe('1\u00a0050,00');
    expect(formatMoney(1234567.891, 'it')).toBe('1.234.567,89');
    expect(formatMoney(-0.004, 'bg')).toBe('0,00');
    expect(formatMoney(-2.675, 'it')).toBe('-2,68');
    expect(formatQuantity(2, 'bg')).toBe('2');
    expect(formatQuantity(1.5, 'it')).toBe('1,5');
    expect(formatNumber(1.95583, 'bg', 0, 6)).toBe('1,95583');
    expect(formatDate('2026-03-05')).toBe('05.03.2026');
  });
});

describe('sendPdf', () => {
  it('answers application/pdf with an RFC 6266 file name of kind, number and date', async () => {
    const pdf = await renderPdf(creditNotice, 'invoice', 'it');
    const app = Fastify();
    app.get('/inline', (_request, reply) => sendPdf(reply, pdf, printFilenameOf(creditNotice)));
    app.get('/download', (_request, reply) => sendPdf(reply, pdf, 'фактура-0000000124.pdf', 'attachment'));
    const inline = await app.inject({ method: 'GET', url: '/inline' });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="credit-notice-0000000124-2026-03-20.pdf"; filename*=UTF-8''credit-notice-0000000124-2026-03-20.pdf`,
    );
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.rawPayload.equals(pdf)).toBe(true);
    const download = await app.inject({ method: 'GET', url: '/download' });
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="_______-0000000124.pdf"; filename\*=UTF-8''%D1%84/,
    );
    await app.close();
  });
});

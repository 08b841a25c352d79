/**
 * The accountant's month (POST /api/invoices/monthPackage): one zip with the PDF and the e-invoice XML of every issued
 * invoice and notice dated in the month and the sales journal (XLSX) — its rows, EUR figures, signs and totals — for
 * the roles that read invoices; a bad month is 400.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { type Entry, fromBuffer, type ZipFile } from 'yauzl';
import {
  addItem,
  BASE,
  type BillingSetup,
  copiesOf,
  createDraft,
  createNotice,
  issue,
  issuedWith,
  setUpBilling,
} from './billing-fixtures.ts';
import { bearer, call } from './helpers.ts';
import { queryRows } from '../src/db/sql-helpers.ts';

/** The e-invoices of the package are written out with the suite's others: CI runs the official validator on them. */
const OUT_DIR = resolve(
  process.env.EINVOICE_OUT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output', 'einvoice'),
);

let s: BillingSetup;
const inMonth: Array<{ _id: string; number: string | null; totalAmount: number }> = [];
/** A document date and its payment deadline. */
const on = (date: string) => ({ date, paymentDeadlineDate: date });
let ids: Record<'eur' | 'credit' | 'debit' | 'bgn' | 'usd' | 'free', string>;

beforeAll(async () => {
  s = await setUpBilling();
  const eur = await issuedWith(s, 'invoice', [
    [100, 2],
    [33.33, 3],
  ]); // 299.99 + 60.00 = 359.99 EUR, 20 %
  const credit = await createNotice(s, 1, eur._id, { ...on('2026-03-10') });
  await addItem(s, 'invoice', credit._id, 10); // −12.00 EUR
  const debit = await createNotice(s, 2, eur._id, { ...on('2026-03-11') });
  await addItem(s, 'invoice', debit._id, 5); // 6.00 EUR
  const bgn = await issuedWith(s, 'invoice', [[100, 1]], { currency: s.bgn, ...on('2026-03-12') }); // 120.00 BGN
  // Only the default VAT type is charged (resolveVat): 9 % is the default while the USD invoice is made.
  const defaults = (vatType: string) =>
    call(s.ctx, 'POST', '/api/settings/invoices/save', {
      currency: s.eur,
      vatType,
      paymentType: s.paymentType,
      signer: s.ctx.users.admin.id,
      signers: [s.ctx.users.admin.id, s.ctx.users.manager.id],
    });
  await defaults(s.vat9);
  const usd = await issuedWith(s, 'invoice', [[1000, 1]], { currency: s.usd, VATType: s.vat9, ...on('2026-03-31') }); // 1 090.00 USD at 1.8
  await defaults(s.vat20);
  const free = await issuedWith(s, 'invoice', [[50, 1]], { VATType: s.vat0, ...on('2026-03-20') }); // 50.00 EUR, no VAT
  ids = {
    eur: eur._id,
    credit: (await issue(s, 'invoice', credit._id))._id,
    debit: (await issue(s, 'invoice', debit._id))._id,
    bgn: bgn._id,
    usd: usd._id,
    free: free._id,
  };
  // Not in the package: a draft of the month, an issued proforma of the month, issued invoices of other months.
  await addItem(s, 'invoice', (await createDraft(s, 'invoice'))._id, 7);
  await issuedWith(s, 'proforma', [[70, 1]]);
  await issuedWith(s, 'invoice', [[80, 1]], { ...on('2026-04-01') });
  await issuedWith(s, 'invoice', [[90, 1]], { ...on('2026-02-28') });
  const view = async (id: string) =>
    (
      await s.ctx.app.inject({ method: 'GET', url: `${BASE.invoice}/${id}`, headers: bearer(s.ctx.users.admin.token) })
    ).json().Result;
  for (const id of Object.values(ids)) inMonth.push(await view(id));
});
afterAll(() => s.ctx.close());

const download = (month: unknown, token = s.ctx.users.accountant.token) =>
  s.ctx.app.inject({
    method: 'POST',
    url: '/api/invoices/monthPackage',
    headers: bearer(token),
    payload: { month },
  });

/** The entries of a zip: name and bytes, in order. */
function unzip(data: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const entries: Array<{ name: string; data: Buffer }> = [];
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function journalRows(data: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const cents = (value: unknown) => Math.round(Number(value) * 100);

describe('the month package', () => {
  let entries: Array<{ name: string; data: Buffer }>;
  let rows: unknown[][];
  let header: string[];
  const column = (name: RegExp) => header.findIndex((text) => name.test(text));
  const rowOf = (number: string | null) => rows.find((row) => row[0] === number)!;

  beforeAll(async () => {
    const response = await download('2026-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('invoices-2026-03.zip');
    expect(response.headers['x-document-count']).toBe('6');
    entries = await unzip(response.rawPayload);
    rows = await journalRows(entries.find((entry) => entry.name === 'sales-journal-2026-03.xlsx')!.data);
    header = rows[0] as string[];
  });

  it('holds a PDF and an e-invoice per issued invoice and notice of the month, and the journal; nothing else', () => {
    const numbers = inMonth.map((doc) => doc.number!);
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      [
        'sales-journal-2026-03.xlsx',
        ...inMonth.flatMap((doc) => {
          const kind = doc._id === ids.credit ? 'credit-notice' : doc._id === ids.debit ? 'debit-notice' : 'invoice';
          const stem = `${kind}-${doc.number}-${(doc as unknown as { date: string }).date}`;
          return [`pdf/${stem}.pdf`, `xml/${stem}.xml`];
        }),
      ].sort(),
    );
    for (const entry of entries.filter((one) => one.name.startsWith('pdf/')))
      expect(entry.data.subarray(0, 5).toString()).toBe('%PDF-');
    for (const entry of entries.filter((one) => one.name.startsWith('xml/'))) {
      const number = numbers.find((one) => entry.name.includes(one))!;
      const xml = entry.data.toString('utf8');
      const root = create(xml).root();
      expect(['Invoice', 'CreditNote']).toContain(root.node.nodeName);
      expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
      mkdirSync(OUT_DIR, { recursive: true });
      writeFileSync(join(OUT_DIR, `month-package-${basename(entry.name)}`), entry.data);
    }
  });

  it('has one journal row per document, the figures as stored (a credit notice negative), and the totals', () => {
    const documents = rows.slice(1).filter((row) => /^\d{10}$/.test(String(row[0])));
    expect(documents.map((row) => row[0]).sort()).toEqual(inMonth.map((doc) => doc.number).sort());
    const total = column(/^Общо \/ Totale$/);
    for (const doc of inMonth) expect(cents(rowOf(doc.number)[total])).toBe(cents(doc.totalAmount));
    const credit = rowOf(inMonth.find((doc) => doc._id === ids.credit)!.number);
    expect(credit[2]).toBe('Кредитно известие');
    expect([credit[column(/^Данъчна основа \/ /)], credit[column(/^ДДС \/ /)], credit[total]]).toEqual([-10, -2, -12]);
    expect(rowOf(inMonth.find((doc) => doc._id === ids.debit)!.number)[2]).toBe('Дебитно известие');

    // Per currency, the stored totals summed to the cent.
    const own = (currency: string) => rows.find((row) => row[0] === `Общо ${currency} / Totale ${currency}`)!;
    const stored = (currency: string) =>
      inMonth
        .filter((doc) => (doc as unknown as { currencyCode: string }).currencyCode === currency)
        .reduce((sum, doc) => sum + cents(doc.totalAmount), 0);
    for (const currency of ['BGN', 'EUR', 'USD']) expect(cents(own(currency)[total])).toBe(stored(currency));
    expect(cents(own('EUR')[total])).toBe(35999 - 1200 + 600 + 5000);
  });

  it('converts to EUR with the document rate, half away from zero, and the EUR totals are the rows', () => {
    const [amountEur, vatEur, totalEur] = [/^Данъчна основа \(EUR\)/, /^ДДС \(EUR\)/, /^Общо \(EUR\)/].map(column);
    const figures = (id: string) => {
      const row = rowOf(inMonth.find((doc) => doc._id === id)!.number);
      return [row[amountEur], row[vatEur], row[totalEur]];
    };
    expect(figures(ids.bgn)).toEqual([51.13, 10.23, 61.36]); // 100 / 20 / 120 BGN ÷ 1.95583
    expect(figures(ids.usd)).toEqual([920.33, 82.83, 1003.15]); // 1 000 / 90 / 1 090 USD × 1.8 ÷ 1.95583
    expect(figures(ids.eur)).toEqual([299.99, 60, 359.99]);

    const totals = rows.find((row) => String(row[0]).startsWith('Общо / Totale'))!;
    const documents = rows.slice(1).filter((row) => /^\d{10}$/.test(String(row[0])));
    for (const index of [amountEur, vatEur, totalEur])
      expect(cents(totals[index])).toBe(documents.reduce((sum, row) => sum + cents(row[index]), 0));
    // A column per rate charged (20 %, 9 %) and one without VAT; each document's base in its own, adding up.
    const rates = [/Основа 20 %/, /Основа 9 %/, /^Без ДДС/].map(column);
    expect(rates.every((index) => index >= 0)).toBe(true);
    expect(rates.reduce((sum, index) => sum + cents(totals[index]), 0)).toBe(cents(totals[amountEur]));
    expect(cents(totals[rates[1]])).toBe(92033);
    expect(cents(totals[rates[2]])).toBe(5000);
    expect(cents(totals[rates[0]])).toBe(29999 - 1000 + 500 + 5113);
  });
});

describe('the month package: walk, empty month, roles and input', () => {
  it('walks a month of more documents than a page (keyset on date, created, id), each once', async () => {
    const draft = await createDraft(s, 'invoice', { ...on('2026-05-05') });
    await addItem(s, 'invoice', draft._id, 10);
    const copies = await copiesOf(s, draft._id, 120);
    await s.ctx.database.db.execute(
      sql`update billing_documents d set issued = true, issued_on = now(), number = lpad(cast(8000000000 + n.i as text), 10, '0')
          from (select id, row_number() over (order by id) as i from billing_documents where id in ${[draft._id, ...copies]}) n
          where d.id = n.id`,
    );
    const response = await download('2026-05');
    expect(response.headers['x-document-count']).toBe('121');
    const entries = await unzip(response.rawPayload);
    const pdfs = entries.filter((entry) => entry.name.startsWith('pdf/')).map((entry) => entry.name);
    expect([pdfs.length, new Set(pdfs).size, entries.length]).toEqual([121, 121, 243]);
    const rows = await journalRows(entries.find((entry) => entry.name === 'sales-journal-2026-05.xlsx')!.data);
    expect(rows.filter((row) => /^\d{10}$/.test(String(row[0]))).length).toBe(121);
  });

  it('keeps a document that can have no e-invoice (a currency without an ISO code) as its PDF, the rest whole', async () => {
    const odd = await issuedWith(s, 'invoice', [[10, 1]], { ...on('2026-06-03') });
    const fine = await issuedWith(s, 'invoice', [[20, 1]], { ...on('2026-06-04') });
    const { db } = s.ctx.database;
    const [{ id }] = await queryRows<{ id: string }>(
      db,
      sql`insert into currencies (name, code, exchange_rate) values ('{"bg":"Тест","it":"Prova"}'::jsonb, null, 2) returning id`,
    );
    await db.execute(sql`update billing_documents set currency_id = ${id} where id = ${odd._id}`);
    const response = await download('2026-06');
    expect([response.statusCode, response.headers['x-document-count']]).toEqual([200, '2']);
    const names = (await unzip(response.rawPayload)).map((entry) => entry.name).sort();
    expect(names).toEqual(
      [
        `pdf/invoice-${odd.number}-2026-06-03.pdf`,
        `pdf/invoice-${fine.number}-2026-06-04.pdf`,
        'sales-journal-2026-06.xlsx',
        `xml/invoice-${fine.number}-2026-06-04.xml`,
      ].sort(),
    );
  });

  it('answers a month without documents with the journal alone', async () => {
    const response = await download('2025-07');
    expect([response.statusCode, response.headers['x-document-count']]).toEqual([200, '0']);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['sales-journal-2025-07.xlsx']);
    const rows = await journalRows(entries[0].data);
    expect(rows.some((row) => String(row[0]).startsWith('Общо / Totale (0)'))).toBe(true);
  });

  it('is for admin, manager and accountant; employee and client users get 403', async () => {
    for (const role of ['admin', 'manager'] as const)
      expect((await download('2025-07', s.ctx.users[role].token)).statusCode).toBe(200);
    for (const role of ['employee', 'client'] as const)
      expect((await download('2026-03', s.ctx.users[role].token)).statusCode).toBe(403);
  });

  it('refuses a month that is not YYYY-MM with 400 on the field', async () => {
    for (const month of ['2026-13', '2026-3', 'March', '', 202603, null]) {
      const response = await download(month);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.Errors.map((error: { field: string }) => error.field)).toEqual(['month']);
      expect(['invalid_value', 'field_is_required']).toContain(body.Errors[0].message);
    }
  });
});

/**
 * The statement of account on a fixed data set: a client's EUR invoices with a partial and a full payment, a credit
 * notice with a refund and a debit notice, a USD invoice with a payment, and a proforma and a draft that are not part
 * of the account. Pins the opening balance, the running balance and the closing balance per currency (EUR first, USD
 * apart) through the PDF's text in both languages; the portal's statement and balance for the client user's own company
 * only (another's: not found); the mail with the PDF through a real SMTP server; roles and bad periods.
 */
import { execFileSync } from 'node:child_process';
import { Access, type CompanyBalance, type MailView, Permissions } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addItem,
  type BillingSetup,
  createDraft,
  issue,
  issuedNotice,
  savedPayment,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { createClient } from './clients-fixtures.ts';
import { call } from './helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './mail-fixtures.ts';

let s: BillingSetup;
let smtp: TestSmtpServer;
/** The client user's company (the fixed data) and a company of another client user. */
let client: string;
let stranger: string;
let strangerToken: string;
const numbers: Record<string, string> = {};

/** No-break spaces (the Bulgarian thousands separator) as spaces; runs of spaces as one. */
const flat = (text: string) => text.replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ');
const pdfText = (pdf: Buffer) =>
  flat(execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8'));

async function issued(customerId: string, net: number, extra: Record<string, unknown>) {
  const draft = await createDraft(s, 'invoice', { customerId, customerBank: null, ...extra });
  await addItem(s, 'invoice', draft._id, net);
  return issue(s, 'invoice', draft._id);
}

const notice = (type: 1 | 2, original: string, net: number, date: string) =>
  issuedNotice(s, type, original, net, { customerId: client, customerBank: null, date });

const pay = (documentId: string, amount: number, date: string) => savedPayment(s, documentId, amount, date);

const statement = (body: Record<string, unknown>, token = s.ctx.users.accountant.token) =>
  s.ctx.app.inject({
    method: 'POST',
    url: '/api/receivables/statement',
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });

const myStatement = (body: Record<string, unknown>, token = s.ctx.users.client.token) =>
  s.ctx.app.inject({
    method: 'POST',
    url: '/api/my-companies/statement',
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });

const FEBRUARY = { fromDate: '2026-02-01', toDate: '2026-02-28' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  s = await setUpBilling({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '0' });
  client = (
    await createClient(s.ctx, {
      name: t('Салдо ООД', 'Saldo Srl'),
      responsiblePerson: t('Мария Петрова', 'Maria Petrova'),
      notificationsEmails: ['accounts@saldo.test'],
      clientUsers: [s.ctx.users.client.id],
    })
  )._id;
  const other = await s.ctx.createUser(Access.client);
  strangerToken = await s.ctx.signIn(other.email);
  stranger = (await createClient(s.ctx, { name: t('Чужд ООД', 'Estraneo Srl'), clientUsers: [other.id] }))._id;

  // January (before the period): 1 000 + 20 % = 1 200, 500 paid on 20.01 → opening 700.
  const first = await issued(client, 1000, { date: '2026-01-10', paymentDeadlineDate: '2026-01-24' });
  await pay(first._id, 500, '2026-01-20');
  // February: an invoice of 600, its credit notice of −120 and a refund of 20 of it, the rest of January's invoice.
  const second = await issued(client, 500, { date: '2026-02-05', paymentDeadlineDate: '2026-02-19' });
  const credit = await notice(1, second._id, 100, '2026-02-10');
  await pay(first._id, 700, '2026-02-15');
  await pay(credit._id, -20, '2026-02-25');
  // USD apart: 200 + 20 % = 240, 40 paid in March.
  const usd = await issued(client, 200, {
    date: '2026-02-20',
    paymentDeadlineDate: '2099-12-31',
    currency: s.usd,
    currencyRate: 1.8,
  });
  await pay(usd._id, 40, '2026-03-01');
  // March: a debit notice of 60 to the February invoice.
  await notice(2, second._id, 50, '2026-03-10');
  // Not part of the account: a proforma, a draft invoice, another client's invoice.
  const proforma = await createDraft(s, 'proforma', { customerId: client, customerBank: null, date: '2026-02-03' });
  await addItem(s, 'proforma', proforma._id, 999);
  await issue(s, 'proforma', proforma._id);
  const draft = await createDraft(s, 'invoice', { customerId: client, customerBank: null, date: '2026-02-04' });
  await addItem(s, 'invoice', draft._id, 888);
  await issued(stranger, 777, { date: '2026-02-06', paymentDeadlineDate: '2026-02-20' });
  Object.assign(numbers, { first: first.number, second: second.number, credit: credit.number, usd: usd.number });
});

afterAll(async () => {
  await s?.ctx.close();
  await smtp?.close();
});

describe('the statement of account', () => {
  it('answers a PDF with the opening, running and closing balances per currency (Bulgarian)', async () => {
    const response = await statement({ clientId: client, ...FEBRUARY, language: 'bg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('statement-2026-02-01_2026-02-28.pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('ИЗВЛЕЧЕНИЕ ПО СМЕТКА');
    expect(text).toContain('Салдо ООД');
    expect(text).toContain('01.02.2026 – 28.02.2026');
    const eur = text.slice(text.indexOf('Валута: EUR'), text.indexOf('Валута: USD'));
    expect(eur).toMatch(/Начално салдо към 31\.01\.2026 700,00/);
    expect(eur).toMatch(new RegExp(`05\\.02\\.2026 Фактура ${numbers.second} 19\\.02\\.2026 600,00 1 300,00`));
    // A notice names its invoice and a payment its document on a second line.
    expect(eur).toMatch(
      new RegExp(
        `10\\.02\\.2026 Кредитно известие ${numbers.credit} 120,00 1 180,00\\n *към фактура № ${numbers.second}\\n`,
      ),
    );
    expect(eur).toMatch(new RegExp(`15\\.02\\.2026 Плащане 700,00 480,00\\n *по документ № ${numbers.first}\\n`));
    expect(eur).toMatch(
      new RegExp(`25\\.02\\.2026 Възстановена сума 20,00 500,00\\n *по документ № ${numbers.credit}\\n`),
    );
    expect(eur).toMatch(/Обороти за периода 620,00 820,00/);
    expect(eur).toMatch(/Крайно салдо към 28\.02\.2026 500,00/);
    // The lines come in date order.
    const order = ['05.02.2026', '10.02.2026', '15.02.2026', '25.02.2026'].map((day) => eur.indexOf(day));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const usd = text.slice(text.indexOf('Валута: USD'));
    expect(usd).toMatch(/Начално салдо към 31\.01\.2026 0,00/);
    expect(usd).toMatch(new RegExp(`20\\.02\\.2026 Фактура ${numbers.usd} 31\\.12\\.2099 240,00 240,00`));
    expect(usd).toMatch(/Крайно салдо към 28\.02\.2026 240,00/);
    // The summary lists each currency's closing balance, never a sum across them.
    expect(usd).toMatch(/EUR 500,00 EUR/);
    expect(usd).toMatch(/USD 240,00 USD/);
    expect(text).not.toContain('740,00');
    // Not part of the account: the proforma, the draft, another client's invoice, March's lines.
    for (const absent of ['1 198,80', '999,00', '888,00', '1 065,60', '932,40', '01.03.2026', '10.03.2026'])
      expect(text).not.toContain(absent);
  });

  it('is the same account in Italian (the layout in the language asked)', async () => {
    const response = await statement({ clientId: client, ...FEBRUARY, language: 'it' });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('ESTRATTO CONTO');
    expect(text).toContain('Saldo Srl');
    expect(text).toMatch(/Saldo iniziale al 31\.01\.2026 700,00/);
    expect(text).toMatch(new RegExp(`05\\.02\\.2026 Fattura ${numbers.second} 19\\.02\\.2026 600,00 1\\.300,00`));
    expect(text).toMatch(/Movimenti del periodo 620,00 820,00/);
    expect(text).toMatch(/Saldo finale al 28\.02\.2026 500,00/);
    expect(text).toContain('Dare');
    expect(text).toContain('Avere');
  });

  it('carries the balance on: a later period opens with the earlier closing and adds March', async () => {
    const response = await statement({
      clientId: client,
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      language: 'bg',
    });
    const text = pdfText(response.rawPayload);
    const eur = text.slice(text.indexOf('Валута: EUR'), text.indexOf('Валута: USD'));
    expect(eur).toMatch(/Начално салдо към 28\.02\.2026 500,00/);
    expect(eur).toMatch(/Крайно салдо към 31\.03\.2026 560,00/);
    const usd = text.slice(text.indexOf('Валута: USD'));
    expect(usd).toMatch(/Начално салдо към 28\.02\.2026 240,00/);
    expect(usd).toMatch(new RegExp(`01\\.03\\.2026 Плащане 40,00 200,00\\n *по документ № ${numbers.usd}\\n`));
    expect(usd).toMatch(/Крайно салдо към 31\.03\.2026 200,00/);
  });

  it('says so when the client has nothing up to the period end', async () => {
    const response = await statement({
      clientId: client,
      fromDate: '2025-01-01',
      toDate: '2025-12-31',
      language: 'bg',
    });
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Клиентът няма издадени фактури и известия до 31.12.2025.');
  });

  it('is made for admin, manager and accountant only; an unknown client is not found', async () => {
    expect(Permissions.invoicesRead).toHaveLength(3);
    for (const user of ['admin', 'manager', 'accountant'] as const)
      expect((await statement({ clientId: client, ...FEBRUARY }, s.ctx.users[user].token)).statusCode).toBe(200);
    for (const user of ['employee', 'client'] as const)
      expect((await statement({ clientId: client, ...FEBRUARY }, s.ctx.users[user].token)).statusCode).toBe(403);
    const missing = await statement({ clientId: '00000000-0000-4000-8000-000000000000', ...FEBRUARY });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('the_client_was_not_found');
  });

  it('refuses a bad period with 400 and its key', async () => {
    const backwards = await statement({ clientId: client, fromDate: '2026-03-01', toDate: '2026-02-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Errors).toEqual([{ field: 'toDate', message: 'statement_period_invalid' }]);
    const long = await statement({ clientId: client, fromDate: '1990-01-01', toDate: '2026-02-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().Errors).toEqual([{ field: 'toDate', message: 'statement_period_too_long' }]);
    for (const body of [
      {},
      { clientId: 'nope', ...FEBRUARY },
      { clientId: client, fromDate: '2026-02-30', toDate: '2026-03-01' },
      { clientId: client, ...FEBRUARY, language: 'en' },
      [],
    ]) {
      const response = await statement(body as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the statement in the portal', () => {
  it('gives the client user the statement of their own company', async () => {
    const response = await myStatement({ companyId: client, ...FEBRUARY, language: 'it' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(pdfText(response.rawPayload)).toMatch(/Saldo finale al 28\.02\.2026 500,00/);
  });

  it("answers another client's company as not found, and staff may not use the portal's call", async () => {
    const foreign = await myStatement({ companyId: stranger, ...FEBRUARY });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Message).toBe('the_client_was_not_found');
    const theirs = await myStatement({ companyId: client, ...FEBRUARY }, strangerToken);
    expect(theirs.statusCode).toBe(404);
    expect((await myStatement({ companyId: client, ...FEBRUARY }, s.ctx.users.manager.token)).statusCode).toBe(403);
    expect((await myStatement({ companyId: client, fromDate: '2026-03-01', toDate: '2026-02-01' })).statusCode).toBe(
      400,
    );
  });

  it("gives the company's balance per currency, EUR first: outstanding and overdue by the money rule", async () => {
    const response = await call<CompanyBalance[]>(
      s.ctx,
      'GET',
      `/api/my-companies/balance/${client}`,
      undefined,
      s.ctx.users.client.token,
    );
    expect(response.status).toBe(200);
    // EUR: the February invoice 600 − 120 credited + 60 debited + 20 refunded = 560, past its deadline; USD 240 − 40.
    expect(response.body.Result).toEqual([
      { currency: 'EUR', outstanding: 560, overdue: 560 },
      { currency: 'USD', outstanding: 200, overdue: 0 },
    ]);
    const foreign = await call(
      s.ctx,
      'GET',
      `/api/my-companies/balance/${stranger}`,
      undefined,
      s.ctx.users.client.token,
    );
    expect(foreign.status).toBe(404);
    const staff = await call(s.ctx, 'GET', `/api/my-companies/balance/${client}`, undefined, s.ctx.users.admin.token);
    expect(staff.status).toBe(403);
  });
});

describe('the statement by mail', () => {
  const send = (body: Record<string, unknown>, token = s.ctx.users.manager.token) =>
    call<MailView>(s.ctx, 'POST', '/api/receivables/statement/sendByMail', body, token);

  it("queues the statement to the client's notification e-mails with the PDF and the template's text", async () => {
    const response = await send({ clientId: client, ...FEBRUARY, language: 'bg' });
    expect(response.status).toBe(200);
    expect(response.body.Message).toBe('mail_queued');
    expect(response.body.Result.to).toEqual(['accounts@saldo.test']);
    expect(response.body.Result.entity).toEqual({ model: 'companies', id: client });
    await s.ctx.app.mail.drain();
    const mail = smtp.received.find((one) => one.parsed.messageId?.includes(response.body.Result._id));
    expect(mail).toBeDefined();
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('Извлечение по сметка за 01.02.2026 – 28.02.2026 — Кантора ООД');
    expect(flat(parsed.text ?? '')).toContain('Здравейте, Мария Петрова,');
    expect(flat(parsed.text ?? '')).toContain('Крайното салдо към 28.02.2026 е 500,00 EUR; 240,00 USD.');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0].filename).toBe('statement-2026-02-01_2026-02-28.pdf');
    expect(pdfText(parsed.attachments[0].content)).toMatch(/Крайно салдо към 28\.02\.2026 500,00/);
  });

  it('sends to the addresses given, in Italian when asked', async () => {
    const response = await send({ clientId: client, ...FEBRUARY, language: 'it', to: ['boss@saldo.test'] });
    expect(response.status).toBe(200);
    await s.ctx.app.mail.drain();
    const mail = smtp.received.find((one) => one.parsed.messageId?.includes(response.body.Result._id));
    expect(mail?.envelopeTo).toEqual(['boss@saldo.test']);
    expect(mail?.parsed.subject).toBe('Estratto conto dal 01.02.2026 al 28.02.2026 — Kantora Srl');
    expect(pdfText(mail!.parsed.attachments[0].content)).toContain('ESTRATTO CONTO');
  });

  it('refuses a client without notification e-mails, bad addresses, the accountant and the portal', async () => {
    const silent = await send({ clientId: stranger, ...FEBRUARY });
    expect(silent.status).toBe(400);
    expect(silent.body.Message).toBe('mail_no_recipients');
    const bad = await send({ clientId: client, ...FEBRUARY, to: ['not an address'] });
    expect(bad.status).toBe(400);
    expect((await send({ clientId: client, ...FEBRUARY }, s.ctx.users.accountant.token)).status).toBe(403);
    expect((await send({ clientId: client, ...FEBRUARY }, s.ctx.users.client.token)).status).toBe(403);
  });
});

describe('a statement over several pages', () => {
  /** Each page's text (pdftotext page by page) and the page count. */
  const pagesOf = (pdf: Buffer) => {
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
    const count = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    return Array.from({ length: count }, (_, i) =>
      flat(
        execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', `${i + 1}`, '-l', `${i + 1}`, '-', '-'], {
          input: pdf,
        }).toString('utf8'),
      ),
    );
  };

  it('repeats the header on every page, numbers the pages and keeps the rows and the running balance in order', async () => {
    const busy = (await createClient(s.ctx, { name: t('Дълго ООД', 'Lungo Srl') }))._id;
    // 30 invoices of 120,00 in April, each but the last paid on its day: 59 rows, the running balance 120,00 or 0,00.
    const invoiceNumbers: string[] = [];
    for (let day = 1; day <= 30; day++) {
      const date = `2026-04-${String(day).padStart(2, '0')}`;
      const invoice = await issued(busy, 100, { date, paymentDeadlineDate: '2026-05-31' });
      if (!invoice.number) throw new Error('an issued invoice has its number');
      invoiceNumbers.push(invoice.number);
      if (day < 30) await pay(invoice._id, 120, date);
    }
    const response = await statement({ clientId: busy, fromDate: '2026-04-01', toDate: '2026-04-30', language: 'bg' });
    expect(response.statusCode).toBe(200);
    const pages = pagesOf(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`Страница ${i + 1} от ${pages.length}`);
      expect(page).toMatch(/Дата Документ № Падеж Дебит \(EUR\) Кредит \(EUR\) Салдо \(EUR\)/);
    }
    const text = pages.join('\n');
    // Every invoice once, in number order across the pages, each followed by its balance of 120,00.
    const at = invoiceNumbers.map((number) => text.indexOf(` ${number} `));
    expect(at.every((position) => position >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    for (const number of invoiceNumbers)
      expect(text).toMatch(new RegExp(`Фактура ${number} 31\\.05\\.2026 120,00 120,00`));
    expect(text.match(/Плащане 120,00 0,00/g)).toHaveLength(29);
    expect(text).toMatch(/Обороти за периода 3 600,00 3 480,00/);
    expect(pages.at(-1)).toMatch(/Крайно салдо към 30\.04\.2026 120,00/);
  });
});

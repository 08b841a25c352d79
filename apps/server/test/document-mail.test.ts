/**
 * Documents by e-mail, through a real SMTP server in this process (`smtp-server`) read with `mailparser`: an issued
 * invoice, notice or proforma reaches both of its recipients with its PDF (pdftotext reads the document's number) and,
 * for invoices and notices, its e-invoice XML (written to EINVOICE_OUT_DIR, where CI runs the official validator);
 * nothing a client's name or a template holds adds a header or markup; drafts, bad addresses and other roles are
 * refused; the history answers the message with its state; sending many answers per document; the templates routes.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Access,
  type BillingDocumentView,
  type DocumentMailDraft,
  type MailTemplateView,
  type MailView,
  Permissions,
  type SendManyByMailResult,
} from '@kantora/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  createNotice,
  issue,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { createClient, headquarters } from './clients-fixtures.ts';
import { call } from './helpers.ts';

const OUT_DIR = resolve(
  process.env.EINVOICE_OUT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output', 'einvoice'),
);

interface Received {
  rcptTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

const received: Received[] = [];
let smtp: SMTPServer;
let s: BillingSetup;
/** A client with two notification e-mails, an Italian one, and one with none. */
let client: string;
let italian: string;
let silent: string;
let invoice: BillingDocumentView;

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

const banks = () => ({ providerBank: s.providerBank, providerBank2: s.providerBank2 });

async function issued(kind: 'invoice' | 'proforma', customerId: string, extra: Record<string, unknown> = {}) {
  const draft = await createDraft(s, kind, { customerId, customerBank: null, ...banks(), ...extra });
  await addItem(s, kind, draft._id, 100, 2);
  return issue(s, kind, draft._id);
}

/** Delivers what is due and answers the message that arrived for a queued mail (by our Message-ID). */
async function arrived(mail: MailView): Promise<Received> {
  await s.ctx.app.mail.drain();
  const found = received.find((one) => one.parsed.messageId?.includes(mail._id));
  if (!found) throw new Error(`mail ${mail._id} did not arrive (${received.length} received)`);
  return found;
}

const send = (kind: 'invoice' | 'proforma', body: Record<string, unknown>, token = s.ctx.users.manager.token) =>
  call<MailView>(s.ctx, 'POST', `${BASE[kind]}/sendByMail`, body, token);

beforeAll(async () => {
  mkdirSync(OUT_DIR, { recursive: true });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({ rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, parsed });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((done, fail) => {
    smtp.once('error', fail);
    smtp.listen(0, '127.0.0.1', () => done());
  });
  const { port } = smtp.server.address() as { port: number };
  s = await setUpBilling({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '0' });
  client = (
    await createClient(s.ctx, {
      name: t('Получател ООД', 'Destinatario Srl'),
      responsiblePerson: t('Мария Петрова', 'Maria Petrova'),
      notificationsEmails: ['accounts@client.test', 'boss@client.test'],
    })
  )._id;
  italian = (
    await createClient(s.ctx, {
      name: t('Società Edile S.r.l.', 'Società Edile S.r.l.'),
      vatNumber: 'IT01234567890',
      notificationsEmails: ['amministrazione@edile.test'],
      office: headquarters({ country: t('Италия', 'Italia'), city: t('Милано', 'Milano') }),
    })
  )._id;
  silent = (await createClient(s.ctx, { name: t('Безмълвен ООД', 'Silenzioso Srl') }))._id;
  invoice = await issued('invoice', client);
});

afterAll(async () => {
  await s?.ctx.close();
  await new Promise<void>((done) => smtp.close(() => done()));
});

describe('sending an issued invoice', () => {
  it('prefills the dialog with the client’s notification e-mails, its language and the rendered template', async () => {
    const response = await call<DocumentMailDraft>(
      s.ctx,
      'POST',
      `${BASE.invoice}/mailDraft`,
      { invoiceId: invoice._id },
      s.ctx.users.manager.token,
    );
    expect(response.status).toBe(200);
    const draft = response.body.Result;
    expect(draft.to).toEqual(['accounts@client.test', 'boss@client.test']);
    expect(draft.language).toBe('bg');
    expect(draft.templateKind).toBe('invoice');
    expect(draft.texts.bg.subject).toBe(`Фактура № ${invoice.number} от 02.03.2026 — Кантора ООД`);
    expect(draft.texts.it.subject).toBe(`Fattura n. ${invoice.number} del 02.03.2026 — Kantora Srl`);
    expect(draft.texts.bg.text).toContain('Здравейте, Мария Петрова,');
    expect(draft.texts.bg.text).toMatch(/на стойност 240,00 EUR, срок за плащане 16\.03\.2026/);
    expect(draft.layouts).toContain('invoice');
    expect(draft.layout).toBe('invoice');
    expect(draft.canAttachXml).toBe(true);
  });

  it('delivers one message to both recipients with the PDF of the document and its e-invoice XML', async () => {
    const response = await send('invoice', {
      invoiceId: invoice._id,
      to: ['accounts@client.test', 'boss@client.test'],
      language: 'bg',
      layout: 'invoice',
      attachXml: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.Message).toBe('mail_queued');
    const mail = response.body.Result;
    expect(mail).toMatchObject({
      state: 'queued',
      to: ['accounts@client.test', 'boss@client.test'],
      language: 'bg',
      kind: 'document',
      entity: { model: 'billing_documents', id: invoice._id },
    });
    expect(mail.attachments.map((one) => one.contentType)).toEqual(['application/pdf', 'application/xml']);

    const message = await arrived(mail);
    expect(message.rcptTo.sort()).toEqual(['accounts@client.test', 'boss@client.test']);
    const to = message.parsed.to;
    expect((Array.isArray(to) ? to : [to]).flatMap((one) => one?.value.map((v) => v.address))).toEqual([
      'accounts@client.test',
      'boss@client.test',
    ]);
    expect(message.parsed.subject).toBe(`Фактура № ${invoice.number} от 02.03.2026 — Кантора ООД`);
    expect(message.parsed.text).toContain(`фактура № ${invoice.number}`);
    expect(message.parsed.html).toContain(`<p>Здравейте, Мария Петрова,</p>`);

    const [pdf, xml] = message.parsed.attachments;
    expect(pdf.filename).toBe(`invoice-${invoice.number}-2026-03-02.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.content);
    expect(text).toContain(invoice.number);
    expect(text).toContain('ФАКТУРА');
    expect(text).toContain('Получател ООД');

    expect(xml.filename).toBe(`invoice-${invoice.number}-2026-03-02.xml`);
    const body = xml.content.toString('utf8');
    expect(body).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(body).toContain('<Invoice');
    writeFileSync(join(OUT_DIR, 'mail-invoice.xml'), body);
  });

  it('answers the history with the message and its state', async () => {
    const response = await call<MailView[]>(
      s.ctx,
      'POST',
      `${BASE.invoice}/mails`,
      { invoiceId: invoice._id },
      s.ctx.users.manager.token,
    );
    expect(response.status).toBe(200);
    const [last] = response.body.Result;
    expect(last).toMatchObject({ state: 'sent', to: ['accounts@client.test', 'boss@client.test'], attempts: 1 });
    expect(last.sentAt).not.toBeNull();
    expect(last.attachments.map((one) => one.filename)).toEqual([
      `invoice-${invoice.number}-2026-03-02.pdf`,
      `invoice-${invoice.number}-2026-03-02.xml`,
    ]);
  });

  it('sends an Italian client’s invoice in Italian by default, in the layout asked, without the XML when not asked', async () => {
    const doc = await issued('invoice', italian);
    const draft = await call<DocumentMailDraft>(s.ctx, 'POST', `${BASE.invoice}/mailDraft`, { invoiceId: doc._id });
    expect(draft.body.Result.language).toBe('it');
    const response = await send('invoice', {
      invoiceId: doc._id,
      to: draft.body.Result.to,
      layout: 'italian',
      attachXml: false,
    });
    expect(response.status).toBe(200);
    expect(response.body.Result.language).toBe('it');
    const message = await arrived(response.body.Result);
    expect(message.parsed.subject).toBe(`Fattura n. ${doc.number} del 02.03.2026 — Kantora Srl`);
    expect(message.parsed.attachments).toHaveLength(1);
    const text = pdfText(message.parsed.attachments[0].content);
    expect(text).toContain(doc.number);
    expect(text).toContain('FATTURA');
  });

  it('sends a credit notice with its template and its e-invoice (a credit note)', async () => {
    const notice = await createNotice(s, 1, invoice._id, { customerId: client, customerBank: null, ...banks() });
    await addItem(s, 'invoice', notice._id, 50, 1);
    const credit = await issue(s, 'invoice', notice._id);
    const response = await send('invoice', { invoiceId: credit._id, to: ['accounts@client.test'] });
    expect(response.status).toBe(200);
    const message = await arrived(response.body.Result);
    expect(message.parsed.subject).toBe(`Кредитно известие № ${credit.number} от 02.03.2026 — Кантора ООД`);
    const [pdf, xml] = message.parsed.attachments;
    expect(pdfText(pdf.content)).toContain(credit.number);
    const body = xml.content.toString('utf8');
    expect(body).toContain('<CreditNote');
    expect(body).toContain(`<cbc:ID>${credit.number}</cbc:ID>`);
    writeFileSync(join(OUT_DIR, 'mail-credit-notice.xml'), body);
  });

  it('sends a proforma with its PDF only (a proforma has no e-invoice)', async () => {
    const proforma = await issued('proforma', client);
    const response = await send('proforma', { proformaInvoiceId: proforma._id, to: ['accounts@client.test'] });
    expect(response.status).toBe(200);
    const message = await arrived(response.body.Result);
    expect(message.parsed.subject).toBe(`Проформа фактура № ${proforma.number} от 02.03.2026 — Кантора ООД`);
    expect(message.parsed.attachments.map((one) => one.contentType)).toEqual(['application/pdf']);
    expect(pdfText(message.parsed.attachments[0].content)).toContain(proforma.number);
    const history = await call<MailView[]>(s.ctx, 'POST', `${BASE.proforma}/mails`, {
      proformaInvoiceId: proforma._id,
    });
    expect(history.body.Result.map((one) => one.state)).toEqual(['sent']);
  });
});

describe('what cannot be sent', () => {
  it('refuses a draft with 409', async () => {
    const draft = await createDraft(s, 'invoice', { customerId: client, customerBank: null });
    const response = await send('invoice', { invoiceId: draft._id, to: ['accounts@client.test'] });
    expect([response.status, response.body.Message]).toEqual([409, 'document_not_issued']);
    const prefill = await call(s.ctx, 'POST', `${BASE.invoice}/mailDraft`, { invoiceId: draft._id });
    expect([prefill.status, prefill.body.Message]).toEqual([409, 'document_not_issued']);
  });

  it('names a bad address, a header smuggled into one, and a layout the document may not print', async () => {
    const response = await send('invoice', {
      invoiceId: invoice._id,
      to: ['accounts@client.test', 'not an address', 'x@client.test\r\nBcc: victim@evil.test'],
    });
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([
      { field: 'to.1', message: 'email_valid' },
      { field: 'to.2', message: 'email_valid' },
    ]);
    const layout = await send('invoice', { invoiceId: invoice._id, to: ['a@client.test'], layout: 'proforma' });
    expect([layout.status, layout.body.Errors]).toEqual([400, [{ field: 'layout', message: 'invalid_value' }]]);
    const none = await send('invoice', { invoiceId: invoice._id, to: [] });
    expect([none.status, none.body.Errors]).toEqual([400, [{ field: 'to', message: 'field_is_required' }]]);
  });

  it('is management’s: employee, accountant and client users are refused', async () => {
    const { employee, accountant, client: clientUser, admin } = s.ctx.users;
    for (const token of [employee.token, accountant.token, clientUser.token]) {
      for (const [url, body] of [
        [`${BASE.invoice}/sendByMail`, { invoiceId: invoice._id, to: ['a@client.test'] }],
        [`${BASE.invoice}/mailDraft`, { invoiceId: invoice._id }],
        [`${BASE.invoice}/mails`, { invoiceId: invoice._id }],
        [`${BASE.invoice}/sendManyByMail`, { ids: [invoice._id] }],
        [`${BASE.proforma}/sendByMail`, { proformaInvoiceId: invoice._id, to: ['a@client.test'] }],
      ] as const)
        expect([url, (await call(s.ctx, 'POST', url, body, token)).status]).toEqual([url, 403]);
    }
    const mails = await call(s.ctx, 'POST', `${BASE.invoice}/mails`, { invoiceId: invoice._id }, admin.token);
    expect(mails.status).toBe(200);
  });

  it('declares the calls with their permissions: documentsMail (management) and settings (admin)', () => {
    const permissionOf = (method: string, url: string) =>
      s.ctx.app.apiRoutes.find((route) => route.method === method && route.url === url)?.permission;
    for (const base of [BASE.invoice, BASE.proforma])
      for (const name of ['mailDraft', 'sendByMail', 'sendManyByMail', 'mails'])
        expect([name, permissionOf('POST', `${base}/${name}`)]).toEqual([name, 'documentsMail']);
    expect(Permissions.documentsMail).toEqual([Access.admin, Access.manager]);
    for (const name of ['list', 'save', 'reset'])
      expect(permissionOf('POST', `/api/settings/mail-templates/${name}`)).toBe('settings');
    expect(permissionOf('GET', '/api/settings/mail-templates/:kind/:language')).toBe('settings');
  });

  it('answers an invoice’s id on the proformas’ path as not found', async () => {
    const response = await send('proforma', { proformaInvoiceId: invoice._id, to: ['a@client.test'] });
    expect([response.status, response.body.Message]).toEqual([404, 'the_proforma_invoice_was_not_found']);
  });
});

describe('injection', () => {
  it('keeps a client name with CR/LF and markup out of the headers and the HTML', async () => {
    const evil = (
      await createClient(s.ctx, {
        name: t('Зъл <b>ООД</b>\r\nBcc: victim@evil.test', 'Evil <b>Srl</b>\r\nBcc: victim@evil.test'),
        notificationsEmails: ['evil@client.test'],
      })
    )._id;
    const saved = await call(s.ctx, 'POST', '/api/settings/mail-templates/save', {
      kind: 'invoice',
      language: 'bg',
      subject: 'Фактура {{number}} за {{client}}',
      body: 'Здравейте, {{contact}}!\n<i>Фактура</i> {{number}}',
    });
    expect(saved.status).toBe(200);
    try {
      const doc = await issued('invoice', evil);
      const response = await send('invoice', {
        invoiceId: doc._id,
        to: ['evil@client.test'],
        language: 'bg',
        attachXml: false,
      });
      expect(response.status).toBe(200);
      const message = await arrived(response.body.Result);
      expect(message.rcptTo).toEqual(['evil@client.test']);
      expect(message.parsed.headers.has('bcc')).toBe(false);
      expect(message.parsed.subject).toBe(`Фактура ${doc.number} за Зъл <b>ООД</b> Bcc: victim@evil.test`);
      const header = message.raw.toString('latin1').split('\r\n\r\n')[0];
      expect(header).not.toMatch(/^bcc:/im);
      expect(message.parsed.html).not.toContain('<b>');
      expect(message.parsed.html).not.toContain('<i>');
      expect(message.parsed.html).toContain('Здравейте, Зъл &lt;b&gt;ООД&lt;/b&gt; Bcc: victim@evil.test!');
      expect(message.parsed.html).toContain(`&lt;i&gt;Фактура&lt;/i&gt; ${doc.number}`);
      expect(message.parsed.text).toContain('Здравейте, Зъл <b>ООД</b> Bcc: victim@evil.test!');
    } finally {
      await call(s.ctx, 'POST', '/api/settings/mail-templates/reset', { kind: 'invoice', language: 'bg' });
    }
  });

  it('keeps a typed subject to one line', async () => {
    const response = await send('invoice', {
      invoiceId: invoice._id,
      to: ['accounts@client.test'],
      subject: 'Invoice {{number}}\r\nBcc: victim@evil.test',
      attachXml: false,
    });
    expect(response.status).toBe(200);
    const message = await arrived(response.body.Result);
    expect(message.rcptTo).toEqual(['accounts@client.test']);
    expect(message.parsed.headers.has('bcc')).toBe(false);
    expect(message.parsed.subject).toBe(`Invoice ${invoice.number} Bcc: victim@evil.test`);
  });
});

describe('sending many', () => {
  it('sends each document to its client and answers per id what could not be sent', async () => {
    const second = await issued('invoice', italian);
    const draft = await createDraft(s, 'invoice', { customerId: client, customerBank: null });
    const mute = await issued('invoice', silent);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await call<SendManyByMailResult>(
      s.ctx,
      'POST',
      `${BASE.invoice}/sendManyByMail`,
      { ids: [invoice._id, draft._id, second._id, mute._id, unknown], attachXml: true },
      s.ctx.users.manager.token,
    );
    expect(response.status).toBe(200);
    const result = response.body.Result;
    expect([result.sent, result.failed]).toEqual([2, 3]);
    expect(result.items.map((item) => [item._id, item.sent, item.message])).toEqual([
      [invoice._id, true, null],
      [draft._id, false, 'document_not_issued'],
      [second._id, true, null],
      [mute._id, false, 'mail_no_recipients'],
      [unknown, false, 'the_invoice_was_not_found'],
    ]);
    const [first, italianOne] = [result.items[0].mail as MailView, result.items[2].mail as MailView];
    expect(first.to).toEqual(['accounts@client.test', 'boss@client.test']);
    expect(first.language).toBe('bg');
    expect(italianOne.to).toEqual(['amministrazione@edile.test']);
    expect(italianOne.language).toBe('it');
    const message = await arrived(italianOne);
    expect(message.parsed.subject).toBe(`Fattura n. ${second.number} del 02.03.2026 — Kantora Srl`);
    expect(message.parsed.attachments.map((one) => one.contentType)).toEqual(['application/pdf', 'application/xml']);
    await arrived(first);
  });

  it('refuses an empty or malformed list', async () => {
    const empty = await call(s.ctx, 'POST', `${BASE.invoice}/sendManyByMail`, { ids: [] });
    expect([empty.status, empty.body.Errors]).toEqual([400, [{ field: 'ids', message: 'field_is_required' }]]);
    const bad = await call(s.ctx, 'POST', `${BASE.invoice}/sendManyByMail`, { ids: ['x'] });
    expect([bad.status, bad.body.Errors]).toEqual([400, [{ field: 'ids.0', message: 'invalid_value' }]]);
  });
});

describe('mail templates (Settings)', () => {
  const list = () => call<MailTemplateView[]>(s.ctx, 'POST', '/api/settings/mail-templates/list');

  it('lists every kind in both languages, the defaults filled', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.Result.map((one) => `${one.kind}/${one.language}`)).toEqual([
      'invoice/bg',
      'invoice/it',
      'credit/bg',
      'credit/it',
      'debit/bg',
      'debit/it',
      'proforma/bg',
      'proforma/it',
      'invitation/bg',
      'invitation/it',
      'passwordReset/bg',
      'passwordReset/it',
      'reminder1/bg',
      'reminder1/it',
      'reminder2/bg',
      'reminder2/it',
      'reminder3/bg',
      'reminder3/it',
      'statement/bg',
      'statement/it',
    ]);
    expect(response.body.Result.every((one) => one.isDefault && one.subject && one.body)).toBe(true);
    expect(response.body.Result.find((one) => one.kind === 'invitation')?.placeholders).toContain('link');
  });

  it('saves a template that the next message uses, and resets it to the default', async () => {
    const saved = await call<MailTemplateView>(s.ctx, 'POST', '/api/settings/mail-templates/save', {
      kind: 'debit',
      language: 'it',
      subject: 'Nota {{number}}',
      body: 'Testo {{total}}',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Result).toMatchObject({
      kind: 'debit',
      language: 'it',
      subject: 'Nota {{number}}',
      isDefault: false,
    });
    const got = await call<MailTemplateView>(s.ctx, 'GET', '/api/settings/mail-templates/debit/it');
    expect(got.body.Result).toMatchObject({ subject: 'Nota {{number}}', body: 'Testo {{total}}', isDefault: false });

    const debitDraft = await createNotice(s, 2, invoice._id, { customerId: client, customerBank: null, ...banks() });
    await addItem(s, 'invoice', debitDraft._id, 10, 1);
    const debit = await issue(s, 'invoice', debitDraft._id);
    const response = await send('invoice', { invoiceId: debit._id, to: ['accounts@client.test'], language: 'it' });
    const message = await arrived(response.body.Result);
    expect(message.parsed.subject).toBe(`Nota ${debit.number}`);
    expect(message.parsed.text?.trim()).toBe('Testo 12,00 EUR');
    writeFileSync(join(OUT_DIR, 'mail-debit-notice.xml'), message.parsed.attachments[1].content);

    const reset = await call<MailTemplateView>(s.ctx, 'POST', '/api/settings/mail-templates/reset', {
      kind: 'debit',
      language: 'it',
    });
    expect(reset.body.Result).toMatchObject({
      isDefault: true,
      subject: 'Nota di debito n. {{number}} del {{date}} — {{company}}',
    });
    expect((await list()).body.Result.every((one) => one.isDefault)).toBe(true);
  });

  it('gives calendar invitations the invitation template saved in Settings', async () => {
    const saved = await call(s.ctx, 'POST', '/api/settings/mail-templates/save', {
      kind: 'invitation',
      language: 'bg',
      subject: 'Елате на {{title}}',
      body: 'Връзка: {{link}}',
    });
    expect(saved.status).toBe(200);
    try {
      const category = await call(s.ctx, 'POST', '/api/settings/event-categories/save', {
        name: t('Среща', 'Riunione'),
        color: '#1565C0',
      });
      const invitee = await s.ctx.createUser(Access.employee);
      const event = await call(
        s.ctx,
        'POST',
        '/api/events/save',
        {
          category: category.body.Result._id,
          title: 'Годишна среща',
          comment: '',
          fromDate: '2031-05-06T07:00:00.000Z',
          toDate: '2031-05-06T08:30:00.000Z',
          invited: [invitee.id],
        },
        s.ctx.users.manager.token,
      );
      expect(event.status).toBe(200);
      await s.ctx.app.mail.drain();
      const message = received.find((one) => one.rcptTo.includes(invitee.email));
      expect(message?.parsed.subject).toBe('Елате на Годишна среща');
      expect(message?.parsed.text).toMatch(/^Връзка: http\S+\/#\/events\/invitation\/[0-9a-f-]{36}$/);
      expect(message?.parsed.html).toMatch(/<a href="http[^"]+\/#\/events\/invitation\/[0-9a-f-]{36}">/);
    } finally {
      await call(s.ctx, 'POST', '/api/settings/mail-templates/reset', { kind: 'invitation', language: 'bg' });
    }
  });

  it('refuses a subject with a line break, an unknown kind, and anyone but the administrator', async () => {
    const broken = await call(s.ctx, 'POST', '/api/settings/mail-templates/save', {
      kind: 'invoice',
      language: 'bg',
      subject: 'A\r\nBcc: victim@evil.test',
      body: 'B',
    });
    expect([broken.status, broken.body.Errors]).toEqual([400, [{ field: 'subject', message: 'invalid_value' }]]);
    expect((await call(s.ctx, 'GET', '/api/settings/mail-templates/letter/bg')).status).toBe(400);
    for (const token of [s.ctx.users.manager.token, s.ctx.users.accountant.token, s.ctx.users.client.token]) {
      expect((await call(s.ctx, 'POST', '/api/settings/mail-templates/list', {}, token)).status).toBe(403);
      expect(
        (
          await call(
            s.ctx,
            'POST',
            '/api/settings/mail-templates/save',
            { kind: 'invoice', language: 'bg', subject: 'S', body: 'B' },
            token,
          )
        ).status,
      ).toBe(403);
    }
  });
});

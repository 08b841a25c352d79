import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_TEMPLATES,
  defaultMailLanguage,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_PLACEHOLDERS,
  mailTemplateKindOf,
  mailTemplateSaveSchema,
  renderMailTemplate,
  sendByMailSchema,
  sendManyByMailSchema,
} from './document-mail.schemas.ts';
import { LOCALES } from './api.ts';

const ID = '5b0c1a9e-2d5e-4b8a-9f2a-1c3d4e5f6a7b';
const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('renderMailTemplate', () => {
  const values = {
    number: '0000000123',
    date: '02.03.2026',
    total: '1 234,56 EUR',
    dueDate: '16.03.2026',
    company: 'Кантора ООД',
    contact: 'Мария',
  };

  it('fills every placeholder of the defaults, in both languages', () => {
    for (const kind of MAIL_TEMPLATE_KINDS)
      for (const language of LOCALES) {
        const template = DEFAULT_MAIL_TEMPLATES[kind][language];
        const used = [...`${template.subject}\n${template.body}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        expect(used.length).toBeGreaterThan(0);
        for (const name of used) expect(MAIL_TEMPLATE_PLACEHOLDERS[kind]).toContain(name);
      }
    const mail = renderMailTemplate(DEFAULT_MAIL_TEMPLATES.invoice.bg, values);
    expect(mail.subject).toBe('Фактура № 0000000123 от 02.03.2026 — Кантора ООД');
    expect(mail.text).toContain('на стойност 1 234,56 EUR, срок за плащане 16.03.2026');
    expect(mail.text).toMatch(/^Здравейте, Мария,/);
    expect(mail.html).toContain('<p>Здравейте, Мария,</p>');
    expect(renderMailTemplate(DEFAULT_MAIL_TEMPLATES.credit.it, values).subject).toBe(
      'Nota di credito n. 0000000123 del 02.03.2026 — Кантора ООД',
    );
  });

  it('keeps the subject one line: CR, LF and other control characters in values and template become spaces', () => {
    const mail = renderMailTemplate(
      { subject: 'Invoice {{number}}\r\nBcc: x@evil.test', body: 'Hi {{contact}}' },
      { number: '1\r\nBcc: victim@evil.test\u0000\u2028', contact: 'A\nB' },
    );
    expect(mail.subject).toBe('Invoice 1 Bcc: victim@evil.test Bcc: x@evil.test');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be there
    expect(mail.subject).not.toMatch(/[\r\n\u0000-\u001f\u2028]/);
    expect(mail.text).toBe('Hi A B');
  });

  it('never lets a value add HTML, nor be read as a placeholder', () => {
    const mail = renderMailTemplate(
      { subject: '{{contact}}', body: 'Dear {{contact}},\n\nTotal: {{total}}\nSee {{link}} and {{unknown}}.' },
      {
        contact: '<b>Evil</b> & "Co" {{total}}',
        total: '5 EUR',
        link: 'https://kantora.example/#/events/invitation/1',
      },
    );
    expect(mail.text).toBe(
      'Dear <b>Evil</b> & "Co" {{total}},\n\nTotal: 5 EUR\nSee https://kantora.example/#/events/invitation/1 and .',
    );
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; &quot;Co&quot; {{total}},');
    expect(mail.html).toContain(
      '<a href="https://kantora.example/#/events/invitation/1">https://kantora.example/#/events/invitation/1</a>',
    );
    expect(mail.html).toContain('<p>Total: 5 EUR<br>\nSee');
    expect(mail.subject).toBe('<b>Evil</b> & "Co" {{total}}');
    // A value that looks like a link but carries markup is text.
    const trick = renderMailTemplate({ subject: 's', body: '{{link}}' }, { link: 'https://x.test/"><script>' });
    expect(trick.html).not.toContain('<script>');
    expect(trick.html).not.toContain('<a ');
  });

  it('escapes the template text too and leaves unknown placeholders empty', () => {
    const mail = renderMailTemplate({ subject: 'A {{nope}} B', body: '<i>{{number}}</i>' }, { number: '7' });
    expect(mail.subject).toBe('A B');
    expect(mail.text).toBe('<i>7</i>');
    expect(mail.html).toContain('<p>&lt;i&gt;7&lt;/i&gt;</p>');
  });

  it('does not read inherited properties as values', () => {
    expect(renderMailTemplate({ subject: '{{constructor}}{{toString}}', body: 'x' }, {}).subject).toBe('');
  });
});

describe('sendByMailSchema', () => {
  it('takes the document id, recipients, language, layout and the XML flag', () => {
    const parsed = sendByMailSchema.parse({
      invoiceId: ID,
      to: ['a@example.com', ' b@example.com ', 'A@example.com'],
      language: 'it',
      layout: 'italian',
    });
    expect(parsed).toEqual({
      documentId: ID,
      to: ['a@example.com', 'b@example.com'],
      language: 'it',
      layout: 'italian',
      attachXml: true,
      subject: undefined,
      text: undefined,
    });
    expect(sendByMailSchema.parse({ proformaInvoiceId: ID, to: ['a@example.com'], attachXml: false }).attachXml).toBe(
      false,
    );
  });

  it('names each bad address, the missing document and the bad language and layout', () => {
    const result = sendByMailSchema.safeParse({
      to: ['ok@example.com', 'not-an-address', 'x@y.test\r\nBcc: z@evil.test'],
      language: 'de',
      layout: 'fancy',
    });
    expect(errorsOf(result)).toEqual({
      'to.1': 'email_valid',
      'to.2': 'email_valid',
      language: 'invalid_value',
      layout: 'invalid_value',
    });
    expect(errorsOf(sendByMailSchema.safeParse({ invoiceId: ID, to: [] }))).toEqual({ to: 'field_is_required' });
    expect(errorsOf(sendByMailSchema.safeParse({ to: ['a@example.com'] }))).toEqual({ invoiceId: 'field_is_required' });
    const many = Array.from({ length: 21 }, (_, i) => `u${i}@example.com`);
    expect(errorsOf(sendByMailSchema.safeParse({ invoiceId: ID, to: many }))).toEqual({
      to: 'mail_too_many_recipients',
    });
  });
});

describe('sendManyByMailSchema', () => {
  it('takes 1..200 distinct ids', () => {
    expect(sendManyByMailSchema.parse({ ids: [ID, ID] })).toEqual({
      ids: [ID],
      language: undefined,
      layout: undefined,
      attachXml: true,
    });
    expect(errorsOf(sendManyByMailSchema.safeParse({ ids: [] }))).toEqual({ ids: 'field_is_required' });
    expect(errorsOf(sendManyByMailSchema.safeParse({ ids: ['x'] }))).toEqual({ 'ids.0': 'invalid_value' });
  });
});

describe('mailTemplateSaveSchema', () => {
  it('keeps a subject to one line and needs both texts', () => {
    expect(
      errorsOf(
        mailTemplateSaveSchema.safeParse({ kind: 'invoice', language: 'bg', subject: 'A\r\nBcc: x@y.z', body: ' ' }),
      ),
    ).toEqual({ subject: 'invalid_value', body: 'field_is_required' });
    expect(
      errorsOf(mailTemplateSaveSchema.safeParse({ kind: 'letter', language: 'de', subject: 'a', body: 'b' })),
    ).toEqual({
      kind: 'invalid_value',
      language: 'invalid_value',
    });
    expect(mailTemplateSaveSchema.parse({ kind: 'debit', language: 'it', subject: ' S ', body: 'B\n' })).toEqual({
      kind: 'debit',
      language: 'it',
      subject: 'S',
      body: 'B',
    });
  });
});

describe('the default language and the template kind', () => {
  it('is Italian for an Italian VAT number or address, else Bulgarian', () => {
    expect(defaultMailLanguage({ vatNumber: 'IT01234567890' })).toBe('it');
    expect(defaultMailLanguage({ vatNumber: ' it 0123' })).toBe('it');
    expect(defaultMailLanguage({ vatNumber: '', country: { bg: 'Италия', it: 'Italia' } })).toBe('it');
    expect(defaultMailLanguage({ vatNumber: 'BG123456789', countryCode: 'IT' })).toBe('it');
    expect(defaultMailLanguage({ vatNumber: 'BG123456789', country: { bg: 'България', it: 'Bulgaria' } })).toBe('bg');
    expect(defaultMailLanguage({ vatNumber: 'DE123456789', country: { bg: 'Германия', it: 'Germania' } })).toBe('bg');
    expect(defaultMailLanguage({})).toBe('bg');
  });

  it('names invoice, credit, debit and proforma', () => {
    expect(mailTemplateKindOf({ kind: 'invoice', noticeType: 0 })).toBe('invoice');
    expect(mailTemplateKindOf({ kind: 'invoice', noticeType: 1 })).toBe('credit');
    expect(mailTemplateKindOf({ kind: 'invoice', noticeType: 2 })).toBe('debit');
    expect(mailTemplateKindOf({ kind: 'proforma', noticeType: 0 })).toBe('proforma');
  });
});

/**
 * Documents by e-mail: an issued invoice, notice or proforma sent to its client through the outbox (mail.schemas.ts),
 * and the mail templates of Settings (docs/decisions.md, "Documents by e-mail").
 *
 * Calls (POST; `{base}` is /api/invoices or /api/proforma-invoices; permission `documentsMail`: admin, manager):
 * - POST {base}/mailDraft       `{ invoiceId | proformaInvoiceId }` → `DocumentMailDraft`: what the send dialog
 *                               prefills (the client's notification e-mails, the default language, the rendered
 *                               subject and text in both languages, the layouts the document may print).
 * - POST {base}/sendByMail      `sendByMailSchema` → `MailView` of the queued (or held) message, Message `mail_queued`
 *                                (`mail_held` when no mail server is configured).
 *                               A draft: 409 `document_not_issued`; a bad address: 400 with `to.<n>` `email_valid`;
 *                               a layout the document may not print: 400 `layout` `invalid_value`.
 * - POST {base}/sendManyByMail  `sendManyByMailSchema` → `SendManyByMailResult`: one message per document to its
 *                               client's notification e-mails; what cannot be sent answers per id with its key.
 * - POST {base}/mails           `{ invoiceId | proformaInvoiceId }` → `MailView[]`: the document's messages, newest first.
 * Templates (permission `settings`: admin):
 * - POST /api/settings/mail-templates/list            → `MailTemplateView[]` (every kind × language, defaults filled).
 * - GET  /api/settings/mail-templates/{kind}/{language} → `MailTemplateView`.
 * - POST /api/settings/mail-templates/save            `mailTemplateSaveSchema` → `MailTemplateView`.
 * - POST /api/settings/mail-templates/reset           `mailTemplateRefSchema` → `MailTemplateView` (the default again).
 */
import { z } from 'zod';
import { LOCALES, type Locale } from './api.ts';
import { MessageKeys as M } from './messages.ts';
import { PRINT_LAYOUT_NAMES, type PrintLayoutName } from './printable.ts';
import { countryCodeFrom } from './einvoice.ts';
import type { MailView } from './mail.schemas.ts';
import { REMINDER_PLACEHOLDERS } from './reminders.schemas.ts';
import { emailSchema, idSchema, type LocalizedText } from './schemas.ts';

/** The entity a document's messages belong to (`entity.model` of its MailView; the id is the document's). */
export const DOCUMENT_MAIL_ENTITY = 'billing_documents';

export const MAIL_TEMPLATE_KINDS = [
  'invoice',
  'credit',
  'debit',
  'proforma',
  'invitation',
  'passwordReset',
  'reminder1',
  'reminder2',
  'reminder3',
  'statement',
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

/** A template: a one-line subject and a plain-text body, both with {{placeholders}}. */
export interface MailTemplateText {
  subject: string;
  body: string;
}

const DOCUMENT_PLACEHOLDERS = ['number', 'date', 'total', 'dueDate', 'company', 'contact', 'client'] as const;

/**
 * The statement of account (statement.schemas.ts): the period's first and last day, the closing balance of each
 * currency (`balance`, e.g. "1 200,00 EUR; 35,00 BGN"), `client`, `contact` and `company`.
 */
const STATEMENT_PLACEHOLDERS = ['fromDate', 'toDate', 'balance', 'client', 'contact', 'company'] as const;

/**
 * The placeholders each kind fills. Documents: the number, the issue date, the total with its currency, the payment
 * deadline, `company` (the own company, who sends), `contact` (whom the message addresses: the client's responsible
 * person, else the client's name) and `client` (the client's name). Invitations: the event's title, start and end,
 * the public invitation link, `company` and `contact` (the invitee's name). Payment reminders (stages 1–3, reminders
 * .schemas.ts): the invoice's number, date and payment deadline, the amount still due and its currency, the days
 * overdue, `client` and `company`.
 */
export const MAIL_TEMPLATE_PLACEHOLDERS: Record<MailTemplateKind, readonly string[]> = {
  invoice: DOCUMENT_PLACEHOLDERS,
  credit: DOCUMENT_PLACEHOLDERS,
  debit: DOCUMENT_PLACEHOLDERS,
  proforma: DOCUMENT_PLACEHOLDERS,
  invitation: ['title', 'start', 'end', 'link', 'company', 'contact'],
  /** A password reset (account-security.schemas.ts): the user's name, the link, how many minutes it works. */
  passwordReset: ['name', 'resetLink', 'minutes', 'company'],
  reminder1: REMINDER_PLACEHOLDERS,
  reminder2: REMINDER_PLACEHOLDERS,
  reminder3: REMINDER_PLACEHOLDERS,
  statement: STATEMENT_PLACEHOLDERS,
};

const documentBody = {
  bg: (what: string) =>
    `Здравейте, {{contact}},\n\nИзпращаме Ви ${what} № {{number}} от {{date}} на стойност {{total}}, срок за плащане {{dueDate}}.\nДокументът е приложен към писмото.\n\nС уважение,\n{{company}}`,
  it: (what: string) =>
    `Gentile {{contact}},\n\nin allegato Le inviamo ${what} n. {{number}} del {{date}} per un importo di {{total}}, con scadenza il {{dueDate}}.\n\nCordiali saluti,\n{{company}}`,
};

/** The built-in templates: what a kind and language sends while Settings holds no template of its own. */
export const DEFAULT_MAIL_TEMPLATES: Record<MailTemplateKind, Record<Locale, MailTemplateText>> = {
  invoice: {
    bg: { subject: 'Фактура № {{number}} от {{date}} — {{company}}', body: documentBody.bg('фактура') },
    it: { subject: 'Fattura n. {{number}} del {{date}} — {{company}}', body: documentBody.it('la fattura') },
  },
  credit: {
    bg: {
      subject: 'Кредитно известие № {{number}} от {{date}} — {{company}}',
      body: documentBody.bg('кредитно известие'),
    },
    it: {
      subject: 'Nota di credito n. {{number}} del {{date}} — {{company}}',
      body: documentBody.it('la nota di credito'),
    },
  },
  debit: {
    bg: {
      subject: 'Дебитно известие № {{number}} от {{date}} — {{company}}',
      body: documentBody.bg('дебитно известие'),
    },
    it: {
      subject: 'Nota di debito n. {{number}} del {{date}} — {{company}}',
      body: documentBody.it('la nota di debito'),
    },
  },
  proforma: {
    bg: {
      subject: 'Проформа фактура № {{number}} от {{date}} — {{company}}',
      body: documentBody.bg('проформа фактура'),
    },
    it: {
      subject: 'Fattura proforma n. {{number}} del {{date}} — {{company}}',
      body: documentBody.it('la fattura proforma'),
    },
  },
  invitation: {
    bg: {
      subject: 'Покана: {{title}}',
      body: 'Здравейте, {{contact}},\n\nКанени сте на „{{title}}“ от {{start}} до {{end}}.\nОтговорете на поканата тук: {{link}}\n\nС уважение,\n{{company}}',
    },
    it: {
      subject: 'Invito: {{title}}',
      body: 'Gentile {{contact}},\n\nè invitato a «{{title}}» dal {{start}} al {{end}}.\nPuò rispondere all’invito qui: {{link}}\n\nCordiali saluti,\n{{company}}',
    },
  },
  passwordReset: {
    bg: {
      subject: 'Нова парола — {{company}}',
      body: 'Здравейте, {{name}},\n\nПолучихме заявка за нова парола за Вашия профил. Задайте нова парола тук: {{resetLink}}\nВръзката важи {{minutes}} минути и може да се използва само веднъж.\nАко не сте поискали нова парола, не правете нищо: паролата Ви остава същата.\n\nС уважение,\n{{company}}',
    },
    it: {
      subject: 'Nuova password — {{company}}',
      body: 'Gentile {{name}},\n\nabbiamo ricevuto una richiesta di nuova password per il Suo account. Può impostarla qui: {{resetLink}}\nIl link vale {{minutes}} minuti e si può usare una sola volta.\nSe non ha chiesto una nuova password, ignori questo messaggio: la password resta invariata.\n\nCordiali saluti,\n{{company}}',
    },
  },
  reminder1: {
    bg: {
      subject: 'Напомняне за плащане: фактура № {{number}} — {{company}}',
      body: 'Здравейте, {{client}},\n\nНапомняме Ви, че фактура № {{number}} от {{date}} със срок за плащане {{dueDate}} все още не е платена. Дължимата сума е {{amountDue}} {{currency}} (просрочие {{daysOverdue}} дни).\nФактурата е приложена към писмото. Ако вече сте платили, моля, не обръщайте внимание на това писмо.\n\nС уважение,\n{{company}}',
    },
    it: {
      subject: 'Promemoria di pagamento: fattura n. {{number}} — {{company}}',
      body: 'Gentile {{client}},\n\nLe ricordiamo che la fattura n. {{number}} del {{date}}, con scadenza il {{dueDate}}, non risulta ancora pagata. L’importo dovuto è di {{amountDue}} {{currency}} (scaduta da {{daysOverdue}} giorni).\nLa fattura è allegata. Se ha già provveduto al pagamento, non tenga conto di questo messaggio.\n\nCordiali saluti,\n{{company}}',
    },
  },
  reminder2: {
    bg: {
      subject: 'Второ напомняне за плащане: фактура № {{number}} — {{company}}',
      body: 'Здравейте, {{client}},\n\nФактура № {{number}} от {{date}} със срок за плащане {{dueDate}} е просрочена с {{daysOverdue}} дни. Дължимата сума е {{amountDue}} {{currency}}.\nМолим да я платите възможно най-скоро. Фактурата е приложена към писмото.\n\nС уважение,\n{{company}}',
    },
    it: {
      subject: 'Secondo sollecito di pagamento: fattura n. {{number}} — {{company}}',
      body: 'Gentile {{client}},\n\nla fattura n. {{number}} del {{date}}, con scadenza il {{dueDate}}, è scaduta da {{daysOverdue}} giorni. L’importo dovuto è di {{amountDue}} {{currency}}.\nLa preghiamo di provvedere al pagamento al più presto. La fattura è allegata.\n\nCordiali saluti,\n{{company}}',
    },
  },
  reminder3: {
    bg: {
      subject: 'Последно напомняне за плащане: фактура № {{number}} — {{company}}',
      body: 'Здравейте, {{client}},\n\nВъпреки предишните ни напомняния фактура № {{number}} от {{date}} (срок за плащане {{dueDate}}) все още не е платена: просрочие {{daysOverdue}} дни, дължима сума {{amountDue}} {{currency}}.\nМолим да платите незабавно или да се свържете с нас. Фактурата е приложена към писмото.\n\nС уважение,\n{{company}}',
    },
    it: {
      subject: 'Ultimo sollecito di pagamento: fattura n. {{number}} — {{company}}',
      body: 'Gentile {{client}},\n\nnonostante i nostri precedenti solleciti, la fattura n. {{number}} del {{date}} (scadenza {{dueDate}}) non risulta ancora pagata: è scaduta da {{daysOverdue}} giorni e l’importo dovuto è di {{amountDue}} {{currency}}.\nLa preghiamo di provvedere subito al pagamento o di contattarci. La fattura è allegata.\n\nCordiali saluti,\n{{company}}',
    },
  },
  statement: {
    bg: {
      subject: 'Извлечение по сметка за {{fromDate}} – {{toDate}} — {{company}}',
      body: 'Здравейте, {{contact}},\n\nИзпращаме Ви извлечение по сметка за периода {{fromDate}} – {{toDate}}. Крайното салдо към {{toDate}} е {{balance}}.\nИзвлечението е приложено към писмото.\n\nС уважение,\n{{company}}',
    },
    it: {
      subject: 'Estratto conto dal {{fromDate}} al {{toDate}} — {{company}}',
      body: 'Gentile {{contact}},\n\nin allegato Le inviamo l’estratto conto dal {{fromDate}} al {{toDate}}. Il saldo finale al {{toDate}} è di {{balance}}.\n\nCordiali saluti,\n{{company}}',
    },
  },
};

/** The rendered message: a one-line subject, the plain text, and HTML made from the text by escaping. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
const URL_VALUE = /^https?:\/\/[^\s"'<>`]+$/;

/** A value as it enters a message: one line, control characters (CR, LF, tab, ...) turned into a space. */
const oneLine = (value: string) => value.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The template's text and its placeholders' values, in order: each part is template text or a value. */
function parts(template: string, values: Record<string, string | null | undefined>) {
  const out: Array<{ text: string; value: boolean }> = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const index = match.index ?? 0;
    out.push({ text: template.slice(last, index), value: false });
    const own = Object.hasOwn(values, match[1]) ? values[match[1]] : undefined;
    out.push({ text: oneLine(own ?? ''), value: true });
    last = index + match[0].length;
  }
  out.push({ text: template.slice(last), value: false });
  return out;
}

/**
 * Renders a template with values, safely: every value is made one line (control characters become spaces) and is
 * never read as a placeholder or as markup; an unknown placeholder is left empty. The subject is one line whatever
 * the template holds; the HTML is the text escaped (paragraphs at blank lines, `<br>` at line ends), with a value that
 * is a plain http(s) address as a link: a value never adds a header line or HTML.
 */
export function renderMailTemplate(
  template: MailTemplateText,
  values: Record<string, string | null | undefined>,
): RenderedMail {
  const subject = oneLine(
    parts(template.subject, values)
      .map((part) => part.text)
      .join(''),
  );
  const bodyParts = parts(template.body.replace(/\r\n?/g, '\n'), values).map((part) => ({
    ...part,
    text: part.value ? part.text : part.text.replace(BODY_CONTROL, ''),
  }));
  const text = bodyParts
    .map((part) => part.text)
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
  const htmlInline = bodyParts
    .map((part) =>
      part.value && URL_VALUE.test(part.text)
        ? `<a href="${escapeHtml(part.text)}">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('')
    .trim();
  const paragraphs = htmlInline
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[ \t]*\n/g, '<br>\n')}</p>`);
  const html = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n${paragraphs.join('\n')}\n</body></html>\n`;
  return { subject, text, html };
}

/** The most recipients of one message. */
export const MAX_MAIL_RECIPIENTS = 20;
/** The longest subject and text a sender may type over the template's. */
export const MAX_MAIL_SUBJECT = 300;
export const MAX_MAIL_TEXT = 20_000;

/** The recipients: 1..20 addresses, each checked (`to.<n>` `email_valid`), duplicates (any case) once. */
export const mailRecipientsSchema = z
  .array(emailSchema, { error: M.field_is_required })
  .min(1, M.field_is_required)
  .max(MAX_MAIL_RECIPIENTS, M.mail_too_many_recipients)
  .transform((list) =>
    list.filter((address, i) => list.findIndex((o) => o.toLowerCase() === address.toLowerCase()) === i),
  );

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = z.preprocess(blankToUndefined, idSchema.optional()).optional();
const layoutField = z
  .preprocess(
    blankToUndefined,
    z.enum(PRINT_LAYOUT_NAMES as [PrintLayoutName, ...PrintLayoutName[]], { error: M.invalid_value }).optional(),
  )
  .optional();
const languageField = z.preprocess(blankToUndefined, z.enum(LOCALES, { error: M.invalid_value }).optional()).optional();

/** The document a call names: `{ invoiceId }`, `{ proformaInvoiceId }` or `{ _id }`. */
const documentIdFields = { invoiceId: optionalId, proformaInvoiceId: optionalId, _id: optionalId };
const pickId = (value: { invoiceId?: string; proformaInvoiceId?: string; _id?: string }, ctx: z.RefinementCtx) => {
  const id = value.invoiceId ?? value.proformaInvoiceId ?? value._id;
  if (!id) ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: M.field_is_required });
  return id as string;
};

/** POST {base}/mailDraft and {base}/mails: the document. */
export const documentMailRefSchema = z
  .object(documentIdFields)
  .transform((value, ctx) => ({ documentId: pickId(value, ctx) }));
export type DocumentMailRefInput = z.input<typeof documentMailRefSchema>;

/**
 * POST {base}/sendByMail. `language` missing: the client's (Italian for an Italian VAT number or address, else
 * Bulgarian); `layout` missing: the kind's default; `attachXml` (invoices and notices; a proforma has no e-invoice):
 * true unless false. `subject` / `text`: what the sender typed over the template's rendering (rendered safely too).
 */
export const sendByMailSchema = z
  .object({
    ...documentIdFields,
    to: mailRecipientsSchema,
    language: languageField,
    layout: layoutField,
    attachXml: z.boolean({ error: M.invalid_value }).optional().default(true),
    subject: z.preprocess(blankToUndefined, z.string().max(MAX_MAIL_SUBJECT, M.invalid_value).optional()).optional(),
    text: z.preprocess(blankToUndefined, z.string().max(MAX_MAIL_TEXT, M.invalid_value).optional()).optional(),
  })
  .transform((value, ctx) => ({
    documentId: pickId(value, ctx),
    to: value.to,
    language: value.language as Locale | undefined,
    layout: value.layout as PrintLayoutName | undefined,
    attachXml: value.attachXml,
    subject: value.subject,
    text: value.text,
  }));
export type SendByMailInput = z.input<typeof sendByMailSchema>;
export type SendByMail = z.output<typeof sendByMailSchema>;

/** The most documents of one sendManyByMail. */
export const MAX_MAIL_DOCUMENTS = 200;

/**
 * POST {base}/sendManyByMail: each document to its client's notification e-mails, in its language unless one is
 * given, in `layout` where the document may print it (else its kind's default).
 */
export const sendManyByMailSchema = z.object({
  ids: z
    .array(idSchema, { error: M.field_is_required })
    .min(1, M.field_is_required)
    .max(MAX_MAIL_DOCUMENTS, M.invalid_value)
    .transform((ids) => [...new Set(ids)]),
  language: languageField,
  layout: layoutField,
  attachXml: z.boolean({ error: M.invalid_value }).optional().default(true),
});
export type SendManyByMailInput = z.input<typeof sendManyByMailSchema>;
export type SendManyByMail = z.output<typeof sendManyByMailSchema>;

/** One document of a sendManyByMail: its message, or why it was not sent (a message key). */
export interface SendManyByMailItem {
  _id: string;
  number: string | null;
  sent: boolean;
  mail: MailView | null;
  message: string | null;
}
export interface SendManyByMailResult {
  items: SendManyByMailItem[];
  sent: number;
  failed: number;
}

/** POST {base}/mailDraft: what the send dialog starts from. */
export interface DocumentMailDraft {
  documentId: string;
  number: string | null;
  templateKind: Exclude<MailTemplateKind, 'invitation'>;
  /** The client's notification e-mails. */
  to: string[];
  /** The default language: Italian for an Italian client (VAT number IT… or address in Italy), else Bulgarian. */
  language: Locale;
  /** The rendered subject and text of the document's template in each language. */
  texts: Record<Locale, { subject: string; text: string }>;
  layouts: PrintLayoutName[];
  layout: PrintLayoutName;
  /** True for invoices and notices (the e-invoice XML may be attached). */
  canAttachXml: boolean;
}

/** Settings → mail templates: a kind and language with its text (the default when none is saved). */
export interface MailTemplateView {
  kind: MailTemplateKind;
  language: Locale;
  subject: string;
  body: string;
  /** True while no template is saved (the built-in default is shown). */
  isDefault: boolean;
  updated: string | null;
  placeholders: readonly string[];
}

/**
 * POST /api/settings/mail-templates/list: no fields (the answer is the whole grid of kinds × languages, not a page);
 * an empty body or none.
 */
export const mailTemplateListSchema = z.object({}).strict().optional();

export const mailTemplateRefSchema = z.object({
  kind: z.enum(MAIL_TEMPLATE_KINDS, { error: M.invalid_value }),
  language: z.enum(LOCALES, { error: M.invalid_value }),
});
export type MailTemplateRef = z.infer<typeof mailTemplateRefSchema>;

/** POST /api/settings/mail-templates/save: the subject one line (no line breaks), the body plain text. */
export const mailTemplateSaveSchema = mailTemplateRefSchema.extend({
  subject: z
    .string({ error: M.field_is_required })
    .trim()
    .min(1, M.field_is_required)
    .max(MAX_MAIL_SUBJECT, M.invalid_value)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a subject is one line
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), M.invalid_value),
  body: z.string({ error: M.field_is_required }).trim().min(1, M.field_is_required).max(MAX_MAIL_TEXT, M.invalid_value),
});
export type MailTemplateSaveInput = z.input<typeof mailTemplateSaveSchema>;
export type MailTemplateSave = z.output<typeof mailTemplateSaveSchema>;

/** The template kind of a document: invoice, credit or debit notice, proforma. */
export function mailTemplateKindOf(doc: { kind: 'invoice' | 'proforma'; noticeType: number }) {
  if (doc.kind === 'proforma') return 'proforma' as const;
  return doc.noticeType === 1 ? ('credit' as const) : doc.noticeType === 2 ? ('debit' as const) : ('invoice' as const);
}

/**
 * The default language of a message to a client: Italian when the client's VAT number is Italian (IT…) or its
 * address is in Italy (the country's name in either language, or its ISO code), else Bulgarian.
 */
export function defaultMailLanguage(customer: {
  vatNumber?: string | null;
  country?: LocalizedText | null;
  countryCode?: string | null;
}): Locale {
  const vat = (customer.vatNumber ?? '').replace(/\s/g, '').toUpperCase();
  if (vat.startsWith('IT')) return 'it';
  const code = (customer.countryCode ?? '').trim().toUpperCase() || countryCodeFrom(customer.country ?? null);
  return code === 'IT' ? 'it' : 'bg';
}

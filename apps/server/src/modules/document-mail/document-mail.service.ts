import {
  type BillingKind,
  DOCUMENT_MAIL_ENTITY,
  type DocumentMailDraft,
  defaultMailLanguage,
  LOCALES,
  type Locale,
  MessageKeys as M,
  type MailView,
  mailTemplateKindOf,
  type PrintableDocument,
  type PrintLayoutName,
  printLayoutsFor,
  renderMailTemplate,
  resolvePrintLayout,
  type SendByMail,
  type SendManyByMail,
  type SendManyByMailItem,
  type SendManyByMailResult,
} from '@kantora/domain';
import { eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { fieldError } from '../../http/validation.ts';
import { type DocumentRecord, loadDocument, printableOf } from '../billing/index.ts';
import { einvoiceXmlOfRecord } from '../einvoice/index.ts';
import { queueMail, mailsOf } from '../mail/index.ts';
import { formatDate, formatMoney, localized, printFilenameOf, renderPdf } from '../printing/index.ts';
import { mailTemplateOf } from './mail-templates.ts';

const XML = 'application/xml';

/** What one message of a document is made with. */
interface DocumentMailOptions {
  to: string[];
  language: Locale | undefined;
  layout: PrintLayoutName | undefined;
  attachXml: boolean;
  subject?: string;
  text?: string;
  /** sendManyByMail: a layout the document may not print falls back to its kind's default instead of a 400. */
  layoutFallback?: boolean;
}

/** The placeholders' values of a document in a language (MAIL_TEMPLATE_PLACEHOLDERS). */
export function documentMailValues(doc: PrintableDocument, language: Locale): Record<string, string> {
  const client = localized(doc.customer.name, language);
  return {
    number: doc.number ?? '',
    date: formatDate(doc.date),
    total: `${formatMoney(doc.totalAmount, language)} ${doc.currency}`.trim(),
    dueDate: formatDate(doc.paymentDeadlineDate) || '—',
    company: localized(doc.provider.name, language),
    contact: localized(doc.customer.responsiblePerson, language) || client,
    client,
  };
}

/** The language a client reads by default: Italian for an Italian VAT number or address, else Bulgarian. */
const languageOf = (doc: PrintableDocument) =>
  defaultMailLanguage({
    vatNumber: doc.customer.vatNumber,
    country: doc.customer.address.country,
    countryCode: doc.customer.address.countryCode,
  });

/** The client's notification e-mails (the document's customer as it is now). */
async function notificationEmails(executor: Executor, record: DocumentRecord): Promise<string[]> {
  if (!record.row.customerId) return [];
  const [company] = await executor
    .select({ emails: companies.notificationsEmails })
    .from(companies)
    .where(eq(companies.id, record.row.customerId));
  return company?.emails ?? [];
}

/**
 * Documents by e-mail (docs/decisions.md, "Documents by e-mail"): an issued invoice, notice or proforma as a message
 * in the outbox, written in the request's one transaction with the document read (and share-locked) inside it: the
 * template of its kind in the chosen language rendered with its values, its PDF in the chosen layout and, for invoices
 * and notices when asked, its e-invoice XML (embedding that same PDF).
 */
export class DocumentMailService {
  constructor(private readonly db: Db) {}

  /** What the send dialog prefills from. */
  async draft(kind: BillingKind, actor: Actor, documentId: string): Promise<DocumentMailDraft> {
    return this.db.transaction(async (tx) => {
      const record = await loadDocument(tx, kind, actor, documentId);
      if (!record.row.issued) throw conflict(M.document_not_issued);
      const doc = await printableOf(tx, record);
      const templateKind = mailTemplateKindOf(doc);
      const texts = {} as DocumentMailDraft['texts'];
      for (const language of LOCALES) {
        const rendered = renderMailTemplate(
          await mailTemplateOf(tx, templateKind, language),
          documentMailValues(doc, language),
        );
        texts[language] = { subject: rendered.subject, text: rendered.text };
      }
      return {
        documentId: record.row.id,
        number: doc.number,
        templateKind,
        to: await notificationEmails(tx, record),
        language: languageOf(doc),
        texts,
        layouts: printLayoutsFor(doc),
        layout: resolvePrintLayout(doc, undefined) ?? printLayoutsFor(doc)[0],
        canAttachXml: kind === 'invoice',
      };
    });
  }

  /** POST {base}/sendByMail: the queued (or held) message. */
  async send(kind: BillingKind, actor: Actor, input: SendByMail): Promise<MailView> {
    return this.db.transaction(async (tx) => {
      const record = await loadDocument(tx, kind, actor, input.documentId, 'share');
      return this.queueDocument(tx, actor, kind, record, input);
    });
  }

  /**
   * POST {base}/sendManyByMail: each document in its own transaction, to its client's notification e-mails; a
   * document that cannot be sent (not found, a draft, no addresses, no e-invoice) answers its message key.
   */
  async sendMany(kind: BillingKind, actor: Actor, input: SendManyByMail): Promise<SendManyByMailResult> {
    const items: SendManyByMailItem[] = [];
    for (const id of input.ids) {
      let number: string | null = null;
      try {
        const mail = await this.db.transaction(async (tx) => {
          const record = await loadDocument(tx, kind, actor, id, 'share');
          number = record.row.issued ? record.row.number : null;
          const to = await notificationEmails(tx, record);
          if (record.row.issued && to.length === 0) throw conflict(M.mail_no_recipients);
          return this.queueDocument(tx, actor, kind, record, {
            to,
            language: input.language,
            layout: input.layout,
            attachXml: input.attachXml,
            layoutFallback: true,
          });
        });
        items.push({ _id: id, number, sent: true, mail, message: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        items.push({ _id: id, number, sent: false, mail: null, message: error.key });
      }
    }
    const sent = items.filter((item) => item.sent).length;
    return { items, sent, failed: items.length - sent };
  }

  /** POST {base}/mails: the document's messages, newest first. */
  async mails(kind: BillingKind, actor: Actor, documentId: string): Promise<MailView[]> {
    const record = await loadDocument(this.db, kind, actor, documentId);
    return mailsOf(this.db, { model: DOCUMENT_MAIL_ENTITY, id: record.row.id });
  }

  private async queueDocument(
    tx: Tx,
    actor: Actor,
    kind: BillingKind,
    record: DocumentRecord,
    options: DocumentMailOptions,
  ): Promise<MailView> {
    if (!record.row.issued) throw conflict(M.document_not_issued);
    const doc = await printableOf(tx, record);
    const layout =
      resolvePrintLayout(doc, options.layout) ?? (options.layoutFallback ? resolvePrintLayout(doc, undefined) : null);
    if (!layout) throw fieldError('layout', M.invalid_value);
    const language = options.language ?? languageOf(doc);
    const template = await mailTemplateOf(tx, mailTemplateKindOf(doc), language);
    const rendered = renderMailTemplate(
      { subject: options.subject ?? template.subject, body: options.text ?? template.body },
      documentMailValues(doc, language),
    );
    const pdf = await renderPdf(doc, layout, language);
    const pdfName = printFilenameOf(doc);
    const attachments = [{ filename: pdfName, contentType: 'application/pdf', content: pdf }];
    if (kind === 'invoice' && options.attachXml) {
      const xml = await einvoiceXmlOfRecord(tx, record, pdf);
      attachments.push({ filename: pdfName.replace(/\.pdf$/, '.xml'), contentType: XML, content: Buffer.from(xml) });
    }
    return queueMail(tx, actor, {
      to: options.to,
      ...rendered,
      language,
      kind: 'document',
      entity: { model: DOCUMENT_MAIL_ENTITY, id: record.row.id },
      attachments,
    });
  }
}

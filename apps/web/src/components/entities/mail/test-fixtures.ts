import { DOCUMENT_MAIL_ENTITY, type DocumentMailDraft, type MailView } from '@kantora/domain';

/** Ids the mail fixtures use (UUIDs, as the schemas want). */
export const mailIds = {
  doc: '00000000-0000-4000-8000-0000000000d1',
  mail: (n: number) => `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`,
  attachment: '00000000-0000-4000-8000-0000000009a1',
};

/** What POST /api/invoices/mailDraft answers for an issued invoice of a Bulgarian client with two e-mails. */
export const draftOf = (overrides: Partial<DocumentMailDraft> = {}): DocumentMailDraft => ({
  documentId: mailIds.doc,
  number: '0000000042',
  templateKind: 'invoice',
  to: ['office@alfa.bg', 'accounting@alfa.bg'],
  language: 'bg',
  texts: {
    bg: {
      subject: 'Фактура № 0000000042 от 31.03.2026 — Кантора ООД',
      text: 'Здравейте, Петър Стоянов,\n\nИзпращаме Ви фактура.',
    },
    it: {
      subject: 'Fattura n. 0000000042 del 31.03.2026 — Kantora OOD',
      text: 'Gentile Petar Stoyanov,\n\nin allegato la fattura.',
    },
  },
  layouts: ['invoice', 'invoice-bgn', 'italian'],
  layout: 'invoice',
  canAttachXml: true,
  ...overrides,
});

/** A message as the outbox and the document's history answer it. */
export const mailOf = (n: number, overrides: Partial<MailView> = {}): MailView => ({
  _id: mailIds.mail(n),
  state: 'sent',
  to: ['office@alfa.bg'],
  subject: 'Фактура № 0000000042 от 31.03.2026 — Кантора ООД',
  language: 'bg',
  kind: 'document',
  entity: { model: DOCUMENT_MAIL_ENTITY, id: mailIds.doc },
  attempts: 1,
  lastError: null,
  sentAt: '2026-04-01T08:30:00.000Z',
  created: '2026-04-01T08:29:00.000Z',
  createdByName: { bg: 'Мария Иванова', it: 'Maria Ivanova' },
  attachments: [
    {
      _id: mailIds.attachment,
      filename: 'invoice-0000000042-2026-03-31.pdf',
      contentType: 'application/pdf',
      size: 48_000,
    },
  ],
  ...overrides,
});

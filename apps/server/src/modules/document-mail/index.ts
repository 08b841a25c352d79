/**
 * The document-mail module's public face: invoices, notices and proformas sent by e-mail through the outbox, and the
 * mail templates of Settings (also read by other modules that mail: `mailTemplateOf`). It depends on billing,
 * printing, einvoice and mail; billing does not depend on it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { documentMailRoutes, mailTemplateRoutes } from './document-mail.routes.ts';
export { DocumentMailService, documentMailValues } from './document-mail.service.ts';
export { MailTemplatesService, mailTemplateOf } from './mail-templates.ts';

import {
  BILLING_API,
  type BillingKind,
  documentMailRefSchema,
  MessageKeys as M,
  mailTemplateListSchema,
  mailTemplateRefSchema,
  mailTemplateSaveSchema,
  sendByMailSchema,
  sendManyByMailSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { DocumentMailService } from './document-mail.service.ts';
import type { MailTemplatesService } from './mail-templates.ts';

/**
 * POST {base}/mailDraft, /sendByMail, /sendManyByMail and /mails for /api/invoices (notices included) and
 * /api/proforma-invoices (packages/domain/src/document-mail.schemas.ts); permission `documentsMail` (management).
 */
export function documentMailRoutes(app: AppInstance, kind: BillingKind, service: DocumentMailService) {
  const base = BILLING_API[kind];
  const tags = [kind === 'invoice' ? 'invoices' : 'proforma-invoices'];
  const config = { permission: 'documentsMail' } as const;

  app.post(`${base}/mailDraft`, { schema: { body: documentMailRefSchema, tags }, config }, async (request) =>
    ok(await service.draft(kind, userOf(request), request.body.documentId)),
  );

  app.post(`${base}/sendByMail`, { schema: { body: sendByMailSchema, tags }, config }, async (request) => {
    // Held (no mail server) is said as such, so the answer never claims a message queued that waits for a server.
    const mail = await service.send(kind, userOf(request), request.body);
    return ok(mail, mail.state === 'held' ? M.mail_held : M.mail_queued);
  });

  app.post(`${base}/sendManyByMail`, { schema: { body: sendManyByMailSchema, tags }, config }, async (request) =>
    ok(await service.sendMany(kind, userOf(request), request.body)),
  );

  app.post(`${base}/mails`, { schema: { body: documentMailRefSchema, tags }, config }, async (request) =>
    ok(await service.mails(kind, userOf(request), request.body.documentId)),
  );
}

/** Settings → mail templates (admin): list, one kind and language, save, reset to the default. */
export function mailTemplateRoutes(app: AppInstance, templates: MailTemplatesService) {
  const config = { permission: 'settings' } as const;
  const tags = ['settings'];
  const base = '/api/settings/mail-templates';

  app.post(`${base}/list`, { schema: { body: mailTemplateListSchema, tags }, config }, async () =>
    ok(await templates.list()),
  );

  app.get(`${base}/:kind/:language`, { schema: { params: mailTemplateRefSchema, tags }, config }, async (request) =>
    ok(await templates.get(request.params)),
  );

  app.post(`${base}/save`, { schema: { body: mailTemplateSaveSchema, tags }, config }, async (request) =>
    ok(await templates.save(userOf(request), request.body), M.saved_successfully),
  );

  app.post(`${base}/reset`, { schema: { body: mailTemplateRefSchema, tags }, config }, async (request) =>
    ok(await templates.reset(userOf(request), request.body), M.saved_successfully),
  );
}

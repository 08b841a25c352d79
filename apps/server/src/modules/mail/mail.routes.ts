import {
  idParamsSchema,
  mailAttachmentParams,
  mailListQuery,
  mailRetryHeldSchema,
  mailRetrySchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { sendFile } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { MailsService } from './mail.service.ts';

/** Settings → outgoing mail (admin). */
export function mailRoutes(app: AppInstance, mails: MailsService) {
  const config = { permission: 'settings' } as const;
  const tags = ['mail'];

  app.post('/api/settings/mail/list', { schema: { body: mailListQuery, tags }, config }, async (request) =>
    ok(await mails.list(request.body)),
  );

  app.post('/api/settings/mail/retry', { schema: { body: mailRetrySchema, tags }, config }, async (request) =>
    ok(await mails.retry(userOf(request), request.body.mailId)),
  );

  app.post('/api/settings/mail/retryHeld', { schema: { body: mailRetryHeldSchema, tags }, config }, async (request) =>
    ok(await mails.retryHeld(userOf(request))),
  );

  app.get('/api/settings/mail/:id', { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await mails.get(request.params.id)),
  );

  app.get(
    '/api/settings/mail/:id/attachments/:attachmentId',
    { schema: { params: mailAttachmentParams, tags }, config },
    async (request, reply) => {
      const file = await mails.attachment(request.params.id, request.params.attachmentId);
      return sendFile(reply, { ...file, length: file.content.length }, file.content);
    },
  );
}

import {
  idParamsSchema,
  MessageKeys as M,
  portalStatementQuerySchema,
  STATEMENT_API,
  statementMailSchema,
  statementQuerySchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { sendPdf } from '../printing/index.ts';
import type { StatementService } from './statement.service.ts';

/**
 * The statement of account (packages/domain/src/statement.schemas.ts): the PDF for staff (`invoicesRead`: admin,
 * manager, accountant) and by mail (`documentsMail`: admin, manager); in the portal (`portal`) the PDF and the balance
 * of one of the user's companies.
 */
export function statementRoutes(app: AppInstance, service: StatementService) {
  app.post(
    STATEMENT_API.statement,
    { schema: { body: statementQuerySchema, tags: ['receivables'] }, config: { permission: 'invoicesRead' } },
    async (request, reply) => {
      const { pdf, filename } = await service.pdf(userOf(request), request.body);
      return sendPdf(reply, pdf, filename, 'attachment');
    },
  );

  app.post(
    STATEMENT_API.sendByMail,
    { schema: { body: statementMailSchema, tags: ['receivables'] }, config: { permission: 'documentsMail' } },
    async (request) => {
      const mail = await service.send(userOf(request), request.body);
      return ok(mail, mail.state === 'held' ? M.mail_held : M.mail_queued);
    },
  );

  app.post(
    STATEMENT_API.myStatement,
    { schema: { body: portalStatementQuerySchema, tags: ['portal'] }, config: { permission: 'portal' } },
    async (request, reply) => {
      const { companyId, ...period } = request.body;
      const { pdf, filename } = await service.pdf(userOf(request), { clientId: companyId, ...period });
      return sendPdf(reply, pdf, filename, 'attachment');
    },
  );

  app.get(
    `${STATEMENT_API.myBalance}/:id`,
    { schema: { params: idParamsSchema, tags: ['portal'] }, config: { permission: 'portal' } },
    async (request) => ok(await service.balance(userOf(request), request.params.id)),
  );
}

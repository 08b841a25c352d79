import {
  type DocumentFlowPreviewLink,
  documentFlowListQuery,
  documentFlowRemoveFileSchema,
  documentFlowRemoveSchema,
  documentFlowSaveSchema,
  documentFlowZipSchema,
  idParamsSchema,
  MessageKeys as M,
  type PermissionName,
  sofiaDay,
} from '@kantora/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { unauthorized } from '../../http/errors.ts';
import { sendFile, sendPreview, sendStream } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import { readMultipart } from '../../http/multipart.ts';
import type { AppInstance } from '../../http/types.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { AuthService } from '../auth/index.ts';
import type { DocumentFlowScope } from './documents-flow.queries.ts';
import type { DocumentsFlowService } from './documents-flow.service.ts';

/** How long a preview link works. */
const PREVIEW_LINK_SECONDS = 300;
const PREVIEW_PATH = '/api/documents-flow/preview';
const previewAudience = (scope: DocumentFlowScope, fileId: string) => `documents-flow:${scope}:${fileId}`;
const previewQuery = z.object({
  token: z.string().max(2000).optional(),
  scope: z.enum(['staff', 'portal']).optional().default('staff'),
});

/**
 * The calls one scope shares: staff under /api/documents-flow (permission documentsFlow), client users
 * under /api/my-documents-flow (permission portal). The service checks each object against the scope.
 */
function sharedRoutes(
  app: AppInstance,
  service: DocumentsFlowService,
  auth: AuthService,
  base: string,
  scope: DocumentFlowScope,
  permission: PermissionName,
) {
  const config = { permission } as const;
  const tags = ['documents-flow'];

  app.post(`${base}/list`, { schema: { body: documentFlowListQuery, tags }, config }, async (request) => {
    return ok(await service.list(userOf(request), scope, request.body));
  });

  app.get(`${base}/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) => {
    return ok(await service.get(userOf(request), scope, request.params.id));
  });

  app.post(`${base}/save`, { schema: { consumes: ['multipart/form-data'], tags }, config }, async (request) => {
    const { fields, file } = await readMultipart(request);
    const input = parseOrThrow(documentFlowSaveSchema, fields);
    return ok(await service.save(userOf(request), scope, input, file), M.saved_successfully);
  });

  app.post(`${base}/removeFile`, { schema: { body: documentFlowRemoveFileSchema, tags }, config }, async (request) => {
    await service.removeFile(userOf(request), scope, request.body.fileId, request.body.documentId);
    return ok(true, M.deleted_successfully);
  });

  app.get(`${base}/download/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request, reply) => {
    const file = await service.file(userOf(request), scope, request.params.id);
    return sendFile(reply, file, file.body);
  });

  app.get(`${base}/previewLink/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) => {
    const user = userOf(request);
    await service.assertPreviewable(user, scope, request.params.id);
    const link = await auth.issueLink(user, previewAudience(scope, request.params.id), PREVIEW_LINK_SECONDS);
    const query = new URLSearchParams({ token: link.token, ...(scope === 'portal' ? { scope } : {}) });
    return ok<DocumentFlowPreviewLink>({
      url: `${PREVIEW_PATH}/${request.params.id}?${query}`,
      expires: link.expiration,
    });
  });
}

/** Document flow: staff calls, the client portal's calls and the preview behind a link. */
export function documentsFlowRoutes(app: AppInstance, service: DocumentsFlowService, auth: AuthService) {
  const tags = ['documents-flow'];
  sharedRoutes(app, service, auth, '/api/documents-flow', 'staff', 'documentsFlow');
  sharedRoutes(app, service, auth, '/api/my-documents-flow', 'portal', 'portal');

  app.post(
    '/api/documents-flow/remove',
    { schema: { body: documentFlowRemoveSchema, tags }, config: { permission: 'documentsFlowDelete' } },
    async (request) => {
      await service.remove(userOf(request), request.body.documentId);
      return ok(true, M.deleted_successfully);
    },
  );

  app.post(
    '/api/documents-flow/downloadFilesAsZip',
    { schema: { body: documentFlowZipSchema, tags }, config: { permission: 'documentsFlow' } },
    async (request, reply) => {
      const body = await service.zip(userOf(request), 'staff', request.body.filesIds);
      return sendStream(reply, { filename: `documents-flow-${sofiaDay()}.zip`, contentType: 'application/zip' }, body);
    },
  );

  // The portal's company page lists one company's documents ({companyId, filters, paging}); another company is 404.
  app.post(
    '/api/my-companies/documents-flow/list',
    { schema: { body: documentFlowListQuery, tags }, config: { permission: 'portal' } },
    async (request) => {
      return ok(await service.listOfCompany(userOf(request), 'portal', request.body));
    },
  );

  // An iframe cannot send the bearer header: the link's token (GET .../previewLink/{id}) authorises this one file.
  // It is checked before anything else, as the bearer token of every other call is: without a token, or with one
  // that is bad, expired, signed out or of another file or scope, the answer is 401 whatever the path and query say
  // (an id that is no UUID, an unknown scope, an overlong token), never a validation error.
  app.get(
    `${PREVIEW_PATH}/:id`,
    {
      schema: { params: idParamsSchema, querystring: previewQuery, tags },
      config: { public: true },
      onRequest: async (request) => {
        const { id } = request.params as { id?: unknown };
        const { token, scope = 'staff' } = request.query as { token?: unknown; scope?: unknown };
        if (
          typeof id !== 'string' ||
          typeof token !== 'string' ||
          token.length > 2000 ||
          (scope !== 'staff' && scope !== 'portal')
        )
          throw unauthorized();
        request.user = await auth.authenticateLink(token, previewAudience(scope, id));
      },
    },
    async (request, reply) => {
      const file = await service.previewFile(userOf(request), request.query.scope, request.params.id);
      return sendPreview(reply, file, file.body);
    },
  );
}

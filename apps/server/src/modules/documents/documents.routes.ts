import {
  documentListQuery,
  documentRemoveFileSchema,
  documentRemoveSchema,
  documentSaveSchema,
  idParamsSchema,
  MessageKeys as M,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { sendFile } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import { readMultipart } from '../../http/multipart.ts';
import type { AppInstance } from '../../http/types.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { DocumentsService } from './documents.service.ts';

/**
 * Documents of users and contracts: every staff role reaches the calls, and the service asks the parent's policy
 * on every call (users' documents: the settings role; contracts': who sees the contract, management changes).
 */
export function documentRoutes(app: AppInstance, documents: DocumentsService) {
  const config = { permission: 'documents' } as const;
  const tags = ['documents'];

  app.post('/api/documents/list', { schema: { body: documentListQuery, tags }, config }, async (request) => {
    return ok(await documents.list(userOf(request), request.body));
  });

  app.get('/api/documents/:id', { schema: { params: idParamsSchema, tags }, config }, async (request) => {
    return ok(await documents.get(userOf(request), request.params.id));
  });

  app.post('/api/documents/save', { schema: { consumes: ['multipart/form-data'], tags }, config }, async (request) => {
    const { fields, file } = await readMultipart(request);
    const input = parseOrThrow(documentSaveSchema, fields);
    return ok(await documents.save(userOf(request), input, file), M.saved_successfully);
  });

  app.post('/api/documents/remove', { schema: { body: documentRemoveSchema, tags }, config }, async (request) => {
    await documents.remove(userOf(request), request.body.id);
    return ok(true, M.deleted_successfully);
  });

  app.post(
    '/api/documents/removeFile',
    { schema: { body: documentRemoveFileSchema, tags }, config },
    async (request) => {
      await documents.removeFile(userOf(request), request.body.fileId, request.body.documentId);
      return ok(true, M.deleted_successfully);
    },
  );

  app.get(
    '/api/documents/download/:id',
    { schema: { params: idParamsSchema, tags }, config },
    async (request, reply) => {
      const file = await documents.download(userOf(request), request.params.id);
      return sendFile(reply, file, file.body);
    },
  );
}

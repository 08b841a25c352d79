import { documentListQuery, documentRemoveFileSchema, documentRemoveSchema, documentSaveSchema, idParamsSchema, MessageKeys as M } from '@kantora/domain';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { cleanContentType, cleanFilename, sendFile } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { DocumentsService, UploadedFile } from './documents.service.ts';

/** Multipart fields to an object: `description.bg` and `description[bg]` become `{ description: { bg } }`. */
function nest(fields: Array<[string, string]>): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  for (const [name, value] of fields) {
    const path = name.replace(/\[(\w+)\]/g, '.$1').split('.');
    if (path.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype' || key === '')) continue;
    let target = result;
    for (const key of path.slice(0, -1)) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = Object.create(null);
      target = target[key] as Record<string, unknown>;
    }
    target[path[path.length - 1]] = value;
  }
  return result;
}

/** Reads every part: the text fields and at most one file (the size limit answers 413). */
async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file?: UploadedFile }> {
  const fields: Array<[string, string]> = [];
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // A form's empty file input sends a part with no name and no bytes.
      if (data.length > 0 || part.filename) file = { filename: cleanFilename(part.filename), contentType: cleanContentType(part.mimetype), data };
    } else {
      fields.push([part.fieldname, String(part.value ?? '')]);
    }
  }
  return { fields: nest(fields), file };
}

/** Documents of users (and, later, contracts): the service asks the parent's policy on every call. */
export function documentRoutes(app: AppInstance, documents: DocumentsService) {
  const config = { permission: 'settings' } as const;
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

  app.post('/api/documents/removeFile', { schema: { body: documentRemoveFileSchema, tags }, config }, async (request) => {
    await documents.removeFile(userOf(request), request.body.fileId, request.body.documentId);
    return ok(true, M.deleted_successfully);
  });

  app.get('/api/documents/download/:id', { schema: { params: idParamsSchema, tags }, config }, async (request, reply) => {
    const file = await documents.download(userOf(request), request.params.id);
    return sendFile(reply, file, file.body);
  });
}

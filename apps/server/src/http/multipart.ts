import type { FastifyRequest } from 'fastify';
import { cleanContentType, cleanFilename } from './files.ts';

/** A file read from a multipart request: its cleaned name, the content type the upload claimed (cleaned) and its bytes. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Multipart fields to an object: `description.bg` and `description[bg]` become `{ description: { bg } }`. */
export function nest(fields: Array<[string, string]>): Record<string, unknown> {
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

/**
 * Reads every part of a multipart request: the text fields and at most one file (the size limit,
 * MAX_UPLOAD_MB, answers 413 through the error handler).
 */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file?: UploadedFile }> {
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

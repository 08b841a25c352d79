import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { cleanContentType, cleanFilename, type UploadedFile } from './files.ts';

/** Multipart fields to an object: `description.bg` and `description[bg]` become `{ description: { bg } }`. */
export function nestFields(fields: Array<[string, string]>): Record<string, unknown> {
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

/** Errors of the multipart plugin that keep their own answer (size limits 413, not multipart 415). */
const KEPT = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

/**
 * Reads every part of a multipart request: the text fields (nested) and at most one file. A body the
 * parser cannot read (no boundary, not multipart, cut off before the closing boundary, a broken part
 * header) answers 400 `invalid_value`; the size limits answer 413.
 */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; file?: UploadedFile }> {
  const fields: Array<[string, string]> = [];
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A form's empty file input sends a part with no name and no bytes.
        if (data.length > 0 || part.filename)
          file = { filename: cleanFilename(part.filename), contentType: cleanContentType(part.mimetype), data };
      } else {
        fields.push([part.fieldname, String(part.value ?? '')]);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && KEPT.has(code)) throw error;
    request.log.debug({ err: error }, 'unreadable multipart body');
    throw badRequest('invalid_value');
  }
  return { fields: nestFields(fields), file };
}

import type { ApiFieldError } from '@kantora/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { sqlError } from '../db/sql-helpers.ts';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_request'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_request'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformed_request'],
  FST_ERR_CTP_EMPTY_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_PARTS_LIMIT: [413, 'payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_VALIDATION: [400, 'invalid_value'],
};

/** One error per field (the first), as the house answers: `page: 1e20` is not both "not an integer" and "too big". */
function firstPerField(errors: ApiFieldError[]): ApiFieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.field) && Boolean(seen.add(error.field)));
}

/** The field errors of a failed schema validation (one per field). */
export function fieldErrors(error: FastifyError): ApiFieldError[] {
  const list = error.validation ?? [];
  return firstPerField(
    list.map((issue) => {
      const path = String(issue.instancePath ?? '')
        .replace(/^\//, '')
        .replace(/\//g, '.');
      const params = (issue.params ?? {}) as { issue?: { path?: unknown[] } };
      const nested = Array.isArray(params.issue?.path) ? params.issue.path.join('.') : '';
      return {
        field: path || nested || String(error.validationContext ?? ''),
        message: issue.message ?? 'invalid_value',
      };
    }),
  );
}

/** Every failure leaves as the envelope; nothing but a generic text ever leaves a 500. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.status).send(failure(error.key, error.errors));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error);
    const messages = [...new Set(errors.map((e) => e.message))];
    return reply.status(400).send(failure(messages.join('\n') || 'invalid_value', errors));
  }
  // PostgreSQL's data exceptions (class 22: a NUL character, a number out of range, ...) come from the input.
  if (sqlError(error)?.code?.startsWith('22')) {
    request.log.warn({ err: error }, 'data exception');
    return reply.status(400).send(failure('invalid_value'));
  }
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return reply.status(known[0]).send(failure(known[1]));
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send(failure(status === 404 ? 'not_found' : 'malformed_request'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(failure('generic_error'));
}

import { type ApiFieldError, MessageKeys as M } from '@kantora/domain';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from './error-handler.ts';
import { badRequest } from './errors.ts';

/**
 * The one answer of a failed form (a schema failed under `attachValidation`, or a save that fails a rule): 400
 * `please_fill_all_required_fields` with every field's error. The areas without `attachValidation` answer the
 * error handler's schema 400 (the distinct keys joined), `validationError` below.
 */
export function formFailed(errors: ApiFieldError[]) {
  return badRequest(M.please_fill_all_required_fields, errors);
}

/** In a route declared with `attachValidation: true`: a body that failed its schema answers `formFailed`. */
export function requireValidForm(request: FastifyRequest) {
  if (request.validationError) throw formFailed(fieldErrors(request.validationError as FastifyError));
}

/** The field errors of a failed zod parse, in the envelope's shape. */
export function zodFieldErrors(error: z.ZodError): ApiFieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

/** A 400 with every field error, its Message joining the distinct keys like the schema validation does. */
export function validationError(errors: ApiFieldError[]) {
  return badRequest([...new Set(errors.map((e) => e.message))].join('\n') || 'invalid_value', errors);
}

/** A 400 for one field. */
export function fieldError(field: string, message: string) {
  return validationError([{ field, message }]);
}

/** Parses data that did not come through a route schema (multipart fields); throws the same 400 as a schema would. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}

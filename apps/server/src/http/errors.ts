import type { ApiFieldError } from '@kantora/domain';

/** An expected failure with its HTTP status and message key. Services throw it; the error handler answers it. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    readonly key: string,
    readonly errors?: ApiFieldError[],
  ) {
    super(key);
  }
}

export const badRequest = (key: string, errors?: ApiFieldError[]) => new AppError(400, key, errors);
export const unauthorized = (key = 'unauthorized') => new AppError(401, key);
export const forbidden = (key = 'forbidden') => new AppError(403, key);
export const notFound = (key = 'not_found') => new AppError(404, key);
export const conflict = (key = 'conflict') => new AppError(409, key);

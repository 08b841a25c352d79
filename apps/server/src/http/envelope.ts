import type { ApiFailure, ApiFieldError, ApiSuccess } from '@kantora/domain';

export function ok<T>(result: T, message: string | null = null): ApiSuccess<T> {
  return { Type: 1, Message: message, Result: result };
}

export function failure(message: string, errors?: ApiFieldError[]): ApiFailure {
  return errors && errors.length > 0 ? { Type: 0, Message: message, Errors: errors } : { Type: 0, Message: message };
}

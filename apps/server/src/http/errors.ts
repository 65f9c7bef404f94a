/**
 * Business errors. Throwing an ApiError anywhere in a handler ends the request with
 * HTTP 200 and the envelope {code, msg, time, data}; `message` is an English source
 * key from src/i18n, translated for the caller's language by the error handler.
 */
import { ResponseCode } from '@portico/shared';

export const Code = ResponseCode;

export type EnvelopeCode = (typeof Code)[keyof typeof Code];

export class ApiError extends Error {
  constructor(
    /** English message key (see src/i18n); `%s` placeholders are filled from `params`. */
    message: string,
    readonly params: readonly (string | number)[] = [],
    readonly code: EnvelopeCode = Code.error,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A refusal about one field of a form that its schema could not see (a name another account
 * already has): the field travels with it, so an import can say which cell was refused.
 */
export class FieldError extends ApiError {
  constructor(
    readonly field: string,
    message: string,
    params: readonly (string | number)[] = [],
  ) {
    super(message, params);
  }
}

/** Shorthand for the most common refusal: a clear message, code 0. */
export function fail(message: string, ...params: (string | number)[]): never {
  throw new ApiError(message, params);
}

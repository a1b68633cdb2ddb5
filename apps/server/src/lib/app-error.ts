/**
 * The one error type for expected failures. Routes and services throw it; the HTTP layer maps the
 * code to a status with `statusFor` and answers `{ error: { code, message, details } }`.
 */
export const errorStatus = {
  validation_failed: 400,
  bad_request: 400,
  unauthenticated: 401,
  premium_required: 402,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A file of a supported type that cannot be processed (truncated, damaged, over the caps). */
  unprocessable_file: 422,
  /** A document's processing failed; the message says why. */
  processing_failed: 422,
  rate_limited: 429,
  too_many_in_flight: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function statusFor(code: ErrorCode): number {
  return errorStatus[code];
}

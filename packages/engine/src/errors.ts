/** The one error type the engine throws for expected failures (bad input, caps, abort). */

export type EngineErrorCode =
  | 'unsupported_format'
  | 'corrupt_input'
  | 'too_many_pixels'
  | 'too_many_pages'
  | 'too_large'
  | 'empty_input'
  | 'aborted';

/**
 * An expected failure with a stable code and a one-line, plain-English message.
 * @example
 * throw new EngineError('too_many_pages', 'The PDF has 900 pages; the limit is 50.');
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.code = code;
  }
}

/** Throws an 'aborted' EngineError when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('aborted', 'The restoration was cancelled.');
}

export function isEngineError(err: unknown): err is EngineError {
  return err instanceof EngineError;
}

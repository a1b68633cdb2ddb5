/** Public API of @uncrumple/engine. */
export type * from './types.ts';
export { EngineError, isEngineError } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export { detectFormat } from './io/detect-format.ts';

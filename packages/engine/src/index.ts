/** Public API of @uncrumple/engine. */
export type * from './types.ts';
export { EngineError, isEngineError } from './errors.ts';
export type { EngineErrorCode } from './errors.ts';
export { detectFormat } from './io/detect-format.ts';
export { probe } from './io/probe.ts';
export { decode } from './io/decode.ts';
export { restore } from './restore.ts';
export { prepareModels } from './orient/text-direction.ts';
export { warmUp } from './warm-up.ts';

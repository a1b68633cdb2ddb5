import type { RestoreLimits } from '../types.ts';

export interface ResolvedLimits {
  maxPixels: number;
  maxPages: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: ResolvedLimits = {
  maxPixels: 100e6,
  maxPages: 50,
  maxBytes: 50 * 1024 * 1024,
};

/** Fills in the defaults for any limit the caller left out. */
export function resolveLimits(limits?: RestoreLimits): ResolvedLimits {
  return {
    maxPixels: limits?.maxPixels ?? DEFAULT_LIMITS.maxPixels,
    maxPages: limits?.maxPages ?? DEFAULT_LIMITS.maxPages,
    maxBytes: limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes,
  };
}

/** "100 megapixels", "1.5 megapixels": for error messages. */
export function megapixels(n: number): string {
  const mp = n / 1e6;
  return `${mp >= 10 ? Math.round(mp) : Math.round(mp * 10) / 10} megapixels`;
}

export function mebibytes(n: number): string {
  return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Deterministic pseudo-random numbers for tests (a 32-bit LCG), so a failure reproduces.
 * @example const rand = lcg(7); const v = rand(); // 0 ≤ v < 1
 */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

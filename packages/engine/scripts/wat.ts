import wabt from 'wabt';

/** The engine's WebAssembly kernels: source under src/, generated file, exported constant. */
export const WASM_KERNELS = [
  { wat: 'filters/rank.wat', ts: 'filters/rank-wasm.ts', name: 'RANK_WASM' },
  { wat: 'resample/bicubic.wat', ts: 'resample/bicubic-wasm.ts', name: 'BICUBIC_WASM' },
  { wat: 'geometry/sparse.wat', ts: 'geometry/sparse-wasm.ts', name: 'SPARSE_WASM' },
] as const;

/** WebAssembly text → binary with SIMD and bulk memory, validated
 *  (wabt, a dev dependency). */
export async function compileWat(text: string, name: string): Promise<Uint8Array> {
  const w = await wabt();
  const mod = w.parseWat(name, text, { simd: true, bulk_memory: true });
  try {
    mod.validate();
    return Uint8Array.from(mod.toBinary({}).buffer);
  } finally {
    mod.destroy();
  }
}

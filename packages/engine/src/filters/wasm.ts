/**
 * Loading the engine's WebAssembly kernels (rank.wat, resample/bicubic.wat): each is compiled
 * once per thread from the bytes its generated *-wasm.ts file ships, and instantiated with its
 * own memory. Where WebAssembly or its SIMD instructions are missing, the callers run their
 * TypeScript kernels instead (the same values bit for bit for rank.wat, to a level for the
 * resampler, whose sums run in float32).
 */

/** The little of the WebAssembly API used here (this project's TypeScript libs leave it out). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
}

/** A kernel's exported memory. */
export interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}

const PAGE = 65536;

/**
 * A loader for one kernel: each call returns a fresh instance (its own memory) of the module
 * compiled on the first call, or null when it does not compile here.
 * @example const load = wasmKernel<{ memory: WasmMemory }>(RANK_WASM);
 */
export function wasmKernel<T extends { memory: WasmMemory }>(base64: string): () => T | null {
  let module: object | null | undefined;
  return () => {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (module === undefined) {
      try {
        module = wasm ? new wasm.Module(Buffer.from(base64, 'base64')) : null;
      } catch {
        module = null;
      }
    }
    return module && wasm ? (new wasm.Instance(module, {}).exports as T) : null;
  };
}

/**
 * This thread's one instance of a kernel, made on first use and kept (its memory with it, grown
 * to the largest call so far) for every later call; null where it does not load.
 * @example const rank = threadKernel(wasmKernel<RankKernel>(RANK_WASM)); rank()?.rows(...);
 */
export function threadKernel<T>(load: () => T | null): () => T | null {
  let instance: T | null | undefined;
  return () => {
    if (instance === undefined) instance = load();
    return instance;
  };
}

/** Grows `memory` to hold at least `bytes`. */
export function reserve(memory: WasmMemory, bytes: number): void {
  const have = memory.buffer.byteLength;
  if (bytes > have) memory.grow(Math.ceil((bytes - have) / PAGE));
}

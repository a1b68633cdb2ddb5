import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { WASM_KERNELS, compileWat } from '../../scripts/wat.ts';
import { SPARSE_WASM } from '../geometry/sparse-wasm.ts';
import { BICUBIC_WASM } from '../resample/bicubic-wasm.ts';
import { RANK_WASM } from './rank-wasm.ts';

/** The bytes each generated file ships, by its constant's name. */
const SHIPPED: Record<(typeof WASM_KERNELS)[number]['name'], string> = {
  RANK_WASM,
  BICUBIC_WASM,
  SPARSE_WASM,
};

describe('the WebAssembly kernels', () => {
  it.each(WASM_KERNELS)(
    'ship the bytes $wat compiles to (npm run build:wasm -w @uncrumple/engine)',
    async ({ wat, name }) => {
      const text = await readFile(new URL(`../${wat}`, import.meta.url), 'utf8');
      const bytes = await compileWat(text, wat.split('/').pop()!);
      expect(Buffer.from(bytes).toString('base64')).toBe(SHIPPED[name]);
    },
  );
});

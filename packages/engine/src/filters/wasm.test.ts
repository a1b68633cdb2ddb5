import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { WASM_KERNELS, compileWat } from '../../scripts/wat.ts';

describe('the WebAssembly kernels', () => {
  it.each(WASM_KERNELS)(
    'ship the bytes $wat compiles to (npm run build:wasm -w @uncrumple/engine)',
    async ({ wat, ts, name }) => {
      const text = await readFile(new URL(`../${wat}`, import.meta.url), 'utf8');
      const bytes = await compileWat(text, wat.split('/').pop()!);
      const shipped = ((await import(`../${ts}`)) as Record<string, string>)[name];
      expect(Buffer.from(bytes).toString('base64')).toBe(shipped);
    },
  );
});

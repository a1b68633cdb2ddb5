/**
 * Compiles the engine's WebAssembly kernels (.wat) into the TypeScript files the engine loads
 * (the module's bytes, base64): nothing is compiled at install or run time.
 *
 *   npm run build:wasm -w @uncrumple/engine
 *
 * The kernels' tests compile each .wat again and check the committed bytes match it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { WASM_KERNELS, compileWat } from './wat.ts';

for (const { wat, ts, name } of WASM_KERNELS) {
  const src = fileURLToPath(new URL(`../src/${wat}`, import.meta.url));
  const out = fileURLToPath(new URL(`../src/${ts}`, import.meta.url));
  const file = wat.split('/').pop()!;
  const bytes = await compileWat(await readFile(src, 'utf8'), file);
  await writeFile(
    out,
    `// Generated from ${file} by scripts/build-wasm.ts (npm run build:wasm -w @uncrumple/engine).
// Do not edit: change ${file} and run the script again.
export const ${name} =
  '${Buffer.from(bytes).toString('base64')}';
`,
  );
  console.log(`wrote ${out} (${bytes.length} bytes of wasm)`);
}

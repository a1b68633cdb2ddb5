/**
 * Compiles src/filters/rank.wat into src/filters/rank-wasm.ts (the module's bytes, base64), the
 * file the engine loads: nothing is compiled at install or run time.
 *
 *   npm run build:wasm -w @uncrumple/engine
 *
 * rank-filter.test.ts compiles the .wat again and checks the committed bytes match it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileWat } from './wat.ts';

const src = fileURLToPath(new URL('../src/filters/rank.wat', import.meta.url));
const out = fileURLToPath(new URL('../src/filters/rank-wasm.ts', import.meta.url));
const bytes = await compileWat(await readFile(src, 'utf8'), 'rank.wat');
await writeFile(
  out,
  `// Generated from rank.wat by scripts/build-wasm.ts (npm run build:wasm -w @uncrumple/engine).
// Do not edit: change rank.wat and run the script again.
export const RANK_WASM =
  '${Buffer.from(bytes).toString('base64')}';
`,
);
console.log(`wrote ${out} (${bytes.length} bytes of wasm)`);

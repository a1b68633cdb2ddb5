#!/usr/bin/env node
// CLI entry: loads tsx's ESM loader so the TypeScript sources run without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../src/cli/main.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2));

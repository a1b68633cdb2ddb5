import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../errors.ts';
import { DEFAULT_LIMITS, mebibytes } from '../io/limits.ts';
import { restore } from '../restore.ts';
import type { OutputFormat, RestoreResult } from '../types.ts';
import { UsageError, USAGE, formatFromPath, parseCli, type CliArgs } from './args.ts';

interface Job {
  input: string;
  output: string;
  format: OutputFormat;
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/** Works out where each input goes; throws UsageError for impossible combinations. */
async function planJobs(args: CliArgs): Promise<Job[]> {
  if (args.inputs.length === 0) throw new UsageError('no input file given');
  if (!args.output) throw new UsageError('no output given (use -o <file> or -o <folder>/)');
  const toFolder =
    args.output.endsWith('/') ||
    args.output.endsWith(path.sep) ||
    (await isDirectory(args.output)) ||
    args.inputs.length > 1;
  if (!toFolder) {
    const format = formatFromPath(args.output);
    if (!format) {
      throw new UsageError(
        `cannot tell the output format from "${args.output}" (use .png, .jpg or .pdf)`,
      );
    }
    return [{ input: args.inputs[0]!, output: args.output, format }];
  }
  if (formatFromPath(args.output) && !(await isDirectory(args.output))) {
    throw new UsageError(`several inputs need a folder as output, not "${args.output}"`);
  }
  const used = new Set<string>();
  return args.inputs.map((input) => {
    const base = path.basename(input).replace(/\.[^.]+$/, '') || 'page';
    const format = args.format ?? (/\.(pdf|tiff?)$/i.test(input) ? 'pdf' : 'png');
    let name = `${base}-restored.${format}`;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}-restored.${format}`;
    used.add(name);
    return { input, output: path.join(args.output!, name), format };
  });
}

function describe(err: unknown): string {
  if (err instanceof EngineError) return err.message;
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'file not found.';
  if (code === 'EISDIR') return 'is a folder, not a file.';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied.';
  const msg = String((err as Error)?.message ?? err).split('\n')[0];
  return `unexpected error: ${msg}`;
}

function progressPrinter(name: string): ((stage: string, f: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = -1;
  return (stage, f) => {
    const pct = Math.floor(f * 100);
    if (pct === last) return;
    last = pct;
    process.stderr.write(`\r${name}: ${stage.padEnd(10)} ${String(pct).padStart(3)}%`);
  };
}

/** Writes every page: one file for PDF or a single page, name-N.ext per page otherwise. */
async function writeResult(job: Job, result: RestoreResult): Promise<string[]> {
  await mkdir(path.dirname(path.resolve(job.output)), { recursive: true });
  if (job.format === 'pdf' || result.pages.length === 1) {
    await writeFile(job.output, result.file);
    return [job.output];
  }
  const stem = job.output.replace(/\.[^.]+$/, '');
  const ext = path.extname(job.output);
  const written: string[] = [];
  for (const [i, page] of result.pages.entries()) {
    const out = `${stem}-${i + 1}${ext}`;
    await writeFile(out, page.data);
    written.push(out);
  }
  return written;
}

async function runJob(job: Job, args: CliArgs): Promise<boolean> {
  const name = job.input;
  try {
    const info = await stat(job.input);
    if (info.isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    if (info.size > DEFAULT_LIMITS.maxBytes) {
      throw new EngineError(
        'too_large',
        `The file is ${mebibytes(info.size)}; the limit is ${mebibytes(DEFAULT_LIMITS.maxBytes)}.`,
      );
    }
    const bytes = new Uint8Array(await readFile(job.input));
    const onProgress = progressPrinter(path.basename(name));
    const result = await restore(bytes, {
      mode: args.mode,
      paper: args.paper,
      format: job.format,
      jpegQuality: args.quality,
      onProgress,
    });
    if (onProgress) process.stderr.write('\r\x1b[K');
    const written = await writeResult(job, result);
    if (args.report) {
      process.stderr.write(
        `${JSON.stringify({ file: name, output: written, ...result.report })}\n`,
      );
    }
    return true;
  } catch (err) {
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    process.stderr.write(`uncrumple: ${name}: ${describe(err)}\n`);
    return false;
  }
}

/**
 * The `uncrumple` command. Returns the exit status: 0 when every input was restored, 1 when
 * any failed (each failure is one plain line on stderr), 2 for a usage error.
 * @example
 * await main(['photo.jpg', '-o', 'flat.pdf']); // 0
 */
export async function main(argv: string[]): Promise<number> {
  let args: CliArgs;
  let jobs: Job[];
  try {
    args = parseCli(argv);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    jobs = await planJobs(args);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`uncrumple: ${err.message}\n${USAGE.split('\n')[0]}\n`);
      return 2;
    }
    throw err;
  }
  let ok = true;
  for (const job of jobs) ok = (await runJob(job, args)) && ok;
  return ok ? 0 : 1;
}

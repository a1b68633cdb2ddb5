import { parseArgs } from 'node:util';
import type { OutputFormat, OutputMode, PaperChoice } from '../types.ts';

export interface CliArgs {
  inputs: string[];
  output: string | null;
  mode: OutputMode;
  paper: PaperChoice;
  format: OutputFormat | null;
  report: boolean;
  quality: number | undefined;
  help: boolean;
}

export const USAGE = `Usage: uncrumple <input> -o <output.png|.jpg|.pdf> [options]
       uncrumple <inputs...> -o <folder>/ [options]

Flattens photos and scans of crumpled, folded or curled documents and cleans the paper.
Inputs: PNG, JPEG, TIFF (multi-page), BMP, WEBP or PDF.

Options:
  -o, --output <path>   output file (format from its extension) or folder (trailing slash
                        or existing folder: files are named <name>-restored.<ext>)
  -m, --mode <mode>     color (default), gray or bw
  -p, --paper <size>    auto (default: judged from the photo), a4, letter or legal: the
                        page's proportions and the PDF's page size
  -f, --format <fmt>    png, jpg or pdf for folder output (default png; pdf for multi-page)
  -q, --quality <1-100> JPEG quality (default 90)
      --report          print the JSON report (timings, outline, stages) to stderr
  -h, --help            show this help`;

export class UsageError extends Error {}

const MODES: OutputMode[] = ['color', 'gray', 'bw'];
const FORMATS: OutputFormat[] = ['png', 'jpg', 'pdf'];
const PAPERS: PaperChoice[] = ['auto', 'a4', 'letter', 'legal'];

/**
 * Parses the command line; throws UsageError with a one-line reason.
 * @example
 * parseCli(['a.jpg', '-o', 'a.pdf']); // { inputs: ['a.jpg'], output: 'a.pdf', mode: 'color', … }
 */
export function parseCli(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        output: { type: 'string', short: 'o' },
        mode: { type: 'string', short: 'm' },
        paper: { type: 'string', short: 'p' },
        format: { type: 'string', short: 'f' },
        quality: { type: 'string', short: 'q' },
        report: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
  const v = parsed.values;
  const mode = (v.mode ?? 'color').toLowerCase();
  if (!MODES.includes(mode as OutputMode)) {
    throw new UsageError(`unknown mode "${v.mode}" (use color, gray or bw)`);
  }
  const paper = (v.paper ?? 'auto').toLowerCase();
  if (!PAPERS.includes(paper as PaperChoice)) {
    throw new UsageError(`unknown paper size "${v.paper}" (use auto, a4, letter or legal)`);
  }
  let format: OutputFormat | null = null;
  if (v.format !== undefined) {
    const f = v.format.toLowerCase().replace(/^jpeg$/, 'jpg');
    if (!FORMATS.includes(f as OutputFormat)) {
      throw new UsageError(`unknown format "${v.format}" (use png, jpg or pdf)`);
    }
    format = f as OutputFormat;
  }
  let quality: number | undefined;
  if (v.quality !== undefined) {
    quality = Number(v.quality);
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
      throw new UsageError(`quality must be a whole number from 1 to 100, not "${v.quality}"`);
    }
  }
  return {
    inputs: parsed.positionals,
    output: v.output ?? null,
    mode: mode as OutputMode,
    paper: paper as PaperChoice,
    format,
    report: v.report ?? false,
    quality,
    help: v.help ?? false,
  };
}

/** Output format from a file name's extension, or null when it is not one we write. */
export function formatFromPath(path: string): OutputFormat | null {
  const m = /\.([a-z0-9]+)$/i.exec(path);
  const ext = m?.[1]?.toLowerCase();
  if (ext === 'png') return 'png';
  if (ext === 'jpg' || ext === 'jpeg') return 'jpg';
  if (ext === 'pdf') return 'pdf';
  return null;
}

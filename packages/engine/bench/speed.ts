/**
 * Speed bench: restores a synthetic crumpled-page photo at 3 MP and 12 MP on one core
 * (sharp.concurrency(1), each size in its own child process so peak RSS is per size) and prints
 * per-stage and total times, peak RSS and pages per minute.
 *
 *   npm run bench:speed                  # 3 MP and 12 MP, 3 timed runs each after a warm-up
 *   npm run bench:speed -- --runs 5
 *   npm run bench:speed -- --sizes 12
 *   npm run bench:speed -- --warmup 6    # steady state: what a long-lived worker sees
 *   npm run bench:speed -- --spread 0    # skip the spread over other pages
 *
 * It also prints the first restore in each fresh process (the warm-up), which pays for V8
 * compiling and optimising the engine: V8 goes on reoptimising for several pages, so a worker
 * that has restored a handful of pages is faster than the timed runs after one warm-up.
 *
 * One page says little about the next: a crumpled form takes the mesh three passes and the
 * outline checks a retry or two, a flat-lying letter none. So the 3 MP child also restores
 * `--spread` other synthetic pages once each (every distortion family with a letter, then an
 * invoice, a form and a paper; made like the main photo) and prints their median, the slowest
 * and how many finished within the target.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    sizes: { type: 'string', default: '3,12' },
    spread: { type: 'string', default: '12' },
    child: { type: 'string' },
    mode: { type: 'string', default: 'color' },
    format: { type: 'string', default: 'png' },
  },
});

interface ChildResult {
  megapixels: number;
  width: number;
  height: number;
  output: { width: number; height: number };
  runs: Array<{ totalMs: number; cpuMs: number; timings: Record<string, number> }>;
  /** wall time of the first restore in the process */
  firstMs: number;
  maxRssMb: number;
  /** one restore each of other pages at this size (`--spread`) */
  spread: Array<{ page: string; totalMs: number }>;
}

/** The pages of the spread: each distortion family with these kinds, in this order. */
const SPREAD_KINDS = ['letter', 'invoice', 'form', 'paper'] as const;
const SPREAD_FAMILIES = ['crumple', 'fold', 'curl', 'perspective'] as const;

/** Child: restore the given JPEG `runs` times (plus a warm-up) and print JSON. */
async function child(file: string): Promise<void> {
  sharp.concurrency(1);
  sharp.cache(false);
  const { restore } = await import('../src/index.ts');
  const bytes = new Uint8Array(await readFile(file));
  const meta = await sharp(bytes).metadata();
  const runs: ChildResult['runs'] = [];
  const n = Number(values.runs);
  const warmup = Math.max(1, Number(values.warmup));
  let output = { width: 0, height: 0 };
  let firstMs = 0;
  for (let i = 0; i < warmup + n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = await restore(bytes, {
      mode: values.mode as 'color',
      format: values.format as 'png',
    });
    const totalMs = performance.now() - t;
    const cpu = process.cpuUsage(c);
    output = { width: r.pages[0]!.width, height: r.pages[0]!.height };
    if (i === 0) firstMs = totalMs;
    if (i >= warmup)
      runs.push({ totalMs, cpuMs: (cpu.user + cpu.system) / 1000, timings: r.report.timings });
  }
  // Measured before the spread's pages are made, so their generation does not count.
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  const spread: ChildResult['spread'] = [];
  const mp = (meta.width! * meta.height!) / 1e6;
  for (let k = 0; k < Number(values.spread); k++) {
    const family = SPREAD_FAMILIES[k % SPREAD_FAMILIES.length]!;
    const kind = SPREAD_KINDS[Math.floor(k / SPREAD_FAMILIES.length) % SPREAD_KINDS.length]!;
    const photo = await makePhoto(mp, 100 + k, kind, family);
    const t = performance.now();
    await restore(photo, { mode: values.mode as 'color', format: values.format as 'png' });
    spread.push({ page: `${kind}/${family}`, totalMs: performance.now() - t });
  }
  const result: ChildResult = {
    megapixels: (meta.width! * meta.height!) / 1e6,
    width: meta.width!,
    height: meta.height!,
    output,
    runs,
    firstMs,
    maxRssMb,
    spread,
  };
  process.stdout.write(JSON.stringify(result));
}

/** A synthetic page (by default a crumpled letter) photographed at (about) `mp` megapixels,
 *  as a phone JPEG. */
async function makePhoto(
  mp: number,
  seed = 3,
  kind: 'letter' | 'invoice' | 'form' | 'paper' = 'letter',
  family: 'crumple' | 'fold' | 'curl' | 'perspective' = 'crumple',
): Promise<Uint8Array> {
  const { generateSample } = await import('../synth/index.ts');
  // Portrait phone frame 3:4; the generator's photo is about as large as its page.
  const height = Math.round(Math.sqrt((mp * 1e6 * 4) / 3));
  const width = Math.round((height * 3) / 4);
  const sample = await generateSample({ seed, kind, family, width: Math.round(width * 0.85) });
  const p = sample.photo;
  return sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function parent(): Promise<void> {
  const sizes = values.sizes.split(',').map(Number);
  const dir = await mkdtemp(path.join(tmpdir(), 'uncrumple-speed-'));
  const self = fileURLToPath(import.meta.url);
  const run = promisify(execFile);
  console.log(
    `uncrumple speed bench: one core (sharp.concurrency(1)), ${values.runs} runs after ` +
      `${Number(values.warmup) > 1 ? `${values.warmup} warm-ups` : 'a warm-up'}, ` +
      `mode ${values.mode}, format ${values.format}`,
  );
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const stages = ['decode', 'detect', 'geometry', 'orient', 'resample', 'appearance', 'encode'];
  const rows: string[] = [];
  const firsts: string[] = [];
  const spreads: string[] = [];
  try {
    for (const mp of sizes) {
      const file = path.join(dir, `photo-${mp}mp.jpg`);
      await writeFile(file, await makePhoto(mp));
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          self,
          '--child',
          file,
          '--runs',
          values.runs,
          '--warmup',
          values.warmup,
          '--mode',
          values.mode,
          '--format',
          values.format,
          // The spread at 3 MP only: at 12 MP it would take minutes, and the work that varies
          // from page to page (geometry on the working copy) is the same at both sizes.
          '--spread',
          mp < 10 ? values.spread : '0',
        ],
        { maxBuffer: 1 << 24, env: { ...process.env, UV_THREADPOOL_SIZE: '1' } },
      );
      const r = JSON.parse(stdout) as ChildResult;
      firsts.push(`${r.megapixels.toFixed(1)} MP ${r.firstMs.toFixed(0)} ms`);
      if (r.spread.length > 0) spreads.push(spreadLine(r, mp >= 10 ? 3000 : 1000));
      const total = median(r.runs.map((x) => x.totalMs));
      const cpuTotal = median(r.runs.map((x) => x.cpuMs));
      const per = stages.map((s) => median(r.runs.map((x) => x.timings[s] ?? 0)));
      const target = mp >= 10 ? 3000 : 1000;
      rows.push(
        [
          `${r.megapixels.toFixed(1)} MP (${r.width}×${r.height} → ${r.output.width}×${r.output.height})`,
          ...per.map((v) => v.toFixed(0).padStart(6)),
          total.toFixed(0).padStart(6),
          cpuTotal.toFixed(0).padStart(6),
          `${r.maxRssMb.toFixed(0)} MB`.padStart(8),
          (60_000 / total).toFixed(1).padStart(6),
          `${total <= target ? 'ok' : 'SLOW'} (target ${target} ms${mp >= 10 ? ', 1.5 GB' : ''})`,
        ].join(' | '),
      );
      // On a shared machine wall time is inflated by waiting for a core; scaling each stage by
      // cpu/wall estimates what it costs on a core of its own. CPU time above wall time is work
      // on helper threads (garbage collection, libvips), not waiting, so it never scales up.
      const k = total > 0 ? Math.min(1, cpuTotal / total) : 1;
      const idle = total * k;
      rows.push(
        [
          `  ≈ on an idle core (×${k.toFixed(2)})`.padEnd(30),
          ...per.map((v) => (v * k).toFixed(0).padStart(6)),
          idle.toFixed(0).padStart(6),
          '',
          '',
          (60_000 / idle).toFixed(1).padStart(6),
          idle <= target ? 'ok' : 'SLOW',
        ].join(' | '),
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    [
      'input',
      ...stages.map((s) => s.slice(0, 6).padStart(6)),
      ' total',
      '   cpu',
      '  peak RSS',
      'pages/min',
      'verdict',
    ].join(' | '),
  );
  for (const r of rows) console.log(r);
  for (const line of spreads) console.log(`\n${line}`);
  console.log(`\nfirst restore in a fresh process (V8 compiling the engine): ${firsts.join(', ')}`);
  console.log(
    `\nload average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    'times in ms (median of the runs); cpu = process CPU time (user+sys) of the whole restore, a\n' +
      'load-independent check when the machine is shared; pages/min on one core from the median total.',
  );
}

/** The spread's summary and its pages' times. */
function spreadLine(r: ChildResult, target: number): string {
  const times = r.spread.map((p) => p.totalMs);
  const slowest = r.spread.reduce((a, b) => (b.totalMs > a.totalMs ? b : a));
  const within = times.filter((t) => t <= target).length;
  return (
    `${r.megapixels.toFixed(1)} MP over ${r.spread.length} other pages (one restore each): ` +
    `median ${median(times).toFixed(0)} ms, slowest ${slowest.totalMs.toFixed(0)} ms ` +
    `(${slowest.page}), ${within} of ${times.length} within ${target} ms\n  ` +
    r.spread.map((p) => `${p.page} ${p.totalMs.toFixed(0)}`).join(', ')
  );
}

if (values.child) await child(values.child);
else await parent();

import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/uncrumple.js', import.meta.url));

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A small photo: a light page with dark lines on a brown desk. */
async function photo(): Promise<Buffer> {
  const W = 320;
  const H = 400;
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 3;
      const onPage = x > 40 && x < 280 && y > 30 && y < 370;
      const ink = onPage && y % 30 < 3 && x > 60 && x < 260;
      const v = ink ? 30 : onPage ? 225 : 80;
      data[p] = v;
      data[p + 1] = onPage ? v : 60;
      data[p + 2] = onPage ? v - 10 : 40;
    }
  }
  return sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .jpeg()
    .toBuffer();
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uncrumple-cli-'));
  await writeFile(path.join(dir, 'a.jpg'), await photo());
  await writeFile(path.join(dir, 'b.jpg'), await photo());
  await writeFile(path.join(dir, 'fake.png'), '<!DOCTYPE html><html><body>nope</body></html>');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('uncrumple CLI', () => {
  it('prints help', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: uncrumple <input> -o <output');
  });

  it('restores one file to PNG and PDF, with a JSON report on stderr', async () => {
    const png = path.join(dir, 'out.png');
    const r = await cli(path.join(dir, 'a.jpg'), '-o', png, '--mode', 'gray', '--report');
    expect(r.code).toBe(0);
    const meta = await sharp(await readFile(png)).metadata();
    expect(meta.format).toBe('png');
    const report = JSON.parse(r.stderr.trim()) as { input: { format: string }; totalMs: number };
    expect(report.input.format).toBe('jpg');
    expect(report.totalMs).toBeGreaterThan(0);

    const pdf = path.join(dir, 'out.pdf');
    expect((await cli(path.join(dir, 'a.jpg'), '-o', pdf, '--paper', 'legal')).code).toBe(0);
    const doc = await PDFDocument.load(await readFile(pdf));
    expect(doc.getPageCount()).toBe(1);
    // US Legal, 8.5 × 14 inches, as asked.
    expect([doc.getPage(0).getWidth(), doc.getPage(0).getHeight()].map(Math.round)).toEqual([
      612, 1008,
    ]);
  });

  it('restores several files into a folder and reports each bad one on one line', async () => {
    const out = path.join(dir, 'batch') + '/';
    const r = await cli(
      path.join(dir, 'a.jpg'),
      path.join(dir, 'fake.png'),
      path.join(dir, 'b.jpg'),
      path.join(dir, 'missing.jpg'),
      '-o',
      out,
    );
    expect(r.code).toBe(1);
    expect((await readdir(out)).sort()).toEqual(['a-restored.png', 'b-restored.png']);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      `uncrumple: ${path.join(dir, 'fake.png')}: The file is a web page (HTML), not an image or PDF.`,
      `uncrumple: ${path.join(dir, 'missing.jpg')}: file not found.`,
    ]);
  });

  it('exits non-zero with one plain line for bad input and usage errors', async () => {
    const bad = await cli(path.join(dir, 'fake.png'), '-o', path.join(dir, 'x.png'));
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).not.toMatch(/at .*\.ts:\d+/);
    const usage = await cli(path.join(dir, 'a.jpg'), '-o', path.join(dir, 'x.gif'));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('cannot tell the output format');
    expect((await cli(path.join(dir, 'a.jpg'), '-o', 'x.png', '--mode', 'sepia')).code).toBe(2);
    const paper = await cli(path.join(dir, 'a.jpg'), '-o', 'x.png', '--paper', 'a5');
    expect(paper.code).toBe(2);
    expect(paper.stderr).toContain('unknown paper size "a5" (use auto, a4, letter or legal)');
  });
});

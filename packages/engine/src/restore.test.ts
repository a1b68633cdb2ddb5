import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateSample } from '../synth/index.ts';
import { EngineError } from './errors.ts';
import { restore } from './restore.ts';
import type { RgbImage, StageName } from './types.ts';

const PW = 420;
const PH = 594; // A4 proportions
/** Bars across the page at these heights (page coordinates), 6 px thick. */
const BARS = [100, 200, 300, 400, 500];

/** A photo of an A4 page rotated by `deg` on a dark desk, lit unevenly. */
function skewedPhoto(deg: number): RgbImage {
  const W = 700;
  const H = 800;
  const data = new Uint8Array(W * H * 3);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // Inverse rotation about the image centre into page coordinates.
      const dx = x - W / 2;
      const dy = y - H / 2;
      const u = cos * dx + sin * dy + PW / 2;
      const v = -sin * dx + cos * dy + PH / 2;
      const p = (y * W + x) * 3;
      const light = 0.7 + 0.3 * (x / W);
      if (u >= 0 && u < PW && v >= 0 && v < PH) {
        const bar = BARS.some((b) => v >= b && v < b + 6) && u > 40 && u < PW - 40;
        const value = (bar ? 30 : 235) * light;
        data[p] = value;
        data[p + 1] = value * 0.97;
        data[p + 2] = value * 0.9;
      } else {
        const t = ((x * 13 + y * 7) % 17) - 8;
        data[p] = 70 + t;
        data[p + 1] = 55 + t;
        data[p + 2] = 40 + t;
      }
    }
  }
  return { width: W, height: H, data };
}

async function png(img: RgbImage): Promise<Uint8Array> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();
}

async function rawOf(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(bytes)
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** Centre row of the dark pixels in column x within [y0, y1). */
function darkCentre(img: RgbImage, x: number, y0: number, y1: number): number | null {
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.round(y0)); y < Math.min(img.height, y1); y++) {
    if (img.data[(y * img.width + x) * 3]! < 128) {
      sum += y;
      n++;
    }
  }
  return n ? sum / n : null;
}

describe('restore', () => {
  it('turns a skewed, unevenly lit page into a straight white page', async () => {
    const input = await png(skewedPhoto(8));
    const stages: StageName[] = [];
    const fractions: number[] = [];
    const result = await restore(input, {
      onProgress: (stage, f) => {
        stages.push(stage);
        fractions.push(f);
      },
    });
    expect(result.mime).toBe('image/png');
    const out = await rawOf(result.file);
    const page = result.report.pages[0]!;
    expect(page.outline).not.toBeNull();
    // The page was cut out of the desk: output aspect ≈ A4.
    expect(out.height / out.width).toBeGreaterThan(1.3);
    expect(out.height / out.width).toBeLessThan(1.5);
    // Each bar is horizontal: its centre at 25 % and 75 % of the width differs by < 2 % height.
    const xs = [Math.round(out.width * 0.25), Math.round(out.width * 0.75)];
    for (const b of BARS) {
      const yExpected = ((b + 3) / PH) * out.height;
      const band = out.height * 0.06;
      const [l, r] = xs.map((x) => darkCentre(out, x, yExpected - band, yExpected + band));
      expect(l).not.toBeNull();
      expect(r).not.toBeNull();
      expect(Math.abs(l! - r!)).toBeLessThan(out.height * 0.02);
    }
    // Paper between the bars is white despite the lighting gradient and the warm cast.
    let sum = 0;
    let n = 0;
    for (let y = Math.round(out.height * 0.25); y < out.height * 0.3; y++) {
      for (let x = Math.round(out.width * 0.15); x < out.width * 0.85; x++) {
        const p = (y * out.width + x) * 3;
        sum += (out.data[p]! + out.data[p + 1]! + out.data[p + 2]!) / 3;
        n++;
      }
    }
    expect(sum / n).toBeGreaterThanOrEqual(245);
    // Report and progress.
    expect(result.report.input).toMatchObject({ format: 'png', pages: 1, width: 700, height: 800 });
    for (const k of ['decode', 'resample', 'appearance', 'encode']) {
      expect(result.report.timings[k]).toBeGreaterThanOrEqual(0);
    }
    expect(page.stages.map((s) => s.stage)).toEqual(
      expect.arrayContaining(['detect', 'appearance']),
    );
    expect(stages).toEqual(expect.arrayContaining(['decode', 'resample', 'appearance', 'encode']));
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]! - 1e-9)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });

  it('paints out a thumb holding the page over its margin, and says so', async () => {
    // The bench's perspective receipt #1080: its seed puts a thumb over the left margin.
    const sample = await generateSample({
      seed: 1080,
      kind: 'receipt',
      family: 'perspective',
      width: 645,
    });
    expect(sample.thumb).toBe(true);
    const skin = (img: RgbImage) => {
      let n = 0;
      for (let i = 0; i < img.data.length; i += 3) {
        const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
        if (r > g + 15 && g > b + 5 && r - b > 40) n++;
      }
      return n;
    };
    expect(skin(sample.photo)).toBeGreaterThan(5000);
    const result = await restore(await png(sample.photo), { format: 'png' });
    expect(skin(await rawOf(result.file))).toBe(0);
    const appearance = result.report.pages[0]!.stages.find((s) => s.stage === 'appearance')!;
    expect(appearance.reason).toContain('fingers over the border painted out');
    expect(appearance.details?.fingersWhitened).toBeGreaterThan(0.002);
  });

  it('writes a PDF with one page per input page at the physical size', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 2; i++) {
      const p = doc.addPage([144, 216]); // 2 × 3 inches keeps the test quick
      p.drawText(`Page ${i + 1}`, { x: 18, y: 180, size: 14 });
    }
    const result = await restore(await doc.save(), { format: 'pdf', mode: 'gray' });
    expect(result.mime).toBe('application/pdf');
    expect(result.pages).toHaveLength(2);
    const out = await PDFDocument.load(result.file);
    expect(out.getPageCount()).toBe(2);
    for (const p of out.getPages()) {
      expect(p.getWidth()).toBeCloseTo(144, 0);
      expect(p.getHeight()).toBeCloseTo(216, 0);
    }
    expect(result.pages[0]!.widthMm).toBeCloseTo(50.8, 0);
    expect([result.pages[0]!.width, result.pages[0]!.height]).toEqual([600, 900]);
  });

  it('sets the page on the paper size asked for: an A4 page given as Letter prints on Letter', async () => {
    const photo = await png(skewedPhoto(4));
    const auto = await restore(photo, { format: 'pdf' });
    const asked = await restore(photo, { format: 'pdf', paper: 'letter' });
    const size = async (file: Uint8Array) => {
      const page = (await PDFDocument.load(file)).getPage(0);
      return [Math.round(page.getWidth()), Math.round(page.getHeight())];
    };
    expect(await size(auto.file)).toEqual([595, 842]); // A4 in points, as the page reads
    expect(await size(asked.file)).toEqual([612, 792]); // US Letter
    const page = asked.pages[0]!;
    expect(page.height / page.width).toBeCloseTo(11 / 8.5, 2);
    const stage = asked.report.pages[0]!.stages.find((s) => s.stage === 'paper');
    expect(stage).toMatchObject({ applied: true });
    expect(stage?.reason).toMatch(
      /^Letter, as asked: the page made \d+% shorter \(it read as A4\)$/,
    );
    await expect(restore(photo, { paper: 'a5' as 'a4' })).rejects.toThrow(/paper must be one of/);
  });

  it('embeds bw pages in a PDF losslessly', async () => {
    const result = await restore(await png(skewedPhoto(2)), { format: 'pdf', mode: 'bw' });
    const text = Buffer.from(result.file).toString('latin1');
    expect(text).toContain('/FlateDecode');
    expect(text).not.toContain('/DCTDecode');
    expect((await sharp(result.pages[0]!.data).metadata()).format).toBe('jpeg');
  });

  it('produces JPEG and honours bw mode', async () => {
    const result = await restore(await png(skewedPhoto(-5)), { format: 'jpg', mode: 'bw' });
    expect(result.extension).toBe('jpg');
    const meta = await sharp(result.file).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.channels).toBe(1);
  });

  it('stops with an "aborted" error when the signal fires', async () => {
    const controller = new AbortController();
    const promise = restore(await png(skewedPhoto(3)), {
      signal: controller.signal,
      onProgress: (stage) => {
        if (stage === 'resample') controller.abort();
      },
    });
    await expect(promise).rejects.toMatchObject({ code: 'aborted' });
    await expect(promise).rejects.toBeInstanceOf(EngineError);
  });

  it('rejects bad input with a clear error before any work', async () => {
    await expect(restore(new TextEncoder().encode('<html></html>'))).rejects.toMatchObject({
      code: 'unsupported_format',
    });
  });
});

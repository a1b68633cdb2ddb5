import { describe, expect, it } from 'vitest';
import { boxCascade4 } from '../filters/box-cascade.ts';
import { lcg } from '../test-random.ts';
import { gaussianRadius } from './filters.ts';
import { nonPaperMask, type ClosedPage } from './paper-mask.ts';

/**
 * nonPaperMask's test spelled out at full resolution (the local paper chromaticity blurred per
 * pixel, no coarse grid): returns, per pixel, whether it is off and how far its largest
 * chromaticity difference is from the threshold (distance 0 for near-black pixels).
 */
function reference(page: ClosedPage): { off: Uint8Array; margin: Float32Array } {
  const { width: w, height: h, r, g, b, luma, paper } = page;
  const ps = paper[0] + paper[1] + paper[2] + 1e-3;
  const lit = new Float32Array(4 * w * h);
  for (let i = 0; i < w * h; i++) {
    if (luma[i]! < 0.35 * page.paperLuma) continue;
    const sum = r[i]! + g[i]! + b[i]! + 1e-3;
    const c = [r[i]! / sum, g[i]! / sum, b[i]! / sum];
    // Only pixels near the paper's colour make the local paper colour (not a photo's).
    if (c.some((v, k) => Math.abs(v - paper[k]! / ps) > 0.06)) continue;
    lit.set([1, ...c], 4 * i);
  }
  const sigma = Math.max(4, Math.max(w, h) / 12);
  const local = boxCascade4(lit, w, h, gaussianRadius(sigma), 3);
  const off = new Uint8Array(w * h);
  const margin = new Float32Array(w * h).fill(Infinity);
  for (let i = 0; i < w * h; i++) {
    if (luma[i]! < 0.2 * page.paperLuma) {
      off[i] = 1;
      continue;
    }
    const lw = local[4 * i]!;
    const sum = r[i]! + g[i]! + b[i]! + 1e-3;
    const want =
      lw > 0.05
        ? [local[4 * i + 1]! / lw, local[4 * i + 2]! / lw, local[4 * i + 3]! / lw]
        : [paper[0] / ps, paper[1] / ps, paper[2] / ps];
    const d = Math.max(
      Math.abs(r[i]! / sum - want[0]!),
      Math.abs(g[i]! / sum - want[1]!),
      Math.abs(b[i]! / sum - want[2]!),
    );
    const t = 0.018 + 0.03 * Math.max(0, 1 - luma[i]! / page.paperLuma);
    off[i] = d > t ? 1 : 0;
    margin[i] = Math.abs(d - t);
  }
  return { off, margin };
}

/** A closed page: paper under a warm cast that drifts across the page, with a yellow
 *  highlighter band, a photo-like block of random colours and a dark box. */
function castPage(w: number, h: number): ClosedPage {
  const rand = lcg(3);
  const r = new Float32Array(w * h);
  const g = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const light = 0.6 + 0.35 * (x / w);
      let rgb: [number, number, number] = [
        235 * light,
        (220 - 20 * (y / h)) * light,
        (190 - 30 * (x / w)) * light,
      ];
      if (y > 40 && y < 52 && x > 20 && x < 150) rgb = [250 * light, 240 * light, 120 * light];
      if (y > 90 && y < 150 && x > 100 && x < 170) rgb = [255 * rand(), 255 * rand(), 255 * rand()];
      if (y > 160 && y < 175 && x > 10 && x < 40) rgb = [20, 20, 25];
      [r[i], g[i], b[i]] = rgb;
    }
  }
  const luma = new Float32Array(w * h).map((_, i) => 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!);
  const paperLuma = [...luma].sort((p, q) => p - q)[Math.floor(0.9 * w * h)]!;
  return { width: w, height: h, r, g, b, luma, paperLuma, paper: [230, 205, 170] };
}

describe('nonPaperMask', () => {
  it('agrees with the full-resolution test wherever a pixel is not right at the threshold', () => {
    for (const [w, h] of [
      [180, 200],
      [201, 187],
    ] as const) {
      const page = castPage(w, h);
      const want = reference(page);
      const { mask, count } = nonPaperMask(page);
      let on = 0;
      for (let i = 0; i < w * h; i++) {
        on += mask[i]!;
        if (want.margin[i]! > 0.002) expect(mask[i], `pixel ${i}`).toBe(want.off[i]);
      }
      expect(count).toBe(on);
      // The band, the photo and the dark box are found; the drifting cast is paper.
      expect(mask[46 * w + 80]).toBe(1);
      expect(mask[120 * w + 130]).toBe(1);
      expect(mask[167 * w + 25]).toBe(1);
      expect(mask[20 * w + 20]).toBe(0);
      expect(mask[(h - 5) * w + w - 5]).toBe(0);
    }
  });

  it('takes a dark crease shadow tinted by the ambient light for paper, a dark red mark not', () => {
    const [w, h] = [160, 120];
    const page = castPage(w, h);
    const { r, g, b, luma } = page;
    for (let y = 60; y < 70; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        // The shadow side of a crease under a bluish sky light: a third as bright, a little
        // bluer (0.02–0.03 off the paper's chromaticity, over the old flat threshold).
        const shadow = x < 80;
        const rgb = shadow ? [0.32 * r[i]!, 0.34 * g[i]!, 0.36 * b[i]!] : [110, 30, 30];
        [r[i], g[i], b[i]] = rgb as [number, number, number];
        luma[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
      }
    }
    const { mask } = nonPaperMask(page);
    expect(mask[65 * w + 40]).toBe(0);
    expect(mask[65 * w + 120]).toBe(1);
  });

  it('keeps plain paper beside a large photo as paper', () => {
    // A brochure: a teal-and-green photo over most of the top half, warm paper around it.
    const [w, h] = [200, 280];
    const r = new Float32Array(w * h);
    const g = new Float32Array(w * h);
    const b = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const photo = y > 30 && y < 130 && x > 15 && x < 185;
        [r[i], g[i], b[i]] = photo ? (y < 80 ? [40, 170, 180] : [40, 120, 50]) : [245, 240, 222];
      }
    }
    const luma = new Float32Array(w * h).map(
      (_, i) => 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!,
    );
    const page: ClosedPage = {
      width: w,
      height: h,
      r,
      g,
      b,
      luma,
      paperLuma: 239,
      paper: [245, 240, 222],
    };
    const { mask } = nonPaperMask(page);
    expect(mask[60 * w + 100]).toBe(1);
    expect(mask[110 * w + 100]).toBe(1);
    // The margins beside, above and below the photo: the photo's colours, counted into the
    // local paper colour, made them look colourful before.
    let marked = 0;
    let margin = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const nearPhoto = y > 20 && y < 140 && x > 5 && x < 195;
        const inPhoto = y > 28 && y < 132 && x > 13 && x < 187;
        if (!nearPhoto || inPhoto) continue;
        margin++;
        marked += mask[y * w + x]!;
      }
    }
    expect(marked / margin).toBeLessThan(0.02);
  });
});

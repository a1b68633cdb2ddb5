import { describe, expect, it } from 'vitest';
import { renderPage } from '../../synth/index.ts';
import { Rng } from '../../synth/prng.ts';
import {
  characterErrorRate,
  createOcr,
  denseFlow,
  docunetScore,
  levenshtein,
  localDistortion,
  msSsim,
  toGray8,
  type Gray,
} from './index.ts';

/** A smooth random texture (sum of random sinusoids) that optical flow can lock onto. */
function texture(width: number, height: number, seed: number, shiftX = 0, shiftY = 0): Gray {
  const rng = new Rng(seed);
  const waves = Array.from({ length: 12 }, () => ({
    fx: rng.range(-0.25, 0.25),
    fy: rng.range(-0.25, 0.25),
    phase: rng.range(0, 6.28),
    amp: rng.range(8, 20),
  }));
  const data = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 128;
      for (const w of waves)
        v += w.amp * Math.sin((x - shiftX) * w.fx + (y - shiftY) * w.fy + w.phase);
      data[y * width + x] = v;
    }
  }
  return { width, height, data };
}

function median(values: Float64Array, width: number, height: number, border: number): number {
  const inner: number[] = [];
  for (let y = border; y < height - border; y++)
    for (let x = border; x < width - border; x++) inner.push(values[y * width + x]!);
  inner.sort((p, q) => p - q);
  return inner[inner.length >> 1]!;
}

describe('msSsim', () => {
  it('is exactly 1 for identical images and drops with noise', () => {
    const a = texture(320, 288, 1);
    expect(msSsim(a, a)).toBeCloseTo(1, 12);
    const rng = new Rng(9);
    const noisy = (sigma: number): Gray => ({
      ...a,
      data: a.data.map((v) => v + sigma * rng.gauss()),
    });
    const low = msSsim(a, noisy(5));
    const high = msSsim(a, noisy(30));
    expect(low).toBeLessThan(1);
    expect(high).toBeLessThan(low);
    expect(high).toBeGreaterThan(0);
  });

  it('scores a page against a blank sheet below 1 (white margins still match)', async () => {
    const page = renderPage('letter', 4, 600).image;
    const blank = { ...page, data: new Uint8Array(page.data.length).fill(255) };
    const same = await docunetScore(page, page, { ld: false });
    expect(same.msSsim).toBeCloseTo(1, 9);
    const bad = await docunetScore(blank, page, { ld: false });
    expect(bad.msSsim).toBeLessThan(0.9);
    expect(bad.msSsim).toBeGreaterThan(0);
    // The ink ratio is what exposes a blank output: all the text is gone.
    expect(same.ink).toBe(1);
    expect(bad.ink).toBe(0);
  });
});

describe('dense flow and LD', () => {
  it('recovers a known translation', () => {
    const a = texture(160, 128, 2);
    const b = texture(160, 128, 2, 3, -2); // b(x + 3, y − 2) = a(x, y)
    const flow = denseFlow(a, b);
    expect(median(flow.u, 160, 128, 12)).toBeCloseTo(3, 0);
    expect(median(flow.v, 160, 128, 12)).toBeCloseTo(-2, 0);
    expect(Math.abs(median(flow.u, 160, 128, 12) - 3)).toBeLessThan(0.2);
  });

  it('LD is 0 for identical images and about the shift (in halved pixels) for a shifted one', () => {
    const a = texture(240, 200, 3);
    expect(localDistortion(a, a)).toBeLessThan(1e-9);
    const b = texture(240, 200, 3, 8, 0);
    const ld = localDistortion(a, b);
    expect(ld).toBeGreaterThan(3.3);
    expect(ld).toBeLessThan(4.5);
  });
});

describe('LD on a document', () => {
  it('measures a smooth known warp of a rendered page within 25%', () => {
    const page = renderPage('paper', 3, 700).image;
    const ref: Gray = {
      width: page.width,
      height: page.height,
      data: Float64Array.from(toGray8(page)),
    };
    const { width: w, height: h } = ref;
    const data = new Float64Array(w * h);
    let magnitude = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const dx = 6 * Math.sin(((2 * Math.PI * y) / h) * 1.3);
        const dy = 6 * Math.cos(((2 * Math.PI * x) / w) * 0.9);
        magnitude += Math.hypot(dx, dy);
        const sx = Math.min(w - 1.001, Math.max(0, x + dx));
        const sy = Math.min(h - 1.001, Math.max(0, y + dy));
        const x0 = Math.floor(sx),
          y0 = Math.floor(sy),
          tx = sx - x0,
          ty = sy - y0;
        const at = (xx: number, yy: number): number => ref.data[yy * w + xx]!;
        data[y * w + x] =
          (at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx) * (1 - ty) +
          (at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx) * ty;
      }
    }
    const truth = magnitude / (w * h) / 2; // LD is in halved pixels
    const ld = localDistortion({ width: w, height: h, data }, ref);
    expect(Math.abs(ld - truth) / truth).toBeLessThan(0.25);
  });
});

describe('character error rate', () => {
  it('is 0 for identical strings, ignores whitespace runs, counts edits', () => {
    expect(characterErrorRate('Total due: 12.50', 'Total due: 12.50').cer).toBe(0);
    expect(characterErrorRate('Total  due:\n12.50', ' Total due: 12.50 ').cer).toBe(0);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(characterErrorRate('kitten', 'sitting').cer).toBeCloseTo(0.5, 9);
    expect(characterErrorRate('abc', '').cer).toBe(1);
  });

  it('reads a rendered receipt offline with tesseract.js', async () => {
    const page = renderPage('receipt', 8, 640);
    const ocr = await createOcr();
    try {
      const text = await ocr.read(page.image);
      expect(characterErrorRate(page.text, text).cer).toBeLessThan(0.1);
    } finally {
      await ocr.close();
    }
  });
});

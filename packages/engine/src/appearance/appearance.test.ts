import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { estimateBackground, type Background } from './background.ts';
import { sauvola } from './binarize.ts';
import { enhanceAppearance, photoRegions } from './enhance.ts';
import { boxBlur, gaussianBlur, rankFilter } from './filters.ts';

const W = 600;
const H = 800;

/** Paper with rows of glyph-like strokes (≈12 px characters), lit by `light(x, y)` in 0..1. */
function page(light: (x: number, y: number) => number, paint?: (img: RgbImage) => void): RgbImage {
  const img: RgbImage = { width: W, height: H, data: new Uint8Array(W * H * 3) };
  const ink = new Uint8Array(W * H);
  for (let line = 0; line < 30; line++) {
    const top = 40 + line * 24;
    for (let c = 0; c < 50; c++) {
      const left = 40 + c * 10;
      // A vertical stem and a bar per "glyph": 2 px strokes, 12 px tall, 7 px wide.
      for (let y = top; y < top + 12; y++) for (let x = left; x < left + 2; x++) ink[y * W + x] = 1;
      for (let y = top + 5; y < top + 7; y++)
        for (let x = left; x < left + 7; x++) ink[y * W + x] = 1;
    }
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const l = light(x, y);
      const p = (y * W + x) * 3;
      const v = ink[y * W + x] ? 25 : 235;
      // Warm colour cast: blue gets less light than red.
      img.data[p] = Math.round(v * l);
      img.data[p + 1] = Math.round(v * l * 0.95);
      img.data[p + 2] = Math.round(v * l * 0.82);
    }
  }
  paint?.(img);
  return img;
}

function stats(img: RgbImage, pick: (x: number, y: number) => boolean) {
  let n = 0;
  let sum = 0;
  let min = 255;
  let max = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!pick(x, y)) continue;
      const p = (y * img.width + x) * 3;
      const l = (img.data[p]! + img.data[p + 1]! + img.data[p + 2]!) / 3;
      sum += l;
      n++;
      min = Math.min(min, l);
      max = Math.max(max, l);
    }
  }
  return { mean: sum / n, min, max };
}

/** Pixels of blank paper between lines (rows 53..62 of each line pitch) and ink stems. */
/** A flat w×h background estimate whose non-paper mask is `nonPaper` (for the keep mask). */
function maskBackground(
  w: number,
  h: number,
  nonPaper: Uint8Array,
  level: number,
  nonPaperFraction: number,
): Background {
  const plane = () => new Float32Array(w * h).fill(level);
  return {
    factor: 1,
    width: w,
    height: h,
    planes: [plane(), plane(), plane()],
    nonPaper,
    paper: [level, level, level],
    nonPaperFraction,
    sliverFraction: 0,
    bandFraction: 0,
  };
}

const isGap = (x: number, y: number) =>
  y > 30 && y < 760 && (y - 40) % 24 >= 14 && x > 20 && x < 580;
const isStem = (x: number, y: number) =>
  y >= 40 && y < 760 && (y - 40) % 24 < 12 && x >= 40 && x < 540 && (x - 40) % 10 < 2;

describe('filters', () => {
  it('rankFilter matches a brute-force min/max', () => {
    const w = 23;
    const h = 17;
    const data = Float32Array.from({ length: w * h }, (_, i) => (i * 7919) % 101);
    for (const op of ['min', 'max'] as const) {
      const got = rankFilter({ width: w, height: h, data }, 3, op).data;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let e = op === 'max' ? -Infinity : Infinity;
          for (let yy = Math.max(0, y - 3); yy <= Math.min(h - 1, y + 3); yy++) {
            for (let xx = Math.max(0, x - 3); xx <= Math.min(w - 1, x + 3); xx++) {
              const v = data[yy * w + xx]!;
              e = op === 'max' ? Math.max(e, v) : Math.min(e, v);
            }
          }
          expect(got[y * w + x]).toBe(e);
        }
      }
    }
  });

  it('blurs keep a constant image constant and spread an impulse symmetrically', () => {
    const flat = { width: 20, height: 10, data: new Float32Array(200).fill(7) };
    for (const v of boxBlur(flat, 3).data) expect(v).toBeCloseTo(7, 4);
    const imp = { width: 21, height: 21, data: new Float32Array(441) };
    imp.data[220] = 100;
    const g = gaussianBlur(imp, 2).data;
    expect(g[220]!).toBeGreaterThan(g[222]!);
    expect(g[218]).toBeCloseTo(g[222]!, 5);
    expect(g.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 1);
  });
});

describe('appearance', () => {
  it('whitens a gradient-lit page with a colour cast while keeping ink dark', () => {
    const img = page((x, y) => 0.45 + 0.55 * (x / W) * (0.6 + 0.4 * (y / H)));
    const { image } = enhanceAppearance(img, 'color');
    const gap = stats(image, isGap);
    const ink = stats(image, isStem);
    expect(gap.mean).toBeGreaterThanOrEqual(250);
    expect(gap.min).toBeGreaterThanOrEqual(245);
    expect(ink.mean).toBeLessThanOrEqual(60);
    // The cast is gone: paper is neutral.
    const p = (50 * W + 300) * 3 + W * 3 * 3; // row 53, mid page
    expect(Math.abs(image.data[p]! - image.data[p + 2]!)).toBeLessThanOrEqual(4);
  });

  it('removes a crease shadow (a dark line about 1.5 × character height wide)', () => {
    // A diagonal crease: 18 px wide band at 55 % brightness.
    const crease = (x: number, y: number) => (Math.abs(y - 0.8 * x - 150) < 9 ? 0.55 : 1);
    const { image } = enhanceAppearance(page(crease), 'color');
    const inBand = (x: number, y: number) => isGap(x, y) && Math.abs(y - 0.8 * x - 150) < 6;
    expect(stats(image, inBand).mean).toBeGreaterThanOrEqual(240);
    expect(
      stats(image, (x, y) => isStem(x, y) && Math.abs(y - 0.8 * x - 150) < 6).mean,
    ).toBeLessThan(80);
  });

  it("whitens a sharp fold's shadow band narrower than the closing window, across the text", () => {
    // A diagonal band 6 px tall at 70 % with hard sides (the window here is 7 px), crossing the
    // text rows: the sliver flood cannot enter it, the band search finds it.
    const inside = (x: number, y: number) => Math.abs(y - 0.5 * x - 200) < 3;
    const band = (x: number, y: number) => (inside(x, y) ? 0.7 : 1);
    const { image, report } = enhanceAppearance(page(band), 'color');
    const gaps = (x: number, y: number) => isGap(x, y) && Math.abs(y - 0.5 * x - 200) < 1;
    expect(stats(image, gaps).mean).toBeGreaterThanOrEqual(235);
    expect(report.details?.creaseBandFraction).toBeGreaterThan(0);
    // The text it crosses stays dark.
    expect(stats(image, (x, y) => isStem(x, y) && inside(x, y)).mean).toBeLessThan(80);
  });

  it('whitens the tip of a crease facet that narrows below the closing window', () => {
    // A shaded facet (55 %) 40 px wide, narrowing to nothing over 300 px along a diagonal, with
    // soft sides (6 px ramps, about 7 % of the paper level per pixel) like a crumpled page's.
    const ux = 0.8;
    const uy = 0.6;
    const along = (x: number, y: number) => (x - 60) * ux + (y - 80) * uy;
    const across = (x: number, y: number) => Math.abs(-(x - 60) * uy + (y - 80) * ux);
    const half = (x: number, y: number) => 20 * (1 - along(x, y) / 300);
    const facet = (x: number, y: number) => {
      const t = along(x, y);
      if (t < -200 || t > 300) return 1;
      const edge = Math.min(1, Math.max(0, (half(x, y) - across(x, y)) / 6 + 0.5));
      return 1 - 0.45 * edge;
    };
    const { image, report } = enhanceAppearance(page(facet), 'color');
    // Where the facet is 2–5 px wide (the window here is 7 px), in the gaps between text rows.
    const tip = (x: number, y: number) => {
      const t = along(x, y);
      return (
        isGap(x, y) &&
        t > 0 &&
        t < 300 &&
        half(x, y) >= 1 &&
        half(x, y) <= 2.5 &&
        across(x, y) < half(x, y) - 0.5
      );
    };
    expect(stats(image, tip).mean).toBeGreaterThanOrEqual(235);
    expect(report.details?.creaseTipFraction).toBeGreaterThan(0);
    // The text the facet crosses stays dark.
    const stems = (x: number, y: number) =>
      isStem(x, y) && along(x, y) > 0 && across(x, y) < half(x, y);
    expect(stats(image, stems).mean).toBeLessThan(80);
  });

  it('keeps a light grey rule that runs into a crease shadow', () => {
    // A 2 px rule at 70 % of the paper in the gap below the first text row, crossing a 40 px
    // band shaded to 55 %: next to the band the rule is lighter than the shadow, so it must not
    // be taken for the shadow's continuation.
    const band = (x: number) => (x >= 250 && x < 290 ? 0.55 : 1);
    const img = page(
      (x) => band(x),
      (im) => {
        for (let y = 57; y < 59; y++) {
          for (let x = 40; x < 560; x++) {
            const p = (y * W + x) * 3;
            const v = 0.7 * 235 * band(x);
            im.data[p] = Math.round(v);
            im.data[p + 1] = Math.round(v * 0.95);
            im.data[p + 2] = Math.round(v * 0.82);
          }
        }
      },
    );
    const { image } = enhanceAppearance(img, 'color');
    // Clear of the band's sides, where the smoothed background leaves a halo either way.
    const clear = (x: number) =>
      (x >= 200 && x < 240) || (x >= 256 && x < 284) || (x >= 300 && x < 340);
    const rule = stats(image, (x, y) => y >= 57 && y < 59 && clear(x));
    expect(rule.max).toBeLessThan(200);
  });

  it('keeps a red stamp red and a yellow highlight yellow', () => {
    const img = page(
      () => 0.9,
      (im) => {
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            const p = (y * W + x) * 3;
            const d = Math.hypot(x - 420, y - 600);
            if (d > 60 && d < 68) {
              // Stamp ring, 8 px wide.
              im.data[p] = 190;
              im.data[p + 1] = 40;
              im.data[p + 2] = 40;
            } else if (y >= 160 && y < 184 && x >= 40 && x < 400 && im.data[p]! > 100) {
              // Highlighter over a line of text: the paper under it is yellow.
              im.data[p] = 215;
              im.data[p + 1] = 205;
              im.data[p + 2] = 60;
            }
          }
        }
      },
    );
    const { image } = enhanceAppearance(img, 'color');
    const at = (x: number, y: number) =>
      Array.from(image.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3));
    const [r, g, b] = at(484, 600); // on the ring
    expect(r).toBeGreaterThan(150);
    expect(g! + b!).toBeLessThan(150);
    const [hr, hg, hb] = at(300, 175); // highlighted paper between strokes
    expect(Math.min(hr!, hg!)).toBeGreaterThan(180);
    expect(hb).toBeLessThan(140);
  });

  it('renders gray and bw modes', () => {
    const img = page((x) => 0.5 + 0.5 * (x / W));
    const gray = enhanceAppearance(img, 'gray').image;
    for (let p = 0; p < gray.data.length; p += 3 * 997) {
      expect(gray.data[p]).toBe(gray.data[p + 1]);
      expect(gray.data[p]).toBe(gray.data[p + 2]);
    }
    const bw = enhanceAppearance(img, 'bw').image;
    expect(stats(bw, isGap).min).toBe(255);
    expect(stats(bw, isStem).mean).toBeLessThan(30);
    const values = new Set<number>();
    for (let p = 0; p < bw.data.length; p += 3) values.add(bw.data[p]!);
    expect([...values].sort()).toEqual([0, 255]);
  });

  it('sauvola keeps 1-px strokes on a flat page', () => {
    const img: RgbImage = { width: 100, height: 60, data: new Uint8Array(100 * 60 * 3).fill(255) };
    for (let y = 10; y < 50; y++) img.data.fill(90, (y * 100 + 50) * 3, (y * 100 + 51) * 3);
    const bw = sauvola(img, { radius: 8 });
    expect(bw.data[(30 * 100 + 50) * 3]).toBe(0);
    expect(bw.data[(30 * 100 + 55) * 3]).toBe(255);
  });

  it('sauvola leaves faint crease residue white', () => {
    const img: RgbImage = { width: 100, height: 60, data: new Uint8Array(100 * 60 * 3).fill(255) };
    for (let y = 0; y < 60; y++) img.data.fill(195, (y * 100 + 30) * 3, (y * 100 + 33) * 3);
    const bw = sauvola(img, { radius: 8 });
    expect(bw.data[(30 * 100 + 31) * 3]).toBe(255);
  });

  it('sauvola blackens light-coloured text but leaves tinted crease residue white', () => {
    const img: RgbImage = { width: 100, height: 60, data: new Uint8Array(100 * 60 * 3).fill(255) };
    const paint = (x0: number, rgb: [number, number, number]) => {
      for (let y = 10; y < 50; y++) {
        for (let x = x0; x < x0 + 2; x++) img.data.set(rgb, (y * 100 + x) * 3);
      }
    };
    paint(20, [99, 240, 99]); // a green citation, luma 182
    paint(50, [244, 138, 216]); // a pink link, luma 179
    paint(80, [190, 180, 205]); // a purple-grey crease mark, luma 186
    const bw = sauvola(img, { radius: 8 });
    expect(bw.data[(30 * 100 + 20) * 3]).toBe(0);
    expect(bw.data[(30 * 100 + 50) * 3]).toBe(0);
    expect(bw.data[(30 * 100 + 80) * 3]).toBe(255);
  });

  it('sauvola fills a solid dark area wider than its window instead of hollowing it', () => {
    const img: RgbImage = { width: 100, height: 60, data: new Uint8Array(100 * 60 * 3).fill(255) };
    for (let y = 10; y < 50; y++) {
      for (let x = 20; x < 80; x++) img.data.set([20, 110, 140], (y * 100 + x) * 3);
    }
    const bw = sauvola(img, { radius: 8 });
    expect(bw.data[(30 * 100 + 50) * 3]).toBe(0);
    expect(bw.data[(30 * 100 + 10) * 3]).toBe(255);
  });

  it('sauvola keeps grey where a smaller keep mask marks the page, scaled to the image', () => {
    // A 200×120 page whose keep mask was estimated on a 50×30 copy (as restore() does): the
    // mask's lower-right quarter is the photo, so is the image's.
    const img: RgbImage = { width: 200, height: 120, data: new Uint8Array(200 * 120 * 3) };
    img.data.fill(128);
    const nonPaper = new Uint8Array(50 * 30);
    for (let y = 15; y < 30; y++) nonPaper.fill(1, y * 50 + 25, y * 50 + 50);
    const keep = maskBackground(50, 30, nonPaper, 128, 0.25);
    const bw = sauvola(img, { keep, radius: 8 });
    const at = (x: number, y: number) => bw.data[(y * 200 + x) * 3];
    expect(at(150, 90)).toBe(128);
    expect(at(199, 119)).toBe(128);
    expect(at(101, 61)).toBe(128);
    expect(at(98, 90)).not.toBe(128);
    expect(at(150, 58)).not.toBe(128);
    expect(at(50, 20)).not.toBe(128);
  });

  it('marks a large dark photo as not paper so it is not washed out', () => {
    const img = page(
      () => 1,
      (im) => {
        for (let y = 300; y < 500; y++) {
          for (let x = 100; x < 400; x++) {
            const p = (y * W + x) * 3;
            im.data[p] = 40 + ((x * 3) % 60);
            im.data[p + 1] = 70;
            im.data[p + 2] = 110 + ((y * 5) % 50);
          }
        }
      },
    );
    const bg = estimateBackground(img);
    expect(bg.nonPaperFraction).toBeGreaterThan(0.05);
    const { image } = enhanceAppearance(img, 'color');
    const photo = stats(image, (x, y) => x > 150 && x < 350 && y > 350 && y < 450);
    expect(photo.mean).toBeLessThan(170);
  });
});

describe('photos on a clean page', () => {
  it("keeps a photo's dark tones apart while grey text is darkened", () => {
    // Grey text (as a brochure sets its body) sets the black point high; the photo's two dark
    // greens below it must not both be crushed to black.
    const img = page(
      () => 1,
      (im) => {
        for (let i = 0; i < W * H; i++) {
          const p = i * 3;
          if (im.data[p]! < 100) im.data.set([80, 80, 80], p);
          else im.data.set([240, 240, 240], p);
        }
        for (let y = 300; y < 500; y++) {
          for (let x = 100; x < 400; x++) {
            const v = x < 250 ? 35 : 60;
            im.data.set([v / 2, v, v / 2], (y * W + x) * 3);
          }
        }
      },
    );
    const { image } = enhanceAppearance(img, 'color');
    const darker = stats(image, (x, y) => x > 140 && x < 230 && y > 340 && y < 460);
    const lighter = stats(image, (x, y) => x > 270 && x < 360 && y > 340 && y < 460);
    expect(darker.mean).toBeGreaterThan(10);
    expect(lighter.mean - darker.mean).toBeGreaterThan(15);
    const text = stats(image, (x, y) => isStem(x, y) && (y < 280 || y > 520));
    expect(text.mean).toBeLessThan(50);
  });
});

describe('coloured marks on a cast page', () => {
  /** Hue in degrees and chroma (max − min) of the mean colour of the pixels `pick` selects. */
  function meanColour(img: RgbImage, pick: (x: number, y: number) => boolean) {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        if (!pick(x, y)) continue;
        const p = (y * img.width + x) * 3;
        for (let c = 0; c < 3; c++) sum[c]! += img.data[p + c]!;
        n++;
      }
    }
    const [r, g, b] = sum.map((v) => v / n) as [number, number, number];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const d = max - min || 1;
    let hue =
      max === r ? ((g - b) / d) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
    if (hue < 0) hue += 360;
    return { r, g, b, chroma: max - min, hue, luma: (r + g + b) / 3 };
  }

  // Yellow highlighter over rows 160..190, pink over rows 400..430, both at columns 40..540,
  // multiplied by the same gradient light and yellow cast as the paper.
  const yellow = [255, 250, 150];
  const pink = [255, 200, 225];
  const nearBand = (y: number) => (y >= 140 && y < 210) || (y >= 380 && y < 450);
  const bandCols = (x: number) => x >= 50 && x < 530;
  const light = (x: number, y: number) => 0.55 + 0.4 * (x / W) * (0.6 + 0.4 * (y / H));
  const img = page(light, (im) => {
    for (const [top, colour] of [
      [160, yellow],
      [400, pink],
    ] as const) {
      for (let y = top; y < top + 30; y++) {
        for (let x = 40; x < 540; x++) {
          const p = (y * W + x) * 3;
          const l = light(x, y);
          const cast = [1, 0.95, 0.82];
          for (let c = 0; c < 3; c++) {
            // Highlighter multiplies what is under it: ink stays dark, paper takes its colour.
            const under = im.data[p + c]! / Math.max(1, 235 * l * cast[c]!);
            im.data[p + c] = Math.round(colour[c]! * l * cast[c]! * Math.min(1, under));
          }
        }
      }
    }
  });
  const { image } = enhanceAppearance(img, 'color');

  it('keeps yellow and pink highlighter in their hues while the paper turns white', () => {
    const paper = meanColour(image, (x, y) => isGap(x, y) && !nearBand(y));
    expect(paper.luma).toBeGreaterThanOrEqual(245);
    expect(paper.chroma).toBeLessThan(8);
    // Band pixels between text lines of the band (no ink there).
    const yb = meanColour(image, (x, y) => bandCols(x) && isGap(x, y) && y >= 160 && y < 190);
    const pb = meanColour(image, (x, y) => bandCols(x) && isGap(x, y) && y >= 400 && y < 430);
    expect(yb.chroma).toBeGreaterThan(40);
    expect(yb.hue).toBeGreaterThan(40);
    expect(yb.hue).toBeLessThan(70);
    expect(pb.chroma).toBeGreaterThan(20);
    // Pale pink clips to white in red and blue after the levels stretch: magenta-pink remains.
    expect(pb.hue >= 290 || pb.hue < 15).toBe(true);
  });
});

describe('photoRegions', () => {
  const bg = (nonPaper: Uint8Array) => maskBackground(200, 150, nonPaper, 240, 0.1);

  it('keeps a photo-sized block and drops highlighter bands and sparse marks', () => {
    const m = new Uint8Array(200 * 150);
    for (let y = 20; y < 60; y++) m.fill(1, y * 200 + 30, y * 200 + 90); // a 60 × 40 photo
    for (let y = 80; y < 88; y++) m.fill(1, y * 200 + 20, y * 200 + 180); // a highlighter band
    for (let y = 100; y < 140; y += 3) m[y * 200 + 150 + (y % 7)] = 1; // a thin crease trail
    const keep = photoRegions(bg(m))!;
    expect(keep[40 * 200 + 60]).toBe(1);
    expect(keep[84 * 200 + 100]).toBe(0);
    expect(keep.reduce((a, b) => a + b, 0)).toBe(60 * 40);
  });

  it('keeps a small solid logo, but not a highlighter band as thick', () => {
    const m = new Uint8Array(200 * 150);
    for (let y = 20; y < 30; y++) {
      for (let x = 20; x < 30; x++) if ((x - 24.5) ** 2 + (y - 24.5) ** 2 <= 25) m[y * 200 + x] = 1;
    }
    for (let y = 80; y < 90; y++) m.fill(1, y * 200 + 20, y * 200 + 180);
    const keep = photoRegions(bg(m))!;
    expect(keep[25 * 200 + 25]).toBe(1);
    expect(keep[85 * 200 + 100]).toBe(0);
  });

  it('is null when nothing on the page looks like a photo', () => {
    const m = new Uint8Array(200 * 150);
    for (let y = 80; y < 88; y++) m.fill(1, y * 200 + 20, y * 200 + 180);
    expect(photoRegions(bg(m))).toBeNull();
  });
});

import type { PageOutline, Point, RgbImage } from '../types.ts';

/** Small deterministic PRNG (mulberry32) for synthetic test images. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The outline with straight sides between four corners, 8 points per side. */
export function quadOutline(tl: Point, tr: Point, br: Point, bl: Point): PageOutline {
  const side = (a: Point, b: Point): Point[] =>
    Array.from({ length: 8 }, (_, k) => ({
      x: a.x + ((b.x - a.x) * k) / 7,
      y: a.y + ((b.y - a.y) * k) / 7,
    }));
  return {
    corners: [tl, tr, br, bl],
    top: side(tl, tr),
    right: side(tr, br),
    bottom: side(bl, br),
    left: side(tl, bl),
    clipped: { top: false, right: false, bottom: false, left: false },
    confidence: 0.9,
  };
}

export function inside(q: Point[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = q.length - 1; i < q.length; j = i++) {
    const a = q[i]!;
    const b = q[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

/**
 * Test scene: a page polygon (white paper with dark "text" bars) on a background of the given
 * kind. Text bars run along the page's own axes, mapped by `toImage(u, v)` for u, v ∈ [0, 1].
 * @example const img = drawScene(320, 240, quad, 'wood', 1);
 */
export function drawScene(
  width: number,
  height: number,
  polygon: Point[],
  background: 'dark' | 'wood' | 'white' | 'fabric',
  seed: number,
  toPage?: (x: number, y: number) => [number, number] | null,
): RgbImage {
  const rand = rng(seed);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = rand();
      let rgb: [number, number, number];
      if (inside(polygon, x + 0.5, y + 0.5)) {
        const uv = toPage?.(x + 0.5, y + 0.5);
        let ink = false;
        if (uv) {
          const [u, v] = uv;
          const line = (v * 30) % 1;
          ink =
            u > 0.1 &&
            u < 0.9 &&
            v > 0.08 &&
            v < 0.92 &&
            line > 0.45 &&
            line < 0.75 &&
            (u * 23) % 1 < 0.8;
        }
        const base = ink ? 40 : 235;
        rgb = [base + n * 10, base + n * 10, base + n * 8];
      } else if (background === 'dark') {
        rgb = [40 + n * 20, 38 + n * 20, 35 + n * 20];
      } else if (background === 'wood') {
        const g = 0.5 + 0.5 * Math.sin(x * 0.15 + Math.sin(y * 0.05) * 3);
        rgb = [120 + 50 * g + n * 15, 75 + 30 * g + n * 10, 40 + 15 * g];
      } else if (background === 'fabric') {
        const g = ((x >> 1) + (y >> 1)) % 2;
        rgb = [60 + 40 * g + n * 20, 80 + 30 * g + n * 20, 140 + 30 * g + n * 20];
      } else {
        rgb = [205 + n * 10, 205 + n * 10, 208 + n * 10];
      }
      data[i] = Math.max(0, Math.min(255, rgb[0]));
      data[i + 1] = Math.max(0, Math.min(255, rgb[1]));
      data[i + 2] = Math.max(0, Math.min(255, rgb[2]));
    }
  }
  return { width, height, data };
}

/**
 * Whether page point (u, v) (page pixels) is ink on a synthetic text page: lines every `pitch`
 * px starting at `margin`, x-height 0.35·pitch, glyphs 5 px wide with 2 px gaps, words of 3–7
 * glyphs, some ascenders (above) and fewer descenders (below), as in Latin text. Lines run
 * margin to margin (justified), or with `ragged` end short of it (set flush left).
 */
export function textInk(
  u: number,
  v: number,
  pageW: number,
  pageH: number,
  pitch = 24,
  ragged = false,
): boolean {
  const margin = Math.max(12, 0.08 * Math.min(pageW, pageH));
  if (u < margin || u > pageW - margin || v < margin || v > pageH - margin) return false;
  const line = Math.floor((v - margin) / pitch);
  // Ragged lines end between 55 % and 100 % of the text width (set flush left).
  if (ragged && u > margin + (pageW - 2 * margin) * (0.55 + 0.45 * ((line * 0.618) % 1))) {
    return false;
  }
  const base = margin + line * pitch + 0.7 * pitch; // baseline
  const xh = 0.3 * pitch;
  const dy = v - base;
  const cell = Math.floor((u - margin) / 7);
  const inGlyph = (u - margin) % 7 < 5;
  // Word pattern: deterministic hash of (line, cell).
  const hsh = (a: number, b: number): number => {
    let x = (a * 73856093) ^ (b * 19349663);
    x = Math.imul(x ^ (x >>> 13), 0x5bd1e995);
    return ((x ^ (x >>> 15)) >>> 0) / 4294967296;
  };
  const wordLen = 6;
  const inWord = cell % wordLen !== wordLen - 1;
  if (!inGlyph || !inWord) return false;
  const r = hsh(line, cell);
  const top = r < 0.3 ? -xh * 1.6 : -xh; // ascender
  const bottom = r > 0.9 ? xh * 0.5 : 0; // descender
  if (dy < top || dy > bottom) return false;
  // Glyph shape: a ring-ish stroke (vertical bars with a top and bottom bar).
  const gx = (u - margin) % 7;
  return gx < 1.5 || gx > 3.5 || dy < top + 1.5 || dy > -1.5 || r < 0.3;
}

/**
 * Renders a gray synthetic text page seen through `toPage` (image point → page point), white
 * outside the page.
 * @example const img = drawTextPage(400, 560, (x, y) => [x, y + 6 * Math.sin(x / 40)]);
 */
export function drawTextPage(
  width: number,
  height: number,
  toPage: (x: number, y: number) => [number, number],
  pitch = 24,
  ragged = false,
): { width: number; height: number; data: Float32Array } {
  const data = new Float32Array(width * height);
  // 2×2 supersampling for anti-aliased strokes.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let ink = 0;
      for (const [ox, oy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const [u, v] = toPage(x + ox, y + oy);
        if (textInk(u, v, width, height, pitch, ragged)) ink++;
      }
      data[y * width + x] = 235 - (ink / 4) * 200;
    }
  }
  return { width, height, data };
}

/** A tilted page's corners (tl, tr, br, bl) in a 400 × 460 scene, for the detection tests. */
export const TILTED_QUAD: Point[] = [
  { x: 70, y: 40 },
  { x: 330, y: 62 },
  { x: 350, y: 420 },
  { x: 52, y: 400 },
];

/** The largest distance between corresponding corners of two outlines. */
export function cornerError(found: Point[], truth: Point[]): number {
  return Math.max(...found.map((p, k) => Math.hypot(p.x - truth[k]!.x, p.y - truth[k]!.y)));
}

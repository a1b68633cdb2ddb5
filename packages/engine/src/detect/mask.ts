/** Binary-mask helpers for page detection (Uint8Array 0/1, row-major). */
import { components } from './components.ts';

/**
 * Otsu threshold of values in [0, 256) (histogram of 256 bins); with `below`, of the values
 * under it only (the darker class of a first threshold, split again).
 * @example const t = otsu(feature); const t2 = otsu(feature, t);
 */
export function otsu(values: Float32Array, below = Infinity): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < below) hist[v < 0 ? 0 : v > 255 ? 255 : v | 0]! += 1;
  }
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i]!;
    sum += i * hist[i]!;
  }
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let bestT = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      bestT = t + 0.5;
    }
  }
  return bestT;
}

/**
 * Two thresholds parting values in [0, 256) into three classes with the largest variance
 * between them (Otsu's criterion for three classes, over a histogram of 64 bins).
 * @example const [low, high] = otsu3(feature);
 */
export function otsu3(values: Float32Array): [number, number] {
  const B = 64;
  const hist = new Float64Array(B);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    hist[v < 0 ? 0 : v >= 256 ? B - 1 : (v / 4) | 0]! += 1;
  }
  // Prefix sums of counts and of bin centres, so each class's count and mean is two lookups.
  const n = new Float64Array(B + 1);
  const m = new Float64Array(B + 1);
  for (let b = 0; b < B; b++) {
    n[b + 1] = n[b]! + hist[b]!;
    m[b + 1] = m[b]! + hist[b]! * (4 * b + 2);
  }
  const part = (a: number, b: number): number => {
    const c = n[b]! - n[a]!;
    return c > 0 ? (m[b]! - m[a]!) ** 2 / c : 0;
  };
  let best = -1;
  let cut: [number, number] = [85, 170];
  for (let i = 1; i < B - 1; i++) {
    for (let j = i + 1; j < B; j++) {
      // Σ count·mean² over the classes: the total's share is the same for every split.
      const between = part(0, i) + part(i, j) + part(j, B);
      if (between > best) {
        best = between;
        cut = [4 * i, 4 * j];
      }
    }
  }
  return cut;
}

/**
 * Fills holes: every 0-pixel not 4-connected to the image border becomes 1 (a 0-region is
 * outside when its bounding box reaches the border, i.e. one of its pixels lies on it).
 * @example const solid = fillHoles(mask, w, h);
 */
export function fillHoles(mask: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const inv = new Uint8Array(n);
  for (let y = 0; y < h; y++) invertRow(mask, inv, y * w, (y + 1) * w);
  const { labels, sizes, bounds } = components(inv, w, h);
  const { left, right, top, bottom } = bounds;
  const outside = new Uint8Array(sizes.length);
  for (let l = 1; l < sizes.length; l++) {
    outside[l] = left[l] === 0 || top[l] === 0 || right[l] === w - 1 || bottom[l] === h - 1 ? 1 : 0;
  }
  // Label 0 (the mask's own pixels) is not outside, so they stay 1.
  for (let y = 0; y < h; y++) insideRow(labels, outside, inv, y * w, (y + 1) * w);
  return inv;
}

/** out[i] = 1 − (mask[i] ? 1 : 0) for pixels [from, to). */
function invertRow(mask: Uint8Array, out: Uint8Array, from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = mask[i] ? 0 : 1;
}

/** out[i] = 0 where pixel i's label is outside, else 1, for pixels [from, to). */
function insideRow(
  labels: Int32Array,
  outside: Uint8Array,
  out: Uint8Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) out[i] = outside[labels[i]!] ? 0 : 1;
}

/**
 * Square dilation (grow = true) or erosion of radius r. Pixels outside the image are ignored,
 * so a region touching the border stays touching it.
 *
 * Rows are packed 32 pixels to a word, bit set where the pixel is `on` (1 for a dilation, 0 for
 * an erosion); "any `on` pixel in the window" is then ORs of shifted words along x and of whole
 * word rows along y, about 30× fewer operations than per-pixel running counts.
 * @example const closed = morph(morph(m, w, h, 3, true), w, h, 3, false);
 */
export function morph(
  mask: Uint8Array,
  w: number,
  h: number,
  r: number,
  grow: boolean,
): Uint8Array {
  if (r >= 32) return morphCounts(mask, w, h, r, grow);
  const on = grow ? 1 : 0;
  const words = (w + 31) >>> 5;
  const bits = new Int32Array(words * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const o = y * words;
    for (let x = 0; x < w; x++) {
      if ((mask[row + x] ? 1 : 0) === on) bits[o + (x >>> 5)]! |= 1 << (x & 31);
    }
  }
  const wide = new Int32Array(words * h);
  // Bits past the last pixel must stay clear, or they would spread back in.
  const tail = w & 31 ? (1 << (w & 31)) - 1 : -1;
  for (let y = 0; y < h; y++) {
    const o = y * words;
    for (let i = 0; i < words; i++) {
      const cur = bits[o + i]!;
      const prev = i > 0 ? bits[o + i - 1]! : 0;
      const next = i + 1 < words ? bits[o + i + 1]! : 0;
      let acc = cur;
      for (let s = 1; s <= r; s++) {
        acc |= (cur << s) | (prev >>> (32 - s)) | (cur >>> s) | (next << (32 - s));
      }
      wide[o + i] = i + 1 === words ? acc & tail : acc;
    }
  }
  const out = new Uint8Array(w * h);
  const off = 1 - on;
  const line = new Int32Array(words);
  for (let y = 0; y < h; y++) {
    line.fill(0);
    for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
      const o = yy * words;
      for (let i = 0; i < words; i++) line[i]! |= wide[o + i]!;
    }
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = (line[x >>> 5]! >>> (x & 31)) & 1 ? on : off;
  }
  return out;
}

/** morph by separable running counts, for radii of a word or more. */
function morphCounts(mask: Uint8Array, w: number, h: number, r: number, grow: boolean): Uint8Array {
  const on = grow ? 1 : 0;
  const off = 1 - on;
  const hit = new Uint8Array(w * h);
  for (let i = 0; i < hit.length; i++) hit[i] = (mask[i] ? 1 : 0) === on ? 1 : 0;
  const tmp = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(r, w); x++) count += hit[row + x]!;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += hit[row + x + r]!;
      if (x - r - 1 >= 0) count -= hit[row + x - r - 1]!;
      tmp[row + x] = count > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(w * h);
  const counts = new Int32Array(w);
  for (let y = 0; y < Math.min(r, h); y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) counts[x] = counts[x]! + tmp[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    if (y + r < h) {
      const add = (y + r) * w;
      for (let x = 0; x < w; x++) counts[x] = counts[x]! + tmp[add + x]!;
    }
    if (y - r - 1 >= 0) {
      const rem = (y - r - 1) * w;
      for (let x = 0; x < w; x++) counts[x] = counts[x]! - tmp[rem + x]!;
    }
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = counts[x]! > 0 ? on : off;
  }
  return out;
}

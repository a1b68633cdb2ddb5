/** Binary-mask helpers for page detection (Uint8Array 0/1, row-major). */

/**
 * Otsu threshold of values in [0, 256) (histogram of 256 bins), optionally restricted by a
 * weight mask.
 * @example const t = otsu(feature);
 */
export function otsu(values: Float32Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    hist[v < 0 ? 0 : v > 255 ? 255 : v | 0]! += 1;
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
 * 4-connected component labelling. Returns labels (0 = background, 1..n) and component sizes
 * (index = label).
 * @example const { labels, sizes } = components(mask, w, h);
 */
export function components(
  mask: Uint8Array,
  w: number,
  h: number,
): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(w * h);
  const sizes = [0];
  const stack = new Int32Array(w * h);
  let next = 1;
  for (let s = 0; s < w * h; s++) {
    if (!mask[s] || labels[s]) continue;
    let top = 0;
    stack[top++] = s;
    labels[s] = next;
    let size = 0;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const x = p % w;
      const y = (p - x) / w;
      if (x > 0 && mask[p - 1] && !labels[p - 1]) {
        labels[p - 1] = next;
        stack[top++] = p - 1;
      }
      if (x < w - 1 && mask[p + 1] && !labels[p + 1]) {
        labels[p + 1] = next;
        stack[top++] = p + 1;
      }
      if (y > 0 && mask[p - w] && !labels[p - w]) {
        labels[p - w] = next;
        stack[top++] = p - w;
      }
      if (y < h - 1 && mask[p + w] && !labels[p + w]) {
        labels[p + w] = next;
        stack[top++] = p + w;
      }
    }
    sizes.push(size);
    next++;
  }
  return { labels, sizes };
}

/** Fills holes: every 0-pixel not 4-connected to the image border becomes 1. */
export function fillHoles(mask: Uint8Array, w: number, h: number): Uint8Array {
  const inv = new Uint8Array(w * h);
  for (let i = 0; i < inv.length; i++) inv[i] = mask[i] ? 0 : 1;
  const { labels } = components(inv, w, h);
  const outside = new Set<number>();
  for (let x = 0; x < w; x++) {
    outside.add(labels[x]!);
    outside.add(labels[(h - 1) * w + x]!);
  }
  for (let y = 0; y < h; y++) {
    outside.add(labels[y * w]!);
    outside.add(labels[y * w + w - 1]!);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = mask[i] || !outside.has(labels[i]!) ? 1 : 0;
  return out;
}

/**
 * Square dilation (grow = true) or erosion of radius r by separable running counts. Pixels
 * outside the image are ignored, so a region touching the border stays touching it.
 * @example const closed = morph(morph(m, w, h, 3, true), w, h, 3, false);
 */
export function morph(
  mask: Uint8Array,
  w: number,
  h: number,
  r: number,
  grow: boolean,
): Uint8Array {
  const on = grow ? 1 : 0;
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  // A pixel of the result is `on` when any pixel in its window is `on`.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(r, w); x++) count += (mask[row + x] ? 1 : 0) === on ? 1 : 0;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += (mask[row + x + r] ? 1 : 0) === on ? 1 : 0;
      if (x - r - 1 >= 0) count -= (mask[row + x - r - 1] ? 1 : 0) === on ? 1 : 0;
      tmp[row + x] = count > 0 ? on : 1 - on;
    }
  }
  for (let x = 0; x < w; x++) {
    let count = 0;
    for (let y = 0; y < Math.min(r, h); y++) count += tmp[y * w + x] === on ? 1 : 0;
    for (let y = 0; y < h; y++) {
      if (y + r < h) count += tmp[(y + r) * w + x] === on ? 1 : 0;
      if (y - r - 1 >= 0) count -= tmp[(y - r - 1) * w + x] === on ? 1 : 0;
      out[y * w + x] = count > 0 ? on : 1 - on;
    }
  }
  return out;
}

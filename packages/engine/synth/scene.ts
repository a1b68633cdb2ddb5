import type { RgbImage } from '../src/types.ts';
import type { PageRaster } from './camera.ts';
import type { Rng } from './prng.ts';

export type Background = 'wood' | 'fabric' | 'dark-desk' | 'white-table';
export const BACKGROUNDS: readonly Background[] = ['wood', 'fabric', 'dark-desk', 'white-table'];

/** Smooth 2-D value noise on a lattice of `cell` px, values in [0, 1). */
function valueNoise(width: number, height: number, cell: number, rng: Rng): Float32Array {
  const lw = Math.ceil(width / cell) + 2;
  const lh = Math.ceil(height / cell) + 2;
  const lattice = new Float32Array(lw * lh);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next();
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = y / cell;
    const j = Math.floor(gy);
    let ty = gy - j;
    ty = ty * ty * (3 - 2 * ty);
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const i = Math.floor(gx);
      let tx = gx - i;
      tx = tx * tx * (3 - 2 * tx);
      const a = lattice[j * lw + i]!,
        b = lattice[j * lw + i + 1]!;
      const c = lattice[(j + 1) * lw + i]!,
        d = lattice[(j + 1) * lw + i + 1]!;
      out[y * width + x] = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
    }
  }
  return out;
}

/** A procedural surface the page lies on, as planar float RGB in [0, 255]. */
function backgroundTexture(
  kind: Background,
  width: number,
  height: number,
  rng: Rng,
): Float32Array {
  const out = new Float32Array(width * height * 3);
  const coarse = valueNoise(width, height, 160, rng);
  const fine = valueNoise(width, height, 6, rng);
  const base: Record<Background, [number, number, number]> = {
    wood: [150, 100, 60],
    fabric: rng.pick([
      [70, 90, 140],
      [120, 60, 60],
      [80, 110, 80],
      [130, 130, 125],
    ] as Array<[number, number, number]>),
    'dark-desk': [45, 45, 50],
    'white-table': [228, 226, 220],
  };
  const [r, g, b] = base[kind];
  const freq = rng.range(0.04, 0.09);
  const angle = rng.range(-0.3, 0.3) + (rng.bool() ? 0 : Math.PI / 2);
  const ca = Math.cos(angle),
    sa = Math.sin(angle);
  for (let y = 0, k = 0; y < height; y++) {
    for (let x = 0; x < width; x++, k++) {
      let m = 1;
      const c = coarse[k]!,
        f = fine[k]!;
      if (kind === 'wood') {
        const along = x * ca + y * sa;
        const across = -x * sa + y * ca;
        m =
          0.82 +
          0.1 * Math.sin(across * freq + c * 4 + Math.sin(along * 0.003) * 1.5) +
          0.06 * Math.sin(across * freq * 7.3 + c * 9) +
          0.1 * (f - 0.5);
      } else if (kind === 'fabric') {
        m = 0.85 + 0.1 * Math.sin(x * 1.3) * Math.sin(y * 1.3) + 0.1 * (c - 0.5) + 0.15 * (f - 0.5);
      } else if (kind === 'dark-desk') {
        m = 0.85 + 0.3 * (c - 0.5) + 0.2 * (f - 0.5);
      } else {
        m = 0.97 + 0.05 * (c - 0.5) + 0.03 * (f - 0.5);
      }
      out[k * 3] = r * m;
      out[k * 3 + 1] = g * m;
      out[k * 3 + 2] = b * m;
    }
  }
  return out;
}

/**
 * Composes the photo: page colours through the raster's backward map (bilinear), Lambert shade,
 * off-white paper, uneven light, a soft cast shadow, a colour cast, lens blur and sensor noise.
 */
export function composePhoto(
  flat: RgbImage,
  raster: PageRaster,
  background: Background,
  rng: Rng,
): RgbImage {
  const { width, height } = raster;
  const bg = backgroundTexture(background, width, height, rng);
  const paper = [rng.range(238, 250), rng.range(236, 248), rng.range(228, 244)];
  const cast = rng.pick([
    [1.06, 1.0, 0.86],
    [0.9, 0.97, 1.06],
    [1.0, 1.0, 1.0],
    [1.03, 1.0, 0.93],
    [0.95, 1.02, 0.95],
  ]);
  // Uneven light: a linear gradient plus a vignette.
  const ga = rng.range(0, Math.PI * 2);
  const gStrength = rng.range(0.1, 0.3);
  const vStrength = rng.range(0.05, 0.25);
  // Cast shadow (a hand or phone): a soft-edged half plane with a wavy border across one side.
  const sa = rng.range(0, Math.PI * 2);
  const sOffset = rng.range(0.25, 0.45) * Math.min(width, height);
  const sStrength = rng.bool(0.85) ? rng.range(0.2, 0.45) : 0;
  const sSoft = rng.range(15, 60);
  const sWave = rng.range(10, 50);
  const sFreq = rng.range(0.005, 0.015);
  const cx = width / 2,
    cy = height / 2;
  const diag = Math.hypot(width, height) / 2;
  const out = new Float32Array(width * height * 3);
  const fw = flat.width,
    fh = flat.height,
    fd = flat.data;
  for (let y = 0, k = 0; y < height; y++) {
    for (let x = 0; x < width; x++, k++) {
      let r: number, g: number, b: number;
      const u = raster.u[k]!;
      if (Number.isNaN(u)) {
        r = bg[k * 3]!;
        g = bg[k * 3 + 1]!;
        b = bg[k * 3 + 2]!;
      } else {
        const v = raster.v[k]!;
        const x0 = Math.min(fw - 2, Math.floor(u)),
          y0 = Math.min(fh - 2, Math.floor(v));
        const tx = u - x0,
          ty = v - y0;
        const i00 = (y0 * fw + x0) * 3,
          i01 = i00 + 3,
          i10 = i00 + fw * 3,
          i11 = i10 + 3;
        const s = raster.shade[k]!;
        const lerp = (c: number): number =>
          ((fd[i00 + c]! * (1 - tx) + fd[i01 + c]! * tx) * (1 - ty) +
            (fd[i10 + c]! * (1 - tx) + fd[i11 + c]! * tx) * ty) /
          255;
        r = lerp(0) * paper[0]! * s;
        g = lerp(1) * paper[1]! * s;
        b = lerp(2) * paper[2]! * s;
      }
      const dx = x - cx,
        dy = y - cy;
      const grad = 1 + gStrength * ((dx * Math.cos(ga) + dy * Math.sin(ga)) / diag);
      const vig = 1 - vStrength * ((dx * dx + dy * dy) / (diag * diag));
      const along = -dx * Math.sin(sa) + dy * Math.cos(sa);
      const sd = dx * Math.cos(sa) + dy * Math.sin(sa) - sOffset + sWave * Math.sin(along * sFreq);
      const shadow = 1 - sStrength * Math.min(1, Math.max(0, sd / sSoft + 0.5));
      const light = grad * vig * shadow;
      out[k * 3] = r * light * cast[0]!;
      out[k * 3 + 1] = g * light * cast[1]!;
      out[k * 3 + 2] = b * light * cast[2]!;
    }
  }
  const blurred = blur121(out, width, height);
  const noise = rng.range(1.5, 4.5);
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, Math.round(blurred[i]! + noise * rng.gauss())));
  }
  return { width, height, data };
}

/** Separable [1 2 1]/4 blur (σ ≈ 0.7 px): lens softness, and it anti-aliases the page edge. */
function blur121(src: Float32Array, width: number, height: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = Math.max(0, x - 1),
        r = Math.min(width - 1, x + 1);
      for (let c = 0; c < 3; c++) {
        const row = y * width;
        tmp[(row + x) * 3 + c] =
          (src[(row + l) * 3 + c]! + 2 * src[(row + x) * 3 + c]! + src[(row + r) * 3 + c]!) / 4;
      }
    }
  }
  for (let y = 0; y < height; y++) {
    const t = Math.max(0, y - 1),
      b = Math.min(height - 1, y + 1);
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        out[(y * width + x) * 3 + c] =
          (tmp[(t * width + x) * 3 + c]! +
            2 * tmp[(y * width + x) * 3 + c]! +
            tmp[(b * width + x) * 3 + c]!) /
          4;
      }
    }
  }
  return out;
}

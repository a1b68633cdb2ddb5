import type { ShadingLine } from '../appearance/shading.ts';
import { type WasmMemory, reserve, wasmKernel } from '../filters/wasm.ts';
import type { BackwardMap, RgbImage } from '../types.ts';
import { BICUBIC_WASM } from './bicubic-wasm.ts';

/** Fraction steps in the kernel lookup table (1/256 px is far below visible error). */
const LUT_STEPS = 256;

/** Keys cubic convolution weights (a = -0.5, Catmull-Rom), 4 taps per fraction step. */
function buildKernelLut(): Float64Array {
  const lut = new Float64Array(LUT_STEPS * 4);
  const a = -0.5;
  const k = (t: number) => {
    const x = Math.abs(t);
    if (x <= 1) return (a + 2) * x * x * x - (a + 3) * x * x + 1;
    if (x < 2) return a * x * x * x - 5 * a * x * x + 8 * a * x - 4 * a;
    return 0;
  };
  for (let s = 0; s < LUT_STEPS; s++) {
    const f = s / LUT_STEPS;
    lut[s * 4] = k(1 + f);
    lut[s * 4 + 1] = k(f);
    lut[s * 4 + 2] = k(1 - f);
    lut[s * 4 + 3] = k(2 - f);
  }
  return lut;
}
const LUT = buildKernelLut();
/** Largest difference inside a 2×2 core still treated as flat (see the bilinear shortcut). */
const FLAT = 3;

export interface ResampleOptions {
  /** output size in pixels; the map's output frame is stretched to it */
  outWidth: number;
  outHeight: number;
  /** source pixels per map-source pixel (full-res width / working width) */
  srcScale: number;
  /** called with fractions in 0..1 roughly every 64 rows */
  onProgress?: (fraction: number) => void;
  /** checked every strip; throw from here to abort */
  checkAbort?: () => void;
  /** optional per-row shading correction applied in the same pass: out = v · gain − offset
   *  (see appearance/shading.ts), so the full-resolution image is touched only once; each row's
   *  gains come at the background's columns and are spread pixel by pixel */
  shade?: { line(y: number): ShadingLine; offset: number };
  /** run the TypeScript kernel even where the WebAssembly one loads (tests compare the two) */
  typescript?: boolean;
}

/**
 * Resamples `src` through a coarse backward map with bicubic (Keys, a=-0.5) interpolation.
 * The map is interpolated bilinearly one output row at a time, so no full-resolution map is
 * ever materialised. Pixels that map outside the source (or to NaN) become white.
 * @example
 * const flat = resampleBicubic(photo, plan.map, { outWidth: 2480, outHeight: 3508, srcScale: 2.5 });
 */
export function resampleBicubic(src: RgbImage, map: BackwardMap, opts: ResampleOptions): RgbImage {
  const { outWidth: ow, outHeight: oh, srcScale } = opts;
  const { gridW, step } = map;
  // Output pixel centre X maps to map-frame coordinate (X + 0.5) * rx - 0.5.
  const rx = map.outWidth / ow;
  const maxI = Math.max(0, gridW - 2);
  // Per output column: grid cell and weight (same for every row).
  const colI = new Int32Array(ow);
  const colF = new Float64Array(ow);
  for (let X = 0; X < ow; X++) {
    const gx = ((X + 0.5) * rx - 0.5) / step;
    let i0 = Math.floor(gx);
    if (i0 < 0) i0 = 0;
    else if (i0 > maxI) i0 = maxI;
    colI[X] = i0;
    colF[X] = gridW > 1 ? gx - i0 : 0;
  }
  const di = gridW > 1 ? 1 : 0;
  const kernel = opts.typescript ? null : loadKernel();
  if (kernel) return wasmResample(kernel, src, map, opts, colI, colF, di);
  const out = new Uint8Array(ow * oh * 3);
  // Stores through a clamped view clamp to 0..255 and round (to even at exact halves, which a
  // weighted sum of bytes hardly ever is) without a branch per channel.
  const clamped = new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
  const rowX = new Float64Array(gridW);
  const rowY = new Float64Array(gridW);
  const pos: RowPositions = { rowX, rowY, colI, colF, di };

  for (let Y = 0; Y < oh; Y++) {
    if ((Y & 63) === 0) {
      opts.checkAbort?.();
      opts.onProgress?.(Y / oh);
    }
    mapRow(map, Y, oh, srcScale, rowX, rowY);
    const shade = opts.shade ? opts.shade.line(Y) : null;
    resampleRow(src, pos, shade, opts.shade?.offset ?? 0, clamped, Y * ow * 3, ow);
  }
  opts.onProgress?.(1);
  return { width: ow, height: oh, data: out };
}

/** The exports of bicubic.wat. */
interface BicubicKernel {
  memory: WasmMemory;
  row(
    src: number,
    sw: number,
    sh: number,
    rowX: number,
    rowY: number,
    colI: number,
    colF: number,
    di: number,
    ow: number,
    out: number,
    lut: number,
    shade: number,
    gains: number,
    offsets: number,
    hasOffsets: number,
    cx0: number,
    cfx: number,
    gstep: number,
    off: number,
  ): void;
}

/** A fresh instance per resampling (its memory, the source's size, goes with it), or null where
 *  WebAssembly SIMD is missing. */
const loadKernel = wasmKernel<BicubicKernel>(BICUBIC_WASM);

/** Whether the WebAssembly kernel loads here (the tests check it does on Node). */
export const bicubicKernelLoads = (): boolean => loadKernel() !== null;

/** The kernel table in float32, as bicubic.wat reads it. */
const LUT32 = Float32Array.from(LUT);

/**
 * resampleBicubic in the WebAssembly kernel: the source is copied into its memory once, then
 * each output row's map positions (and shading line) are written there, the row is resampled
 * and copied out.
 */
function wasmResample(
  k: BicubicKernel,
  src: RgbImage,
  map: BackwardMap,
  opts: ResampleOptions,
  colI: Int32Array,
  colF: Float64Array,
  di: number,
): RgbImage {
  const { outWidth: ow, outHeight: oh, srcScale } = opts;
  const { gridW } = map;
  // The background's columns, known once the first shading line is asked for.
  const first = opts.shade?.line(0) ?? null;
  const bw = first ? first.gains.length / 3 : 0;
  // Layout: table, column positions, map row, shading, output row, then the source.
  let end = 0;
  const take = (bytes: number): number => {
    const at = end;
    end = (end + bytes + 15) & ~15;
    return at;
  };
  const lut = take(LUT32.byteLength);
  const colIAt = take(ow * 4);
  const colFAt = take(ow * 8);
  const rowXAt = take(gridW * 8);
  const rowYAt = take(gridW * 8);
  const cx0At = take(ow * 4);
  const cfxAt = take(ow * 4);
  const gainsAt = take(bw * 12 + 16);
  const offsetsAt = take(bw * 4);
  const outAt = take(ow * 3 + 1);
  const srcAt = take(src.data.length + 16);
  reserve(k.memory, end);
  const buf = k.memory.buffer;
  const u8 = new Uint8Array(buf);
  new Float32Array(buf, lut, LUT32.length).set(LUT32);
  new Int32Array(buf, colIAt, ow).set(colI);
  new Float64Array(buf, colFAt, ow).set(colF);
  u8.set(src.data, srcAt);
  const rowX = new Float64Array(buf, rowXAt, gridW);
  const rowY = new Float64Array(buf, rowYAt, gridW);
  const gains = new Float32Array(buf, gainsAt, bw * 3);
  const offsets = new Float32Array(buf, offsetsAt, bw);
  if (first) {
    new Int32Array(buf, cx0At, ow).set(first.cx0);
    new Float32Array(buf, cfxAt, ow).set(first.cfx);
  }
  const offset = opts.shade?.offset ?? 0;
  const out = new Uint8Array(ow * oh * 3);
  for (let Y = 0; Y < oh; Y++) {
    if ((Y & 63) === 0) {
      opts.checkAbort?.();
      opts.onProgress?.(Y / oh);
    }
    mapRow(map, Y, oh, srcScale, rowX, rowY);
    let hasOffsets = 0;
    let gstep = 0;
    if (opts.shade) {
      const line = opts.shade.line(Y);
      gains.set(line.gains);
      if (line.offsets) {
        offsets.set(line.offsets);
        hasOffsets = 1;
      }
      gstep = line.step;
    }
    k.row(
      srcAt,
      src.width,
      src.height,
      rowXAt,
      rowYAt,
      colIAt,
      colFAt,
      di,
      ow,
      outAt,
      lut,
      opts.shade ? 1 : 0,
      gainsAt,
      offsetsAt,
      hasOffsets,
      cx0At,
      cfxAt,
      gstep,
      offset,
    );
    out.set(u8.subarray(outAt, outAt + ow * 3), Y * ow * 3);
  }
  opts.onProgress?.(1);
  return { width: ow, height: oh, data: out };
}

/** The map's grid interpolated to output row Y of oh (its centre at map-frame row
 *  (Y + 0.5) · outHeight / oh − 0.5), in full-resolution source pixels: the work→full-res scale
 *  is folded in so the per-pixel loop only interpolates along the row. */
function mapRow(
  map: BackwardMap,
  Y: number,
  oh: number,
  srcScale: number,
  rowX: Float64Array,
  rowY: Float64Array,
): void {
  const { gridW, gridH } = map;
  const gy = ((Y + 0.5) * (map.outHeight / oh) - 0.5) / map.step;
  const maxJ = Math.max(0, gridH - 2);
  let j0 = Math.floor(gy);
  if (j0 < 0) j0 = 0;
  else if (j0 > maxJ) j0 = maxJ;
  const fy = gridH > 1 ? gy - j0 : 0;
  const r0 = j0 * gridW;
  const r1 = gridH > 1 ? r0 + gridW : r0;
  for (let i = 0; i < gridW; i++) {
    const x = map.x[r0 + i]! * (1 - fy) + map.x[r1 + i]! * fy;
    const y = map.y[r0 + i]! * (1 - fy) + map.y[r1 + i]! * fy;
    rowX[i] = (x + 0.5) * srcScale - 0.5;
    rowY[i] = (y + 0.5) * srcScale - 0.5;
  }
}

/** Where one output row samples the source: the map's grid row in source pixels (rowX, rowY)
 *  and, per output column, its grid cell colI and weight colF (next cell at colI + di). */
interface RowPositions {
  rowX: Float64Array;
  rowY: Float64Array;
  colI: Int32Array;
  colF: Float64Array;
  di: number;
}

/**
 * One output row: source positions from `pos` → RGB at out[o..), white outside the
 * source, shading gains applied when given. Kept apart from the row setup so it is optimised
 * after a few rows (one long loop in resampleBicubic would wait for on-stack replacement).
 */
function resampleRow(
  src: RgbImage,
  pos: RowPositions,
  shade: ShadingLine | null,
  off: number,
  out: Uint8ClampedArray,
  o: number,
  ow: number,
): void {
  const sw = src.width;
  const sh = src.height;
  const sdata = src.data;
  const { rowX, rowY, colI, colF, di } = pos;
  const stride = sw * 3;
  const xMin = -0.5;
  const yMin = -0.5;
  const xMax = sw - 0.5;
  const yMax = sh - 0.5;
  let cell = -1;
  let ax = 0;
  let ay = 0;
  let bx = 0;
  let by = 0;
  // Shading: the reduced column the gains were last set up for, their values at its left
  // neighbour and the steps to the right one (per channel, and the offset).
  const gains = shade ? shade.gains : null;
  const offsets = shade ? shade.offsets : null;
  const gx0 = shade ? shade.cx0 : null;
  const gfx = shade ? shade.cfx : null;
  const gStep = shade ? shade.step : 0;
  let gCell = -1;
  let g0 = 0;
  let g1 = 0;
  let g2 = 0;
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let s0 = off;
  let ds = 0;
  for (let X = 0; X < ow; X++, o += 3) {
    const i0 = colI[X]!;
    if (i0 !== cell) {
      cell = i0;
      ax = rowX[i0]!;
      ay = rowY[i0]!;
      bx = rowX[i0 + di]! - ax;
      by = rowY[i0 + di]! - ay;
    }
    const cellF = colF[X]!;
    const sx = ax + bx * cellF;
    const sy = ay + by * cellF;
    // NaN fails every comparison, so it lands in the white branch too.
    if (!(sx >= xMin && sx <= xMax && sy >= yMin && sy <= yMax)) {
      out[o] = 255;
      out[o + 1] = 255;
      out[o + 2] = 255;
      continue;
    }
    // sx, sy >= -0.5 here, so truncation of (v + 1) - 1 is floor.
    const ix = ((sx + 1) | 0) - 1;
    const iy = ((sy + 1) | 0) - 1;
    const fx = sx - ix;
    const fy = sy - iy;
    let r = 0;
    let g = 0;
    let b = 0;
    if (ix >= 1 && iy >= 1 && ix + 2 < sw && iy + 2 < sh) {
      // Flat 2×2 core (paper, mostly): bilinear gives the same value within a level or two at a
      // quarter of the cost; edges, where bicubic's sharpness matters, take the full kernel.
      const q = iy * stride + ix * 3;
      const a0 = sdata[q]!;
      const a1 = sdata[q + 3]!;
      const a2 = sdata[q + stride]!;
      const a3 = sdata[q + stride + 3]!;
      const b0 = sdata[q + 1]!;
      const c0 = sdata[q + 2]!;
      // |d| <= FLAT as one unsigned range check: (d + FLAT) >>> 0 <= 2·FLAT.
      if (
        (a1 - a0 + FLAT) >>> 0 <= 2 * FLAT &&
        (a2 - a0 + FLAT) >>> 0 <= 2 * FLAT &&
        (a3 - a0 + FLAT) >>> 0 <= 2 * FLAT &&
        (sdata[q + 4]! - b0 + FLAT) >>> 0 <= 2 * FLAT &&
        (sdata[q + stride + 1]! - b0 + FLAT) >>> 0 <= 2 * FLAT &&
        (sdata[q + stride + 4]! - b0 + FLAT) >>> 0 <= 2 * FLAT &&
        (sdata[q + 5]! - c0 + FLAT) >>> 0 <= 2 * FLAT &&
        (sdata[q + stride + 2]! - c0 + FLAT) >>> 0 <= 2 * FLAT &&
        (sdata[q + stride + 5]! - c0 + FLAT) >>> 0 <= 2 * FLAT
      ) {
        const w00 = (1 - fx) * (1 - fy);
        const w01 = fx * (1 - fy);
        const w10 = (1 - fx) * fy;
        const w11 = fx * fy;
        r = w00 * a0 + w01 * a1 + w10 * a2 + w11 * a3;
        g =
          w00 * b0 +
          w01 * sdata[q + 4]! +
          w10 * sdata[q + stride + 1]! +
          w11 * sdata[q + stride + 4]!;
        b =
          w00 * c0 +
          w01 * sdata[q + 5]! +
          w10 * sdata[q + stride + 2]! +
          w11 * sdata[q + stride + 5]!;
      } else {
        const lx = (fx * LUT_STEPS) << 2;
        const ly = (fy * LUT_STEPS) << 2;
        const wx0 = LUT[lx]!;
        const wx1 = LUT[lx + 1]!;
        const wx2 = LUT[lx + 2]!;
        const wx3 = LUT[lx + 3]!;
        let p = (iy - 1) * stride + (ix - 1) * 3;
        for (let t = 0; t < 4; t++, p += stride) {
          const wy = LUT[ly + t]!;
          r +=
            wy *
            (wx0 * sdata[p]! + wx1 * sdata[p + 3]! + wx2 * sdata[p + 6]! + wx3 * sdata[p + 9]!);
          g +=
            wy *
            (wx0 * sdata[p + 1]! +
              wx1 * sdata[p + 4]! +
              wx2 * sdata[p + 7]! +
              wx3 * sdata[p + 10]!);
          b +=
            wy *
            (wx0 * sdata[p + 2]! +
              wx1 * sdata[p + 5]! +
              wx2 * sdata[p + 8]! +
              wx3 * sdata[p + 11]!);
        }
      }
    } else {
      // Border: clamp taps to the edge (replicate).
      const lx = (fx * LUT_STEPS) << 2;
      const ly = (fy * LUT_STEPS) << 2;
      for (let t = 0; t < 4; t++) {
        let yy = iy - 1 + t;
        yy = yy < 0 ? 0 : yy >= sh ? sh - 1 : yy;
        const wy = LUT[ly + t]!;
        for (let s = 0; s < 4; s++) {
          let xx = ix - 1 + s;
          xx = xx < 0 ? 0 : xx >= sw ? sw - 1 : xx;
          const w = wy * LUT[lx + s]!;
          const p = yy * stride + xx * 3;
          r += w * sdata[p]!;
          g += w * sdata[p + 1]!;
          b += w * sdata[p + 2]!;
        }
      }
    }
    if (gains) {
      const c = gx0![X]!;
      if (c !== gCell) {
        gCell = c;
        const q = c * 3;
        const n = q + gStep * 3;
        g0 = gains[q]!;
        g1 = gains[q + 1]!;
        g2 = gains[q + 2]!;
        d0 = gains[n]! - g0;
        d1 = gains[n + 1]! - g1;
        d2 = gains[n + 2]! - g2;
        if (offsets) {
          s0 = offsets[c]!;
          ds = offsets[c + gStep]! - s0;
        }
      }
      const f = gfx![X]!;
      const sub = s0 + ds * f;
      r = r * (g0 + d0 * f) - sub;
      g = g * (g1 + d1 * f) - sub;
      b = b * (g2 + d2 * f) - sub;
    }
    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
  }
}

/**
 * A backward map for the identity (or a crop) of an image: handy for tests and fallbacks.
 * @example
 * identityMap(1600, 1200, 16); // output pixel (x, y) comes from source (x, y)
 */
export function identityMap(width: number, height: number, step = 16): BackwardMap {
  const gridW = Math.ceil((width - 1) / step) + 1;
  const gridH = Math.ceil((height - 1) / step) + 1;
  const x = new Float32Array(gridW * gridH);
  const y = new Float32Array(gridW * gridH);
  for (let j = 0; j < gridH; j++) {
    for (let i = 0; i < gridW; i++) {
      x[j * gridW + i] = i * step;
      y[j * gridW + i] = j * step;
    }
  }
  return { outWidth: width, outHeight: height, step, gridW, gridH, x, y };
}

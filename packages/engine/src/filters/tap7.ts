/**
 * Three r = 1 box passes (a near-Gaussian of sigma ≈ 1.4) as one 7-tap kernel per axis, for
 * `boxCascade`: the running-sum cascade is bound by its sums' add latency, the direct kernel
 * takes about a third of the time (0.7 MP: ~11.7 → ~5.4 ms).
 */

/** Three r = 1 box passes on 6 samples (clipped at both ends): the first 3 results, which are
 *  those of the whole line (they depend on samples 0..5 only). */
function headOf3Passes(v: Float64Array): void {
  for (let pass = 0; pass < 3; pass++) {
    const a = v[0]!;
    const b = v[1]!;
    const c = v[2]!;
    const d = v[3]!;
    const e = v[4]!;
    const f = v[5]!;
    v[0] = (a + b) / 2;
    v[1] = (a + b + c) / 3;
    v[2] = (b + c + d) / 3;
    v[3] = (c + d + e) / 3;
    v[4] = (d + e + f) / 3;
    // v[5] would need sample 6; the three outputs kept never reach it.
  }
}

/**
 * Three r = 1 box passes as one 7-tap kernel [1 3 6 7 6 3 1] / 27 per axis (the passes'
 * convolution), with the three samples next to each border from the clipped passes themselves.
 * Needs w, h ≥ 7.
 * @example
 * const smooth = tap7(plane, 691, 1024); // ≈ boxCascade(plane, 691, 1024, 1, 3)
 */
export function tap7(src: Float32Array, w: number, h: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const v = new Float64Array(6);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    tap7Line(src, o, tmp, w);
    for (const [from, step] of [
      [o, 1],
      [o + w - 1, -1],
    ] as const) {
      for (let k = 0; k < 6; k++) v[k] = src[from + step * k]!;
      headOf3Passes(v);
      for (let k = 0; k < 3; k++) tmp[from + step * k] = v[k]!;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 3; y < h - 3; y++) tap7Column(tmp, out, y * w, w);
  for (let x = 0; x < w; x++) {
    for (const [from, step] of [
      [x, w],
      [(h - 1) * w + x, -w],
    ] as const) {
      for (let j = 0; j < 6; j++) v[j] = tmp[from + step * j]!;
      headOf3Passes(v);
      for (let j = 0; j < 3; j++) out[from + step * j] = v[j]!;
    }
  }
  return out;
}

/** The 7-tap kernel down the columns for output row o..o+w (rows 3..h−4), in a small function
 *  that is optimised after a few rows. */
function tap7Column(tmp: Float32Array, out: Float32Array, o: number, w: number): void {
  const k = 1 / 27;
  const a = o - 3 * w;
  const b = o - 2 * w;
  const c = o - w;
  const d = o + w;
  const e = o + 2 * w;
  const f = o + 3 * w;
  for (let x = 0; x < w; x++) {
    out[o + x] =
      (tmp[a + x]! +
        tmp[f + x]! +
        3 * (tmp[b + x]! + tmp[e + x]!) +
        6 * (tmp[c + x]! + tmp[d + x]!) +
        7 * tmp[o + x]!) *
      k;
  }
}

/** The 7-tap kernel along one row's interior (samples 3..w−4). */
function tap7Line(src: Float32Array, o: number, dst: Float32Array, w: number): void {
  const k = 1 / 27;
  for (let x = o + 3; x < o + w - 3; x++) {
    dst[x] =
      (src[x - 3]! +
        src[x + 3]! +
        3 * (src[x - 2]! + src[x + 2]!) +
        6 * (src[x - 1]! + src[x + 1]!) +
        7 * src[x]!) *
      k;
  }
}

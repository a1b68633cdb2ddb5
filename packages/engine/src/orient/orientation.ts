import type { TextLine } from '../geometry/text-lines.ts';
import { componentStats } from '../detect/components.ts';

/**
 * Whether text runs vertically (the page is turned by 90°): in tiles with enough ink, compare
 * the row and column projection profiles of the ink; text lines make the profile across them
 * alternate sharply (Σ(P[i+1] − P[i])², Leptonica's criterion) while the profile along them is
 * smooth. Tiles vote by their ink amount.
 * @example if (textIsVertical(ink, w, h, charHeight).vertical) map = rotateMap(map, 90);
 */
export function textIsVertical(
  ink: Uint8Array,
  w: number,
  h: number,
  charHeight: number,
): { vertical: boolean; ratio: number } {
  // Box-smoothing over half a character removes the letter-gap rhythm along a line but keeps
  // the line/gap rhythm across lines (pitch ≈ 2 character heights).
  const r = Math.max(1, Math.round(charHeight / 2));
  const tiles = 4;
  let horizVotes = 0;
  let vertVotes = 0;
  for (let ty = 0; ty < tiles; ty++) {
    for (let tx = 0; tx < tiles; tx++) {
      const x0 = Math.floor((tx * w) / tiles);
      const x1 = Math.floor(((tx + 1) * w) / tiles);
      const y0 = Math.floor((ty * h) / tiles);
      const y1 = Math.floor(((ty + 1) * h) / tiles);
      const rows = new Float64Array(y1 - y0);
      const cols = new Float64Array(x1 - x0);
      let total = 0;
      for (let y = y0; y < y1; y++) {
        const n = inkRowProfile(ink, y * w, x0, x1, cols);
        rows[y - y0] = n;
        total += n;
      }
      if (total < 0.01 * (x1 - x0) * (y1 - y0)) continue;
      const energy = (raw: Float64Array, len: number): number => {
        const p = new Float64Array(raw.length);
        for (let i = 0; i < raw.length; i++) {
          let s = 0;
          for (let k = Math.max(0, i - r); k <= Math.min(raw.length - 1, i + r); k++) s += raw[k]!;
          p[i] = s;
        }
        let e = 0;
        for (let i = 1; i < p.length; i++) e += (p[i]! - p[i - 1]!) ** 2;
        // Normalise by the along-length so tiles of any shape compare.
        return e / (len * len);
      };
      const er = energy(rows, x1 - x0);
      const ec = energy(cols, y1 - y0);
      if (er > 1.3 * ec) horizVotes += total;
      else if (ec > 1.3 * er) vertVotes += total;
    }
  }
  const ratio = (vertVotes + 1) / (horizVotes + 1);
  return { vertical: ratio > 2, ratio };
}

/** Adds the ink of row pixels [o + x0, o + x1) to cols[x − x0]; returns how many there were.
 *  A small function per row is optimised after a few rows (one long loop would wait for
 *  on-stack replacement). */
function inkRowProfile(
  ink: Uint8Array,
  o: number,
  x0: number,
  x1: number,
  cols: Float64Array,
): number {
  let n = 0;
  for (let x = x0; x < x1; x++) {
    if (!ink[o + x]) continue;
    cols[x - x0] = cols[x - x0]! + 1;
    n++;
  }
  return n;
}

/**
 * 0° vs 180° from the ascender/descender asymmetry of Latin text. Per text line and column, the
 * ends of the stroke through the line's core (`strokeEnd`) give two envelopes; their medians are
 * the x-height line and the baseline. Upright text has more columns reaching well above the
 * x-height line (ascenders, capitals, i-dots) than well below the baseline (descenders).
 * Returns the ratio ascender/descender columns, whether the page is upside down, and how many
 * lines were counted.
 * @example const { upsideDown } = detectUpsideDown(ink, w, h, lines, charHeight);
 */
export function detectUpsideDown(
  ink: Uint8Array,
  w: number,
  h: number,
  lines: TextLine[],
  charHeight: number,
): { upsideDown: boolean; ratio: number; confidence: number; lines: number } {
  const R = Math.max(4, Math.round(1.3 * charHeight));
  // The band about the centreline that every letter crosses.
  const core0 = Math.max(1, Math.round(0.25 * charHeight));
  let asc = 0;
  let desc = 0;
  let used = 0;
  const tops: number[] = [];
  const bots: number[] = [];
  for (const line of lines) {
    tops.length = 0;
    bots.length = 0;
    let columns = 0;
    for (let k = 0; k < line.xs.length - 1; k++) {
      const xa = line.xs[k]!;
      const xb = line.xs[k + 1]!;
      for (let x = Math.ceil(xa); x < xb; x++) {
        if (x < 0 || x >= w) continue;
        columns++;
        const t = (x - xa) / (xb - xa);
        const yc = Math.round(line.ys[k]! + t * (line.ys[k + 1]! - line.ys[k]!));
        const top = strokeEnd(ink, w, h, x, yc, core0, R, -1);
        if (top === null) continue;
        const bot = strokeEnd(ink, w, h, x, yc, core0, R, 1)!;
        tops.push(top);
        bots.push(bot);
      }
    }
    // Solid rules and bars are not text.
    if (tops.length < 10 || tops.length > 0.9 * columns) continue;
    const med = (v: number[]): number => [...v].sort((p, q) => p - q)[v.length >> 1]!;
    const xLine = med(tops);
    const base = med(bots);
    const core = Math.max(2, base - xLine);
    const margin = Math.max(1.5, 0.35 * core);
    let a = 0;
    let b = 0;
    for (let i = 0; i < tops.length; i++) {
      if (tops[i]! < xLine - margin) a++;
      if (bots[i]! > base + margin) b++;
    }
    asc += a;
    desc += b;
    used++;
  }
  const ratio = (asc + 1) / (desc + 1);
  const confidence = Math.min(1, used / 10) * Math.min(1, Math.abs(Math.log(ratio)) / Math.log(2));
  return { upsideDown: ratio < 0.75 && used >= 8, ratio, confidence, lines: used };
}

/** Whether (x, y) is ink (1), false off the page. A module function, not a closure in
 *  strokeEnd: that runs per column, and the tsx loader wraps every closure it makes in a
 *  naming call (a defineProperty), which cost more than the scan itself. */
function inkAt(ink: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  return y >= 0 && y < h && ink[y * w + x] === 1;
}

/**
 * How far the stroke through column x goes from the line's core (rows yc ± core) in direction
 * `dir` (−1 up, +1 down), as an offset from yc within ±R: out from the core's outermost ink for
 * as long as ink goes on, across breaks of one pixel. The white between lines ends it, so the
 * next line's ascenders are not this line's descenders, nor the last line's descenders its
 * ascenders (with R reaching past the line pitch, they were: upright text read nearly as often
 * ascender-poor as flipped text). Null when the column has no ink in the core.
 */
function strokeEnd(
  ink: Uint8Array,
  w: number,
  h: number,
  x: number,
  yc: number,
  core: number,
  R: number,
  dir: 1 | -1,
): number | null {
  let end: number | null = null;
  for (let d = -dir * core; dir * d <= core; d += dir) if (inkAt(ink, w, h, x, yc + d)) end = d;
  if (end === null) return null;
  for (let d = end + dir, gap = 0; dir * d <= R && gap <= 1; d += dir) {
    if (inkAt(ink, w, h, x, yc + d)) {
      end = d;
      gap = 0;
    } else gap++;
  }
  return end;
}

/**
 * 0° vs 180° from how the text lines line up: Latin text is set flush left, so on an upright
 * page many lines start at one x (the margin, a column's edge) while their ends are ragged; on
 * a page turned upside down the flush edge is on the right. Justified or tabular text lines up
 * at both ends and tells nothing. Counts the lines whose start (end) lies within 0.6 character
 * heights of another line's; the ratio is (starts + 1) / (ends + 1), above 1 for upright text.
 * @example const { ratio } = alignmentAsymmetry(lines.lines, lines.charHeight);
 */
export function alignmentAsymmetry(
  lines: TextLine[],
  charHeight: number,
): { ratio: number; starts: number; ends: number; lines: number } {
  const text = lines.filter((l) => !l.rule && l.xs.length >= 2);
  const tol = 0.6 * charHeight;
  const aligned = (v: number[]): number =>
    v.filter((x, i) => v.some((y, j) => j !== i && Math.abs(x - y) < tol)).length;
  const starts = aligned(text.map((l) => l.xs[0]!));
  const ends = aligned(text.map((l) => l.xs[l.xs.length - 1]!));
  return { ratio: (starts + 1) / (ends + 1), starts, ends, lines: text.length };
}

/**
 * 0° vs 180° from where lone dots sit beside the characters next to them: a full stop, a comma
 * or a decimal point stands on its neighbours' baseline with nothing above it up to their top,
 * in prose and on a receipt's prices alike (capitals and digits have no ascenders to count);
 * turned upside down it hangs from their top with nothing below. The dot of an i has its stem
 * below it and a colon's dots each other, so neither is alone. `ink` is the raw ink mask,
 * specks included. Returns how many lone dots sit low and how many high.
 * @example const { low, high } = punctuationSides(ink, w, h, charHeight);
 */
export function punctuationSides(
  ink: Uint8Array,
  w: number,
  h: number,
  charHeight: number,
): { low: number; high: number } {
  const { sizes, bounds } = componentStats(ink, w, h);
  const { left, right, top, bottom } = bounds;
  const n = sizes.length;
  const ch = charHeight;
  // Characters, bucketed by row band for the neighbour search.
  const band = Math.max(1, Math.round(ch));
  const rows: number[][] = Array.from({ length: Math.ceil(h / band) + 1 }, () => []);
  for (let l = 1; l < n; l++) {
    const hh = bottom[l]! - top[l]! + 1;
    const ww = right[l]! - left[l]! + 1;
    if (hh >= 0.5 * ch && hh <= 1.6 * ch && ww <= 1.5 * ch) {
      rows[Math.floor((top[l]! + bottom[l]!) / 2 / band)]!.push(l);
    }
  }
  let low = 0;
  let high = 0;
  for (let l = 1; l < n; l++) {
    const bw = right[l]! - left[l]! + 1;
    const bh = bottom[l]! - top[l]! + 1;
    if (sizes[l]! < 3 || bw > 0.35 * ch || bh > 0.35 * ch) continue;
    const cy = (top[l]! + bottom[l]!) / 2;
    // The nearest character on either side whose height range holds the dot's centre.
    let T = 0;
    let B = 0;
    let found = 0;
    let agree = true;
    for (const side of [-1, 1]) {
      let best = -1;
      let gap = 0.6 * ch;
      const r0 = Math.floor(cy / band);
      for (let r = Math.max(0, r0 - 2); r <= Math.min(rows.length - 1, r0 + 2); r++) {
        for (const c of rows[r]!) {
          if (top[c]! > cy || bottom[c]! < cy) continue;
          const g = side < 0 ? left[l]! - right[c]! : left[c]! - right[l]!;
          if (g >= 0 && g < gap) {
            gap = g;
            best = c;
          }
        }
      }
      if (best < 0) continue;
      if (
        found > 0 &&
        (Math.abs(top[best]! - T) > 0.25 * ch || Math.abs(bottom[best]! - B) > 0.25 * ch)
      ) {
        agree = false;
      }
      T = found > 0 ? Math.min(T, top[best]!) : top[best]!;
      B = found > 0 ? Math.max(B, bottom[best]!) : bottom[best]!;
      found++;
    }
    if (!found || !agree) continue;
    const mid = (T + B) / 2;
    const tol = 0.2 * ch;
    if (Math.abs(bottom[l]! - B) <= tol && top[l]! > mid) {
      if (clearRows(ink, w, left[l]!, right[l]!, T, top[l]! - 2)) low++;
    } else if (Math.abs(top[l]! - T) <= tol && bottom[l]! < mid) {
      if (clearRows(ink, w, left[l]!, right[l]!, bottom[l]! + 2, B)) high++;
    }
  }
  return { low, high };
}

/** Whether columns x0..x1 have no ink in rows y0..y1. */
function clearRows(
  ink: Uint8Array,
  w: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): boolean {
  for (let y = Math.max(0, y0); y <= y1; y++) {
    for (let x = x0; x <= x1; x++) if (ink[y * w + x]) return false;
  }
  return true;
}

import { describe, expect, it } from 'vitest';
import { detectTextLines } from '../geometry/text-lines.ts';
import { drawTextPage } from '../geometry/test-images.ts';
import type { TextLine } from '../geometry/text-lines.ts';
import {
  alignmentAsymmetry,
  detectUpsideDown,
  punctuationSides,
  textIsVertical,
} from './orientation.ts';
import { estimateSkew, rotateLines } from './skew.ts';

const W = 420;
const H = 520;

describe('orientation', () => {
  const upright = drawTextPage(W, H, (x, y) => [x, y]);
  const flipped = drawTextPage(W, H, (x, y) => [W - x, H - y]);

  it('tells upright from upside-down Latin-like text by its ascenders', () => {
    const a = detectTextLines(upright);
    const b = detectTextLines(flipped);
    expect(detectUpsideDown(a.ink, W, H, a.lines, a.charHeight).upsideDown).toBe(false);
    const res = detectUpsideDown(b.ink, W, H, b.lines, b.charHeight);
    expect(res.upsideDown).toBe(true);
    expect(res.confidence).toBeGreaterThan(0.3);
  });

  it('does not count rule strokes (ink marked 2) under the lines as descenders', () => {
    const a = detectTextLines(upright);
    const plain = detectUpsideDown(a.ink, W, H, a.lines, a.charHeight);
    // A thin stroke along each line, just below its baseline, as a form box's edge would run.
    const ink = a.ink.slice();
    for (const l of a.lines) {
      for (let k = 0; k < l.xs.length; k++) {
        const y = Math.round(l.ys[k]! + 0.9 * a.charHeight);
        for (let x = Math.floor(l.xs[k]!); x < Math.floor(l.xs[k]!) + 4 && x < W; x++) {
          if (y < H && !ink[y * W + x]) ink[y * W + x] = 2;
        }
      }
    }
    const ruled = detectUpsideDown(ink, W, H, a.lines, a.charHeight);
    expect(ruled.ratio).toBeCloseTo(plain.ratio, 6);
    expect(ruled.upsideDown).toBe(false);
  });

  it('does not take the next line’s ascenders for descenders when lines are set close', () => {
    // Lines 18 px apart with a 7 px x-height: the next line's ascenders reach up to 10 px below
    // this line's centre, within the 13 px scanned for descenders. Upright text: three glyphs in
    // ten with an ascender, one with a descender.
    const w = 400;
    const h = 200;
    const pitch = 18;
    const centres = [20, 38, 56, 74, 92, 110, 128, 146, 164];
    const ink = new Uint8Array(w * h);
    const lines: TextLine[] = [];
    for (const c of centres) {
      for (let g = 0; g < 60; g++) {
        const kind = g % 10;
        const top = kind < 3 ? c - 8 : c - 3;
        const bottom = kind === 5 ? c + 8 : c + 3;
        for (let x = 10 + 6 * g; x < 14 + 6 * g; x++) {
          for (let y = top; y <= bottom; y++) ink[y * w + x] = 1;
        }
      }
      lines.push({ xs: Float64Array.of(10, 370), ys: Float64Array.of(c, c), length: 360 });
    }
    expect(centres[1]! - centres[0]!).toBe(pitch);
    const upright = detectUpsideDown(ink, w, h, lines, 10);
    expect(upright.upsideDown).toBe(false);
    expect(upright.ratio).toBeGreaterThan(2);
    // The same page turned 180°.
    const turned = ink.slice().reverse();
    const back = lines.map((l) => ({
      ...l,
      ys: Float64Array.of(h - 1 - l.ys[0]!, h - 1 - l.ys[0]!),
    }));
    const flipped = detectUpsideDown(turned, w, h, back, 10);
    expect(flipped.upsideDown).toBe(true);
    expect(flipped.ratio).toBeLessThan(0.5);
  });

  it('finds full stops and decimal points on the baseline, and hanging from the top turned', () => {
    // Rows of "digits" (6 × 12 px boxes), a 3 × 3 px dot on the baseline between the second and
    // third of each group; an i (stem with a dot 2 px above it) and a colon are not lone dots.
    const w = 300;
    const h = 120;
    const ink = new Uint8Array(w * h);
    const box = (x0: number, y0: number, bw: number, bh: number): void => {
      for (let y = y0; y < y0 + bh; y++) for (let x = x0; x < x0 + bw; x++) ink[y * w + x] = 1;
    };
    for (const y of [10, 40, 70]) {
      for (let g = 0; g < 4; g++) {
        const x = 10 + 70 * g;
        box(x, y, 6, 12);
        box(x + 9, y, 6, 12);
        box(x + 18, y + 9, 3, 3); // the decimal point
        box(x + 24, y, 6, 12);
        box(x + 33, y, 6, 12);
        box(x + 42, y + 4, 3, 8); // an i's stem…
        box(x + 42, y, 3, 2); // …and its dot
        box(x + 48, y + 3, 3, 3); // a colon
        box(x + 48, y + 9, 3, 3);
        box(x + 54, y, 6, 12);
      }
    }
    const upright = punctuationSides(ink, w, h, 12);
    expect(upright).toEqual({ low: 12, high: 0 });
    const turned = punctuationSides(ink.slice().reverse(), w, h, 12);
    expect(turned).toEqual({ low: 0, high: 12 });
  });

  it('recognises text running vertically', () => {
    const turned = drawTextPage(W, H, (x, y) => [y, W - x]);
    const a = detectTextLines(turned);
    expect(textIsVertical(a.ink, W, H, a.charHeight).vertical).toBe(true);
    const b = detectTextLines(upright);
    expect(textIsVertical(b.ink, W, H, b.charHeight).vertical).toBe(false);
  });

  it('measures a 3° skew', () => {
    const th = (3 * Math.PI) / 180;
    const skewed = drawTextPage(W, H, (x, y) => {
      const dx = x - W / 2;
      const dy = y - H / 2;
      return [
        W / 2 + Math.cos(th) * dx + Math.sin(th) * dy,
        H / 2 - Math.sin(th) * dx + Math.cos(th) * dy,
      ];
    });
    const { deg, confidence } = estimateSkew(detectTextLines(skewed).lines);
    expect(deg).toBeCloseTo(3, 0);
    expect(confidence).toBeGreaterThan(0.3);
  });

  it('reads a flush-left page as upright and the same page turned as flush right', () => {
    // Ten lines from the margin at x 40 to ragged ends, 12 px character height.
    const line = (x0: number, x1: number, y: number): TextLine => ({
      xs: Float64Array.from([x0, (x0 + x1) / 2, x1]),
      ys: Float64Array.from([y, y, y]),
      length: x1 - x0,
    });
    const ends = [380, 352, 371, 300, 366, 341, 389, 322, 358, 270];
    const left = ends.map((e, i) => line(40, e, 30 + 24 * i));
    const turned = left.map((l) => line(W - l.xs[2]!, W - l.xs[0]!, H - l.ys[0]!));
    const up = alignmentAsymmetry(left, 12);
    expect(up.starts).toBe(10);
    expect(up.ratio).toBeGreaterThan(2);
    expect(alignmentAsymmetry(turned, 12).ratio).toBeLessThan(0.5);
    // Justified text lines up at both ends and tells nothing.
    const justified = ends.map((_, i) => line(40, 380, 30 + 24 * i));
    expect(alignmentAsymmetry(justified, 12).ratio).toBe(1);
  });

  it('turns lines with a deskew and keeps a rule a rule', () => {
    const rule: TextLine = {
      xs: Float64Array.from([20, 180]),
      ys: Float64Array.from([50, 50]),
      length: 160,
      rule: true,
    };
    const text: TextLine = { ...rule, rule: undefined };
    const [r, t] = rotateLines([rule, text], 90, 201, 101);
    // A quarter turn about the frame centre (100, 50): (20, 50) → (100, 130).
    expect(r!.xs[0]).toBeCloseTo(100, 6);
    expect(r!.ys[0]).toBeCloseTo(130, 6);
    // The mesh warp joins a table rule's segments only when it knows they are a rule.
    expect(r!.rule).toBe(true);
    expect(t!.rule).toBeUndefined();
  });
});

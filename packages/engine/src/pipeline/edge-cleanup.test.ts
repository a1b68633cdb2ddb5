import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { whitenBorderSpecks, whitenEdgeBackground, whitenFingers } from './edge-cleanup.ts';
import { lcg } from '../test-random.ts';

function page(w: number, h: number): RgbImage {
  return { width: w, height: h, data: new Uint8Array(w * h * 3).fill(255) };
}

function fill(img: RgbImage, inside: (x: number, y: number) => boolean, rgb: number[]): void {
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!inside(x, y)) continue;
      const i = 3 * (y * img.width + x);
      img.data.set(rgb, i);
    }
  }
}

const at = (img: RgbImage, x: number, y: number) => img.data[3 * (y * img.width + x)]!;

describe('whitenEdgeBackground', () => {
  it('whitens a dark desk corner and a wavy strip along the edge, keeps text near them', () => {
    const img = page(400, 500);
    // Desk seen at the top-left corner (a dog-ear) and along the bottom edge (wavy border).
    fill(img, (x, y) => x + y < 20, [40, 35, 30]);
    fill(img, (x, y) => y > 492 + 3 * Math.sin(x / 20), [60, 60, 70]);
    // Text inside the band but not touching the border, and text in the body.
    fill(img, (x, y) => y >= 10 && y < 16 && x >= 60 && x < 200, [20, 20, 20]);
    fill(img, (x, y) => y >= 200 && y < 208 && x >= 40 && x < 360, [20, 20, 20]);
    const share = whitenEdgeBackground(img);
    expect(share).toBeGreaterThan(0);
    expect(at(img, 2, 2)).toBe(255);
    expect(at(img, 100, 498)).toBe(255);
    expect(at(img, 100, 12)).toBe(20);
    expect(at(img, 100, 204)).toBe(20);
  });

  it('keeps a logo the top side cut, whitens desk bites and strips along the same side', () => {
    const img = page(400, 500);
    // A green logo (disc of radius 30) whose top the outline cut off: 56 px deep, 59 px wide.
    fill(img, (x, y) => (x - 320) ** 2 + (y - 26) ** 2 <= 30 * 30, [40, 170, 60]);
    // A semicircular bite of dark desk (radius 20: 40 px wide, 20 deep), and a desk strip.
    fill(img, (x, y) => (x - 100) ** 2 + y * y <= 20 * 20, [50, 45, 40]);
    fill(img, (x, y) => x >= 180 && x < 260 && y < 6, [50, 45, 40]);
    // A green speck on the border: too small to be taken for a logo.
    fill(img, (x, y) => x >= 20 && x < 24 && y < 4, [40, 170, 60]);
    // A thin streak of desk slanting in from the edge: as deep as wide, but no solid blob.
    fill(img, (x, y) => y < 40 && Math.abs(x - (150 + y / 2)) < 2, [30, 30, 30]);
    whitenEdgeBackground(img);
    expect(at(img, 320, 2)).toBe(40);
    expect(at(img, 320, 50)).toBe(40);
    expect(at(img, 100, 5)).toBe(255);
    expect(at(img, 220, 2)).toBe(255);
    expect(at(img, 21, 1)).toBe(255);
    expect(at(img, 160, 20)).toBe(255);
  });

  it('whitens a dark corner (it meets two sides), however compact', () => {
    const img = page(400, 500);
    fill(img, (x, y) => x < 40 && y < 40, [40, 170, 60]);
    whitenEdgeBackground(img);
    expect(at(img, 20, 20)).toBe(255);
  });

  it('leaves dark content that reaches beyond the band, and a clean page, untouched', () => {
    const clean = page(200, 300);
    expect(whitenEdgeBackground(clean)).toBe(0);
    const img = page(200, 300);
    // A full-bleed dark bar 60 px deep at the top (a header photo): content, not background.
    fill(img, (_x, y) => y < 60, [30, 30, 90]);
    expect(whitenEdgeBackground(img)).toBe(0);
    expect(at(img, 100, 2)).toBe(30);
  });

  it('whitens a light but tinted desk strip along an edge, keeps light tints inside the page', () => {
    const img = page(300, 400);
    // A beige desk strip 12 px wide down the right edge (light, chroma 60), as a light wooden
    // desk comes out of the appearance stage; a pale highlight inside the page, same tint.
    fill(img, (x) => x >= 288, [240, 215, 180]);
    fill(img, (x, y) => x >= 100 && x < 160 && y >= 100 && y < 110, [240, 215, 180]);
    // Paper a shade off white along the left edge (a channel at 225) stays: it is not tinted
    // enough to be told from paper.
    fill(img, (x) => x < 6, [250, 245, 238]);
    expect(whitenEdgeBackground(img)).toBeGreaterThan(0);
    expect(at(img, 295, 200)).toBe(255);
    expect(at(img, 120, 105)).toBe(240);
    expect(img.data[3 * (200 * 300 + 2) + 2]).toBe(238);
  });

  it('whitens light tan bands joined to the border (a page stack, gutter shade), keeps letters by them', () => {
    const img = page(300, 400);
    // A book's page stack down the left edge: tan stripes (chroma 30, a channel at 205) from
    // the top border to the bottom one, paper between them.
    for (const x0 of [2, 10, 18]) fill(img, (x) => x >= x0 && x < x0 + 4, [235, 222, 205]);
    // Gutter shade down the right side, behind a dark strip of desk at the very edge, with a
    // letter standing in it (dark, with a soft tinted rim).
    fill(img, (x) => x >= 296, [70, 60, 50]);
    fill(img, (x) => x >= 270 && x < 296, [238, 228, 200]);
    fill(img, (x, y) => x >= 266 && x < 276 && y >= 200 && y < 212, [30, 30, 30]);
    // The same tan over a whole half of the page is the paper's own tone: it reaches past the
    // band and stays.
    const toned = page(300, 400);
    fill(toned, (x) => x < 150, [235, 222, 205]);
    whitenEdgeBackground(img);
    expect(at(img, 3, 100)).toBe(255);
    expect(at(img, 19, 300)).toBe(255);
    expect(at(img, 298, 100)).toBe(255);
    expect(at(img, 285, 100)).toBe(255);
    expect(at(img, 270, 205)).toBe(30);
    // The tinted rim right beside the letter stays; a pixel further off is whitened.
    expect(at(img, 276, 205)).toBe(238);
    expect(at(img, 280, 205)).toBe(255);
    expect(whitenEdgeBackground(toned)).toBe(0);
    expect(at(toned, 2, 200)).toBe(235);
  });

  it('matches a direct reference (label border regions, keep shallow ones, dilate, scan)', () => {
    const rand = lcg(11);
    for (const [w, h] of [
      [60, 40],
      [33, 71],
    ] as const) {
      const img = page(w, h);
      // Dark and colourful blobs, some on the border, some deep inside, a few grey pixels.
      for (let k = 0; k < 40; k++) {
        const cx = Math.floor(rand() * w);
        const cy = Math.floor(rand() * h);
        const r = 1 + Math.floor(rand() * 4);
        const rgb = rand() < 0.5 ? [30, 30, 30] : [250, 40, 200];
        fill(img, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, rgb);
      }
      fill(img, (x, y) => (x * 7 + y * 3) % 23 === 0, [200, 200, 200]);
      const want = referenceWhiten(img);
      expect(want.share).toBeGreaterThan(0);
      const got = { ...img, data: img.data.slice() };
      expect(whitenEdgeBackground(got)).toBe(want.share);
      expect(got.data).toEqual(want.data);
    }
  });

  it('never whitens part of a deep region, however its border pixels are reached', () => {
    // A shallow dark strip along the top and down both sides (a wavy border), joined to a bar
    // reaching deep into the page near its left end: the flood from the first border pixel
    // stops where it finds the bar, long before it has walked the strip; every later flood
    // from the strip's other border pixels must find it part of the same deep region.
    const img = page(120, 160);
    fill(img, (x, y) => y < 4 || x < 3 || x > 116, [50, 50, 50]);
    fill(img, (x, y) => x >= 20 && x < 24 && y < 90, [50, 50, 50]);
    // A separate shallow patch on the bottom edge is whitened.
    fill(img, (x, y) => y > 155 && x > 40 && x < 80, [50, 50, 50]);
    const want = referenceWhiten(img);
    const got = { ...img, data: img.data.slice() };
    expect(whitenEdgeBackground(got)).toBe(want.share);
    expect(got.data).toEqual(want.data);
    expect(at(got, 60, 1)).toBe(50);
    expect(at(got, 118, 100)).toBe(50);
    expect(at(got, 60, 158)).toBe(255);
  });
});

/** The whitening spelled out: 4-connected background regions touching the border, kept when no
 *  pixel is deeper than the band and they are not compact content one side cut, grown by one
 *  pixel, whitened. */
function referenceWhiten(img: RgbImage): { data: Uint8Array; share: number } {
  const { width: w, height: h } = img;
  const data = img.data.slice();
  const band = Math.max(2, Math.round(0.12 * Math.min(w, h)));
  const lum = (i: number) =>
    0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!;
  const bg = (i: number) => {
    const [r, g, b] = [data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!];
    return lum(i) < 185 || Math.max(r, g, b) - Math.min(r, g, b) > 50;
  };
  const desk = shallowBorderRegions(w, h, band, bg);
  const tint = (i: number) =>
    Math.min(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!) < 235 && lum(i) >= 185;
  const tinted = shallowBorderRegions(w, h, band, (i) => desk[i] === 1 || tint(i));
  const at = (m: Uint8Array, x: number, y: number) =>
    x >= 0 && y >= 0 && x < w && y < h && m[y * w + x] === 1;
  const ink = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < w && y < h && lum(y * w + x) < 185 && desk[y * w + x] !== 1;
  let changed = 0;
  const out = data.slice();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const byDesk =
        at(desk, x, y) ||
        at(desk, x - 1, y) ||
        at(desk, x + 1, y) ||
        at(desk, x, y - 1) ||
        at(desk, x, y + 1);
      const byTint =
        at(tinted, x, y) && !(ink(x - 1, y) || ink(x + 1, y) || ink(x, y - 1) || ink(x, y + 1));
      if (!byDesk && !byTint) continue;
      const o = 3 * (y * w + x);
      if (out[o] === 255 && out[o + 1] === 255 && out[o + 2] === 255) continue;
      out.fill(255, o, o + 3);
      changed++;
    }
  }
  return { data: out, share: changed / (w * h) };
}

/** 1 where a region of `bg` pixels meets the border, stays within `band` and is not content a
 *  side cut (the rule `whitenEdgeBackground` states), by labelling every region in full. */
function shallowBorderRegions(
  w: number,
  h: number,
  band: number,
  bg: (i: number) => boolean,
): Uint8Array {
  const region = new Int32Array(w * h).fill(-1);
  const shallow: boolean[] = [];
  for (let s = 0; s < w * h; s++) {
    const sx = s % w;
    const sy = Math.floor(s / w);
    const onBorder = sx === 0 || sy === 0 || sx === w - 1 || sy === h - 1;
    if (!onBorder || region[s] !== -1 || !bg(s)) continue;
    const id = shallow.length;
    let ok = true;
    const stack = [s];
    region[s] = id;
    let [x0, x1, y0, y1] = [w, -1, h, -1];
    let size = 0;
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % w;
      const y = Math.floor(i / w);
      [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
      if (Math.min(x, y, w - 1 - x, h - 1 - y) > band) ok = false;
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        const j = ny * w + nx;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || region[j] !== -1 || !bg(j)) continue;
        region[j] = id;
        stack.push(j);
      }
    }
    // Meeting one side only, compact across from it: content that side cut.
    const sides = [y0 === 0, x1 === w - 1, y1 === h - 1, x0 === 0];
    const across = sides[0] || sides[2];
    const span = across ? x1 - x0 + 1 : y1 - y0 + 1;
    const depth = across ? y1 - y0 + 1 : x1 - x0 + 1;
    const cut =
      sides.filter(Boolean).length === 1 &&
      depth >= 0.02 * Math.min(w, h) &&
      span <= 1.5 * depth &&
      size >= 0.5 * span * depth;
    shallow.push(ok && !cut);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (region[i]! >= 0 && shallow[region[i]!]) out[i] = 1;
  return out;
}

/** A shaded capsule of skin from the left border, as the synthetic thumb (synth/occluder.ts). */
function thumb(img: RgbImage, cy: number, reach: number, radius: number, skin: number[]): void {
  fill(img, (x, y) => Math.hypot(x - Math.min(x, reach), y - cy) <= radius, skin);
  for (let y = cy - radius; y <= cy + radius; y++) {
    for (let x = 0; x <= reach + radius; x++) {
      const d = Math.hypot(x - Math.min(x, reach), y - cy);
      if (d > radius) continue;
      const shade = 0.55 + 0.45 * Math.sqrt(Math.max(0, 1 - (d / radius) ** 2));
      img.data.set(
        skin.map((c) => Math.round(c * shade)),
        3 * (y * img.width + x),
      );
    }
  }
}

describe('whitenFingers', () => {
  it('paints out light and dark thumbs over the margin, keeps the text they touch', () => {
    for (const skin of [
      [255, 208, 190],
      [230, 160, 120],
      [160, 97, 64],
    ]) {
      const img = page(400, 500);
      // A text line whose start the thumb covers, and one just below the thumb's tip.
      fill(img, (x, y) => y >= 196 && y < 204 && x >= 20 && x < 300, [25, 25, 25]);
      fill(img, (x, y) => y >= 230 && y < 238 && x >= 20 && x < 300, [25, 25, 25]);
      thumb(img, 200, 20, 14, skin);
      expect(whitenFingers(img)).toBeGreaterThan(0);
      for (let y = 186; y <= 214; y++) {
        for (let x = 0; x < 34; x++) {
          const i = 3 * (y * 400 + x);
          const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
          // Only white paper and neutral text strokes remain where the thumb was.
          expect(Math.max(r, g, b) - Math.min(r, g, b), `${skin} at ${x},${y}`).toBeLessThan(30);
        }
      }
      expect(at(img, 100, 200)).toBe(25);
      expect(at(img, 40, 234)).toBe(25);
    }
  });

  it('takes a brown desk strip the thumb touches with it, and leaves a strip alone', () => {
    const img = page(400, 500);
    fill(img, (x) => x < 8, [120, 60, 40]);
    thumb(img, 200, 20, 14, [255, 208, 190]);
    expect(whitenFingers(img)).toBeGreaterThan(0);
    expect(at(img, 3, 20)).toBe(255);
    expect(at(img, 25, 200)).toBe(255);
    const strip = page(400, 500);
    fill(strip, (x) => x < 8, [120, 60, 40]);
    expect(whitenFingers(strip)).toBe(0);
  });

  it('leaves skin tones in pictures, banners, logos, red stamps, warm paper and specks alone', () => {
    const img = page(400, 500);
    // A full-bleed picture at the top left: a face among other colours, touching the border.
    fill(img, (x, y) => y < 50 && x < 280, [40, 90, 160]);
    fill(img, (x, y) => Math.hypot(x - 200, y - 10) < 25, [235, 190, 165]);
    // A red stamp and a warm paper strip at the edges, a speck of skin colour in a corner.
    fill(img, (x, y) => x >= 380 && y >= 300 && y < 340, [200, 60, 70]);
    fill(img, (x) => x < 6, [250, 240, 225]);
    fill(img, (x, y) => x >= 396 && y >= 496, [235, 190, 165]);
    // An orange banner with white lettering across the bottom of a flyer, full bleed.
    fill(img, (_x, y) => y >= 470, [230, 140, 60]);
    fill(img, (x, y) => y >= 480 && y < 488 && x >= 60 && x < 300 && x % 12 < 8, [255, 255, 255]);
    // A logo cut by the page's top edge: a brown disc round a yellow-green emblem.
    fill(img, (x, y) => Math.hypot(x - 340, y - 16) < 24, [170, 110, 40]);
    fill(img, (x, y) => y >= 8 && y < 22 && Math.abs(x - 340) < (y - 8) / 3, [190, 220, 40]);
    const before = img.data.slice();
    expect(whitenFingers(img)).toBe(0);
    expect(Buffer.compare(img.data, before)).toBe(0);
  });
});

describe('whitenBorderSpecks', () => {
  it('whitens light specks on the outermost pixels over paper, keeps what runs off the page', () => {
    const img = page(300, 400);
    // The desk's light rim grazing the top and right edges: grey dots in the outer two pixels.
    for (let x = 10; x < 290; x += 7) img.data.set([225, 222, 230], 3 * x);
    for (let y = 20; y < 380; y += 5) img.data.set([236, 236, 236], 3 * (y * 300 + 298));
    // A light photo running off the bottom edge, a dark rule touching the left edge.
    fill(img, (x, y) => y >= 360 && x >= 100 && x < 200, [200, 225, 245]);
    fill(img, (x, y) => x < 40 && y >= 200 && y < 202, [20, 20, 20]);
    expect(whitenBorderSpecks(img)).toBeGreaterThan(0);
    for (let x = 0; x < 300; x++) expect(at(img, x, 0)).toBe(255);
    for (let y = 0; y < 400; y++) expect(at(img, 298, y)).toBe(255);
    expect(at(img, 150, 399)).toBe(200);
    expect(at(img, 150, 398)).toBe(200);
    expect(at(img, 0, 200)).toBe(20);
  });
});

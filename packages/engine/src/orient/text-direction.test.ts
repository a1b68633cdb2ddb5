import { describe, expect, it } from 'vitest';
import { renderPage } from '../../synth/index.ts';
import { identityMap, rotateMap } from '../geometry/backward-map.ts';
import { turnRgb } from '../geometry/plan.ts';
import type { GeometryPlan, RgbImage } from '../types.ts';
import {
  checkHalfTurn,
  directionVerdict,
  lineCrops,
  readsSideways,
  turnText,
  upsideDownProbabilities,
  type PlanText,
} from './text-direction.ts';

/** A page's text lines as the plan hands them over, from the renderer's own line boxes. */
function linesOf(
  page: RgbImage,
  lines: Array<{ x0: number; x1: number; y: number }>,
  ch: number,
): PlanText {
  return {
    charHeight: ch / page.height,
    lines: lines.map(({ x0, x1, y }) => ({
      xs: [x0 / page.width, x1 / page.width],
      ys: [y / page.height, y / page.height],
    })),
  };
}

/** White page, `rows` lines of black text drawn with the synthetic generator's fonts. */
function letterPage(): { page: RgbImage; text: PlanText } {
  const page = renderPage('letter', 11, 1240).image;
  // Find the text rows from the ink itself: rows with dark pixels, grouped into bands.
  const { width: w, height: h, data } = page;
  const dark = (x: number, y: number): boolean => data[3 * (y * w + x)]! < 100;
  const bands: Array<{ y0: number; y1: number; x0: number; x1: number }> = [];
  let open: { y0: number; y1: number; x0: number; x1: number } | null = null;
  for (let y = 0; y < h; y++) {
    let x0 = w;
    let x1 = -1;
    for (let x = 0; x < w; x++) {
      if (dark(x, y)) {
        x0 = Math.min(x0, x);
        x1 = x;
      }
    }
    if (x1 >= 0) {
      if (open) {
        open.y1 = y;
        open.x0 = Math.min(open.x0, x0);
        open.x1 = Math.max(open.x1, x1);
      } else open = { y0: y, y1: y, x0, x1 };
    } else if (open) {
      bands.push(open);
      open = null;
    }
  }
  const text = bands.filter((b) => b.y1 - b.y0 >= 8 && b.y1 - b.y0 <= 30 && b.x1 - b.x0 > 200);
  const ch = text.map((b) => b.y1 - b.y0).sort((a, b) => a - b)[text.length >> 1]! * 0.75;
  return {
    page,
    text: linesOf(
      page,
      text.map((b) => ({ x0: b.x0 + ch, x1: b.x1 - ch, y: (b.y0 + b.y1) / 2 })),
      ch,
    ),
  };
}

function plan(page: RgbImage, text: PlanText, rotation: GeometryPlan['rotation']): GeometryPlan {
  const map = rotateMap(identityMap(page.width, page.height, 8), rotation as 0 | 180);
  return {
    outline: null,
    map,
    paper: null,
    aspect: page.height / page.width,
    rotation,
    skewDeg: 0,
    stages: [{ stage: 'orient', applied: rotation !== 0, reason: 'as planned', ms: 0 }],
    text: rotation === 180 ? turnText(text) : text,
  };
}

describe('text direction', () => {
  it('cuts crops along the lines, longest first, at most two per line', () => {
    const { page, text } = letterPage();
    const { data, count } = lineCrops(page, identityMap(page.width, page.height, 8), text);
    expect(count).toBeGreaterThanOrEqual(6);
    expect(count).toBeLessThanOrEqual(12);
    expect(data.length).toBe(count * 3 * 48 * 192);
    // Normalised to −1…1, with ink (dark) and paper (white) in every crop.
    for (let n = 0; n < count; n++) {
      const crop = data.subarray(n * 3 * 48 * 192, (n * 3 + 1) * 48 * 192);
      expect(Math.min(...crop)).toBeLessThan(-0.5);
      expect(Math.max(...crop)).toBeGreaterThan(0.9);
    }
  });

  it('reads printed lines upright, and the same lines turned upside down', async () => {
    const { page, text } = letterPage();
    const upright = lineCrops(page, identityMap(page.width, page.height, 8), text);
    const turned = lineCrops(
      page,
      rotateMap(identityMap(page.width, page.height, 8), 180),
      turnText(text),
    );
    const p0 = (await upsideDownProbabilities(upright.data, upright.count))!;
    const p1 = (await upsideDownProbabilities(turned.data, turned.count))!;
    expect(directionVerdict(p0).verdict).toBe(false);
    expect(directionVerdict(p1).verdict).toBe(true);
  });

  it('turns a plan whose output reads upside down, and leaves an upright one', async () => {
    const { page, text } = letterPage();
    // The plan left the page upside down (its witnesses missed it): the model turns it.
    const wrong = await checkHalfTurn(plan(page, text, 180), page);
    expect(wrong.rotation).toBe(0);
    expect(wrong.stages[0]!.reason).toMatch(/text-direction model/);
    expect(wrong.stages[0]!.details?.model).toMatchObject({ verdict: 'upside down' });
    // Its map now sends the top-left output corner to the page's top left.
    expect(wrong.map.x[0]).toBeCloseTo(0, 0);
    const asPlanned = plan(page, text, 0);
    const right = await checkHalfTurn(asPlanned, page);
    expect(right.rotation).toBe(0);
    expect(right.map).toBe(asPlanned.map);
    expect(right.stages[0]!.details?.model).toMatchObject({ verdict: 'upright' });
  });

  it('gives no verdict on few or split votes', () => {
    expect(directionVerdict(Float32Array.from([0.99, 0.99])).verdict).toBeNull();
    expect(directionVerdict(Float32Array.from([0.99, 0.99, 0.99, 0.01])).verdict).toBeNull();
    expect(directionVerdict(Float32Array.from([0.99, 0.99, 0.99, 0.5, 0.6])).verdict).toBe(true);
    expect(directionVerdict(Float32Array.from([0.01, 0.02, 0.05, 0.3])).verdict).toBe(false);
  });

  it('finds the text of a page lying on its side where the plan found none across it', async () => {
    const { page } = letterPage();
    const sideways = turnRgb(page);
    const unread = (img: RgbImage): GeometryPlan => ({
      ...plan(img, { lines: [], charHeight: 0.01 }, 0),
      stages: [{ stage: 'orient', applied: false, reason: 'page is upright', ms: 0 }],
    });
    expect(await readsSideways(unread(sideways), sideways)).toBe(true);
    // Upright, its lines run across the page: turned by a quarter they are no text to read.
    expect(await readsSideways(unread(page), page)).toBe(false);
    // A page the plan turned by a quarter, or whose lines the model read, is not asked again.
    expect(await readsSideways({ ...unread(sideways), rotation: 90 }, sideways)).toBe(false);
  });

  it('leaves a plan without text as it is', async () => {
    const page: RgbImage = { width: 40, height: 30, data: new Uint8Array(40 * 30 * 3).fill(255) };
    const p = plan(page, { lines: [], charHeight: 0.1 }, 0);
    expect(await checkHalfTurn(p, page)).toBe(p);
  });
});

import { describe, expect, it } from 'vitest';
import type { Point, RgbImage } from '../types.ts';
import { cornerError, drawScene, inside, TILTED_QUAD } from '../geometry/test-images.ts';
import { lcg } from '../test-random.ts';
import {
  candidateScore,
  detectPage,
  fullFrameOutline,
  preferCandidate,
  type DetectResult,
} from './page-detect.ts';

const quad = TILTED_QUAD;

describe('detectPage', () => {
  for (const bg of ['dark', 'wood', 'fabric'] as const) {
    it(`finds a tilted page on a ${bg} background to within 3 px`, () => {
      const img = drawScene(400, 460, quad, bg, 7);
      const { outline } = detectPage(img);
      expect(outline).not.toBeNull();
      expect(cornerError(outline!.corners, quad)).toBeLessThan(3);
      expect(outline!.confidence).toBeGreaterThan(0.7);
      expect(Object.values(outline!.clipped).some(Boolean)).toBe(false);
      for (const curve of [outline!.top, outline!.right, outline!.bottom, outline!.left]) {
        expect(curve.length).toBeGreaterThanOrEqual(16);
      }
    });
  }

  it('finds the whole page when a wide photo printed across it leaves only thin margins', () => {
    // A dark green photo across the page, 3 px short of either side: the paper above it (a
    // brochure's title) joins the rest only through those margins, which the paper mask's
    // opening cuts, so that mask alone outlines the page below the photo.
    const img = drawScene(400, 460, quad, 'fabric', 7);
    for (let y = 100; y < 210; y++) {
      for (let x = 0; x < 400; x++) {
        if (!inside(quad, x - 3, y + 0.5) || !inside(quad, x + 4, y + 0.5)) continue;
        img.data.set([40, 92, 52], (y * 400 + x) * 3);
      }
    }
    const { outline } = detectPage(img);
    expect(outline).not.toBeNull();
    expect(cornerError(outline!.corners, quad)).toBeLessThan(5);
  });

  it('finds a page by the edges round it alone when asked, through a shadow across it', () => {
    // A smooth dark desk and a hard shadow over the top third, page and desk alike: the paper
    // mask stops at the shadow's edge, while the page's own edges, sharp against the desk in the
    // shadow too, enclose the whole page.
    const img = drawScene(400, 460, quad, 'dark', 9);
    for (let y = 0; y < 460; y++) {
      for (let x = 0; x < 400; x++) {
        const i = (y * 400 + x) * 3;
        if (!inside(quad, x + 0.5, y + 0.5)) img.data.set([50 + ((7 * x + 3 * y) % 3), 48, 45], i);
        if (y >= 160) continue;
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.round(img.data[i + c]! * 0.55);
      }
    }
    const r = detectPage(img, undefined, { edgeEnclosures: true });
    expect(r.details.feature).toMatch(/^edge enclosure/);
    expect(cornerError(r.outline!.corners, quad)).toBeLessThan(3);
  });

  it('recovers the true corner of a dog-eared page from the side lines', () => {
    // The top-right corner is folded away: the polygon cuts it off with a 40 px diagonal.
    const dogEared: Point[] = [quad[0]!, { x: 292, y: 59 }, { x: 333, y: 98 }, quad[2]!, quad[3]!];
    const img = drawScene(400, 460, dogEared, 'dark', 3);
    const { outline } = detectPage(img);
    expect(cornerError(outline!.corners, quad)).toBeLessThan(4);
  });

  it('finds the whole page under a soft cast shadow', () => {
    const img = drawScene(400, 460, quad, 'wood', 11);
    // A soft-edged shadow over the lower-left part: the page there is darker than the lit table.
    for (let y = 0; y < 460; y++) {
      for (let x = 0; x < 400; x++) {
        const s = Math.min(1, Math.max(0, (y - x - 120) / 40));
        const i = (y * 400 + x) * 3;
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.round(img.data[i + c]! * (1 - 0.45 * s));
      }
    }
    const { outline } = detectPage(img);
    expect(outline).not.toBeNull();
    expect(cornerError(outline!.corners, quad)).toBeLessThan(5);
  });

  it('finds the whole page when only a band across its middle is lit', () => {
    // A curled page turned from the light above and below its middle, on a grey desk a little
    // darker than its shaded parts (curl/invoice#1271): paperness parts the lit band from the
    // rest, shaded paper and desk together.
    const img = drawScene(400, 460, quad, 'dark', 17);
    let seed = 5;
    for (let y = 0; y < 460; y++) {
      const shade = 1 - 0.42 * Math.min(1, Math.max(0, Math.abs(y - 230) - 70) / 40);
      for (let x = 0; x < 400; x++) {
        const i = (y * 400 + x) * 3;
        if (!inside(quad, x + 0.5, y + 0.5)) {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          const g = 100 + (seed % 21);
          img.data.set([g, g + 2, g], i);
          continue;
        }
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.round(img.data[i + c]! * shade);
      }
    }
    const { outline, details } = detectPage(img);
    expect(details.feature).toBe('paperness, shade included');
    expect(outline!.confidence).toBeGreaterThan(0.65);
    expect(cornerError(outline!.corners, quad)).toBeLessThan(5);
  });

  it('finds a page by its smooth paper through a shadow cast across it and a grainy desk', () => {
    // A grey desk of coarse grain and a hard shadow over the top third, page and desk alike:
    // in the shadow the page is as dark as the lit desk, but only the desk has grain.
    const img = drawScene(400, 460, quad, 'dark', 19, (x, y) => [(x - 60) / 280, (y - 50) / 360]);
    const rand = lcg(7);
    for (let y = 0; y < 460; y++) {
      for (let x = 0; x < 400; x++) {
        const i = (y * 400 + x) * 3;
        if (!inside(quad, x + 0.5, y + 0.5)) {
          const g = 110 + 60 * rand();
          img.data.set([g, g, g - 4], i);
        }
        if (y >= 160) continue;
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.round(img.data[i + c]! * 0.5);
      }
    }
    const r = detectPage(img, undefined, { smoothness: true });
    expect(r.details.feature).toBe('smoothness');
    expect(cornerError(r.outline!.corners, quad)).toBeLessThan(5);
  });

  it('still moves a side past a hard shadow across a corner to the page edge', () => {
    const img = drawScene(400, 460, quad, 'wood', 13);
    // A sharp-edged shadow over the top-right corner, page and table alike.
    for (let y = 0; y < 460; y++) {
      for (let x = 0; x < 400; x++) {
        if (x - 0.8 * y < 200) continue;
        const i = (y * 400 + x) * 3;
        for (let c = 0; c < 3; c++) img.data[i + c] = Math.round(img.data[i + c]! * 0.5);
      }
    }
    const { outline } = detectPage(img);
    expect(outline).not.toBeNull();
    expect(cornerError(outline!.corners, quad)).toBeLessThan(5);
  });

  it('keeps a curved side off a straight edge in the wood beyond it', () => {
    // The left side bows in by 14 px (a curl); 30 px beyond the corners the wood has a long,
    // straight, sharp edge of its own, which supports a straight line better than the bowed side.
    const bowed: Point[] = [quad[0]!, quad[1]!, quad[2]!, quad[3]!];
    for (let k = 1; k < 16; k++) {
      const t = k / 16;
      bowed.push({
        x: quad[3]!.x + t * (quad[0]!.x - quad[3]!.x) + 14 * Math.sin(Math.PI * t),
        y: quad[3]!.y + t * (quad[0]!.y - quad[3]!.y),
      });
    }
    const img = drawScene(400, 460, bowed, 'wood', 5);
    const edgeAt = (y: number) => quad[3]!.x + ((400 - y) / 360) * (quad[0]!.x - quad[3]!.x) - 30;
    for (let y = 0; y < 460; y++) {
      for (let x = 0; x < edgeAt(y); x++) {
        const i = (y * 400 + x) * 3;
        img.data.set([100, 62, 32], i);
      }
    }
    const { outline } = detectPage(img);
    expect(outline).not.toBeNull();
    // Snapped to the wood's edge, both left corners would sit about 30 px out; the line fitted
    // to the bowed side itself misses them by about half the bow.
    expect(
      cornerError([outline!.corners[0], outline!.corners[3]], [quad[0]!, quad[3]!]),
    ).toBeLessThan(16);
  });

  /**
   * The page on a light grey table lit from the left (light `left` there, falling off by
   * `falloff` to the right, so the lit table is as bright as the paper further right), under a
   * soft cast shadow over the lower left.
   */
  function lightTable(left: number, falloff: number): RgbImage {
    const img = drawScene(400, 460, quad, 'white', 3, (x, y) => [(x - 60) / 280, (y - 50) / 360]);
    for (let y = 0; y < 460; y++) {
      for (let x = 0; x < 400; x++) {
        const shadow = Math.min(1, Math.max(0, (y - 0.9 * x - 150) / 30));
        const f = (left - falloff * (x / 400)) * (1 - 0.35 * shadow);
        const i = (y * 400 + x) * 3;
        for (let c = 0; c < 3; c++) {
          img.data[i + c] = Math.max(0, Math.min(255, Math.round(img.data[i + c]! * f)));
        }
      }
    }
    return img;
  }

  it('finds a page on a light table under a cast shadow by its edges', () => {
    // The paper masks take in the lit table and stop at the shadow (about 130 px off).
    const { outline, details } = detectPage(lightTable(1.12, 0.3));
    expect(details.feature).toMatch(/^edge enclosure/);
    expect(outline!.confidence).toBeGreaterThan(0.9);
    expect(cornerError(outline!.corners, quad)).toBeLessThan(4);
  });

  it('lists the other outlines it weighed, best first, beside the one it chose', () => {
    // The paper mask's outline, which stopped at the shadow, is one: the plan tries them when
    // the chosen outline leaves text outside.
    const r = detectPage(lightTable(1.12, 0.3));
    const others = r.others ?? [];
    expect(others.length).toBeGreaterThan(0);
    expect(others).not.toContain(r);
    const scores = others.map(candidateScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(others.map((o) => o.details.feature)).toContain('paperness');
    expect(others.every((o) => o.outline !== null)).toBe(true);
  });

  it('follows a page border that fades where the lit table is as bright as the paper', () => {
    // The paper masks found no page at all here (confidence 0).
    const { outline } = detectPage(lightTable(1.14, 0.22));
    expect(outline!.confidence).toBeGreaterThan(0.9);
    expect(cornerError(outline!.corners, quad)).toBeLessThan(4);
  });

  it('keeps the traced border off a bold heading just inside it', () => {
    // A dark bar 12 px tall, 9 px below the top side, along 45 % of it: its top edge is far
    // stronger than the paper's against a light table, but dark inside and light outside.
    const img = drawScene(400, 460, quad, 'white', 3);
    const topAt = (x: number): number => 40 + (22 * (x - 70)) / 260;
    for (let y = 0; y < 460; y++) {
      for (let x = 96; x < 213; x++) {
        if (y < topAt(x) + 9 || y > topAt(x) + 21) continue;
        img.data.set([30, 30, 35], (y * 400 + x) * 3);
      }
    }
    const { outline } = detectPage(img);
    for (const p of outline!.top) expect(Math.abs(p.y - topAt(p.x))).toBeLessThan(3);
  });

  it('keeps a corner on the page when a straight piece of its bent side runs on past it', () => {
    // A crumpled page's bottom side bends 20 px out at a crease half way along: an edge along
    // its left piece, run on, passes far below the bottom-right corner (a snap onto it put that
    // corner some 30 px out on the desk).
    const kinked: Point[] = [quad[0]!, quad[1]!, quad[2]!, { x: 200, y: 430 }, quad[3]!];
    const { outline } = detectPage(drawScene(400, 520, kinked, 'dark', 5));
    expect(outline).not.toBeNull();
    expect(cornerError(outline!.corners, quad)).toBeLessThan(16);
  });

  it('takes corners from the page mask when asked, where bent corners leave the side lines', () => {
    // The top-left corner is crumpled in: both sides bend away from their lines over their
    // last 60 px, so the lines meet about 25 px outside the paper.
    const bent: Point[] = [
      { x: 96, y: 60 },
      quad[1]!,
      quad[2]!,
      quad[3]!,
      { x: 64, y: 130 },
      { x: 78, y: 82 },
    ];
    const img = drawScene(400, 460, bent, 'dark', 5);
    const byLines = detectPage(img).outline!.corners[0];
    const onMask = detectPage(img, undefined, { cornersOnMask: true }).outline!.corners[0];
    /** Whether paper lies within r px of p. */
    const paperNear = (p: Point, r: number): boolean => {
      for (let y = Math.round(p.y) - r; y <= Math.round(p.y) + r; y++) {
        for (let x = Math.round(p.x) - r; x <= Math.round(p.x) + r; x++) {
          if (img.data[(y * 400 + x) * 3]! > 150) return true;
        }
      }
      return false;
    };
    // The lines meet on the dark desk, well off the paper; the mask's corner is on the paper.
    expect(paperNear(byLines, 8)).toBe(false);
    expect(paperNear(onMask, 2)).toBe(true);
    // The other corners do not move.
    const rest = (c: Point[]) => c.slice(1);
    expect(
      cornerError(
        rest(detectPage(img, undefined, { cornersOnMask: true }).outline!.corners),
        rest(quad),
      ),
    ).toBeLessThan(4);
  });

  it('marks a page filling the frame as clipped on all sides', () => {
    const full: Point[] = [
      { x: -5, y: -5 },
      { x: 405, y: -5 },
      { x: 405, y: 465 },
      { x: -5, y: 465 },
    ];
    const { outline } = detectPage(drawScene(400, 460, full, 'dark', 1));
    expect(outline?.clipped ?? { top: true, right: true, bottom: true, left: true }).toEqual({
      top: true,
      right: true,
      bottom: true,
      left: true,
    });
  });
});

describe('candidateScore', () => {
  const result = (confidence: number, areaFrac: number, fill: number): DetectResult => ({
    outline: { ...fullFrameOutline(100, 100, confidence), confidence },
    reason: 'page edges found',
    details: { areaFrac, fill },
  });

  it('prefers a whole page over a crease-cut part with stronger edges', () => {
    // Measured on a crumpled brochure: the shadow-cut part had the stronger edge support.
    const cut = result(0.929, 0.366, 0.69);
    const whole = result(0.835, 0.637, 0.997);
    expect(candidateScore(whole)).toBeGreaterThan(candidateScore(cut));
  });

  it('prefers a confident outline round another one, whatever the scores', () => {
    // Measured on a curled brochure on a light table: its photo's outline (confidence 1, 12 %
    // of the frame) outscored the page round it (0.89, 55 %).
    const at = (r: DetectResult, x0: number, y0: number, x1: number, y1: number): DetectResult => ({
      ...r,
      outline: {
        ...r.outline!,
        corners: [
          { x: x0, y: y0 },
          { x: x1, y: y0 },
          { x: x1, y: y1 },
          { x: x0, y: y1 },
        ],
      },
    });
    const photo = at(result(1, 0.12, 1.03), 20, 30, 80, 50);
    const page = at(result(0.89, 0.55, 1.03), 10, 10, 90, 95);
    expect(candidateScore(photo)).toBeGreaterThan(candidateScore(page));
    expect(preferCandidate(page, photo)).toBe(true);
    expect(preferCandidate(photo, page)).toBe(false);
    // A doubtful outline round it does not win so.
    const leaked = at(result(0.5, 0.9, 1.03), 0, 0, 100, 100);
    expect(preferCandidate(leaked, photo)).toBe(false);
  });

  it('lets edge support decide between pages that fill their quadrilaterals', () => {
    expect(candidateScore(result(0.95, 0.5, 0.97))).toBeGreaterThan(
      candidateScore(result(0.85, 0.55, 0.99)),
    );
  });
});

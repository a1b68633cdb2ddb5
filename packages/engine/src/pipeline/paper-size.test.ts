import { describe, expect, it } from 'vitest';
import { sampleMap } from '../geometry/backward-map.ts';
import type { GeometryPlan, PageOutline, RgbImage } from '../types.ts';
import { framePlan } from './frame-plan.ts';
import { assertPaperChoice, withPaperSize } from './paper-size.ts';

/** A plan whose page (the frame of a width × height photo) was found and restored as it is. */
function found(width: number, height: number, paper: GeometryPlan['paper'] = null): GeometryPlan {
  const work: RgbImage = { width, height, data: new Uint8Array(width * height * 3) };
  const plan = framePlan(work, 'test');
  const corners = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ] as PageOutline['corners'];
  const outline = { corners, top: [], right: [], bottom: [], left: [], confidence: 1 };
  return { ...plan, outline: outline as unknown as PageOutline, paper, aspect: height / width };
}

describe('withPaperSize', () => {
  it('leaves the plan alone on auto', () => {
    const plan = found(400, 560);
    expect(withPaperSize(plan, 'auto')).toBe(plan);
    expect(withPaperSize(plan, undefined)).toBe(plan);
  });

  it('brings a page read as A4 to the Letter proportions asked for, over the same photo', () => {
    const plan = found(400, 566, 'A4');
    const letter = withPaperSize(plan, 'letter');
    expect(letter.paper).toBe('Letter');
    expect(letter.map.outWidth).toBe(400);
    expect(letter.map.outHeight).toBe(Math.round((400 * 11) / 8.5));
    expect(letter.aspect).toBeCloseTo(11 / 8.5, 2);
    // The same photo, top to bottom: the page is squeezed, not cropped.
    expect(sampleMap(letter.map, 200, 0)[1]).toBeCloseTo(0, 3);
    expect(sampleMap(letter.map, 200, letter.map.outHeight - 1)[1]).toBeCloseTo(565, 0);
    expect(letter.stages.at(-1)).toMatchObject({ stage: 'paper', applied: true });
    expect(letter.stages.at(-1)?.reason).toBe(
      'Letter, as asked: the page made 8% shorter (it read as A4)',
    );
  });

  it('keeps a landscape page landscape', () => {
    const legal = withPaperSize(found(700, 420), 'legal');
    expect(legal.aspect).toBeCloseTo(8.5 / 14, 2);
    expect(legal.map.outWidth).toBe(700);
  });

  it('keeps the proportions of a page far from the paper named, and of a frame with no page', () => {
    const receipt = withPaperSize(found(300, 900), 'a4');
    expect(receipt.aspect).toBe(3);
    expect(receipt.paper).toBeNull();
    expect(receipt.stages.at(-1)).toMatchObject({ stage: 'paper', applied: false });
    expect(receipt.stages.at(-1)?.reason).toMatch(
      /3\.00 times as tall as it is wide, too far from A4/,
    );
    const frame = framePlan({ width: 400, height: 300, data: new Uint8Array(400 * 300 * 3) }, 'x');
    const kept = withPaperSize(frame, 'letter');
    expect(kept.map).toBe(frame.map);
    expect(kept.stages.at(-1)?.reason).toMatch(/no page outline found/);
  });

  it('stretches the milder step back alike', () => {
    const plan = { ...found(400, 566), withoutLocal: found(400, 566) };
    const letter = withPaperSize(plan, 'letter');
    expect(letter.withoutLocal?.map.outHeight).toBe(letter.map.outHeight);
    expect(letter.withoutLocal?.paper).toBe('Letter');
  });

  it('names the sizes it knows when given another', () => {
    expect(() => assertPaperChoice('a5')).toThrow(
      'paper must be one of auto, a4, letter, legal, not "a5"',
    );
    expect(() => assertPaperChoice(undefined)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import {
  aggregate,
  damagedScans,
  FLAT_GROUP,
  paperSizes,
  regressions,
  type Score,
} from './table.ts';

const score = (over: Partial<Score>): Score => ({
  variant: 'engine',
  family: 'crumple',
  kind: 'letter',
  paper: 'a4',
  seed: 1000,
  msSsim: 0.9,
  ld: 1,
  ink: 1,
  aspect: 0,
  ratio: Math.SQRT2,
  errors: 10,
  length: 1000,
  ms: 1,
  rotation: 0,
  ...over,
});

describe('quality table', () => {
  it('keeps the clean scans out of the photos overall and gives them a row of their own', () => {
    const scores = [
      score({ variant: 'input unchanged', msSsim: 0.4, errors: 100 }),
      score({ msSsim: 0.8, errors: 20 }),
      score({ family: FLAT_GROUP, msSsim: 0.98, errors: 0 }),
    ];
    const rows = aggregate(scores, ['input unchanged', 'engine'], ['crumple']);
    const row = (variant: string, group: string) =>
      rows.find((r) => r.variant === variant && r.group === group);
    expect(row('engine', 'overall')).toMatchObject({ n: 1, msSsim: 0.8, errors: 20 });
    expect(row('engine', FLAT_GROUP)).toMatchObject({ n: 1, msSsim: 0.98, errors: 0 });
    // The unchanged input is never run on a scan: no empty row for it.
    expect(row('input unchanged', FLAT_GROUP)).toBeUndefined();
    expect(regressions(scores, 'engine')).toEqual([]);
  });

  it('names the photos a variant turned, emptied, blew up or scored below the input', () => {
    const input = (seed: number) =>
      score({ variant: 'input unchanged', seed, msSsim: 0.4, errors: 100 });
    const worse = regressions(
      [
        input(1),
        input(2),
        input(3),
        input(4),
        input(5),
        score({ seed: 1, msSsim: 0.8, errors: 20, ink: 1.4 }),
        score({ seed: 2, rotation: 180 }),
        score({ seed: 3, ink: 0.3 }),
        score({ seed: 4, ink: 2.85, msSsim: 0.5 }),
        score({ seed: 5, msSsim: 0.35, errors: 120 }),
      ],
      'engine',
    );
    expect(worse).toEqual([
      'crumple/letter#2: turned by 180° (the photo is upright)',
      'crumple/letter#3: ink ratio 0.30: page content lost (blank or cropped output)',
      'crumple/letter#4: ink ratio 2.85: part of the page blown up to fill it',
      'crumple/letter#5: MS-SSIM 0.3500 < input 0.4000',
      'crumple/letter#5: OCR errors 120 > input 100',
    ]);
  });

  it('names the clean scans a variant turned, emptied, cut down or changed past recognition', () => {
    const scan = (seed: number, over: Partial<Score>) =>
      score({ family: FLAT_GROUP, seed, msSsim: 0.95, ...over });
    const damaged = damagedScans(
      [
        scan(1, {}),
        scan(2, { rotation: 90 }),
        scan(3, { ink: 0.2 }),
        scan(4, { aspect: 25 }),
        scan(5, { msSsim: 0.5 }),
        scan(6, { failed: 'boom' }),
        score({ seed: 7, msSsim: 0.1 }),
      ],
      'engine',
    );
    expect(damaged.map((d) => d.split(':')[0])).toEqual(
      [2, 3, 4, 5, 6].map((s) => `${FLAT_GROUP}/letter#${s}`),
    );
  });

  it('names the pages given back nearer another paper size than their own', () => {
    const lines = paperSizes(
      [
        score({ seed: 1, paper: 'letter', ratio: 1.3, aspect: 0.5 }),
        score({ seed: 2, paper: 'letter', ratio: 1.41, aspect: 8.6 }),
        score({ seed: 3, paper: 'legal', ratio: 1.6, aspect: 2.9 }),
        score({ seed: 4, paper: 'receipt', ratio: 3 }),
        score({ seed: 5, ratio: 1.3, family: FLAT_GROUP }),
        score({ seed: 6, ratio: 1.3, variant: 'other' }),
      ],
      'engine',
    );
    expect(lines[0]).toBe(
      'engine on letter: 2 page(s), aspect err 4.5 %, 1 nearer another paper size',
    );
    expect(lines[1]).toBe(
      'engine on legal: 1 page(s), aspect err 2.9 %, 0 nearer another paper size',
    );
    expect(lines[2]).toMatch(/^ +crumple\/letter#2: letter page given back as a4 \(h\/w 1\.410/);
    expect(lines).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { drawnPhoto, warmUp } from './warm-up.ts';

describe('warmUp', () => {
  it('draws a tilted page of text on a desk', () => {
    const photo = drawnPhoto();
    const at = (x: number, y: number) => photo.data[(y * photo.width + x) * 3 + 1]!;
    expect(at(10, 10)).toBeLessThan(100); // desk
    expect(at(300, 400)).toBeGreaterThan(150); // paper between the lines
    let ink = 0;
    for (let x = 130; x < 480; x++) if (at(x, 136) < 80) ink++;
    expect(ink).toBeGreaterThan(50); // the first text line
  });

  it('takes its photo through every stage that a real photo goes through', async () => {
    const report = await warmUp();
    const applied = new Set(report.pages[0]!.stages.filter((s) => s.applied).map((s) => s.stage));
    for (const stage of ['detect', 'global', 'local', 'resample', 'appearance', 'encode']) {
      expect(applied).toContain(stage);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { generateSample } from '../../synth/index.ts';
import type { RgbImage } from '../types.ts';
import { cleanScan } from './clean-scan.ts';

/** A copy of `img` with `f(x, y, v)` applied to every channel value. */
function mapped(img: RgbImage, f: (x: number, y: number, v: number) => number): RgbImage {
  const data = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      for (let c = 0; c < 3; c++) {
        const i = 3 * (y * img.width + x) + c;
        data[i] = Math.max(0, Math.min(255, Math.round(f(x, y, img.data[i]!))));
      }
    }
  }
  return { ...img, data };
}

describe('cleanScan', async () => {
  const sample = await generateSample({ seed: 1051, kind: 'form', family: 'curl', width: 620 });
  const flat = sample.flat;

  it('tells a rendered page from a photo of it', () => {
    const scan = cleanScan(flat);
    expect(scan).toMatchObject({ clean: true, spread: 0 });
    expect(scan.borderShare).toBeGreaterThan(0.9);
    expect(cleanScan(sample.photo).clean).toBe(false);
  });

  it("keeps a scanner's slight grain clean", () => {
    let k = 0;
    const grain = mapped(flat, (_x, _y, v) => v - (k++ % 3));
    expect(cleanScan(grain).clean).toBe(true);
  });

  it('is not a clean scan under light falling off, with sensor noise or a dark border', () => {
    const falloff = mapped(flat, (x, _y, v) => v * (1 - (0.08 * x) / flat.width));
    expect(cleanScan(falloff).clean).toBe(false);
    let seed = 7;
    const noise = mapped(flat, (_x, _y, v) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return v + ((seed / 2147483648) * 12 - 6);
    });
    expect(cleanScan(noise).clean).toBe(false);
    // A scanner's grey lid showing along one side.
    const lid = mapped(flat, (x, _y, v) => (x < 0.04 * flat.width ? 90 : v));
    expect(cleanScan(lid).clean).toBe(false);
  });
});

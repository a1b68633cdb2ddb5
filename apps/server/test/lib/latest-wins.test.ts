import { describe, expect, it } from 'vitest';
import { latestWins } from '../../src/lib/latest-wins.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('latestWins', () => {
  it('writes one value at a time, in order, skipping to the latest pushed meanwhile', async () => {
    const written: number[] = [];
    let inFlight = 0;
    let most = 0;
    // Each write takes longer than the one before would, so unserialised writes would land
    // out of order.
    const writes = latestWins<number>(
      async (value) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick(value === 10 ? 30 : 5);
        written.push(value);
        inFlight -= 1;
      },
      () => undefined,
    );
    writes.push(10);
    writes.push(20);
    writes.push(30);
    await writes.settled();
    expect(written).toEqual([10, 30]);
    expect(most).toBe(1);
    writes.push(40);
    await writes.settled();
    expect(written).toEqual([10, 30, 40]);
  });

  it('hands a failed write to onError and still writes the next value', async () => {
    const written: number[] = [];
    const failed: number[] = [];
    const writes = latestWins<number>(
      async (value) => {
        await tick(1);
        if (value === 1) throw new Error('lost connection');
        written.push(value);
      },
      (_err, value) => failed.push(value),
    );
    writes.push(1);
    writes.push(2);
    await writes.settled();
    expect(failed).toEqual([1]);
    expect(written).toEqual([2]);
  });
});

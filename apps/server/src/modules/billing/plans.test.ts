import { describe, expect, it } from 'vitest';
import { addMonths, isPlanId, PLANS } from './plans.ts';

describe('plans', () => {
  it('prices the three plans with their original prices and one 7-day trial', () => {
    expect(
      Object.values(PLANS).map((p) => [p.id, p.price, p.original_price, p.trial_days]),
    ).toEqual([
      ['1-month', 12, null, 7],
      ['3-months', 30, 36, 7],
      ['1-year', 99, 141, 7],
    ]);
    expect(isPlanId('3-months')).toBe(true);
    expect(isPlanId('lifetime')).toBe(false);
  });

  it('adds calendar months, clamping to the end of shorter months like Stripe', () => {
    const iso = (s: string) => new Date(s);
    expect(addMonths(iso('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(iso('2028-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addMonths(iso('2026-11-15T00:00:00Z'), 3).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
    expect(addMonths(iso('2026-03-31T23:59:59Z'), 12).toISOString()).toBe(
      '2027-03-31T23:59:59.000Z',
    );
  });
});

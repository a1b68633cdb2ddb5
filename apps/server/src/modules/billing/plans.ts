/** The plans we sell. Prices are whole US dollars; every plan starts with one trial per account. */
export const PLAN_IDS = ['1-month', '3-months', '1-year'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  price: number;
  original_price: number | null;
  interval_months: number;
  trial_days: number;
}

export const TRIAL_DAYS = 7;

export const PLANS: Record<PlanId, Plan> = {
  '1-month': {
    id: '1-month',
    price: 12,
    original_price: null,
    interval_months: 1,
    trial_days: TRIAL_DAYS,
  },
  '3-months': {
    id: '3-months',
    price: 30,
    original_price: 36,
    interval_months: 3,
    trial_days: TRIAL_DAYS,
  },
  '1-year': {
    id: '1-year',
    price: 99,
    original_price: 141,
    interval_months: 12,
    trial_days: TRIAL_DAYS,
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** `date` plus whole calendar months (UTC), clamped to the month's last day like Stripe does. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

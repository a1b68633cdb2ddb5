/** The three plans as sold (the server's billing constants hold the same ids and prices). */
export type PlanId = '1-month' | '3-months' | '1-year';

export type Plan = {
  id: PlanId;
  price: number;
  originalPrice: number | null;
  months: number;
  popular: boolean;
  discountPercent: number | null;
  /** Keys into pricing.features, growing with the plan. */
  features: readonly string[];
};

export const PLANS: readonly Plan[] = [
  {
    id: '1-month',
    price: 12,
    originalPrice: null,
    months: 1,
    popular: false,
    discountPercent: null,
    features: ['unlimited', 'highQuality', 'priorityProcessing', 'emailSupport'],
  },
  {
    id: '3-months',
    price: 30,
    originalPrice: 36,
    months: 3,
    popular: true,
    discountPercent: 17,
    features: [
      'unlimited',
      'premiumQuality',
      'priorityProcessing',
      'prioritySupport',
      'batch',
      'analytics',
    ],
  },
  {
    id: '1-year',
    price: 99,
    originalPrice: 141,
    months: 12,
    popular: false,
    discountPercent: 30,
    features: [
      'unlimited',
      'premiumQuality',
      'fastestProcessing',
      'dedicatedSupport',
      'batch',
      'analytics',
      'integrations',
      'sla',
      'onPremise',
    ],
  },
];

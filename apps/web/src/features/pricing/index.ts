export { PricingPage } from './components/pricing-page.tsx';
export { PLANS } from './plans.ts';
export type { Plan, PlanId } from './plans.ts';

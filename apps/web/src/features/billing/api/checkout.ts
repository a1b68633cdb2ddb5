import { api } from '../../../lib/api.ts';

/** Starts a checkout for a plan; the answer is the URL of the provider's (or sandbox's) checkout page. */
export function startCheckout(plan: string) {
  return api.post<{ url: string }>('/api/billing/checkout', { plan });
}

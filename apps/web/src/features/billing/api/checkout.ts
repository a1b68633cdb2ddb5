import { api } from '../../../lib/api.ts';

/**
 * Starts a checkout for a plan; the answer is the URL of the provider's (or sandbox's) checkout
 * page. The language makes the checkout page and the return address match the current page.
 */
export function startCheckout(plan: string, locale?: string) {
  return api.post<{ url: string }>('/api/billing/checkout', { plan, locale });
}

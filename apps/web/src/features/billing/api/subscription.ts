import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type SubscriptionStatus = {
  subscribed: boolean;
  subscription_tier: '1-month' | '3-months' | '1-year' | null;
  subscription_end: string | null;
  cancel_at_period_end: boolean;
  status?: string | null;
  trial_end?: string | null;
};

/** A subscription waiting for a payment: no access, but the customer should fix the card. */
export function isUnpaid(status: string | null | undefined): boolean {
  return status === 'past_due' || status === 'unpaid' || status === 'incomplete';
}

export const subscriptionKey = ['subscription'] as const;

/** The signed-in user's subscription, read from the server whenever the profile loads. */
export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: () => api.get<SubscriptionStatus>('/api/billing/subscription'),
    enabled,
    staleTime: 0,
    retry: 1,
  });
}

export function openPortal(locale: string) {
  return api.post<{ url: string }>('/api/billing/portal', { locale });
}

export function cancelSubscription() {
  return api.post<{ period_end: string }>('/api/billing/cancel');
}

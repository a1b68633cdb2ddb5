import type { PlanId } from './plans.ts';

/**
 * A subscription as Stripe's API shows it (the fields we read). The sandbox produces the same
 * shape, so one state machine (billing.events.ts) serves both providers.
 */
export interface ProviderSubscription {
  id: string;
  customer: string;
  status: string;
  /** Unix seconds. */
  created: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  trial_end: number | null;
  metadata: Record<string, string> | null;
  /** Before API version 2025-03-31 the period sat on the subscription; now it is on each item. */
  current_period_start?: number;
  current_period_end?: number;
  items: {
    data: Array<{
      current_period_start?: number;
      current_period_end?: number;
      price: { id: string };
    }>;
  };
}

/** A provider event in Stripe's envelope (`data.object` is the subscription, session or invoice). */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface CheckoutInput {
  userId: string;
  customerId: string;
  plan: PlanId;
  /** 0 when the account already had its trial. */
  trialDays: number;
  locale: string;
  successUrl: string;
  cancelUrl: string;
}

/** What billing needs from a payment provider; Stripe and the sandbox implement it. */
export interface BillingProvider {
  readonly kind: 'sandbox' | 'stripe';
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: {
    customerId: string;
    returnUrl: string;
    locale: string;
  }): Promise<{ url: string }>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  planForPrice(priceId: string): PlanId | null;
}

import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BillingRepository, StoredSubscription } from './billing.repository.ts';
import type { EventProcessor } from './billing.events.ts';
import { PLANS } from './plans.ts';
import type { PlanId } from './plans.ts';
import type { BillingProvider } from './provider.types.ts';

export interface BillingUser {
  id: string;
  email: string;
}

export interface SubscriptionStatus {
  subscribed: boolean;
  subscription_tier: PlanId | null;
  subscription_end: string | null;
  cancel_at_period_end: boolean;
  status: string | null;
  trial_end: string | null;
}

export interface BillingServiceDeps {
  repo: BillingRepository;
  provider: BillingProvider;
  events: EventProcessor;
  clock: Clock;
  publicUrl: string;
  /** The admin-set premium flag (profiles.is_premium). */
  isFlaggedPremium(userId: string): Promise<boolean>;
  /** Brings provider state up to the present before reading it (the sandbox's period ends). */
  refresh(userId: string): Promise<void>;
}

/** Subscriptions waiting for a payment: still the customer's, but without access. */
const UNPAID = new Set(['past_due', 'unpaid', 'incomplete']);

const prefix = (locale: string) => (locale === 'es' || locale === 'de' ? `/${locale}` : '');

/** Checkout, status, portal and cancellation; the rules, whichever provider is behind them. */
export function createBillingService(deps: BillingServiceDeps) {
  const { repo, provider, clock } = deps;

  async function entitled(userId: string): Promise<StoredSubscription | null> {
    const nowIso = clock.now().toISOString();
    const subs = await repo.subscriptionsOf(userId);
    return (
      subs.find(
        (s) => (s.status === 'active' || s.status === 'trialing') && s.current_period_end > nowIso,
      ) ?? null
    );
  }

  async function unpaid(userId: string): Promise<StoredSubscription | null> {
    const nowIso = clock.now().toISOString();
    const subs = await repo.subscriptionsOf(userId);
    return subs.find((s) => UNPAID.has(s.status) && s.current_period_end > nowIso) ?? null;
  }

  async function customerFor(user: BillingUser): Promise<string> {
    const existing = await repo.customerOf(user.id, provider.kind);
    if (existing) return existing;
    const created = await provider.createCustomer({ userId: user.id, email: user.email });
    await repo.addCustomer(user.id, provider.kind, created, clock.now().toISOString());
    // A concurrent request may have stored its customer first; use whichever won.
    return (await repo.customerOf(user.id, provider.kind)) ?? created;
  }

  return {
    listPlans: () => ({ plans: Object.values(PLANS) }),

    async checkout(user: BillingUser, plan: PlanId, locale: string): Promise<{ url: string }> {
      await deps.refresh(user.id);
      if (await entitled(user.id)) {
        throw new AppError(
          'conflict',
          'You already have an active subscription. Manage it from your profile.',
        );
      }
      if (await unpaid(user.id)) {
        // A second subscription would not fix the first; the portal updates the card instead.
        throw new AppError(
          'conflict',
          'Your last payment failed. Update your payment method under Manage on your profile.',
        );
      }
      const customerId = await customerFor(user);
      const trialDays = (await repo.hadTrial(user.id)) ? 0 : PLANS[plan].trial_days;
      const base = `${deps.publicUrl}${prefix(locale)}/pricing`;
      return provider.createCheckout({
        userId: user.id,
        customerId,
        plan,
        trialDays,
        locale,
        successUrl: `${base}?success=true`,
        cancelUrl: `${base}?canceled=true`,
      });
    },

    async status(userId: string): Promise<SubscriptionStatus> {
      await deps.refresh(userId);
      const live = await entitled(userId);
      const flagged = await deps.isFlaggedPremium(userId);
      // Without access, a subscription waiting for payment is still shown, so it can be fixed.
      const sub = live ?? (await unpaid(userId));
      return {
        subscribed: Boolean(live) || flagged,
        subscription_tier: (sub?.plan as PlanId | null | undefined) ?? null,
        subscription_end: sub?.current_period_end ?? null,
        cancel_at_period_end: sub?.cancel_at_period_end ?? false,
        status: sub?.status ?? null,
        trial_end: sub?.trial_end ?? null,
      };
    },

    async portal(user: BillingUser, locale: string): Promise<{ url: string }> {
      const customerId = await repo.customerOf(user.id, provider.kind);
      if (!customerId || (await repo.subscriptionsOf(user.id)).length === 0) {
        throw new AppError(
          'not_found',
          'You have no subscription to manage yet. Choose a plan first.',
        );
      }
      return provider.createPortal({
        customerId,
        returnUrl: `${deps.publicUrl}${prefix(locale)}/profile`,
        locale,
      });
    },

    async cancel(userId: string): Promise<{ period_end: string }> {
      await deps.refresh(userId);
      const sub = await entitled(userId);
      if (!sub) throw new AppError('not_found', 'You have no active subscription to cancel.');
      if (sub.cancel_at_period_end) return { period_end: sub.current_period_end };
      const updated = await deps.events.syncSubscription(
        await provider.setCancelAtPeriodEnd(sub.id, true),
        null,
      );
      return { period_end: updated.current_period_end };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

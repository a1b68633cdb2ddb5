import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { BillingRepository, StoredSubscription } from './billing.repository.ts';
import { isPlanId } from './plans.ts';
import type { BillingProvider, ProviderEvent, ProviderSubscription } from './provider.types.ts';

/** Mails billing sends to a user (in the user's language, to their account address). */
export type BillingNotice =
  | { template: 'welcome-trial'; plan: string; trialEnd: Date }
  | { template: 'trial-ending'; date: Date }
  | { template: 'payment-failed' };

export interface EventDeps {
  repo: BillingRepository;
  provider: BillingProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  notify(userId: string, notice: BillingNotice): Promise<void>;
}

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function periodOf(sub: ProviderSubscription): { start: number; end: number } {
  const item = sub.items.data[0];
  const start = item?.current_period_start ?? sub.current_period_start;
  const end = item?.current_period_end ?? sub.current_period_end;
  if (start === undefined || end === undefined) {
    throw new Error(`Subscription ${sub.id} has no current period`);
  }
  return { start, end };
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * The subscription state machine. Provider events (Stripe webhooks, or the sandbox emitting the
 * same events) and API reads all end in `syncSubscription`, which keeps the newest state:
 * an event older than the stored one, one from the same second, or one that would bring a
 * canceled subscription back is "in doubt", and then the provider's current object decides.
 */
export function createEventProcessor(deps: EventDeps) {
  const { repo, provider, clock, log } = deps;

  async function userFor(sub: ProviderSubscription): Promise<string | null> {
    return (
      sub.metadata?.user_id ??
      (await repo.userOfCustomer(sub.customer)) ??
      (await repo.getSubscription(sub.id))?.user_id ??
      null
    );
  }

  async function toStored(
    sub: ProviderSubscription,
    eventCreated: number,
  ): Promise<StoredSubscription> {
    const userId = await userFor(sub);
    if (!userId) throw new Error(`Subscription ${sub.id} belongs to no known customer`);
    const period = periodOf(sub);
    const price = sub.items.data[0]?.price.id;
    const fromPrice = price ? provider.planForPrice(price) : null;
    const fromMeta = sub.metadata?.plan;
    return {
      id: sub.id,
      user_id: userId,
      provider: provider.kind,
      customer_id: sub.customer,
      plan: fromPrice ?? (isPlanId(fromMeta) ? fromMeta : null),
      status: sub.status,
      current_period_start: iso(period.start),
      current_period_end: iso(period.end),
      trial_end: sub.trial_end ? iso(sub.trial_end) : null,
      cancel_at_period_end: sub.cancel_at_period_end,
      canceled_at: sub.canceled_at ? iso(sub.canceled_at) : null,
      event_created: eventCreated,
    };
  }

  /**
   * Stores a subscription object. `eventCreated` is the event's `created` (unix seconds, real
   * time) when the object came in an event, or null when it was just read from the provider's API.
   */
  async function syncSubscription(
    sub: ProviderSubscription,
    eventCreated: number | null,
  ): Promise<StoredSubscription> {
    const stored = await repo.getSubscription(sub.id);
    let current = sub;
    // An API read is the provider's state as of now: events created before it are older news.
    let created =
      eventCreated ?? Math.max(stored?.event_created ?? 0, Math.floor(Date.now() / 1000));
    if (stored && eventCreated !== null) {
      const older = eventCreated <= stored.event_created;
      const revives = stored.status === 'canceled' && sub.status !== 'canceled';
      const periodBack = iso(periodOf(sub).end) < stored.current_period_end;
      if (older || revives || periodBack) {
        log.info(
          { subscription: sub.id, eventCreated },
          'subscription event in doubt: reading the current state',
        );
        current = await provider.retrieveSubscription(sub.id);
        created = Math.max(eventCreated, stored.event_created);
      }
    }
    const next = await toStored(current, created);
    await repo.upsertSubscription(next, clock.now().toISOString());
    return next;
  }

  async function handle(event: ProviderEvent): Promise<EventOutcome> {
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const subscriptionId = idOf(object.subscription);
        const customerId = idOf(object.customer);
        const userId =
          (typeof object.client_reference_id === 'string' ? object.client_reference_id : null) ??
          (object.metadata as Record<string, string> | null)?.user_id ??
          null;
        if (object.mode !== 'subscription' || !subscriptionId || !customerId || !userId)
          return 'ignored';
        await repo.addCustomer(userId, provider.kind, customerId, clock.now().toISOString());
        const sub = await syncSubscription(
          await provider.retrieveSubscription(subscriptionId),
          null,
        );
        if (sub.status === 'trialing' && sub.trial_end) {
          await deps.notify(userId, {
            template: 'welcome-trial',
            plan: sub.plan ?? '',
            trialEnd: new Date(sub.trial_end),
          });
        }
        return 'processed';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = object as unknown as ProviderSubscription;
        // A subscription made outside this app (e.g. in the Stripe dashboard) is not ours to mirror;
        // failing would only make Stripe retry it for days.
        if (!(await userFor(sub))) {
          log.warn(
            { subscription: sub.id, customer: sub.customer },
            'subscription event for an unknown customer ignored',
          );
          return 'ignored';
        }
        await syncSubscription(sub, event.created);
        return 'processed';
      }
      case 'customer.subscription.trial_will_end': {
        const sub = object as unknown as ProviderSubscription;
        const userId = await userFor(sub);
        if (!userId || !sub.trial_end) return 'ignored';
        await syncSubscription(sub, event.created);
        await deps.notify(userId, {
          template: 'trial-ending',
          date: new Date(sub.trial_end * 1000),
        });
        return 'processed';
      }
      case 'invoice.payment_failed': {
        const customerId = idOf(object.customer);
        const userId = customerId ? await repo.userOfCustomer(customerId) : null;
        if (!userId) return 'ignored';
        const parent = object.parent as {
          subscription_details?: { subscription?: unknown };
        } | null;
        const subscriptionId = idOf(
          parent?.subscription_details?.subscription ?? object.subscription,
        );
        if (subscriptionId) {
          await syncSubscription(await provider.retrieveSubscription(subscriptionId), null);
        }
        await deps.notify(userId, { template: 'payment-failed' });
        return 'processed';
      }
      default:
        return 'ignored';
    }
  }

  return {
    syncSubscription,
    /** Applies an event exactly once (keyed by its id); a failure releases it for the retry. */
    async processEvent(event: ProviderEvent): Promise<EventOutcome> {
      if (!(await repo.claimEvent(event.id, event.type, clock.now().toISOString()))) {
        return 'duplicate';
      }
      try {
        return await handle(event);
      } catch (err) {
        await repo.releaseEvent(event.id);
        throw err;
      }
    },
  };
}

export type EventProcessor = ReturnType<typeof createEventProcessor>;

import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { dbBool } from '../../db/values.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SandboxCheckoutSessionsTable, SandboxSubscriptionsTable } from './billing.tables.ts';
import { addMonths, isPlanId, PLANS } from './plans.ts';
import type { BillingProvider, ProviderEvent, ProviderSubscription } from './provider.types.ts';

const DAY_MS = 86_400_000;
const secs = (isoOrDate: string | Date) => Math.floor(new Date(isoOrDate).getTime() / 1000);
const sandboxId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const priceId = (plan: string) => `price_sbx_${plan}`;

export type SandboxSession = Selectable<SandboxCheckoutSessionsTable>;
export type SandboxSubscriptionRow = Selectable<SandboxSubscriptionsTable>;

export interface SandboxDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  publicUrl: string;
  /** Where the sandbox delivers its events: the same processor Stripe webhooks feed. */
  emit(event: ProviderEvent): Promise<unknown>;
}

/** The Stripe-shaped view of a sandbox subscription. */
export function sandboxObject(row: SandboxSubscriptionRow): ProviderSubscription {
  const start = secs(row.current_period_start);
  const end = secs(row.current_period_end);
  return {
    id: row.id,
    customer: row.customer_id,
    status: row.status,
    created: secs(row.created_at),
    cancel_at_period_end: Boolean(row.cancel_at_period_end),
    canceled_at: row.canceled_at ? secs(row.canceled_at) : null,
    trial_end: row.trial_end ? secs(row.trial_end) : null,
    metadata: { user_id: row.user_id, plan: row.plan },
    items: {
      data: [
        { current_period_start: start, current_period_end: end, price: { id: priceId(row.plan) } },
      ],
    },
  };
}

/**
 * The built-in payment provider: it keeps its own checkout sessions and subscriptions (what Stripe
 * keeps on its side), serves its own checkout and portal pages, charges nothing, and reports every
 * change as the Stripe event that would describe it.
 */
export function createSandboxProvider(deps: SandboxDeps) {
  const { db, clock } = deps;
  let lastEventSecond = 0;
  const event = (type: string, object: object): ProviderEvent => {
    lastEventSecond = Math.max(lastEventSecond, Math.floor(Date.now() / 1000));
    return {
      id: sandboxId('evt'),
      type,
      created: lastEventSecond,
      data: { object: { ...object } },
    };
  };

  async function subscriptionRow(id: string): Promise<SandboxSubscriptionRow> {
    const row = await db
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'No such subscription');
    return row;
  }

  const provider: BillingProvider = {
    kind: 'sandbox',
    async createCustomer() {
      return sandboxId('cus');
    },
    async createCheckout(input) {
      const now = clock.now();
      const id = sandboxId('cs');
      await db
        .insertInto('sandbox_checkout_sessions')
        .values({
          id,
          user_id: input.userId,
          customer_id: input.customerId,
          plan: input.plan,
          trial_days: input.trialDays,
          locale: input.locale,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          status: 'open',
          subscription_id: null,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + DAY_MS).toISOString(),
        })
        .execute();
      return { url: `${deps.publicUrl}/billing/sandbox/checkout/${id}` };
    },
    async createPortal({ locale }) {
      return {
        url: `${deps.publicUrl}/billing/sandbox/portal?locale=${encodeURIComponent(locale)}`,
      };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const row = await subscriptionRow(subscriptionId);
      if (row.status === 'canceled') {
        throw new AppError('conflict', 'This subscription has already ended.');
      }
      await db
        .updateTable('sandbox_subscriptions')
        .set({ cancel_at_period_end: dbBool(deps.dialect, cancel) })
        .where('id', '=', subscriptionId)
        .execute();
      const object = sandboxObject(await subscriptionRow(subscriptionId));
      await deps.emit(event('customer.subscription.updated', object));
      return object;
    },
    async retrieveSubscription(subscriptionId) {
      return sandboxObject(await subscriptionRow(subscriptionId));
    },
    planForPrice: (id) => {
      const plan = id.replace(/^price_sbx_/, '');
      return isPlanId(plan) ? plan : null;
    },
  };

  return {
    provider,
    async session(id: string, userId: string): Promise<SandboxSession> {
      const row = await db
        .selectFrom('sandbox_checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.user_id !== userId)
        throw new AppError('not_found', 'This checkout session does not exist.');
      return row;
    },
    /** "Pays" a checkout session: creates the subscription (trialing when the session has a trial). */
    async confirm(id: string, userId: string): Promise<string> {
      const session = await this.session(id, userId);
      if (session.status === 'complete') return session.success_url;
      const now = clock.now();
      if (session.status !== 'open' || session.expires_at <= now.toISOString()) {
        throw new AppError(
          'gone',
          'This checkout session has expired. Please start again from the pricing page.',
        );
      }
      if (!isPlanId(session.plan)) throw new Error(`Unknown plan ${session.plan}`);
      const trialEnd =
        session.trial_days > 0 ? new Date(now.getTime() + session.trial_days * DAY_MS) : null;
      const periodEnd = trialEnd ?? addMonths(now, PLANS[session.plan].interval_months);
      const subscriptionId = sandboxId('sub');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sandbox_subscriptions')
          .values({
            id: subscriptionId,
            customer_id: session.customer_id,
            user_id: userId,
            plan: session.plan,
            status: trialEnd ? 'trialing' : 'active',
            trial_end: trialEnd?.toISOString() ?? null,
            current_period_start: now.toISOString(),
            current_period_end: periodEnd.toISOString(),
            cancel_at_period_end: dbBool(deps.dialect, false),
            canceled_at: null,
            created_at: now.toISOString(),
          })
          .execute();
        await trx
          .updateTable('sandbox_checkout_sessions')
          .set({ status: 'complete', subscription_id: subscriptionId })
          .where('id', '=', id)
          .execute();
      });
      const object = sandboxObject(await subscriptionRow(subscriptionId));
      await deps.emit(event('customer.subscription.created', object));
      await deps.emit(
        event('checkout.session.completed', {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          customer: session.customer_id,
          subscription: subscriptionId,
          client_reference_id: userId,
          metadata: { user_id: userId, plan: session.plan },
        }),
      );
      return session.success_url;
    },
    async abandon(id: string, userId: string): Promise<string> {
      const session = await this.session(id, userId);
      if (session.status === 'open') {
        await db
          .updateTable('sandbox_checkout_sessions')
          .set({ status: 'expired' })
          .where('id', '=', id)
          .execute();
      }
      return session.cancel_url;
    },
    async subscriptionsOf(userId: string): Promise<SandboxSubscriptionRow[]> {
      return db
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },
    /**
     * Moves the user's sandbox subscriptions to the clock's present, as Stripe does at a period's
     * end: a cancelling one ends (`customer.subscription.deleted`), any other renews for another
     * interval (`customer.subscription.updated`, trialing becomes active). No card is charged.
     */
    async advance(userId: string): Promise<void> {
      const now = clock.now();
      const nowIso = now.toISOString();
      // Stripe announces a trial's end three days ahead; the fixed id makes it a one-time event.
      const ending = await db
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'trialing')
        .where('trial_end', '>', nowIso)
        .where('trial_end', '<=', new Date(now.getTime() + 3 * DAY_MS).toISOString())
        .execute();
      for (const row of ending) {
        if (row.cancel_at_period_end) continue;
        const notice = event('customer.subscription.trial_will_end', sandboxObject(row));
        await deps.emit({ ...notice, id: `evt_sbx_trial_will_end_${row.id}` });
      }
      const due = await db
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['trialing', 'active'])
        .where('current_period_end', '<=', nowIso)
        .execute();
      for (const row of due) {
        if (!isPlanId(row.plan)) continue;
        if (row.cancel_at_period_end) {
          await db
            .updateTable('sandbox_subscriptions')
            .set({ status: 'canceled', canceled_at: row.current_period_end })
            .where('id', '=', row.id)
            .execute();
          await deps.emit(
            event('customer.subscription.deleted', sandboxObject(await subscriptionRow(row.id))),
          );
          continue;
        }
        let start = new Date(row.current_period_end);
        let end = addMonths(start, PLANS[row.plan].interval_months);
        while (end.toISOString() <= nowIso) {
          start = end;
          end = addMonths(start, PLANS[row.plan].interval_months);
        }
        await db
          .updateTable('sandbox_subscriptions')
          .set({
            status: 'active',
            current_period_start: start.toISOString(),
            current_period_end: end.toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        await deps.emit(
          event('customer.subscription.updated', sandboxObject(await subscriptionRow(row.id))),
        );
      }
    },
  };
}

export type Sandbox = ReturnType<typeof createSandboxProvider>;

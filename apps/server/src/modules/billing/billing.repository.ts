import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { dbBool } from '../../db/values.ts';
import type { SubscriptionsTable } from './billing.tables.ts';

export interface StoredSubscription {
  id: string;
  user_id: string;
  provider: string;
  customer_id: string;
  plan: string | null;
  status: string;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  canceled_at: string | null;
  event_created: number;
}

const toStored = (row: Selectable<SubscriptionsTable>): StoredSubscription => ({
  id: row.id,
  user_id: row.user_id,
  provider: row.provider,
  customer_id: row.customer_id,
  plan: row.plan,
  status: row.status,
  current_period_start: row.current_period_start,
  current_period_end: row.current_period_end,
  trial_end: row.trial_end,
  cancel_at_period_end: Boolean(row.cancel_at_period_end),
  canceled_at: row.canceled_at,
  event_created: Number(row.event_created),
});

/** Customers, mirrored subscriptions and processed-event ids. */
export function createBillingRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    async customerOf(userId: string, provider: string): Promise<string | null> {
      const row = await db
        .selectFrom('billing_customers')
        .select('customer_id')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },
    async userOfCustomer(customerId: string): Promise<string | null> {
      const row = await db
        .selectFrom('billing_customers')
        .select('user_id')
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
    async addCustomer(userId: string, provider: string, customerId: string, now: string) {
      await db
        .insertInto('billing_customers')
        .values({ user_id: userId, provider, customer_id: customerId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
        .execute();
    },
    async getSubscription(id: string): Promise<StoredSubscription | null> {
      const row = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toStored(row) : null;
    },
    async subscriptionsOf(userId: string): Promise<StoredSubscription[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('current_period_end', 'desc')
        .execute();
      return rows.map(toStored);
    },
    async hadTrial(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('trial_end', 'is not', null)
        .executeTakeFirst();
      return Boolean(row);
    },
    /** Is there a subscription granting access right now? Read fresh on every call. */
    async hasEntitledSubscription(userId: string, nowIso: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', ['active', 'trialing'])
        .where('current_period_end', '>', nowIso)
        .executeTakeFirst();
      return Boolean(row);
    },
    async upsertSubscription(sub: StoredSubscription, now: string): Promise<void> {
      const values = {
        ...sub,
        cancel_at_period_end: dbBool(dialect, sub.cancel_at_period_end),
        updated_at: now,
      };
      await db
        .insertInto('subscriptions')
        .values({ ...values, created_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
    /** Claims an event id; false when it was already processed (or is being processed). */
    async claimEvent(id: string, type: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto('billing_events')
        .values({ id, type, received_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Releases a claim after a failure so the provider's retry is processed. */
    async releaseEvent(id: string): Promise<void> {
      await db.deleteFrom('billing_events').where('id', '=', id).execute();
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

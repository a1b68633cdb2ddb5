import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** Billing: customers, mirrored subscriptions, processed webhook events, sandbox provider records. */
const billing0003 = (dialect: Dialect): Migration => {
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  const no = dialect === 'postgres' ? false : 0;
  return {
    async up(db) {
      await db.schema
        .createTable('billing_customers')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('billing_customers_pk', ['user_id', 'provider'])
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('plan', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('current_period_start', 'text', (c) => c.notNull())
        .addColumn('current_period_end', 'text', (c) => c.notNull())
        .addColumn('trial_end', 'text')
        .addColumn('cancel_at_period_end', bool, (c) => c.notNull().defaultTo(no))
        .addColumn('canceled_at', 'text')
        .addColumn('event_created', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_user_idx')
        .on('subscriptions')
        .columns(['user_id', 'current_period_end'])
        .execute();

      await db.schema
        .createTable('billing_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sandbox_checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('trial_days', 'integer', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sandbox_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('trial_end', 'text')
        .addColumn('current_period_start', 'text', (c) => c.notNull())
        .addColumn('current_period_end', 'text', (c) => c.notNull())
        .addColumn('cancel_at_period_end', bool, (c) => c.notNull().defaultTo(no))
        .addColumn('canceled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sandbox_subscriptions_user_idx')
        .on('sandbox_subscriptions')
        .column('user_id')
        .execute();
    },
    async down(db) {
      for (const table of [
        'sandbox_subscriptions',
        'sandbox_checkout_sessions',
        'billing_events',
        'subscriptions',
        'billing_customers',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
};

export default billing0003;

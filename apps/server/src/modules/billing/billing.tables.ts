/**
 * Billing tables (migration 0003). `subscriptions` mirrors the provider's subscription objects
 * (Stripe or the sandbox) as last seen; `sandbox_*` are the sandbox provider's own records, the
 * equivalent of Stripe's side. Timestamps are ISO-8601 UTC text.
 */
export interface BillingCustomersTable {
  user_id: string;
  provider: string;
  customer_id: string;
  created_at: string;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: string;
  customer_id: string;
  plan: string | null;
  status: string;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  /** boolean in PostgreSQL, 0/1 in SQLite. */
  cancel_at_period_end: boolean | number;
  canceled_at: string | null;
  /** `created` of the newest provider event applied to this row (unix seconds); 0 for API reads. */
  event_created: number;
  created_at: string;
  updated_at: string;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface SandboxCheckoutSessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan: string;
  trial_days: number;
  locale: string;
  success_url: string;
  cancel_url: string;
  status: string;
  subscription_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface SandboxSubscriptionsTable {
  id: string;
  customer_id: string;
  user_id: string;
  plan: string;
  status: string;
  trial_end: string | null;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean | number;
  canceled_at: string | null;
  created_at: string;
}

export interface BillingTables {
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  sandbox_checkout_sessions: SandboxCheckoutSessionsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
}

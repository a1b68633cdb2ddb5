import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Locale, Mailer } from '../mail/mail.types.ts';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createEventProcessor } from './billing.events.ts';
import type { BillingNotice, EventProcessor } from './billing.events.ts';
import { createBillingService } from './billing.service.ts';
import type { BillingService } from './billing.service.ts';
import { createEntitlements } from './entitlements.ts';
import type { Entitlements } from './entitlements.ts';
import type { BillingProvider } from './provider.types.ts';
import { createSandboxProvider } from './sandbox.provider.ts';
import type { Sandbox } from './sandbox.provider.ts';
import { createStripeProvider } from './stripe.provider.ts';

export interface Billing {
  provider: BillingProvider;
  service: BillingService;
  entitlements: Entitlements;
  events: EventProcessor;
  /** Set when Stripe is configured: verifies webhook signatures. */
  stripe: ReturnType<typeof createStripeProvider> | null;
  /** Set when the sandbox is the provider: its checkout and portal pages use it. */
  sandbox: Sandbox | null;
}

const LOCALES: readonly string[] = ['en', 'es', 'de'];

/** Builds billing on Stripe when its keys are set, otherwise on the built-in sandbox. */
export function setupBilling(deps: {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  profiles: ProfileRepository;
}): Billing {
  const { config, clock } = deps;
  const repo = createBillingRepository(deps.db, deps.dialect);
  const isFlaggedPremium = async (userId: string) =>
    (await deps.profiles.findById(userId))?.is_premium ?? false;

  const notify = async (userId: string, notice: BillingNotice): Promise<void> => {
    const profile = await deps.profiles.findById(userId);
    if (!profile) return;
    const stored = await deps.profiles.localeOf(userId);
    const locale: Locale = stored && LOCALES.includes(stored) ? (stored as Locale) : 'en';
    const base = `${config.publicUrl}${locale === 'en' ? '' : `/${locale}`}`;
    const day = (d: Date) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
    const data: Record<string, string> =
      notice.template === 'welcome-trial'
        ? { plan: notice.plan, trial_end: day(notice.trialEnd), url: `${base}/app` }
        : notice.template === 'trial-ending'
          ? { date: day(notice.date), url: `${base}/profile` }
          : { url: `${base}/profile` };
    await deps.mailer.send({
      to: profile.email,
      template: notice.template,
      locale,
      data: { ...data, name: profile.full_name },
    });
  };

  const stripeKeys = config.stripe;
  const stripe = stripeKeys ? createStripeProvider(stripeKeys) : null;
  if (!stripe && config.isProduction) {
    deps.log.warn(
      'Billing runs in the SANDBOX in production: anyone can start a subscription without paying. Set the STRIPE_* keys to charge cards.',
    );
  }
  // The sandbox emits its events into the processor, which is built right after it.
  let events: EventProcessor | null = null;
  const sandbox = stripe
    ? null
    : createSandboxProvider({
        db: deps.db,
        dialect: deps.dialect,
        clock,
        publicUrl: config.publicUrl,
        emit: (event) => events!.processEvent(event),
      });
  const provider = stripe ?? sandbox!.provider;
  events = createEventProcessor({ repo, provider, clock, log: deps.log, notify });
  const refresh = async (userId: string) => {
    await sandbox?.advance(userId);
  };
  const service = createBillingService({
    repo,
    provider,
    events,
    clock,
    publicUrl: config.publicUrl,
    isFlaggedPremium,
    refresh,
  });
  const entitlements = createEntitlements({ repo, clock, isFlaggedPremium, refresh });
  return { provider, service, entitlements, events, stripe, sandbox };
}

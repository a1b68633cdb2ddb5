import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import type { Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Clock } from './lib/clock.ts';
import { OffsetClock, systemClock } from './lib/clock.ts';
import { createAuditLogRepository } from './modules/admin/audit-log.repository.ts';
import { resolveAuthSecret } from './modules/auth/auth-secret.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { setupBilling } from './modules/billing/billing.setup.ts';
import type { Billing } from './modules/billing/billing.setup.ts';
import type { Entitlements } from './modules/billing/entitlements.ts';
import type { MailRepository } from './modules/mail/mail.repository.ts';
import { setupMail } from './modules/mail/mail.setup.ts';
import type { Mailer } from './modules/mail/mail.types.ts';
import { createProfileRepository } from './modules/profile/profile.repository.ts';
import type { ProfileRepository } from './modules/profile/profile.repository.ts';
import type { JobQueue } from './modules/queue/queue.types.ts';
import { TableJobQueue } from './modules/queue/table-queue.ts';

/**
 * Everything the routes need, built once per process (or per test). Services receive only the
 * parts they use; this object is the composition root, not a service locator for services.
 */
export interface Container {
  config: Config;
  log: FastifyBaseLogger;
  db: Db['db'];
  dbHandle: Db;
  clock: Clock;
  /** Present when ENABLE_TEST_CLOCK is on: lets tests move time forward. */
  testClock: OffsetClock | null;
  /** Renders and delivers mail (outbox by default, SMTP through the queue when SMTP_URL is set). */
  mailer: Mailer;
  mailRepository: MailRepository;
  /** Durable background jobs (documents, mail); started by the queue module when the app is ready. */
  queue: JobQueue;
  /** Better Auth and session lookup (`requireUser` / `requireAdmin` use it). */
  auth: AuthService;
  profiles: ProfileRepository;
  /** Plans, checkout, subscriptions and webhooks (Stripe when configured, else the sandbox). */
  billing: Billing;
  /** `isPremium(userId)`: admin flag or a live subscription, read fresh from the DB per call. */
  entitlements: Entitlements;
  /** Called in reverse order on shutdown. */
  onClose(fn: () => Promise<void> | void): void;
  close(): Promise<void>;
}

export interface ContainerOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
}

export async function createContainer(
  config: Config,
  options: ContainerOptions = {},
): Promise<Container> {
  const log =
    options.log ??
    (pino({ level: config.LOG_LEVEL, name: 'uncrumple' }) as unknown as FastifyBaseLogger);
  const dbHandle = openDatabase(config.database, {
    onConnectionError: (err) => log.warn({ err }, 'database connection lost; it will be replaced'),
  });
  await migrateToLatest(dbHandle.db as never, dbHandle.dialect);
  const testClock = config.ENABLE_TEST_CLOCK ? new OffsetClock() : null;
  const closers: Array<() => Promise<void> | void> = [() => dbHandle.close()];
  const queue = new TableJobQueue(dbHandle.db, dbHandle.dialect, log, {
    leaseMs: config.JOB_LEASE_SECONDS * 1000,
    pollMs: config.JOB_POLL_MS,
  });
  closers.push(() => queue.stop());
  const clock = options.clock ?? testClock ?? systemClock;
  const mail = setupMail({ config, db: dbHandle.db, clock, log, queue });
  closers.push(() => mail.close());
  const profiles = createProfileRepository(dbHandle.db, dbHandle.dialect);
  const auth = createAuthService({
    config,
    db: dbHandle.db,
    dialect: dbHandle.dialect,
    mailer: mail.mailer,
    profiles,
    audit: createAuditLogRepository(dbHandle.db),
    clock,
    log,
    secret: resolveAuthSecret(config),
  });
  const billing = setupBilling({
    config,
    db: dbHandle.db,
    dialect: dbHandle.dialect,
    clock,
    log,
    mailer: mail.mailer,
    profiles,
  });
  return {
    config,
    log,
    db: dbHandle.db,
    dbHandle,
    clock,
    testClock,
    mailer: mail.mailer,
    mailRepository: mail.repository,
    queue,
    auth,
    profiles,
    billing,
    entitlements: billing.entitlements,
    onClose: (fn) => void closers.push(fn),
    close: async () => {
      for (const fn of closers.reverse()) await fn();
    },
  };
}

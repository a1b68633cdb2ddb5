import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/**
 * Every setting the server reads, parsed once at boot. Defaults give the embedded setup:
 * SQLite and files under DATA_DIR, the sandbox billing provider and the mail outbox.
 * Each key is documented in README.md ("Configuration").
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must be a postgres:// URL or sqlite:<path>')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) => v.trim()),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: emailList,
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Sessions unused for this many days end (idle expiry); activity extends them. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Sessions end this many days after sign-in whatever the activity (absolute expiry). */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Requests per client IP and window to sign-in, sign-up, reset and resend (0 = no limit). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(0).max(100_000).default(10),
  AUTH_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** SMTP delivery (nodemailer), e.g. smtps://user:pass@smtp.example.com:465; unset = the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Uncrumple <no-reply@localhost>'),
  SUPPORT_EMAIL: z
    .string()
    .regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an email address')
    .default('support@localhost'),
  /**
   * Delivery attempts per mail before it is marked failed. Retries back off exponentially (2 s
   * doubling, capped at 5 min by the queue), so the default 20 rides out about an hour of outage.
   */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  /** Job queue: how long a claimed job is leased before another process may take it over. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Job queue: poll interval when no job was enqueued in this process. */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** Stripe billing: all of the secret key, webhook secret and three price ids, or none (sandbox). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_1_MONTH: z.string().min(1).optional(),
  STRIPE_PRICE_3_MONTHS: z.string().min(1).optional(),
  STRIPE_PRICE_1_YEAR: z.string().min(1).optional(),
  /** Where the Stripe SDK sends requests (protocol://host:port); for tests against a stand-in. */
  STRIPE_API_BASE: z.url().optional(),
  /** Documents: worker threads running the engine (default: CPU cores - 1, at least 1; 1 on 2 cores). */
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Documents: start the worker threads at boot, each restoring a small drawn page, so the first
   * document after a start is not slowed by V8 compiling the engine (default: on, except when
   * NODE_ENV=test, where every test app would pay for it).
   */
  WORKER_WARM_UP: bool.optional(),
  /** Documents: largest accepted upload per file, in MB. */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(50),
  /** Documents: queued or processing documents one user may have at once (more answers 429). */
  MAX_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /** Documents: caps checked from headers before decoding (pixel floods, page bombs). */
  MAX_MEGAPIXELS_PER_PAGE: z.coerce.number().min(1).max(1000).default(100),
  MAX_PAGES_PER_DOCUMENT: z.coerce.number().int().min(1).max(1000).default(50),
  /** Documents: processing time allowed per page before the worker thread is stopped. */
  DOCUMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
  /** Documents: how long a result is kept when nobody downloads it. */
  RESULT_RETENTION_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** Documents: how often the retention sweeper runs (it also runs at startup). */
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Allows tests and the e2e suite to move the server's clock forward (never in production). */
  ENABLE_TEST_CLOCK: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  isProduction: boolean;
  /** Stripe settings when every Stripe key is set; null means the built-in billing sandbox. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    prices: { '1-month': string; '3-months': string; '1-year': string };
    apiBase?: string;
  } | null;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres(ql)?:\/\//.test(url)
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url
            ? path.resolve(url.replace(/^(sqlite:|file:)/, ''))
            : path.join(dataDir, 'uncrumple.db'),
        };
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError(['AUTH_SECRET: required in production (at least 32 random characters)']);
  }
  if (e.NODE_ENV === 'production' && e.ENABLE_TEST_CLOCK) {
    throw new ConfigError(['ENABLE_TEST_CLOCK: must not be set in production']);
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(['GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: set both or neither']);
  }
  const stripeKeys = [
    e.STRIPE_SECRET_KEY,
    e.STRIPE_WEBHOOK_SECRET,
    e.STRIPE_PRICE_1_MONTH,
    e.STRIPE_PRICE_3_MONTHS,
    e.STRIPE_PRICE_1_YEAR,
  ];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET / STRIPE_PRICE_1_MONTH / STRIPE_PRICE_3_MONTHS / STRIPE_PRICE_1_YEAR: set all of them (Stripe) or none (sandbox)',
    ]);
  }
  const stripe =
    e.STRIPE_SECRET_KEY &&
    e.STRIPE_WEBHOOK_SECRET &&
    e.STRIPE_PRICE_1_MONTH &&
    e.STRIPE_PRICE_3_MONTHS &&
    e.STRIPE_PRICE_1_YEAR
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          prices: {
            '1-month': e.STRIPE_PRICE_1_MONTH,
            '3-months': e.STRIPE_PRICE_3_MONTHS,
            '1-year': e.STRIPE_PRICE_1_YEAR,
          },
          ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
        }
      : null;
  return {
    ...e,
    stripe,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database,
    isProduction: e.NODE_ENV === 'production',
  };
}

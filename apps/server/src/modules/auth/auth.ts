import { betterAuth } from 'better-auth';
import type { BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditLogRepository } from '../admin/audit-log.repository.ts';
import type { Locale, Mailer } from '../mail/mail.types.ts';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import { callbackOf, localeFromAcceptLanguage, localeFromPath, localePrefix } from './locale.ts';
import {
  MIN_PASSWORD_LENGTH,
  passwordProblems,
  passwordProblemsMessage,
} from './password-policy.ts';

/**
 * The header that carries the client IP to Better Auth (rate limits, session records). The
 * Fastify route overwrites it with `request.ip`, which honours TRUST_PROXY, so a client-sent
 * X-Forwarded-For cannot choose its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = 'x-uncrumple-client-ip';

export interface AuthDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Mailer;
  profiles: ProfileRepository;
  /** Where promotions by ADMIN_EMAILS are recorded (the admin module's audit log). */
  audit: Pick<AuditLogRepository, 'record'>;
  clock: Clock;
  log: FastifyBaseLogger;
  secret: string;
}

const DAY_S = 24 * 60 * 60;

/** Builds the Better Auth instance on our Kysely database. */
export function createBetterAuth(deps: AuthDeps) {
  const { config, mailer, profiles, clock, log } = deps;
  const publicOrigin = new URL(config.publicUrl).origin;
  const absoluteLifetimeMs = config.SESSION_MAX_AGE_DAYS * DAY_S * 1000;
  const limit = { window: config.AUTH_RATE_LIMIT_WINDOW_S, max: config.AUTH_RATE_LIMIT_MAX };

  // The page the link returns to decides the language; with no page given ('/'), the profile's.
  const localeForLink = async (link: string, userId: string): Promise<Locale> => {
    const callback = callbackOf(link);
    const fromCallback = callback && callback !== '/' ? callbackLocale(callback) : null;
    return fromCallback ?? asLocale(await profiles.localeOf(userId)) ?? 'en';
  };

  const options = {
    appName: 'Uncrumple',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db: deps.db, type: deps.dialect },
    // PUBLIC_URL's origin, plus the origin the request itself was addressed to (same-origin by
    // definition: e.g. http://127.0.0.1:3000 when PUBLIC_URL says localhost). Same rule as app.ts.
    trustedOrigins: (request) => [publicOrigin, request ? new URL(request.url).origin : null],
    telemetry: { enabled: false },
    logger: {
      // 'info' keeps Better Auth from echoing every 4xx through its own console logger.
      level: 'info',
      log: (level, message, ...args) => {
        log[level]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const locale = await localeForLink(url, user.id);
        await mailer.send({
          to: user.email,
          template: 'password-reset',
          locale,
          data: { url, name: user.name },
        });
      },
      onPasswordReset: async ({ user }) => {
        const locale = asLocale(await profiles.localeOf(user.id)) ?? 'en';
        await mailer.send({
          to: user.email,
          template: 'password-changed',
          locale,
          data: { name: user.name },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified user who signs in with the right password gets a fresh link (mailer caps the rate).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        const locale = await localeForLink(url, user.id);
        await mailer.send({
          to: user.email,
          template: 'verify-email',
          locale,
          data: { url: withSignInLanding(url, locale), name: user.name },
        });
      },
    },
    socialProviders:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              prompt: 'select_account',
            },
          }
        : {},
    session: {
      // Idle expiry: a session unused for SESSION_IDLE_DAYS ends; use extends it (at most daily).
      expiresIn: config.SESSION_IDLE_DAYS * DAY_S,
      updateAge: Math.min(DAY_S, Math.floor((config.SESSION_IDLE_DAYS * DAY_S) / 2)),
      freshAge: DAY_S,
    },
    rateLimit: {
      enabled: config.AUTH_RATE_LIMIT_MAX > 0,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': limit,
        '/sign-up/email': limit,
        '/request-password-reset': limit,
        '/reset-password': limit,
        '/send-verification-email': limit,
        '/sign-in/social': limit,
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        // Better Auth's /update-user may change the name or picture: keep the profile in step.
        update: {
          after: async (user) => {
            if (!user) return;
            await profiles.syncFromAuthUser(
              user.id,
              { full_name: (user.name ?? '').trim(), avatar_url: user.image ?? null },
              clock.now().toISOString(),
            );
          },
        },
        create: {
          after: async (user, ctx) => {
            const body = (ctx?.body ?? {}) as { callbackURL?: unknown };
            const locale =
              callbackLocale(typeof body.callbackURL === 'string' ? body.callbackURL : null) ??
              localeFromAcceptLanguage(ctx?.headers?.get('accept-language')) ??
              'en';
            const email = user.email.toLowerCase();
            const isAdmin = config.ADMIN_EMAILS.includes(email);
            const now = clock.now().toISOString();
            await profiles.create(
              {
                id: user.id,
                email,
                full_name: (user.name ?? '').trim(),
                avatar_url: user.image ?? null,
                is_admin: isAdmin,
                locale,
              },
              now,
            );
            if (isAdmin) {
              await deps.audit.record({
                actor_id: null,
                action: 'profile.grant_admin',
                target_id: user.id,
                details: { email, from: false, to: true, via: 'ADMIN_EMAILS' },
                created_at: now,
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if ((ctx.path === '/sign-up/email' || ctx.path === '/update-user') && 'name' in body) {
          const problem = fullNameProblem(body.name);
          if (problem)
            throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
        }
        let password: unknown;
        let email: string | undefined;
        if (ctx.path === '/sign-up/email') {
          password = body.password;
          email = typeof body.email === 'string' ? body.email : undefined;
        } else if (ctx.path === '/reset-password') {
          password = body.newPassword;
          email = await emailForReset(ctx.context, body.token);
        } else if (ctx.path === '/change-password') {
          password = body.newPassword;
          email = (await getSessionFromCtx(ctx))?.user.email;
        } else {
          return;
        }
        if (typeof password !== 'string') return;
        const problems = passwordProblems(password, email);
        if (problems.length > 0) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_TOO_WEAK',
            message: passwordProblemsMessage(problems),
            reasons: problems,
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Absolute expiry: Better Auth only slides sessions forward (idle expiry); a session
        // older than SESSION_MAX_AGE_DAYS is ended here whatever its activity.
        if (ctx.path !== '/get-session') return;
        const returned = ctx.context.returned as
          { session?: { token: string; createdAt: Date | string } } | null | undefined;
        const session = returned && typeof returned === 'object' ? returned.session : undefined;
        if (!session) return;
        const age = Date.now() - new Date(session.createdAt).getTime();
        if (age <= absoluteLifetimeMs) return;
        await ctx.context.internalAdapter.deleteSession(session.token);
        deleteSessionCookie(ctx);
        return ctx.json(null);
      }),
    },
  } satisfies BetterAuthOptions;

  return betterAuth(options);
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;

/**
 * A verification link without a page to return to (e.g. sent at sign-in) lands on the sign-in
 * page in the user's language, marked as verified, rather than on the home page.
 */
function withSignInLanding(link: string, locale: Locale): string {
  const url = new URL(link);
  const callback = url.searchParams.get('callbackURL');
  if (callback && callback !== '/') return link;
  url.searchParams.set('callbackURL', `${localePrefix(locale)}/auth?mode=signin&verified=1`);
  return url.toString();
}

export const MAX_FULL_NAME = 120;

/** Why a full name is refused, or null (empty is allowed and stored as ''). */
function fullNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'Full name must be text.';
  if (name.trim().length > MAX_FULL_NAME) {
    return `Full name must be at most ${MAX_FULL_NAME} characters.`;
  }
  if ([...name].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return 'Full name must not contain control characters.';
  }
  return null;
}

function asLocale(value: string | null | undefined): Locale | null {
  return value === 'en' || value === 'es' || value === 'de' ? value : null;
}

function callbackLocale(callbackURL: string | null): Locale | null {
  // Only app paths carry a language; absolute URLs to other places say nothing.
  return callbackURL && callbackURL.startsWith('/') ? localeFromPath(callbackURL) : null;
}

/** The email of the user a reset token belongs to (for the "no email in password" rule). */
async function emailForReset(
  context: {
    internalAdapter: {
      findVerificationValue(id: string): Promise<{ value: string } | null>;
      findUserById(id: string): Promise<{ email: string } | null>;
    };
  },
  token: unknown,
): Promise<string | undefined> {
  if (typeof token !== 'string' || !token) return undefined;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  if (!verification) return undefined;
  const user = await context.internalAdapter.findUserById(verification.value);
  return user?.email;
}

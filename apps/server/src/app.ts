import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyError } from 'fastify';
import { ZodError } from 'zod';
import type { Container } from './container.ts';
import { AppError } from './lib/app-error.ts';
import { modules } from './modules/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDistDir = path.resolve(here, '../../web/dist');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildAppOptions {
  /** Where the built SPA lives (default apps/web/dist); tests point it at a fixture. */
  webDistDir?: string;
}

/** Builds the HTTP app on a ready container. Listening is the caller's job (main.ts or tests). */
export async function buildApp(
  container: Container,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = container;
  const app: FastifyInstance = Fastify({
    loggerInstance: container.log,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google account pictures are shown as avatars (profiles.avatar_url).
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com', 'https://accounts.google.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });

  // State-changing requests that carry a session cookie must come from our own origin; and a
  // request that names a foreign Origin is refused even without a cookie (login CSRF: another
  // site must not sign a visitor in to an account of its choosing). Clients that send no Origin
  // and no cookie (API keys, webhooks, curl) are unaffected. See docs/decisions/005-origin-checks.md.
  const ownOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie && request.headers.origin === undefined) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== ownOrigin && origin !== hostOrigin) {
      throw new AppError('cross_site_request', 'Cross-site request refused');
    }
  });

  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, details: error.details } });
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const message = details
        .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
        .join('; ');
      return reply.status(400).send({ error: { code: 'validation_failed', message, details } });
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({
        error: {
          code: 'internal',
          message: 'Something went wrong on our side. Please try again.',
        },
      });
    }
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 429
          ? 'rate_limited'
          : status === 415
            ? 'unsupported_media_type'
            : 'bad_request';
    return reply.status(status).send({ error: { code, message: error.message } });
  });

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await container.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      return { ok: true, db: 'ok' };
    } catch (err) {
      container.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ ok: false, db: 'unavailable' });
    }
  });

  for (const register of modules) await register(app, container);

  await serveSpa(app, options.webDistDir ?? webDistDir);
  return app;
}

/** Serves the built SPA: hashed assets cached for a year, index.html never cached. */
async function serveSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Our setHeaders decides caching; fastify-static's default would overwrite it with max-age=0.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const isIndex = path.basename(filePath) === 'index.html';
        res.setHeader(
          'Cache-Control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : isIndex
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url.startsWith('/dev/') || url === '/api';
    if (isApi || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for ${request.method} ${url}` } });
    }
    if (!hasSpa) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`.');
    }
    // Unknown non-API paths get the SPA, which renders its own 404 page.
    return reply.type('text/html').sendFile('index.html', { cacheControl: false });
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** TRUST_PROXY: '' / false (default, X-Forwarded-For ignored), true, a hop count, or addresses/CIDRs. */
function parseTrustProxy(value: string): TrustProxy {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((s) => s.trim());
}

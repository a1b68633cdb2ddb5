import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { currentUser } from './require-user.ts';
import type { BetterAuthInstance } from './auth.ts';

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  CLIENT_IP_HEADER,
]);

/** Mounts Better Auth at /api/auth/* and exposes the auth service to `requireUser`. */
export async function registerAuth(app: FastifyInstance, container: Container): Promise<void> {
  app.decorate('authService', container.auth);
  const handler = container.auth.betterAuth.handler;
  const base = container.config.publicUrl;

  await app.register(async (scope) => {
    // Better Auth accepts form posts on some routes (e.g. OAuth form_post callbacks): pass them raw.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request, reply) => {
        // Session rules of ours (absolute lifetime) run on /get-session; resolving the caller
        // first makes every other Better Auth endpoint see an expired session as gone too.
        if (request.headers.cookie && !request.url.startsWith('/api/auth/get-session')) {
          await currentUser(request);
        }
        return forward(handler, base, request, reply);
      },
    });
  });
}

async function forward(
  handler: BetterAuthInstance['handler'],
  base: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // request.ip follows TRUST_PROXY: without a trusted proxy it is the socket address.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const body =
    request.method === 'GET' || request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  const response = await handler(
    new Request(addressedUrl(request, base), { method: request.method, headers, body }),
  );
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const payload = Buffer.from(await response.arrayBuffer());
  return reply.send(payload.length > 0 ? payload : null);
}

/** The URL as the client addressed it (protocol and host honour TRUST_PROXY); PUBLIC_URL if odd. */
function addressedUrl(request: FastifyRequest, base: string): URL {
  try {
    return new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    return new URL(request.url, base);
  }
}

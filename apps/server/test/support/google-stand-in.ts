import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/** Google's hosts the Better Auth google provider talks to (authorization, token, JWKS, userinfo). */
const GOOGLE_HOSTS = new Set([
  'accounts.google.com',
  'oauth2.googleapis.com',
  'www.googleapis.com',
  'openidconnect.googleapis.com',
]);

export interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

interface PendingCode {
  user: GoogleUser;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  scope: string;
}

export interface GoogleStandIn {
  origin: string;
  /** The account the next visitor of the consent screen "chooses". */
  nextUser: GoogleUser;
  /** Every request the stand-in received, as `METHOD host path`. */
  requests: string[];
  /** An id_token as Google would sign it; `forged` signs with a key Google never published. */
  issueIdToken(user: GoogleUser, options?: { forged?: boolean }): Promise<string>;
  /** Routes Google's hostnames in `globalThis.fetch` to the stand-in; returns the undo. */
  interceptFetch(): () => void;
  /** The stand-in's URL for a real Google URL (what a browser would reach). */
  rewrite(url: string): string;
  close(): Promise<void>;
}

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints that speaks the real
 * protocol: the authorization endpoint redirects back with a one-time code, the token endpoint
 * checks client credentials, redirect_uri and PKCE and returns an RS256-signed id_token, the
 * JWKS endpoint publishes the key and the userinfo endpoint answers for the access token.
 */
export async function startGoogleStandIn(client: {
  clientId: string;
  clientSecret: string;
}): Promise<GoogleStandIn> {
  const kid = randomBytes(8).toString('hex');
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, GoogleUser>();
  const requests: string[] = [];

  async function signIdToken(
    user: GoogleUser,
    audience: string,
    nonce: string | null,
    key: Parameters<SignJWT['sign']>[0] = privateKey,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: user.email,
      email_verified: user.email_verified,
      name: user.name,
      picture: user.picture,
      azp: audience,
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setSubject(user.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'server_error', error_description: String(err) }));
    });
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const host = String(req.headers['x-google-host'] ?? req.headers.host ?? '');
    requests.push(`${req.method} ${host} ${url.pathname}`);

    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== client.clientId || !redirectUri) {
        return json(res, 400, { error: 'invalid_request', error_description: 'bad client_id' });
      }
      if (q.get('response_type') !== 'code' || !q.get('scope')?.split(' ').includes('openid')) {
        return json(res, 400, {
          error: 'invalid_request',
          error_description: 'unsupported request',
        });
      }
      if (q.get('code_challenge') && q.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request', error_description: 'S256 required' });
      }
      const code = `4/${randomBytes(16).toString('base64url')}`;
      codes.set(code, {
        user: stand.nextUser,
        clientId: client.clientId,
        redirectUri,
        codeChallenge: q.get('code_challenge'),
        nonce: q.get('nonce'),
        scope: q.get('scope') ?? '',
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      const state = q.get('state');
      if (state) back.searchParams.set('state', state);
      back.searchParams.set('scope', q.get('scope') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }

    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get('client_id');
      let clientSecret = form.get('client_secret');
      const basic = /^Basic (.+)$/i.exec(String(req.headers.authorization ?? ''));
      if (basic?.[1]) {
        const [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':');
        clientId = decodeURIComponent(id ?? '');
        clientSecret = decodeURIComponent(secret ?? '');
      }
      if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
      }
      if (form.get('grant_type') !== 'authorization_code') {
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code); // codes work once
      if (!pending || pending.redirectUri !== form.get('redirect_uri')) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      if (pending.codeChallenge) {
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== pending.codeChallenge) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE failed' });
        }
      }
      const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
      accessTokens.set(accessToken, pending.user);
      const idToken = await signIdToken(pending.user, pending.clientId, pending.nonce);
      return json(res, 200, {
        access_token: accessToken,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: pending.scope,
        id_token: idToken,
      });
    }

    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') {
      return json(res, 200, { keys: [jwk] });
    }

    if (req.method === 'GET' && ['/oauth2/v3/userinfo', '/v1/userinfo'].includes(url.pathname)) {
      const token = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      const user = token ? accessTokens.get(token) : undefined;
      if (!user) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, user);
    }

    json(res, 404, { error: 'not_found', path: url.pathname });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stand: GoogleStandIn = {
    origin,
    nextUser: {
      sub: '109876543210987654321',
      email: 'gabi@gmail.example',
      email_verified: true,
      name: 'Gabi Google',
      picture: 'https://lh3.googleusercontent.example/a/gabi.png',
    },
    requests,
    async issueIdToken(user, options) {
      const key = options?.forged ? (await generateKeyPair('RS256')).privateKey : privateKey;
      return signIdToken(user, client.clientId, null, key);
    },
    rewrite(url) {
      const parsed = new URL(url);
      if (!GOOGLE_HOSTS.has(parsed.hostname)) return url;
      return `${origin}${parsed.pathname}${parsed.search}`;
    },
    interceptFetch() {
      const realFetch = globalThis.fetch;
      globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        const host = new URL(url).hostname;
        if (!GOOGLE_HOSTS.has(host)) return realFetch(input, init);
        const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
        headers.set('x-google-host', host);
        if (input instanceof Request) {
          return realFetch(new Request(stand.rewrite(url), input), { headers });
        }
        return realFetch(stand.rewrite(url), { ...init, headers });
      }) as typeof fetch;
      return () => {
        globalThis.fetch = realFetch;
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stand;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

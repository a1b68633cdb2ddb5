import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_URL } from './test-app.ts';

/**
 * A tiny browser stand-in over `app.inject`: keeps cookies like a browser would (name → value,
 * cleared when the server expires them) and sends our own Origin on state-changing requests.
 *
 * @example
 * const browser = new TestBrowser(app);
 * await browser.post('/api/auth/sign-in/email', { email, password });
 * const me = await browser.get('/api/profile');
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    readonly defaults: {
      remoteAddress?: string;
      headers?: Record<string, string>;
      /** Origin sent on state-changing requests (default TEST_PUBLIC_URL). */
      origin?: string;
    } = {},
  ) {}

  get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url, headers });
  }

  post(
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url,
      payload: body as InjectOptions['payload'],
      headers,
    });
  }

  patch(
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'PATCH',
      url,
      payload: body as InjectOptions['payload'],
      headers,
    });
  }

  async request(options: {
    method: InjectOptions['method'];
    url: string;
    payload?: InjectOptions['payload'];
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...this.defaults.headers };
    if (options.method !== 'GET' && options.method !== 'HEAD')
      headers.origin = this.defaults.origin ?? TEST_PUBLIC_URL;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    Object.assign(headers, options.headers);
    const url = options.url.startsWith('http') ? new URL(options.url) : null;
    const response = await this.app.inject({
      method: options.method,
      url: url ? `${url.pathname}${url.search}` : options.url,
      headers,
      payload: options.payload,
      remoteAddress: this.defaults.remoteAddress,
    });
    this.store(response);
    return response;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The session token cookie's value (Better Auth signs it: `<token>.<signature>`). */
  sessionCookie(): string | undefined {
    for (const [name, value] of this.cookies) if (name.endsWith('session_token')) return value;
    return undefined;
  }

  private store(response: LightMyRequestResponse): void {
    for (const c of response.cookies) {
      const expires = c.expires ? new Date(c.expires).getTime() : undefined;
      const gone =
        c.maxAge === 0 ||
        (c.maxAge !== undefined && c.maxAge < 0) ||
        (expires !== undefined && expires <= Date.now()) ||
        c.value === '';
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  links: string[];
  template: string;
  locale: string;
}

/** Mail the server rendered for `to`, newest first, read through /dev/mailbox.json. */
export async function mailFor(
  app: FastifyInstance,
  to: string,
  template?: string,
): Promise<MailboxEntry[]> {
  const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  if (response.statusCode !== 200)
    throw new Error(`/dev/mailbox.json answered ${response.statusCode}`);
  return (response.json() as MailboxEntry[]).filter(
    (m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!template || m.template === template),
  );
}

/** The first link in the newest mail of this template to `to` that contains `contains`. */
export async function linkFrom(
  app: FastifyInstance,
  to: string,
  template: string,
  contains: string,
): Promise<string> {
  const [mail] = await mailFor(app, to, template);
  const link = mail?.links.find((l) => l.includes(contains));
  if (!link) throw new Error(`No ${template} mail with a link containing ${contains} for ${to}`);
  return link;
}

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

/**
 * A local HTTP stand-in for the parts of the Stripe API we call, answering in Stripe's wire format
 * (form-encoded requests, JSON objects with `object` fields, Stripe error bodies). The real
 * `stripe` SDK talks to it through STRIPE_API_BASE. Tests drive "what happened at Stripe" with
 * `completeCheckout` and `update`, then deliver the matching signed webhooks.
 */
export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json & { params: Record<string, string> }>();
  readonly subscriptions = new Map<string, Json>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const params = Object.fromEntries(
          new URLSearchParams(req.method === 'GET' ? url.search : body),
        );
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        this.requests.push({
          method: req.method ?? '',
          path: url.pathname,
          params,
          idempotencyKey: header('idempotency-key'),
          authorization: header('authorization'),
        });
        const [status, json] = this.route(req.method ?? '', url.pathname, params);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private route(method: string, path: string, p: Record<string, string>): [number, Json] {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: p.email ?? null,
        metadata: metadataOf(p, 'metadata'),
        created: now(),
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!p.customer || !this.customers.has(p.customer)) return notFound('customer', p.customer);
      const sid = id('cs_test');
      const session = {
        id: sid,
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        customer: p.customer,
        client_reference_id: p.client_reference_id ?? null,
        metadata: metadataOf(p, 'metadata'),
        subscription: null,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        url: `https://checkout.stripe.com/c/pay/${sid}`,
        params: p,
      };
      this.sessions.set(sid, session);
      const { params: _params, ...wire } = session;
      return [200, wire];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!p.customer || !this.customers.has(p.customer)) return notFound('customer', p.customer);
      const bid = id('bps');
      return [
        200,
        {
          id: bid,
          object: 'billing_portal.session',
          customer: p.customer,
          return_url: p.return_url,
          url: `https://billing.stripe.com/p/session/${bid}`,
        },
      ];
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const sub = this.subscriptions.get(match[1]!);
      if (!sub) return notFound('subscription', match[1]);
      if (method === 'POST') {
        if (sub.status === 'canceled') {
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message:
                  'A canceled subscription can only update its cancellation_details and metadata.',
              },
            },
          ];
        }
        if (p.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
      }
      return [200, sub];
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}).`,
        },
      },
    ];
  }

  /** The customer paid (or started the trial) on Stripe's checkout page. */
  completeCheckout(sessionId: string): { session: Json; subscription: Json } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const p = session.params;
    const trialDays = Number(p['subscription_data[trial_period_days]'] ?? 0);
    const start = now();
    const end = trialDays ? start + trialDays * DAY : start + 30 * DAY;
    const subscription: Json = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialDays ? 'trialing' : 'active',
      created: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      trial_start: trialDays ? start : null,
      trial_end: trialDays ? end : null,
      metadata: metadataOf(p, 'subscription_data[metadata]'),
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: end,
            price: { id: p['line_items[0][price]'], object: 'price' },
            quantity: 1,
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id as string, subscription);
    session.status = 'complete';
    session.subscription = subscription.id;
    const { params: _params, ...wire } = session;
    return { session: wire, subscription };
  }

  /** Changes a subscription at "Stripe" (as its dashboard, a renewal or dunning would). */
  update(subscriptionId: string, patch: Json): Json {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    Object.assign(sub, patch);
    return structuredClone(sub);
  }

  /** POSTs we received without an Idempotency-Key header (should be none). */
  postsWithoutIdempotencyKey(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && !r.idempotencyKey);
  }
}

function metadataOf(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lead = `${prefix}[`;
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith(lead) && key.endsWith(']')) out[key.slice(lead.length, -1)] = value;
  }
  return out;
}

function notFound(kind: string, what: string | undefined): [number, Json] {
  return [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${what ?? ''}'`,
        param: 'id',
      },
    },
  ];
}

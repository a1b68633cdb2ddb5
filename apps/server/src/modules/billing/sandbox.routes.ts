import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Container } from '../../container.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml as h } from '../mail/templates/render.ts';
import { currentUser } from '../auth/require-user.ts';
import { isPlanId, PLANS } from './plans.ts';
import { asSandboxLocale, sandboxCopy } from './sandbox.copy.ts';
import type { SandboxLocale } from './sandbox.copy.ts';
import type { Sandbox } from './sandbox.provider.ts';

const STYLE = `body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;margin:0}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}
.banner{background:#fef3c7;color:#78350f;border:2px dashed #d97706;padding:10px 12px;border-radius:8px;font-weight:700;text-align:center;margin-bottom:20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#4b5563}dd{margin:0;font-weight:600}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #4f46e5;cursor:pointer;width:100%;margin-top:12px}
.primary{background:#4f46e5;color:#fff}.secondary{background:#fff;color:#4f46e5}
.sub{border:1px solid #e5e7eb;border-radius:8px;padding:12px;margin:12px 0}a{color:#4338ca}`;

function page(
  reply: FastifyReply,
  locale: SandboxLocale,
  title: string,
  body: string,
  status = 200,
) {
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${h(title)} · Uncrumple</title><style>${STYLE}</style></head><body><main><div class="banner" role="note">${h(sandboxCopy[locale].banner)}</div><h1>${h(title)}</h1>${body}</main></body></html>`;
  return (
    reply
      .status(status)
      .header('Cache-Control', 'no-store')
      // Helmet's no-referrer makes browsers send `Origin: null` on form posts, which our same-origin
      // check refuses; same-origin keeps the Origin on our own forms and hides it from others.
      .header('Referrer-Policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

const dateIn = (locale: SandboxLocale, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const portalForm = z.object({ subscription: z.string().min(1), locale: z.string().optional() });

/** The sandbox's own checkout and portal pages (only when the sandbox is the provider). */
export async function registerSandboxRoutes(
  app: FastifyInstance,
  container: Container,
  sandbox: Sandbox,
) {
  // Plain HTML forms post urlencoded bodies; nothing here needs more than flat fields.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.setErrorHandler(async (error, request, reply) => {
      const locale = asSandboxLocale((request.query as { locale?: string } | undefined)?.locale);
      const status = error instanceof AppError ? error.status : 500;
      if (status >= 500) request.log.error({ err: error }, 'sandbox page failed');
      const message =
        status >= 500 || !(error instanceof Error)
          ? 'Something went wrong on our side. Please try again.'
          : error.message;
      return page(
        reply,
        locale,
        'Uncrumple',
        `<p role="alert">${h(message)}</p><p><a href="/">${h(sandboxCopy[locale].returnLink)}</a></p>`,
        status,
      );
    });

    const signedIn = async (request: Parameters<typeof currentUser>[0], locale: SandboxLocale) => {
      const user = await currentUser(request);
      if (!user) throw new AppError('unauthenticated', sandboxCopy[locale].signIn);
      return user;
    };

    scope.get<{ Params: { id: string } }>(
      '/billing/sandbox/checkout/:id',
      async (request, reply) => {
        const user = await signedIn(request, 'en');
        const session = await sandbox.session(request.params.id, user.id);
        const locale = asSandboxLocale(session.locale);
        const t = sandboxCopy[locale];
        if (!isPlanId(session.plan)) throw new Error(`Unknown plan ${session.plan}`);
        const plan = PLANS[session.plan];
        if (session.status === 'complete') {
          return page(
            reply,
            locale,
            t.checkoutTitle,
            `<p>${h(t.completed)}</p><p><a href="${h(session.success_url)}">${h(t.returnLink)}</a></p>`,
          );
        }
        const action = `/billing/sandbox/checkout/${encodeURIComponent(session.id)}`;
        return page(
          reply,
          locale,
          t.checkoutTitle,
          `<dl><dt>${h(t.plan)}</dt><dd data-testid="sandbox-plan">${h(t.planNames[plan.id] ?? plan.id)}</dd>
<dt>${h(t.price)}</dt><dd data-testid="sandbox-price">$${plan.price} ${h(t.perMonths(plan.interval_months))}</dd>
<dt>${h(t.trial)}</dt><dd data-testid="sandbox-trial">${h(session.trial_days > 0 ? t.trialDays(session.trial_days) : t.noTrial)}</dd></dl>
<form method="post" action="${action}/confirm"><button class="primary" type="submit">${h(t.confirm)}</button></form>
<form method="post" action="${action}/abandon"><button class="secondary" type="submit">${h(t.back)}</button></form>`,
        );
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/billing/sandbox/checkout/:id/confirm',
      async (request, reply) => {
        const user = await signedIn(request, 'en');
        return reply.redirect(await sandbox.confirm(request.params.id, user.id), 303);
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/billing/sandbox/checkout/:id/abandon',
      async (request, reply) => {
        const user = await signedIn(request, 'en');
        return reply.redirect(await sandbox.abandon(request.params.id, user.id), 303);
      },
    );

    scope.get<{ Querystring: { locale?: string } }>(
      '/billing/sandbox/portal',
      async (request, reply) => {
        const locale = asSandboxLocale(request.query.locale);
        const t = sandboxCopy[locale];
        const user = await signedIn(request, locale);
        await sandbox.advance(user.id);
        const subs = await sandbox.subscriptionsOf(user.id);
        const prefix = locale === 'en' ? '' : `/${locale}`;
        const items = subs
          .map((s) => {
            const live = s.status === 'trialing' || s.status === 'active';
            const cancelling = Boolean(s.cancel_at_period_end);
            const button = !live
              ? ''
              : `<form method="post" action="/billing/sandbox/portal/${cancelling ? 'resume' : 'cancel'}?locale=${locale}"><input type="hidden" name="subscription" value="${h(s.id)}"><button class="${cancelling ? 'primary' : 'secondary'}" type="submit">${h(cancelling ? t.resume : t.cancel)}</button></form>`;
            return `<div class="sub"><dl><dt>${h(t.plan)}</dt><dd>${h(t.planNames[s.plan] ?? s.plan)}</dd><dt>${h(t.status)}</dt><dd data-testid="sandbox-status">${h(s.status)}${cancelling && live ? ' (cancel_at_period_end)' : ''}</dd>
<dt>${h(cancelling || !live ? t.ends : t.renews)}</dt><dd>${h(dateIn(locale, s.canceled_at ?? s.current_period_end))}</dd></dl>${button}</div>`;
          })
          .join('');
        return page(
          reply,
          locale,
          t.portalTitle,
          `${items || `<p>${h(t.none)}</p>`}<p><a href="${prefix}/profile">${h(t.returnLink)}</a></p>`,
        );
      },
    );

    for (const action of ['cancel', 'resume'] as const) {
      scope.post<{ Querystring: { locale?: string } }>(
        `/billing/sandbox/portal/${action}`,
        async (request, reply) => {
          const locale = asSandboxLocale(request.query.locale);
          const user = await signedIn(request, locale);
          const form = portalForm.parse(request.body ?? {});
          const owned = (await sandbox.subscriptionsOf(user.id)).some(
            (s) => s.id === form.subscription,
          );
          if (!owned) throw new AppError('not_found', 'No such subscription');
          const updated = await container.billing.provider.setCancelAtPeriodEnd(
            form.subscription,
            action === 'cancel',
          );
          await container.billing.events.syncSubscription(updated, null);
          return reply.redirect(`/billing/sandbox/portal?locale=${locale}`, 303);
        },
      );
    }
  });
}

import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.ts';
import type { Locale } from '../mail/mail.types.ts';
import { createContactRepository } from './contact.repository.ts';
import { contactInput } from './contact.schema.ts';
import { submitContact } from './contact.service.ts';

/** The first of en/es/de in an Accept-Language header, in the order the browser lists them. */
function acceptedLocale(header: string | undefined): Locale | null {
  const tags = (header ?? '').toLowerCase().match(/\b(en|es|de)(?=[-;,\s]|$)/g);
  return (tags?.[0] as Locale | undefined) ?? null;
}

/** POST /api/contact: public; validated, rate-limited per IP, stored, mailed. */
export function registerContact(app: FastifyInstance, container: Container): void {
  const deps = {
    repo: createContactRepository(container.db),
    mailer: container.mailer,
    clock: container.clock,
    supportEmail: container.config.SUPPORT_EMAIL,
  };
  app.post('/api/contact', async (request, reply) => {
    const input = contactInput.parse(request.body ?? {});
    const locale = input.locale ?? acceptedLocale(request.headers['accept-language']) ?? 'en';
    const result = await submitContact(deps, input, { ip: request.ip, userId: null, locale });
    return reply.status(202).send(result);
  });
}

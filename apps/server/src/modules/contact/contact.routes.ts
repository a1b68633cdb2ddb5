import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.ts';
import { localeFromAcceptLanguage } from '../auth/locale.ts';
import { currentUser } from '../auth/require-user.ts';
import { createContactRepository } from './contact.repository.ts';
import { contactInput } from './contact.schema.ts';
import { submitContact } from './contact.service.ts';

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
    const locale =
      input.locale ?? localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
    const user = await currentUser(request);
    const result = await submitContact(deps, input, {
      ip: request.ip,
      userId: user?.id ?? null,
      locale,
    });
    return reply.status(202).send(result);
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../queue/queue.types.ts';
import { fromAddress } from './mail.address.ts';
import { createMailRepository } from './mail.repository.ts';
import type { MailRepository } from './mail.repository.ts';
import { createMailer } from './mail.service.ts';
import type { MailerService } from './mail.service.ts';
import { createSmtpTransport } from './smtp.transport.ts';

export interface MailSetup {
  mailer: MailerService;
  repository: MailRepository;
  close(): void;
}

/** Builds the mailer for the configuration: SMTP through the job queue, or the outbox. */
export function setupMail(deps: {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  queue: JobQueue | null;
}): MailSetup {
  const repository = createMailRepository(deps.db);
  const { config } = deps;
  if (!config.SMTP_URL) {
    if (config.isProduction) {
      deps.log.warn(
        'Mail goes to the outbox table only (no SMTP_URL): users will not receive verification or reset mail.',
      );
    }
    const mailer = createMailer({ repo: repository, clock: deps.clock, log: deps.log, smtp: null });
    return { mailer, repository, close: () => {} };
  }
  if (!deps.queue) throw new Error('SMTP_URL is set but no job queue is available for delivery');
  const from = fromAddress.parse(config.MAIL_FROM);
  const transport = createSmtpTransport(config.SMTP_URL, from);
  const mailer = createMailer({
    repo: repository,
    clock: deps.clock,
    log: deps.log,
    smtp: { transport, queue: deps.queue, maxAttempts: config.MAIL_MAX_ATTEMPTS },
  });
  mailer.registerWorker();
  return { mailer, repository, close: () => transport.close() };
}

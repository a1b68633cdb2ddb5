import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Job, JobQueue } from '../queue/queue.types.ts';
import { emailAddress } from './mail.address.ts';
import type { MailRepository } from './mail.repository.ts';
import type { MailRequest, MailTemplate, Mailer } from './mail.types.ts';
import { extractLinks, render, singleLine } from './templates/render.ts';

export const DELIVER_JOB = 'mail.deliver';

/** Delivers one rendered mail (SMTP); throws when the server refuses or cannot be reached. */
export interface MailTransport {
  deliver(mail: {
    to: string;
    replyTo: string | null;
    subject: string;
    text: string;
    html: string;
  }): Promise<void>;
}

/**
 * Per-recipient caps on mails a stranger can trigger (resends, contact acknowledgements). Past the
 * cap the mail is dropped with a warning: the caller's answer stays the same, so nobody learns
 * whether an address exists, and nobody can use us to flood an inbox.
 */
const HOURLY_LIMITS: Partial<Record<MailTemplate, number>> = {
  'verify-email': 5,
  'password-reset': 5,
  'contact-ack': 3,
};

export interface MailerDeps {
  repo: MailRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Null: the outbox is the destination (stored and logged, read at /dev/mailbox). */
  smtp: { transport: MailTransport; queue: JobQueue; maxAttempts: number } | null;
}

export interface MailerService extends Mailer {
  /** Registers the delivery job handler (SMTP mode only). */
  registerWorker(): void;
}

let lastStamp = 0;
let sequence = 0;
/** Ids that sort by creation (time, then a per-process sequence), so "newest first" is stable. */
function mailId(now: Date): string {
  const stamp = now.getTime();
  sequence = stamp === lastStamp ? sequence + 1 : 0;
  lastStamp = stamp;
  const time = stamp.toString(36).padStart(10, '0');
  return `${time}${sequence.toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
}

export function createMailer({ repo, clock, log, smtp }: MailerDeps): MailerService {
  async function deliver(job: Job<{ id: string }>): Promise<void> {
    const row = await repo.get(job.payload.id);
    if (!row || row.status === 'sent' || !smtp) return;
    try {
      await smtp.transport.deliver({
        to: row.to,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const attempts = row.attempts + 1;
      const failed = attempts >= job.maxAttempts;
      await repo.update(row.id, {
        attempts,
        last_error: message.slice(0, 1000),
        status: failed ? 'failed' : 'queued',
      });
      log.warn({ mailId: row.id, attempts, err: message }, 'mail delivery failed');
      throw err; // the queue retries with exponential backoff
    }
    await repo.update(row.id, {
      status: 'sent',
      attempts: row.attempts + 1,
      sent_at: clock.now().toISOString(),
      last_error: null,
    });
    log.info({ mailId: row.id, template: row.template }, 'mail sent');
  }

  return {
    async send(request: MailRequest): Promise<void> {
      const to = emailAddress.safeParse(request.to);
      const replyTo =
        request.replyTo === undefined ? null : emailAddress.safeParse(request.replyTo);
      if (!to.success || (replyTo && !replyTo.success)) {
        throw new AppError('validation_failed', 'Enter a valid email address');
      }
      const recipient = to.data.toLowerCase();
      const now = clock.now();
      const limit = HOURLY_LIMITS[request.template];
      if (limit !== undefined) {
        const since = new Date(now.getTime() - 3_600_000).toISOString();
        if ((await repo.countSince(recipient, request.template, since)) >= limit) {
          log.warn(
            { template: request.template },
            'mail dropped: hourly limit for this recipient reached',
          );
          return;
        }
      }
      const data = Object.fromEntries(
        Object.entries(request.data).map(([k, v]) => [k, k === 'message' ? v : singleLine(v, 500)]),
      );
      const mail = render(request.template, request.locale, data);
      const id = mailId(now);
      await repo.insert({
        id,
        to: recipient,
        reply_to: replyTo?.data ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: request.template,
        locale: request.locale,
        status: smtp ? 'queued' : 'outbox',
        attempts: 0,
        created_at: now.toISOString(),
        sent_at: null,
        last_error: null,
      });
      if (smtp) {
        await smtp.queue.enqueue(DELIVER_JOB, { id }, { key: id, maxAttempts: smtp.maxAttempts });
      } else {
        const links = request.template === 'contact-support' ? [] : extractLinks(mail.text);
        log.info(
          { mailId: id, template: request.template, locale: request.locale },
          `mail to ${recipient}: "${mail.subject}"${links.length ? ` links: ${links.join(' ')}` : ''}`,
        );
      }
    },
    registerWorker(): void {
      smtp?.queue.work<{ id: string }>(DELIVER_JOB, deliver, {
        concurrency: 2,
        onFailed: async (job, message) => {
          await repo.update(job.payload.id, {
            status: 'failed',
            last_error: message.slice(0, 1000),
          });
        },
      });
    },
  };
}

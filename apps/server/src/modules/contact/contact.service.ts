import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Locale, Mailer } from '../mail/mail.types.ts';
import { singleLine } from '../mail/templates/render.ts';
import type { ContactInput } from './contact.schema.ts';
import type { ContactRepository } from './contact.repository.ts';

/** Messages one IP address may send per hour; the form is public, so this is the spam brake. */
export const CONTACT_HOURLY_LIMIT = 5;
export const CONTACT_SENT_MESSAGE = 'Your message has been sent successfully!';

export interface ContactDeps {
  repo: ContactRepository;
  mailer: Mailer;
  clock: Clock;
  supportEmail: string;
}

/**
 * Stores a contact message, then mails it to support (reply-to the sender) and acknowledges it to
 * the sender. The acknowledgement contains none of the sender's text, so the form cannot be used
 * to send someone else arbitrary content.
 */
export async function submitContact(
  deps: ContactDeps,
  input: ContactInput,
  meta: { ip: string; userId: string | null; locale: Locale },
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - 3_600_000).toISOString();
  if ((await deps.repo.countFromIpSince(meta.ip, since)) >= CONTACT_HOURLY_LIMIT) {
    throw new AppError(
      'rate_limited',
      'You have sent several messages in the last hour. Please wait a while before sending another one.',
    );
  }
  const row = {
    id: randomUUID(),
    full_name: singleLine(input.full_name, 100),
    email: input.email.toLowerCase(),
    subject: singleLine(input.subject, 200),
    message: input.message,
    ip: meta.ip,
    user_id: meta.userId,
    created_at: now.toISOString(),
  };
  await deps.repo.insert(row);
  await deps.mailer.send({
    to: deps.supportEmail,
    replyTo: row.email,
    template: 'contact-support',
    locale: 'en',
    data: { name: row.full_name, email: row.email, subject: row.subject, message: row.message },
  });
  await deps.mailer.send({ to: row.email, template: 'contact-ack', locale: meta.locale, data: {} });
  return { message: CONTACT_SENT_MESSAGE };
}

import nodemailer from 'nodemailer';
import type { MailTransport } from './mail.service.ts';

/**
 * nodemailer over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). Connections are
 * short-lived: one per mail, so a restarted SMTP server is picked up on the next retry.
 */
export function createSmtpTransport(
  url: string,
  from: { name: string; address: string },
): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Addresses are validated upstream; this keeps nodemailer from guessing at odd input.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transporter.close(),
  };
}

export type Locale = 'en' | 'es' | 'de';

export type MailTemplate =
  | 'verify-email'
  | 'password-reset'
  | 'password-changed'
  | 'welcome-trial'
  | 'trial-ending'
  | 'payment-failed'
  | 'contact-ack'
  | 'contact-support';

/** What a service asks for; the mail module renders the template in the locale and delivers it. */
export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: Locale;
  /** Template variables, e.g. { url, name, date }. */
  data: Record<string, string>;
  replyTo?: string;
}

export interface Mailer {
  /** Stores the mail for delivery and returns at once; delivery is retried in the background. */
  send(request: MailRequest): Promise<void>;
}

import type { MailTemplate } from '../mail.types.ts';

/**
 * The copy of one mail in one language. `{name}`-style placeholders are filled from the request's
 * data (escaped for HTML); `action` renders a button plus the bare link in the text part.
 */
export interface TemplateCopy {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; dataKey: string };
  /** A data key whose value is shown as a quoted, pre-wrapped block (the contact message). */
  quote?: string;
  after?: string[];
}

export interface Catalog {
  greeting: string;
  greetingNamed: string;
  linkFallback: string;
  signoff: string;
  footer: string;
  templates: Record<MailTemplate, TemplateCopy>;
}

/** Data keys each template needs; a missing one is a programming error, caught before storing. */
export const requiredData: Record<MailTemplate, string[]> = {
  'verify-email': ['url'],
  'password-reset': ['url'],
  'password-changed': [],
  'welcome-trial': ['plan', 'trial_end', 'url'],
  'trial-ending': ['date', 'url'],
  'payment-failed': ['url'],
  'contact-ack': [],
  'contact-support': ['name', 'email', 'subject', 'message'],
};

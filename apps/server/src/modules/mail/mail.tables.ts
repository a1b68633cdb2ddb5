/** Mail outbox and contact tables (migration 0004). Timestamps are ISO-8601 UTC strings. */
export type MailStatus = 'outbox' | 'queued' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  template: string;
  locale: string;
  status: MailStatus;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
}

export interface ContactMessagesTable {
  id: string;
  full_name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  user_id: string | null;
  created_at: string;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
}

import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/** Mail outbox (every mail we render, with its delivery status) and contact-form messages. */
const mailContact0004 = (_dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createIndex('mail_outbox_recipient_idx')
      .on('mail_outbox')
      .columns(['to', 'template', 'created_at'])
      .execute();
    await db.schema
      .createIndex('mail_outbox_created_idx')
      .on('mail_outbox')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('contact_messages_ip_idx')
      .on('contact_messages')
      .columns(['ip', 'created_at'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('contact_messages').execute();
    await db.schema.dropTable('mail_outbox').execute();
  },
});
export default mailContact0004;

import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MailOutboxTable, MailStatus } from './mail.tables.ts';

export type OutboxRow = Selectable<MailOutboxTable>;

/** The mail_outbox table: every mail we render, with its delivery status. */
export function createMailRepository(db: Kysely<Database>) {
  return {
    async insert(row: OutboxRow): Promise<void> {
      await db.insertInto('mail_outbox').values(row).execute();
    },
    async get(id: string): Promise<OutboxRow | undefined> {
      return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async countSince(to: string, template: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('to', '=', to)
        .where('template', '=', template)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async update(
      id: string,
      patch: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'sent_at' | 'last_error'>> & {
        status?: MailStatus;
      },
    ): Promise<void> {
      await db.updateTable('mail_outbox').set(patch).where('id', '=', id).execute();
    },
    async listRecent(limit: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;

import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ContactMessagesTable } from '../mail/mail.tables.ts';

export function createContactRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<ContactMessagesTable>): Promise<void> {
      await db.insertInto('contact_messages').values(row).execute();
    },
    async countFromIpSince(ip: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;

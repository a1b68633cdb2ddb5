import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Better Auth's tables (exactly what its schema generator emits for the dialect; a test checks
 * that `getMigrations` finds nothing left to do), our `profiles` (one per user) and `audit_log`.
 * See docs/decisions/002-better-auth-and-its-tables.md.
 */
export default function migration(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const date = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';
  const now = sql`CURRENT_TIMESTAMP`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
        .addColumn('updatedAt', date, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
        .execute();
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
        .addColumn('updatedAt', date, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
        .execute();
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
      await db.schema
        .createIndex('verification_identifier_idx')
        .on('verification')
        .column('identifier')
        .execute();

      await db.schema
        .createTable('profiles')
        .addColumn('id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar_url', 'text')
        .addColumn('is_admin', bool, (c) => c.notNull().defaultTo(pg ? false : 0))
        .addColumn('is_premium', bool, (c) => c.notNull().defaultTo(pg ? false : 0))
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('profiles_email_idx').on('profiles').column('email').execute();
      await db.schema
        .createIndex('profiles_created_at_idx')
        .on('profiles')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
          pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('actor_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text')
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_target_idx')
        .on('audit_log')
        .columns(['target_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'audit_log',
        'profiles',
        'rateLimit',
        'verification',
        'account',
        'session',
        'user',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

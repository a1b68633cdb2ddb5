import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Documents, the embedded job queue and personal API keys. Timestamps are ISO-8601 UTC text in
 * both dialects so string comparison orders them.
 */
export default function migration(dialect: Dialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('key', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('locked_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('jobs_claim_idx')
        .on('jobs')
        .columns(['name', 'status', 'run_at'])
        .execute();
      // One live (queued or running) job per name+key.
      await sql`create unique index jobs_live_key_idx on jobs (name, key) where key is not null and status in ('queued', 'running')`.execute(
        db,
      );

      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('input_format', 'text', (c) => c.notNull())
        .addColumn('input_bytes', big, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stage', 'text')
        .addColumn('page_count', 'integer')
        .addColumn('error', 'text')
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('web'))
        .addColumn('original_file', 'text')
        .addColumn('result_file', 'text')
        .addColumn('result_name', 'text')
        .addColumn('result_mime', 'text')
        .addColumn('result_bytes', big)
        .addColumn('preview_before', 'text')
        .addColumn('preview_after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('downloaded_at', 'text')
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema
        .createIndex('documents_user_idx')
        .on('documents')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('documents_expiry_idx')
        .on('documents')
        .columns(['deleted_at', 'expires_at'])
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_keys').ifExists().execute();
      await db.schema.dropTable('documents').ifExists().execute();
      await db.schema.dropTable('jobs').ifExists().execute();
    },
  };
}

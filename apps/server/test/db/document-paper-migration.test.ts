import { Migrator } from 'kysely';
import type { Migration } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { describeEachDialect, openEmptyDatabase } from '../support/test-app.ts';

describeEachDialect('migration 0005 (documents.paper)', (dialect) => {
  let handle: Db;
  let cleanup: () => Promise<void>;
  let migrator: Migrator;

  beforeEach(async () => {
    ({ handle, cleanup } = await openEmptyDatabase(dialect, 'migration-test'));
    const all = Object.fromEntries(
      Object.entries(migrations).map(([name, make]): [string, Migration] => [name, make(dialect)]),
    );
    migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => all } });
  });

  afterEach(() => cleanup());

  it("gives documents uploaded before it the paper size 'auto', and can be undone", async () => {
    expect((await migrator.migrateTo('0004_mail_contact')).error).toBeUndefined();
    const now = '2026-01-02T03:04:05.678Z';
    await handle.db
      .insertInto('documents')
      // The row as 0004 knew it: no paper column yet.
      .values({
        id: 'd1',
        user_id: 'u1',
        original_name: 'old.jpg',
        input_format: 'jpg',
        input_bytes: 1234,
        status: 'done',
        mode: 'color',
        format: 'same',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const old = await handle.db
      .selectFrom('documents')
      .select(['id', 'paper'])
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ id: 'd1', paper: 'auto' });

    expect((await migrator.migrateTo('0004_mail_contact')).error).toBeUndefined();
    const columns = (await handle.db.introspection.getTables())
      .find((t) => t.name === 'documents')
      ?.columns.map((c) => c.name);
    expect(columns).toContain('mode');
    expect(columns).not.toContain('paper');
  });
});

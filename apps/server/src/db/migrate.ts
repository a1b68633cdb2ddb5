import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Runs every pending migration in order; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, make]): [string, Migration] => [
          name,
          make(dialect),
        ]),
      ),
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

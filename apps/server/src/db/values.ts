import type { Dialect } from './database.ts';

/**
 * Booleans are `boolean` columns in PostgreSQL and integer 0/1 in SQLite (better-sqlite3 cannot
 * bind JS booleans). Write with `dbBool`, read with `Boolean(value)`.
 */
export function dbBool(dialect: Dialect, value: boolean): boolean | number {
  return dialect === 'postgres' ? value : value ? 1 : 0;
}

/** Our own timestamps are ISO-8601 UTC text in both dialects (sortable as strings). */
export function isoNow(clock: { now(): Date }): string {
  return clock.now().toISOString();
}

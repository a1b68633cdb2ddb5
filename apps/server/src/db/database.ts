import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/env.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw driver handle Better Auth and pg-boss can share (a better-sqlite3 Database or a pg Pool). */
  raw: SQLite.Database | pg.Pool;
  close(): Promise<void>;
}

/** Opens the app database: SQLite (WAL, foreign keys on) by default, PostgreSQL for postgres:// URLs. */
export function openDatabase(
  database: Config['database'],
  options: { onConnectionError?: (err: Error) => void } = {},
): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection that dies (server restart, network) is an 'error' event on the pool;
    // unhandled, it would crash the process. The pool replaces it on the next query.
    pool.on('error', options.onConnectionError ?? (() => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', raw: pool, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', raw: sqlite, close: () => db.destroy() };
}

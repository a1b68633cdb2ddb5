import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createContainer } from '../../src/container.ts';
import type { Container } from '../../src/container.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Db, Dialect } from '../../src/db/database.ts';
import type { Clock } from '../../src/lib/clock.ts';

export const dialects: readonly Dialect[] = ['sqlite', 'postgres'];

/** The origin test apps believe they are served from (send it as `origin` on state-changing requests). */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TestAppOptions {
  dialect: Dialect;
  /** Extra environment (strings as in process.env); `undefined` removes a default. */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** Serve the SPA from this folder instead of apps/web/dist. */
  webDistDir?: string;
  /** Registers extra routes before the app is ready (e.g. one that throws, to test 500s). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  /** The temp DATA_DIR of this app. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app (config → container → migrations → Fastify) on a fresh temp SQLite file or a
 * fresh database on the run's PostgreSQL server. Nothing is shared between two test apps.
 *
 * @example
 * const t = await createTestApp({ dialect: 'postgres' });
 * const res = await t.app.inject({ method: 'GET', url: '/healthz' });
 * await t.close();
 */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-test-'));
  const database = options.dialect === 'postgres' ? await createPgDatabase() : null;
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    // Many sign-ups come from one address in tests; rate-limit tests lower this again.
    AUTH_RATE_LIMIT_MAX: '1000',
    DATABASE_URL: database?.url,
    ...options.env,
  };
  let container: Container | undefined;
  try {
    container = await createContainer(
      loadConfig(env),
      options.clock ? { clock: options.clock } : {},
    );
    const app = await buildApp(container, { webDistDir: options.webDistDir });
    await options.beforeReady?.(app);
    await app.ready();
    const built = container;
    return {
      app,
      container: built,
      dataDir,
      close: async () => {
        await app.close();
        await built.close();
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await container?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Creates `t_<random>` on the test run's PostgreSQL server. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (client) => {
        // pg's Pool.end() resolves before its sockets have closed; a forced drop would kill them
        // and surface as an unhandled client error, so wait (briefly) for them to go first.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (Number(rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * A fresh, unmigrated database of `dialect` (a temporary SQLite file, or a new database on the
 * test run's PostgreSQL server) and the function that closes and removes it.
 * @example const { handle, cleanup } = await openEmptyDatabase('sqlite', 'queue-test');
 */
export async function openEmptyDatabase(
  dialect: Dialect,
  prefix: string,
): Promise<{ handle: Db; cleanup(): Promise<void> }> {
  if (dialect === 'postgres') {
    const pgDb = await createPgDatabase();
    const handle = openDatabase({ kind: 'postgres', url: pgDb.url });
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        await pgDb.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function withAdmin(url: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Declares the same suite once per dialect, e.g. "profiles [sqlite]" and "profiles [postgres]".
 *
 * @example
 * describeEachDialect('profiles', (dialect) => {
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp({ dialect }); });
 *   afterAll(() => t.close());
 * });
 */
export function describeEachDialect(name: string, fn: (dialect: Dialect) => void): void {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => fn(dialect));
}

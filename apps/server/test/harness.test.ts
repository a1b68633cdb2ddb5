import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, describeEachDialect } from './support/test-app.ts';
import type { TestApp } from './support/test-app.ts';

describeEachDialect('test harness', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('builds the app on a fresh database of the requested dialect', async () => {
    expect(t.container.dbHandle.dialect).toBe(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: 'ok' });
    const { rows } = await sql<{ n: number }>`select 1 + 1 as n`.execute(t.container.db);
    expect(Number(rows[0]?.n)).toBe(2);
  });
});

describe('PostgreSQL connection loss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'postgres' });
  });
  afterAll(() => t.close());

  it('survives idle connections being killed and serves the next request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const config = t.container.config.database;
    if (config.kind !== 'postgres') throw new Error('expected postgres');
    const dbName = new URL(config.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [dbName],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      ok: true,
      db: 'ok',
    });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describeEachDialect('migration 0001 and Better Auth', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  it("creates every table and column Better Auth's own migrator expects", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations({
      ...t.container.auth.betterAuth.options,
      database: { db: t.container.db, type: dialect },
    });
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  it('stores booleans and timestamps as documented', async () => {
    const now = '2026-01-02T03:04:05.678Z';
    await t.container.db
      .insertInto('user')
      .values({
        id: 'u1',
        name: 'N',
        email: 'n@example.com',
        emailVerified: dialect === 'postgres' ? false : 0,
        image: null,
        createdAt: dialect === 'postgres' ? new Date(now) : now,
        updatedAt: dialect === 'postgres' ? new Date(now) : now,
      })
      .execute();
    await t.container.profiles.create(
      {
        id: 'u1',
        email: 'n@example.com',
        full_name: '',
        avatar_url: null,
        is_admin: true,
        locale: 'en',
      },
      now,
    );
    const raw = await t.container.db.selectFrom('profiles').selectAll().executeTakeFirstOrThrow();
    expect(raw.is_admin).toBe(dialect === 'postgres' ? true : 1);
    expect(raw.created_at).toBe(now);
    const profile = await t.container.profiles.findById('u1');
    expect(profile).toMatchObject({ is_admin: true, is_premium: false, created_at: now });
    // Creating again is a no-op, not an error (the user-create hook may run twice on retries).
    await t.container.profiles.create(
      {
        id: 'u1',
        email: 'n@example.com',
        full_name: 'X',
        avatar_url: null,
        is_admin: false,
        locale: 'en',
      },
      now,
    );
    expect((await t.container.profiles.findById('u1'))?.full_name).toBe('');
  });
});

describeEachDialect('profile rows', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('are recreated for a signed-in user whose profile row went missing', async () => {
    const { browser, id, email } = await signUpAndSignIn(t.app, { name: 'Kept Name' });
    await t.container.db.deleteFrom('profiles').where('id', '=', id).execute();
    const profile = await browser.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id, email, full_name: 'Kept Name', is_admin: false });
  });
});

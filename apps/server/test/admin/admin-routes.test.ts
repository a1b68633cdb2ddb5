import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, uniqueEmail } from '../support/accounts.ts';
import { TestBrowser } from '../support/http-client.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describeEachDialect('admin routes', (dialect) => {
  let t: TestApp;
  let admin: TestBrowser;
  let adminId: string;
  let free: TestBrowser;
  let freeId: string;
  let premium: TestBrowser;
  const anonymous = () => new TestBrowser(t.app);

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { ADMIN_EMAILS: 'chief@example.com' } });
    ({ browser: admin, id: adminId } = await signUpAndSignIn(t.app, {
      email: 'chief@example.com',
    }));
    ({ browser: free, id: freeId } = await signUpAndSignIn(t.app, { email: uniqueEmail('free') }));
    const p = await signUpAndSignIn(t.app, { email: uniqueEmail('premium') });
    premium = p.browser;
    await t.container.profiles.setPremium(p.id, true, new Date().toISOString());
  });
  afterAll(() => t.close());

  const routes = [
    { method: 'GET', url: () => '/api/admin/profiles' },
    { method: 'PATCH', url: () => `/api/admin/profiles/${freeId}`, body: { is_premium: false } },
    { method: 'GET', url: () => '/api/admin/audit-log' },
  ] as const;

  describe.each(routes)('$method $url', (route) => {
    const call = (b: TestBrowser) =>
      b.request({
        method: route.method,
        url: route.url(),
        payload: 'body' in route ? route.body : undefined,
      });

    it('answers 401 to anonymous callers', async () => {
      const response = await call(anonymous());
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    });

    it('answers 403 to free and premium users', async () => {
      for (const b of [free, premium]) {
        const response = await call(b);
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toEqual({
          code: 'forbidden',
          message: 'This page is for administrators only.',
        });
      }
    });

    it('serves administrators', async () => {
      expect((await call(admin)).statusCode).toBe(200);
    });
  });

  it('changes nothing when a non-admin tries', async () => {
    await free.patch(`/api/admin/profiles/${freeId}`, { is_premium: true });
    expect((await free.get('/api/profile')).json().is_premium).toBe(false);
  });

  it('lists profiles newest first with search and pagination', async () => {
    const all = await admin.get('/api/admin/profiles?pageSize=2&page=1');
    expect(all.statusCode).toBe(200);
    const page1 = all.json();
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].email).toMatch(/^premium-/);
    const page2 = (await admin.get('/api/admin/profiles?pageSize=2&page=2')).json();
    expect(page2.items.map((p: { email: string }) => p.email)).toEqual(['chief@example.com']);

    const found = (await admin.get('/api/admin/profiles?q=CHIEF')).json();
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({ id: adminId, is_admin: true });
    expect((await admin.get('/api/admin/profiles?q=%25')).json().total).toBe(0);

    const bad = await admin.get('/api/admin/profiles?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('sets is_premium and writes who did what to the audit log', async () => {
    const response = await admin.patch(`/api/admin/profiles/${freeId}`, { is_premium: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: freeId, is_premium: true });
    expect((await free.get('/api/profile')).json().is_premium).toBe(true);

    const log = (await admin.get(`/api/admin/audit-log?target=${freeId}`)).json();
    expect(log.entries[0]).toMatchObject({
      actor_id: adminId,
      action: 'profile.set_premium',
      target_id: freeId,
      details: { from: false, to: true },
    });
    expect(Date.parse(log.entries[0].created_at)).not.toBeNaN();

    await admin.patch(`/api/admin/profiles/${freeId}`, { is_premium: false });
    expect((await free.get('/api/profile')).json().is_premium).toBe(false);
    const after = (await admin.get(`/api/admin/audit-log?target=${freeId}`)).json();
    expect(after.entries[0].details).toMatchObject({ from: true, to: false });
    expect(after.entries[1].details).toMatchObject({ from: false, to: true });
  });

  it('validates the change and the target', async () => {
    const wrongType = await admin.patch(`/api/admin/profiles/${freeId}`, { is_premium: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    const extra = await admin.patch(`/api/admin/profiles/${freeId}`, {
      is_premium: true,
      is_admin: true,
    });
    expect(extra.statusCode).toBe(400);
    expect((await free.get('/api/profile')).json().is_admin).toBe(false);
    const missing = await admin.patch('/api/admin/profiles/no-such-user', { is_premium: true });
    expect(missing.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, TEST_PUBLIC_URL } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describeEachDialect('/dev/clock with ENABLE_TEST_CLOCK', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { ENABLE_TEST_CLOCK: 'true' } });
  });
  afterAll(() => t.close());

  it("moves the server's clock forward", async () => {
    const before = t.container.clock.now().getTime();
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { advanceMs: 3 * 24 * 60 * 60 * 1000 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().offsetMs).toBe(3 * 24 * 60 * 60 * 1000);
    expect(t.container.clock.now().getTime() - before).toBeGreaterThanOrEqual(
      3 * 24 * 60 * 60 * 1000,
    );
    const read = await t.app.inject({ method: 'GET', url: '/dev/clock' });
    expect(Date.parse(read.json().now)).toBeGreaterThan(Date.now() + 2 * 24 * 60 * 60 * 1000);
  });

  it('refuses going backwards or odd input', async () => {
    for (const payload of [{ advanceMs: -5 }, { advanceMs: '10' }, { advanceMs: 1, extra: 1 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/dev/clock',
        headers: { origin: TEST_PUBLIC_URL },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

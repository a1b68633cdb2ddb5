import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndSignIn } from './support/accounts.ts';
import { createTestApp, describeEachDialect, TEST_PUBLIC_URL } from './support/test-app.ts';
import type { TestApp } from './support/test-app.ts';

const valid = {
  full_name: 'Ana García',
  email: 'ana@example.es',
  subject: 'Precios para empresas',
  message: 'Necesitamos procesar 10.000 documentos al mes.',
};

describeEachDialect('POST /api/contact', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_PUBLIC_URL },
      payload: payload as Record<string, string>,
      remoteAddress: ip,
    });

  it('names every missing or invalid field', async () => {
    const res = await post({ full_name: ' ', email: 'not-an-email', message: 'short' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    const paths = (error.details as Array<{ path: string }>).map((d) => d.path).sort();
    expect(paths).toEqual(['email', 'full_name', 'message', 'subject']);
    expect(error.message).toContain('Full name is required');
    expect(await t.container.db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
  });

  it('stores the message and queues support mail plus a localized ack', async () => {
    const res = await post({ ...valid, locale: 'es' }, '203.0.113.1');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Your message has been sent successfully!' });
    const stored = await t.container.db.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toMatchObject([
      { email: 'ana@example.es', subject: valid.subject, ip: '203.0.113.1' },
    ]);
    const mails = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })
    ).json() as Array<{
      to: string;
      template: string;
      subject: string;
    }>;
    expect(mails.map((m) => [m.to, m.template])).toEqual([
      ['ana@example.es', 'contact-ack'],
      ['support@localhost', 'contact-support'],
    ]);
    expect(mails[0]?.subject).toBe('Hemos recibido tu mensaje');
  });

  it('rate-limits one IP address but not another', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await post({ ...valid, email: `p${i}@example.com` }, '198.51.100.9')).statusCode,
      ).toBe(202);
    }
    const limited = await post(valid, '198.51.100.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await post(valid, '198.51.100.10')).statusCode).toBe(202);
  });

  it('links the message to the signed-in sender', async () => {
    const { browser, id } = await signUpAndSignIn(t.app, { remoteAddress: '192.0.2.44' });
    const res = await browser.post('/api/contact', { ...valid, email: 'member@example.com' });
    expect(res.statusCode).toBe(202);
    const row = await t.container.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'member@example.com')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(id);
  });
});

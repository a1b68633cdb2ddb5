import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect } from './support/test-app.ts';
import type { TestApp } from './support/test-app.ts';

interface MailboxItem {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  template: string;
  locale: string;
  created_at: string;
}

describeEachDialect('mail outbox', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  const mailbox = async () =>
    (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json() as MailboxItem[];

  it('stores rendered mail and lists it newest first with its links', async () => {
    await t.container.mailer.send({
      to: 'Ana@Example.com',
      template: 'verify-email',
      locale: 'es',
      data: { url: 'http://localhost:3000/api/auth/verify-email?token=t1', name: 'Ana' },
    });
    await t.container.mailer.send({
      to: 'bob@example.com',
      template: 'password-reset',
      locale: 'de',
      data: { url: 'http://localhost:3000/reset?token=t2' },
    });
    const items = await mailbox();
    expect(items.map((m) => [m.to, m.template, m.locale])).toEqual([
      ['bob@example.com', 'password-reset', 'de'],
      ['ana@example.com', 'verify-email', 'es'],
    ]);
    expect(items[1]?.subject).toBe('Confirma tu dirección de correo');
    expect(items[1]?.links).toEqual(['http://localhost:3000/api/auth/verify-email?token=t1']);
    expect(items[1]?.text).toContain('Hola, Ana:');

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="http://localhost:3000/reset?token=t2">');
  });

  it('refuses addresses that could inject headers', async () => {
    await expect(
      t.container.mailer.send({
        to: 'eve@example.com\r\nBcc: victim@example.com',
        template: 'contact-ack',
        locale: 'en',
        data: {},
      }),
    ).rejects.toThrow(/valid email/);
    await expect(
      t.container.mailer.send({
        to: 'eve@example.com',
        replyTo: 'x@example.com\nCc: y@example.com',
        template: 'contact-ack',
        locale: 'en',
        data: {},
      }),
    ).rejects.toThrow(/valid email/);
  });

  it('caps resends to one recipient per hour without failing the caller', async () => {
    for (let i = 0; i < 7; i++) {
      await t.container.mailer.send({
        to: 'spam-target@example.com',
        template: 'password-reset',
        locale: 'en',
        data: { url: `http://localhost:3000/reset?token=${i}` },
      });
    }
    const sent = (await mailbox()).filter((m) => m.to === 'spam-target@example.com');
    expect(sent).toHaveLength(5);
  });
});

describeEachDialect('mail outbox in production', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('does not expose the mailbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

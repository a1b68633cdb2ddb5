import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { SmtpSink } from './mail/smtp-sink.ts';
import { TestBrowser } from './support/http-client.ts';
import { createTestApp, describeEachDialect, TEST_PUBLIC_URL } from './support/test-app.ts';
import type { TestApp } from './support/test-app.ts';

const contact = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/contact',
  headers: { origin: TEST_PUBLIC_URL, ...headers },
  payload: body,
});

describeEachDialect('mail over SMTP', (dialect) => {
  const sink = new SmtpSink();
  let t: TestApp;

  beforeAll(async () => {
    await sink.start(0);
    t = await createTestApp({
      dialect,
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: 'Uncrumple Test <no-reply@uncrumple.test>',
        SUPPORT_EMAIL: 'help@uncrumple.test',
        JOB_POLL_MS: '50',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
  });

  it('delivers a contact message to support (reply-to the sender) and an ack in their language', async () => {
    const res = await t.app.inject(
      contact(
        {
          full_name: 'Jürgen Beispiel',
          email: 'juergen@example.de',
          subject: 'Frage zu Rechnungen',
          message: 'Können Sie <b>zerknitterte</b> Belege glätten?',
        },
        { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      ),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Your message has been sent successfully!' });

    const mails = await sink.waitFor(2);
    const toSupport = mails.find((m) => m.rcptTo.includes('help@uncrumple.test'));
    const ack = mails.find((m) => m.rcptTo.includes('juergen@example.de'));
    expect(toSupport?.rcptTo).toEqual(['help@uncrumple.test']);
    expect(toSupport?.parsed.replyTo?.value[0]?.address).toBe('juergen@example.de');
    expect(toSupport?.parsed.subject).toBe('Contact form: Frage zu Rechnungen');
    expect(toSupport?.parsed.text).toContain('> Können Sie <b>zerknitterte</b> Belege glätten?');
    expect(toSupport?.parsed.html).toContain('&lt;b&gt;zerknitterte&lt;/b&gt;');
    expect(toSupport?.parsed.from?.value[0]).toEqual({
      name: 'Uncrumple Test',
      address: 'no-reply@uncrumple.test',
    });

    expect(ack?.rcptTo).toEqual(['juergen@example.de']);
    expect(ack?.parsed.subject).toBe('Wir haben Ihre Nachricht erhalten');
    expect(ack?.parsed.text).not.toContain('zerknitterte');
    expect(ack?.parsed.html).not.toContain('zerknitterte');

    // The sink has the mails before the sender has marked its rows sent: wait for that too.
    await vi.waitFor(
      async () => {
        const rows = await t.container.db.selectFrom('mail_outbox').selectAll().execute();
        expect(rows.every((r) => r.status === 'sent' && r.sent_at)).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('refuses CRLF injection in addresses and flattens it in subjects', async () => {
    const bad = await t.app.inject(
      contact({
        full_name: 'Eve',
        email: 'eve@example.com\r\nBcc: victim@example.com',
        subject: 'hi',
        message: 'hello there, friend',
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect(bad.json().error.message).toMatch(/email/i);

    const res = await t.app.inject(
      contact({
        full_name: 'Eve\r\nBcc: victim@example.com',
        email: 'eve@example.com',
        subject: 'Hello\r\nBcc: victim@example.com\r\n\r\nInjected body',
        message: 'hello there, friend',
      }),
    );
    expect(res.statusCode).toBe(202);
    const mails = await sink.waitFor(2);
    const all = mails.flatMap((m) => m.rcptTo);
    expect(all.sort()).toEqual(['eve@example.com', 'help@uncrumple.test']);
    const toSupport = mails.find((m) => m.rcptTo.includes('help@uncrumple.test'));
    expect(toSupport?.parsed.subject).toBe(
      'Contact form: Hello Bcc: victim@example.com Injected body',
    );
    expect(toSupport?.parsed.headers.has('bcc')).toBe(false);
    expect(toSupport?.raw).not.toMatch(/^Bcc:/im);
  });

  it('keeps a mail queued while the SMTP server is down and delivers it when it is back', async () => {
    await sink.stop();
    await t.container.mailer.send({
      to: 'later@example.com',
      template: 'password-changed',
      locale: 'es',
      data: {},
    });
    const outbox = () =>
      t.container.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to', '=', 'later@example.com')
        .executeTakeFirstOrThrow();
    // Wait for the first attempt to fail against the closed port.
    const deadline = Date.now() + 15_000;
    while ((await outbox()).attempts < 1) {
      if (Date.now() > deadline) throw new Error('no delivery attempt was made');
      await new Promise((r) => setTimeout(r, 50));
    }
    const failed = await outbox();
    expect(failed.status).toBe('queued');
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    await sink.start();
    const [mail] = await sink.waitFor(1, 30_000);
    expect(mail?.rcptTo).toEqual(['later@example.com']);
    expect(mail?.parsed.subject).toBe('Tu contraseña ha cambiado');
    await vi.waitFor(async () => expect((await outbox()).status).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await outbox()).attempts).toBeGreaterThanOrEqual(2);
  });

  it('sends the verification mail in the sign-up language and its link verifies the account', async () => {
    const browser = new TestBrowser(t.app);
    const email = `smtp-verify-${dialect}@example.com`;
    const password = 'Crumpled-paper-42';
    const signUp = await browser.post('/api/auth/sign-up/email', {
      email,
      password,
      name: 'Lucía',
      callbackURL: '/es/auth?mode=signin&verified=1',
    });
    expect(signUp.statusCode).toBe(200);
    const [mail] = await sink.waitFor(1, undefined, (m) => m.rcptTo.includes(email));
    expect(mail?.rcptTo).toEqual([email]);
    expect(mail?.parsed.subject).toBe('Confirma tu dirección de correo');
    expect(mail?.parsed.text).toContain('Hola, Lucía:');
    const link = /(http\S+verify-email\S+)/.exec(mail?.parsed.text ?? '')?.[1];
    expect(link).toBeTruthy();
    expect(mail?.parsed.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);

    const early = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(early.statusCode).toBe(403);
    const verify = await browser.get(link!);
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toContain('/es/auth?mode=signin&verified=1');
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(200);
    expect((await browser.get('/api/profile')).json()).toMatchObject({ email });
  });

  it('sends a German reset mail whose link lets the user choose a new password', async () => {
    const browser = new TestBrowser(t.app);
    const email = `smtp-reset-${dialect}@example.com`;
    await browser.post('/api/auth/sign-up/email', {
      email,
      password: 'Crumpled-paper-42',
      name: 'Jonas',
      callbackURL: '/de/auth?mode=signin&verified=1',
    });
    const toJonas = (m: { rcptTo: string[] }) => m.rcptTo.includes(email);
    const [verifyMail] = await sink.waitFor(1, undefined, toJonas);
    const verifyLink = /(http\S+verify-email\S+)/.exec(verifyMail?.parsed.text ?? '')?.[1];
    await browser.get(verifyLink!);
    sink.received.length = 0;

    const request = await browser.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/de/auth?mode=reset',
    });
    expect(request.statusCode).toBe(200);
    const [mail] = await sink.waitFor(1, undefined, toJonas);
    expect(mail?.rcptTo).toEqual([email]);
    expect(mail?.parsed.subject).toBe('Setzen Sie Ihr Passwort zurück');
    const link = /(http\S+reset-password\S+)/.exec(mail?.parsed.text ?? '')?.[1];
    const landing = await browser.get(link!);
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, TEST_PUBLIC_URL);
    expect(target.pathname).toBe('/de/auth');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await browser.post('/api/auth/reset-password', {
      newPassword: 'Smoothed-paper-43',
      token,
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email,
      password: 'Smoothed-paper-43',
    });
    expect(signIn.statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import type { Locale, MailTemplate } from '../mail.types.ts';
import { requiredData } from './catalog.types.ts';
import { extractLinks, render, singleLine } from './render.ts';

const sample: Record<string, string> = {
  url: 'https://uncrumple.test/api/auth/verify-email?token=abc&callbackURL=%2Fes%2Fauth',
  plan: '1 month',
  trial_end: '2026-12-01',
  date: '2026-12-01',
  name: 'Ana',
  email: 'ana@example.com',
  subject: 'Hello',
  message: 'Line one\nLine two',
};

describe('mail templates', () => {
  const templates = Object.keys(requiredData) as MailTemplate[];
  const locales: Locale[] = ['en', 'es', 'de'];

  it('renders every template in every language with a distinct subject and text', () => {
    for (const template of templates) {
      const subjects = new Set(locales.map((l) => render(template, l, sample).subject));
      expect(subjects.size, template).toBe(3);
      for (const locale of locales) {
        const mail = render(template, locale, sample);
        expect(mail.html).toContain(`<html lang="${locale}">`);
        expect(mail.text.length).toBeGreaterThan(40);
      }
    }
  });

  it('puts the action link in both parts, HTML-escaped in the HTML part', () => {
    const mail = render('verify-email', 'de', sample);
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(extractLinks(mail.text)).toEqual([sample.url]);
    expect(mail.html).toContain(
      'href="https://uncrumple.test/api/auth/verify-email?token=abc&amp;callbackURL=%2Fes%2Fauth"',
    );
  });

  it('escapes user input and keeps it out of headers', () => {
    const mail = render('contact-support', 'en', {
      ...sample,
      name: '<script>alert(1)</script>',
      subject: 'Hi\r\nBcc: victim@example.com',
      message: '<img src=x onerror=alert(1)>\nsecond line',
    });
    expect(mail.subject).toBe('Contact form: Hi Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('> <img src=x onerror=alert(1)>\n> second line');
  });

  it('refuses missing data and non-http links', () => {
    expect(() => render('password-reset', 'en', {})).toThrow(/needs data: url/);
    expect(() => render('password-reset', 'en', { url: 'javascript:alert(1)' })).toThrow(/http/);
  });

  it('flattens control characters to single spaces', () => {
    expect(singleLine('a\r\n\tb\u2028c  d')).toBe('a b c d');
  });
});

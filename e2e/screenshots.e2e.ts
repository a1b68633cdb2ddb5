import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectAccessible, launchBrowser, screenshot } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { englishOnlySentences } from './support/catalogs.ts';
import { createVerifiedUser, startServer } from './support/server.ts';
import type { TestServer } from './support/server.ts';

// Every page in every language at phone and desktop width: axe-clean, saved for people to look at.
const ADMIN = { email: 'admin@example.com', password: 'river-stone-91', name: 'Alex Admin' };
const LANGS = ['en', 'es', 'de'] as const;
const PAGES: Array<{ name: string; path: string }> = [
  { name: 'landing', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'auth-signin', path: '/auth?mode=signin' },
  { name: 'auth-signup', path: '/auth?mode=signup' },
  { name: 'auth-reset', path: '/auth?mode=reset' },
  { name: 'app', path: '/app' },
  { name: 'profile', path: '/profile' },
  { name: 'admin', path: '/admin' },
];

const DEVICES = (
  [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const
).filter(([device]) => !process.env.E2E_DEVICE || process.env.E2E_DEVICE === device); // narrow a local run

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN.email });
  browser = await launchBrowser();
  await createVerifiedUser(server, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for the page's own content (its h1), its catalogs and images, then scrolls lazy images in. */
async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      [...document.images].map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
  });
}

async function signIn(page: Page) {
  await page.goto(`${server.baseURL}/auth?mode=signin`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${server.baseURL}/app`);
}

describe('every page, every language, phone and desktop', () => {
  const signedIn = new Map<string, Promise<Page>>();
  const anonymous = new Map<string, Promise<Page>>();

  for (const [device, viewport] of DEVICES) {
    for (const lang of LANGS) {
      it(`renders every page accessibly in ${lang} on ${device} (${viewport.width}×${viewport.height})`, async () => {
        if (!signedIn.has(device)) {
          signedIn.set(
            device,
            browser.newPage({ viewport }).then(async (page) => (await signIn(page), page)),
          );
          anonymous.set(device, browser.newPage({ viewport }));
        }
        const admin = await signedIn.get(device)!;
        const visitor = await anonymous.get(device)!;
        const prefix = lang === 'en' ? '' : `/${lang}`;
        const english = lang === 'en' ? [] : englishOnlySentences(lang);
        for (const { name, path } of PAGES) {
          // Public pages as a signed-out visitor sees them; the account pages signed in as an admin.
          const page =
            ['landing', 'pricing'].includes(name) || name.startsWith('auth') ? visitor : admin;
          await page.goto(`${server.baseURL}${prefix}${path === '/' && prefix ? '' : path}`);
          await settle(page);
          expect(await page.locator('html').getAttribute('lang')).toBe(lang);
          const text = await page.locator('body').innerText();
          expect(
            english.filter((sentence) => text.includes(sentence)),
            `English left on ${name} (${lang})`,
          ).toEqual([]);
          await expectAccessible(page, `${name} (${lang}, ${device})`);
          await screenshot(page, name, lang, device);
        }
      });
    }
  }

  it('never scrolls sideways on a 360 px phone, even with long German words', async () => {
    const narrow = { width: 360, height: 740 };
    const admin = await browser.newPage({ viewport: narrow });
    const visitor = await browser.newPage({ viewport: narrow });
    await signIn(admin);
    for (const lang of ['de', 'es'] as const) {
      for (const { name, path } of PAGES) {
        const page = name.startsWith('auth') ? visitor : admin;
        await page.goto(`${server.baseURL}/${lang}${path === '/' ? '' : path}`);
        await page.locator('main h1').first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${name} (${lang}) is ${width} px wide`).toBeLessThanOrEqual(narrow.width);
      }
    }
  });
});

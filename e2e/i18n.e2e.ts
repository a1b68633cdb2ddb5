import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchBrowser } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
import type { TestServer } from './support/server.ts';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const path = (url: string) => new URL(url).pathname;

describe('languages and navigation', () => {
  it('switches language on the same page, keeps the prefix on every link and remembers the choice', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/pricing?plan=1`);
    await page.getByRole('heading', { name: 'Simple, honest pricing' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.getByRole('link', { name: 'Español' }).first().click();
    await page.getByRole('heading', { name: 'Precios claros y sencillos' }).waitFor();
    expect(page.url()).toBe(`${server.baseURL}/es/pricing?plan=1`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await expect.poll(() => page.title()).toBe('Precios | Uncrumple');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
      'Planes sencillos',
    );

    for (const lang of ['es', 'de']) {
      await page.goto(`${server.baseURL}/${lang}/contact`);
      await page.locator('main h1').waitFor();
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      const serverPaths = ['/sitemap.xml', '/robots.txt'];
      const unprefixed = hrefs.filter(
        (h) =>
          !serverPaths.includes(h) &&
          h !== `/${lang}` &&
          !h.startsWith(`/${lang}/`) &&
          !h.startsWith(`/${lang}?`),
      );
      // Only the language switcher points elsewhere (to English and the other language).
      const switcher = await page
        .getByRole('navigation', { name: /Idioma|Sprache/ })
        .first()
        .locator('a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(unprefixed.filter((h) => !switcher.includes(h))).toEqual([]);
      // The footer works under both prefixes.
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link').first().getAttribute('href')).toBe(`/${lang}`);
    }

    // German is now the stored choice: an unprefixed first visit follows it.
    await page.goto(`${server.baseURL}/pricing`);
    await expect.poll(() => path(page.url())).toBe('/de/pricing');
    await page.getByRole('link', { name: 'English' }).first().click();
    await expect.poll(() => path(page.url())).toBe('/pricing');
    await page.getByRole('heading', { name: 'Simple, honest pricing' }).waitFor();
    await page.goto(`${server.baseURL}/contact`);
    await page.getByRole('heading', { name: 'Contact us' }).waitFor();
  });

  it('shows the 404 page in all three languages with a way home that keeps the prefix', async () => {
    const page = await browser.newPage();
    for (const [prefix, text, home] of [
      ['', 'Oops! Page not found', 'Return to Home'],
      ['/es', '¡Vaya! Página no encontrada', 'Volver al inicio'],
      ['/de', 'Hoppla! Seite nicht gefunden', 'Zurück zur Startseite'],
    ] as const) {
      await page.goto(`${server.baseURL}${prefix}/this/does/not/exist`);
      await page.getByRole('heading', { name: '404' }).waitFor();
      await page.getByText(text).waitFor();
      const link = page.getByRole('link', { name: home });
      expect(await link.getAttribute('href')).toBe(prefix || '/');
      await link.click();
      await expect.poll(() => path(page.url())).toBe(prefix || '/');
    }
  });

  it('scrolls to the top on navigation and loads server paths (sitemap) with a full page load', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/`);
    await page.locator('main h1').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { name: 'Simple, honest pricing' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    const response = page.waitForResponse((r) => r.url().endsWith('/sitemap.xml'));
    await page.getByRole('link', { name: 'Sitemap' }).click();
    expect((await response).headers()['content-type']).toContain('xml');
    await expect.poll(() => path(page.url())).toBe('/sitemap.xml');
  });

  it('sends a signed-out visitor who subscribes to sign up, with a notice', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/es/pricing`);
    await page.getByRole('button', { name: 'Suscribirse' }).first().click();
    await page.getByText('Inicio de sesión necesario').waitFor();
    await page.getByText('Inicia sesión para suscribirte a un plan.').waitFor();
    await expect.poll(() => page.url()).toBe(`${server.baseURL}/es/auth?mode=signup`);
  });

  it('collapses the header menu on phones and closes it after navigating', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${server.baseURL}/de`);
    const menu = page.getByRole('button', { name: 'Menü öffnen' });
    await menu.waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Preise' }).count()).toBe(0);
    await menu.click();
    expect(
      await page.getByRole('button', { name: 'Menü schließen' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await page.locator('#mobile-menu').getByRole('link', { name: 'Preise' }).click();
    await expect.poll(() => path(page.url())).toBe('/de/pricing');
    await expect.poll(() => page.locator('#mobile-menu').count()).toBe(0);
  });
});

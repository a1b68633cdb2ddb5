import { deflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, launchBrowser, PHONE, screenshot } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { createVerifiedUser, startServer } from './support/server.ts';
import type { TestServer } from './support/server.ts';

const DAY_MS = 86_400_000;
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ ENABLE_TEST_CLOCK: 'true' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A small grey "page on a dark desk" PNG, made here so the test needs no fixture files. */
function samplePng(width = 480, height = 360): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width);
    for (let x = 0; x < width; x++) {
      const paper = x > 60 && x < width - 60 && y > 40 && y < height - 40;
      row[1 + x] = paper ? (y % 24 < 2 && x > 90 && x < width - 90 ? 40 : 235) : 50;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a page with the browser's own session (its cookies) and returns the HTTP status. */
async function uploadStatus(page: Page): Promise<number> {
  const response = await page.request.post(`${server.baseURL}/api/documents`, {
    headers: { Origin: server.baseURL },
    multipart: {
      mode: 'color',
      format: 'same',
      files: { name: 'receipt.png', mimeType: 'image/png', buffer: samplePng() },
    },
  });
  return response.status();
}

async function subscription(page: Page) {
  const response = await page.request.get(`${server.baseURL}/api/billing/subscription`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    subscribed: boolean;
    subscription_tier: string | null;
    cancel_at_period_end: boolean;
  };
}

describe('subscriptions in the browser', () => {
  it('subscribes through the sandbox, cancels, keeps access until the period ends, then loses it', async () => {
    const email = 'grace@example.com';
    const password = 'flat-paper-2026';
    await createVerifiedUser(server, { email, password, name: 'Grace Hopper' });

    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/auth?mode=signin`);
    await page.getByLabel(/^Email$/).fill(email);
    await page.getByLabel(/^Password$/).fill(password);
    await page
      .locator('form')
      .getByRole('button', { name: /^Sign In$/ })
      .click();
    await page.getByText('Logged in successfully!').first().waitFor();

    expect(await uploadStatus(page)).toBe(402);

    // Subscribe to the monthly plan: the button shows its own loading state, then the checkout.
    await page.goto(`${server.baseURL}/pricing`);
    const monthly = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '1 Month' }) });
    await monthly.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/billing\/sandbox\/checkout\/cs_sbx_/);
    await page.getByText('Sandbox: no card is charged').waitFor();
    expect(await page.getByTestId('sandbox-price').textContent()).toBe('$12 per month');
    expect(await page.getByTestId('sandbox-trial').textContent()).toContain('7 days');
    await expectAccessible(page, 'sandbox checkout');
    await page.getByRole('button', { name: 'Start subscription' }).click();

    // Back on /pricing: success toast, query removed, subscription re-read.
    await page.getByText('Subscription started').first().waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(await subscription(page)).toMatchObject({
      subscribed: true,
      subscription_tier: '1-month',
    });
    await monthly.getByTestId('current-plan').waitFor();
    expect(await uploadStatus(page)).toBe(202);

    // Profile: the subscription card, no upgrade card.
    await page.goto(`${server.baseURL}/profile`);
    const card = page.getByTestId('subscription-card');
    await card.waitFor();
    expect(await card.getByTestId('subscription-tier').textContent()).toBe('Monthly (1 month)');
    await card.getByText('Renews on').waitFor();
    expect(await page.getByRole('heading', { name: 'Upgrade to Premium' }).count()).toBe(0);
    await expectAccessible(page, 'profile with subscription');
    await screenshot(page, 'profile-subscribed', 'en', 'desktop');

    // Manage opens the sandbox portal in a new tab.
    const [portal] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('button', { name: /Manage/ }).click(),
    ]);
    await portal.waitForURL(/\/billing\/sandbox\/portal/);
    await portal.getByRole('heading', { name: 'Manage subscription' }).waitFor();
    await portal.close();

    // Cancel, with the exact confirmation text.
    let confirmText = '';
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Subscription Cancelled').first().waitFor();
    expect(confirmText).toBe(
      'Are you sure you want to cancel your subscription? It will remain active until the end of your current billing period.',
    );
    await card.getByTestId('cancel-pending').waitFor();
    await card.getByText('Ends').first().waitFor();
    expect(await card.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await screenshot(page, 'profile-cancel-pending', 'en', 'desktop');

    // Still premium until the period ends.
    expect(await subscription(page)).toMatchObject({
      subscribed: true,
      cancel_at_period_end: true,
    });
    expect(await uploadStatus(page)).toBe(202);

    // The period (a 7-day trial) ends: move the server's clock past it.
    const clock = await fetch(`${server.baseURL}/dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: 8 * DAY_MS }),
    });
    expect(clock.status).toBe(200);
    expect(await subscription(page)).toMatchObject({ subscribed: false, subscription_tier: null });
    expect(await uploadStatus(page)).toBe(402);

    // Refresh on the card re-checks; the upgrade card is back.
    await page.reload();
    await page.getByRole('heading', { name: 'Upgrade to Premium' }).waitFor();
    expect(await page.getByTestId('subscription-card').count()).toBe(0);
    await screenshot(page, 'profile-expired', 'en', 'desktop');

    // And the pricing page offers the plans again.
    await page.goto(`${server.baseURL}/pricing`);
    await monthly.getByRole('button', { name: 'Subscribe' }).waitFor();
  });

  it('runs the checkout in Spanish and returns to the Spanish pages (phone)', async () => {
    const email = 'lucia@example.com';
    const password = 'papel-liso-2026';
    await createVerifiedUser(server, { email, password, name: 'Lucía Pérez' });
    const page = await browser.newPage({ viewport: PHONE, locale: 'es-ES' });
    await page.goto(`${server.baseURL}/es/auth?mode=signin`);
    await page.getByLabel(/^Correo electrónico$/).fill(email);
    await page.getByLabel(/^Contraseña$/).fill(password);
    await page
      .locator('form')
      .getByRole('button', { name: /^Iniciar sesión$/ })
      .click();
    await page.getByText('¡Sesión iniciada correctamente!').first().waitFor();

    await page.goto(`${server.baseURL}/es/pricing`);
    const yearly = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '1 año' }) });
    await yearly.getByRole('button', { name: 'Suscribirse' }).click();
    await page.waitForURL(/\/billing\/sandbox\/checkout\//);
    await page.getByText('Sandbox: no se cobra ninguna tarjeta').waitFor();
    expect(await page.getByTestId('sandbox-price').textContent()).toBe('$99 al año');
    await screenshot(page, 'sandbox-checkout', 'es', 'phone');
    await page.getByRole('button', { name: 'Iniciar suscripción' }).click();
    await page.getByText('Suscripción iniciada').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/es/pricing');
    await yearly.getByTestId('current-plan').waitFor();

    await page.goto(`${server.baseURL}/es/profile`);
    const card = page.getByTestId('subscription-card');
    expect(await card.getByTestId('subscription-tier').textContent()).toBe('Anual (1 año)');
    await card.getByText('Se renueva el').waitFor();
    await expectAccessible(page, 'profile with subscription (es, phone)');
    await screenshot(page, 'profile-subscribed', 'es', 'phone');
  });
});

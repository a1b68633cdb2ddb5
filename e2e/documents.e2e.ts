import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateSample } from '@uncrumple/engine/synth';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, expectAccessible, launchBrowser, screenshot } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { createVerifiedUser, startServer } from './support/server.ts';
import type { TestServer } from './support/server.ts';

const ADMIN = { email: 'docs-boss@example.com', password: 'Crumpled-paper-42', name: 'Boss' };
const USER = { email: 'docs-user@example.com', password: 'Crumpled-paper-42', name: 'Dana' };

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN.email, WORKER_THREADS: '1' });
  browser = await launchBrowser();
  await createVerifiedUser(server, ADMIN);
  await createVerifiedUser(server, USER);
  await grantPremium(USER.email);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Makes the user premium the way an administrator does: through the admin API. */
async function grantPremium(email: string): Promise<void> {
  const signIn = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseURL },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const list = await fetch(`${server.baseURL}/api/admin/profiles?q=${encodeURIComponent(email)}`, {
    headers: { cookie },
  });
  const { items } = (await list.json()) as { items: Array<{ id: string }> };
  const patch = await fetch(`${server.baseURL}/api/admin/profiles/${items[0]!.id}`, {
    method: 'PATCH',
    headers: { cookie, 'Content-Type': 'application/json', Origin: server.baseURL },
    body: JSON.stringify({ is_premium: true }),
  });
  expect(patch.status).toBe(200);
}

async function crumpledJpeg(seed: number): Promise<Buffer> {
  const { photo } = await generateSample({ seed, kind: 'letter', family: 'crumple', width: 420 });
  return sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const seed of [5, 6]) {
    const image = await pdf.embedJpg(await crumpledJpeg(seed));
    const page = pdf.addPage([image.width * 0.6, image.height * 0.6]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await pdf.save());
}

async function signIn(page: Page): Promise<void> {
  const response = await page.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    headers: { Origin: server.baseURL },
    data: { email: USER.email, password: USER.password },
  });
  expect(response.status()).toBe(200);
}

function storedFiles(): string[] {
  try {
    return readdirSync(join(server.dataDir, 'files')).filter((n) => n !== '.tmp');
  } catch {
    return [];
  }
}

describe('documents', () => {
  it('a premium user uploads, follows, compares, downloads one and then all; the files are gone', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.baseURL}/app`);
    await page.getByRole('heading', { name: 'Upload documents' }).waitFor();

    // Nothing chosen yet: the product's message.
    await page.getByRole('button', { name: 'Uncrumple' }).click();
    await page.getByText('Please select a file first').waitFor();

    await page.getByTestId('file-input').setInputFiles([
      { name: 'contract.jpg', mimeType: 'image/jpeg', buffer: await crumpledJpeg(1) },
      { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await crumpledJpeg(2) },
      { name: 'letter.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
    ]);
    // Printed on US Letter, the user says (the photos are of A4-proportioned pages).
    await page.getByLabel('Paper size').selectOption('letter');
    await page.getByRole('button', { name: 'Uncrumple' }).click();

    // Progress: one bar per file (one worker thread, so later files wait their turn).
    await page.getByRole('progressbar', { name: 'Progress of letter.pdf' }).waitFor();
    await expect.poll(() => page.getByTestId('document-item').count(), { timeout: 10_000 }).toBe(3);

    const downloads = page.getByRole('button', { name: 'Download', exact: true });
    await expect.poll(() => downloads.count(), { timeout: 120_000 }).toBe(3);
    await page.getByText('Document uncrumpled successfully!').first().waitFor();
    await page
      .getByText(/Deleted in 2[34] h/)
      .first()
      .waitFor();

    // Compare with the keyboard.
    const slider = page.getByRole('slider', {
      name: 'Compare the original and the restored contract.jpg',
    });
    await slider.focus();
    await page.keyboard.press('End');
    expect(await slider.inputValue()).toBe('100');
    await page.keyboard.press('Home');
    expect(await slider.inputValue()).toBe('0');
    await expectAccessible(page, '/app with finished documents');
    await screenshot(page, 'app-documents-done', 'en', 'desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'app-documents-done', 'en', 'phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Turn one a quarter turn to the right: its preview and its file come back on their side.
    const contract = page.getByTestId('document-item').filter({ hasText: 'contract.jpg' });
    const after = contract.getByRole('img', { name: 'After', exact: true });
    const shown = () =>
      after.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null,
      );
    await expect.poll(shown, { timeout: 10_000 }).not.toBeNull();
    const [w, h] = (await shown()) as [number, number];
    // Letter's proportions (1.29), not A4's (1.41): the paper size reached the engine.
    expect(h / w).toBeCloseTo(11 / 8.5, 1);
    await contract
      .getByRole('button', { name: 'Turn contract.jpg a quarter turn to the right' })
      .click();
    await expect.poll(shown, { timeout: 10_000 }).toEqual([h, w]);

    // Download one.
    const first = page.waitForEvent('download');
    await page
      .getByTestId('document-item')
      .filter({ hasText: 'contract.jpg' })
      .getByRole('button', { name: 'Download', exact: true })
      .click();
    const one = await first;
    expect(one.suggestedFilename()).toBe('contract-restored.jpg');
    expect(await one.failure()).toBeNull();
    const turned = await sharp(await one.path()).metadata();
    expect(turned.width).toBeGreaterThan(turned.height!);
    await page.getByText('Download started!').first().waitFor();
    await page.getByText('Downloaded — deleted from our servers.').waitFor();

    // Then all the others as one ZIP.
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all (2) as ZIP' }).click();
    const zip = await second;
    expect(zip.suggestedFilename()).toBe('uncrumple-documents.zip');
    expect(await zip.failure()).toBeNull();

    // Everything is gone from the server: no files, no retained documents.
    await expect.poll(() => storedFiles(), { timeout: 10_000 }).toEqual([]);
    const list = await page.request.get(`${server.baseURL}/api/documents`);
    expect(((await list.json()) as { documents: unknown[] }).documents).toEqual([]);
    await page.goto(`${server.baseURL}/profile`);
    await page.getByText('No documents are kept right now.').waitFor();
    await expectAccessible(page, '/profile with documents and API keys');

    // The next visit starts from the options of the last upload on this device.
    await page.goto(`${server.baseURL}/app`);
    await page.getByRole('heading', { name: 'Upload documents' }).waitFor();
    expect(await page.getByLabel('Paper size').inputValue()).toBe('letter');
  });

  it('a free user is told premium is required and sent to the pricing page', async () => {
    const page = await browser.newPage();
    await createVerifiedUser(server, { ...USER, email: 'docs-free@example.com' });
    const response = await page.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
      headers: { Origin: server.baseURL },
      data: { email: 'docs-free@example.com', password: USER.password },
    });
    expect(response.status()).toBe(200);
    await page.goto(`${server.baseURL}/app`);
    await page
      .getByTestId('file-input')
      .setInputFiles([{ name: 'a.jpg', mimeType: 'image/jpeg', buffer: await crumpledJpeg(3) }]);
    await page.getByRole('button', { name: 'Uncrumple' }).click();
    await page.getByText('Premium subscription required to uncrumple documents').waitFor();
    await page.waitForURL(/\/pricing$/, { timeout: 10_000 });
  });

  it('API keys: created, shown once, revoked', async () => {
    const page = await browser.newPage();
    await signIn(page);
    await page.goto(`${server.baseURL}/profile`);
    await page.getByLabel('Key name').fill('Office scanner');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByTestId('api-key-secret').textContent();
    expect(secret).toMatch(/^uk_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await page.getByTestId('api-key-secret').count()).toBe(0);
    await page.getByText('Office scanner').waitFor();
    await screenshot(page, 'profile-api-keys', 'en', 'desktop');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke the key Office scanner' }).click();
    await page.getByText('You have no API keys yet.').waitFor();
  });
});

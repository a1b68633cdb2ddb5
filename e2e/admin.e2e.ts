import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { createVerifiedUser, startServer } from './support/server.ts';
import type { TestServer } from './support/server.ts';

const BOSS = { email: 'boss@example.com', password: 'maple-lantern-55', name: 'Bea Boss' };
const MEMBER = { email: 'member@example.com', password: 'copper-kettle-55', name: 'Max Member' };

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: BOSS.email });
  browser = await launchBrowser();
  // Sign-up times have one-second resolution: the pauses keep the oldest and newest unambiguous.
  await createVerifiedUser(server, BOSS);
  await new Promise((r) => setTimeout(r, 1100));
  await createVerifiedUser(server, MEMBER);
  await new Promise((r) => setTimeout(r, 1100));
  // Enough further sign-ups for a second page (20 per page).
  for (let i = 1; i <= 20; i++) {
    const response = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.baseURL },
      body: JSON.stringify({
        email: `extra${i}@example.com`,
        password: `quiet-harbor-${i}x`,
        name: `Extra ${i}`,
      }),
    });
    expect(response.ok).toBe(true);
  }
  // And one clearly newest.
  await new Promise((r) => setTimeout(r, 1100));
  await createVerifiedUser(server, {
    email: 'newest@example.com',
    password: 'fresh-meadow-77',
    name: 'Nina Newest',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin', () => {
  it('lists users newest first, searches, pages, and switches premium on and off', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/auth?mode=signin`);
    await page.getByLabel('Email').fill(BOSS.email);
    await page.getByLabel('Password').fill(BOSS.password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.baseURL}/app`);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByText('23 users').waitFor();
    const firstRow = page.locator('tbody tr').first();
    expect(await firstRow.textContent()).toContain('newest@example.com');
    expect(await page.locator('tbody tr').count()).toBe(20);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    // The label changes before the second page's rows arrive: wait for the rows themselves.
    await page.locator('tbody tr', { hasText: BOSS.email }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(3);
    // Oldest last: the admin signed up first.
    expect(await page.locator('tbody tr').last().textContent()).toContain(BOSS.email);

    await page.getByLabel('Search users by email').fill('member@');
    await page.getByText('1 user', { exact: true }).waitFor();
    const premium = page.getByRole('switch', { name: `Premium access for ${MEMBER.email}` });
    expect(await premium.getAttribute('aria-checked')).toBe('false');
    await premium.click();
    await page.getByText('User upgraded to premium').first().waitFor();
    await expect.poll(() => premium.getAttribute('aria-checked')).toBe('true');

    // The change is stored: a fresh load shows it, and the member's own profile says Premium.
    await page.reload();
    await page.getByLabel('Search users by email').fill('member@');
    await expect
      .poll(() =>
        page
          .getByRole('switch', { name: `Premium access for ${MEMBER.email}` })
          .getAttribute('aria-checked'),
      )
      .toBe('true');

    const member = await browser.newPage();
    await member.goto(`${server.baseURL}/auth?mode=signin`);
    await member.getByLabel('Email').fill(MEMBER.email);
    await member.getByLabel('Password').fill(MEMBER.password);
    await member.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await member.waitForURL(`${server.baseURL}/app`);
    await member.goto(`${server.baseURL}/profile`);
    await member.getByText('Premium', { exact: true }).waitFor();
    expect(await member.getByRole('link', { name: 'View Plans' }).count()).toBe(0);

    await page.getByRole('switch', { name: `Premium access for ${MEMBER.email}` }).click();
    await page.getByText('User downgraded from premium').first().waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('switch', { name: `Premium access for ${MEMBER.email}` })
          .getAttribute('aria-checked'),
      )
      .toBe('false');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { createVerifiedUser, linkIn, startServer } from './support/server.ts';
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

async function signIn(page: Page, email: string, password: string, prefix = '') {
  await page.goto(`${server.baseURL}${prefix}/auth?mode=signin`);
  await page.getByLabel(/^(Email|Correo electrónico|E-Mail)$/).fill(email);
  await page.getByLabel(/^(Password|Contraseña|Passwort)$/).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: /^(Sign In|Iniciar sesión|Anmelden)$/ })
    .click();
}

describe('accounts in the browser', () => {
  it('signs up, verifies through the emailed link, signs in, edits the profile and signs out', async () => {
    const page = await browser.newPage();
    const email = 'ada@example.com';
    const password = 'correct-horse-42';
    await page.goto(`${server.baseURL}/auth?mode=signup`);
    await expect.poll(() => page.title()).toBe('Create your account | Uncrumple');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${server.baseURL}/auth`,
    );

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill('something-else-42');
    await page.getByLabel(/I agree to the/).check();
    const submit = page.locator('form').getByRole('button', { name: 'Sign Up' });
    await submit.click();
    await page.getByText('Passwords do not match.').waitFor();

    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel(/I agree to the/).uncheck();
    await submit.click();
    await page.getByText('You must accept the Terms of Service to create an account.').waitFor();

    // The terms links open in a new tab.
    expect(
      await page
        .locator('form')
        .getByRole('link', { name: 'Terms of Service' })
        .getAttribute('target'),
    ).toBe('_blank');
    await page.getByLabel(/I agree to the/).check();
    await submit.click();
    await page
      .getByText('Account created successfully! Please check your email to verify your account.')
      .first()
      .waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe('signin');

    // Not verified yet: the provider's message is shown as it is.
    await signIn(page, email, password);
    await page.getByRole('alert').filter({ hasText: /verif/i }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    const mail = await server.waitForMail(email, (m) =>
      m.links.some((l) => l.includes('verify-email')),
    );
    await page.goto(linkIn(mail, 'verify-email'));
    await page.getByText('Your email address is verified. You can sign in now.').waitFor();
    expect(new URL(page.url()).searchParams.get('verified')).toBe('1');

    await signIn(page, email, password);
    await page.getByText('Logged in successfully!').first().waitFor();
    await page.getByRole('heading', { name: 'Uncrumple Your Documents' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    const emailField = page.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.isEditable()).toBe(false);
    await page.getByLabel('Full name').fill('Ada King');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated successfully!').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Ada King');
    // A free account sees the upgrade card pointing to the plans.
    expect(await page.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe(
      '/pricing',
    );

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await page.goto(`${server.baseURL}/profile`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth');
  });

  it('resets a forgotten password with a new one from the emailed link', async () => {
    const email = 'grace@example.com';
    await createVerifiedUser(server, { email, password: 'first-password-1', name: 'Grace Hopper' });
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/de/auth?mode=signin`);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    // The switch to the reset form is a router transition: until it renders, 'E-Mail' is still
    // the sign-in form's field, and text typed there is gone with it (seen once under load).
    const send = page.getByRole('button', { name: 'Link senden' });
    await send.waitFor();
    await page.getByLabel('E-Mail').fill(email);
    await send.click();
    await page
      .getByText('Der Link zum Zurücksetzen des Passworts wurde an Ihre E-Mail-Adresse gesendet!')
      .first()
      .waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe('signin');

    const mail = await server.waitForMail(email, (m) =>
      m.links.some((l) => l.includes('reset-password')),
    );
    await page.goto(linkIn(mail, 'reset-password'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/de/auth');
    expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();
    await page.getByRole('heading', { name: 'Neues Passwort wählen' }).waitFor();
    await page.getByLabel('Neues Passwort').fill('second-password-2');
    await page.getByLabel('Passwort bestätigen').fill('second-password-2');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page
      .getByText('Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen Passwort an.')
      .first()
      .waitFor();

    // The link is used up; the old password no longer works, the new one does.
    await page.goto(linkIn(mail, 'reset-password'));
    await page
      .getByText('Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.')
      .waitFor();
    await signIn(page, email, 'first-password-1', '/de');
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/de/auth');
    await signIn(page, email, 'second-password-2', '/de');
    await page.getByText('Erfolgreich angemeldet!').first().waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/de/app');
  });

  it('guards protected pages: signed-out visitors go to /auth, non-admins away from /admin, history replaced', async () => {
    const page = await browser.newPage();
    for (const [prefix, path] of [
      ['', '/app'],
      ['', '/profile'],
      ['', '/admin'],
      ['/es', '/app'],
      ['/de', '/profile'],
    ]) {
      await page.goto(`${server.baseURL}${prefix}/pricing`);
      await page.goto(`${server.baseURL}${prefix}${path}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/auth`);
      // The guarded URL was replaced, so Back returns to the page before it.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/pricing`);
    }
    await page.getByRole('link', { name: 'English', exact: true }).first().click(); // back to English

    await createVerifiedUser(server, {
      email: 'linus@example.com',
      password: 'plain-member-7',
      name: 'Linus',
    });
    await signIn(page, 'linus@example.com', 'plain-member-7');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app');
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto(`${server.baseURL}/es/admin`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/es');
  });
});

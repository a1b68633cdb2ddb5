import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import type { TestBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
import type { TestServer } from './support/server.ts';

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({ SUPPORT_EMAIL: 'help@uncrumple.test' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('contact form', () => {
  it('requires every field, sends the message to support and clears the form (Spanish page)', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/es/contact`);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('Por favor, rellena todos los campos').waitFor();

    await page.getByLabel('Nombre completo').fill('Lucía Pérez');
    await page.getByLabel('Correo electrónico').fill('lucia@example.com');
    await page.getByLabel('Asunto').fill('Recibos arrugados');
    await page.getByLabel('Mensaje').fill('¿Puedo subir varios recibos a la vez desde el móvil?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('¡Tu mensaje se ha enviado correctamente!').first().waitFor();
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('');
    expect(await page.getByLabel('Mensaje').inputValue()).toBe('');

    // Support gets the message; the sender gets an acknowledgement.
    const toSupport = await server.waitForMail('help@uncrumple.test');
    expect(toSupport.text).toContain('¿Puedo subir varios recibos a la vez desde el móvil?');
    await server.waitForMail('lucia@example.com');
  });

  it('presets the subject from the pricing page enterprise block', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseURL}/de/pricing`);
    await page.getByRole('link', { name: 'Vertrieb kontaktieren' }).click();
    await page.waitForURL(`${server.baseURL}/de/contact?subject=enterprise`);
    await expect.poll(() => page.getByLabel('Betreff').inputValue()).toBe('Preise für Unternehmen');
  });
});

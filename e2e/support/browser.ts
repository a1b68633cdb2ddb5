import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

const screenshotDir = resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

export type TestBrowser = {
  /** A fresh, isolated browser context (own cookies and storage) and a page in it. */
  newPage(options?: {
    viewport?: { width: number; height: number };
    locale?: string;
  }): Promise<Page>;
  close(): Promise<void>;
};

/** Debian's Chromium through playwright-core, headless; launch() gives it a fresh temporary profile. */
export async function launchBrowser(): Promise<TestBrowser> {
  const contexts: BrowserContext[] = [];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    async newPage({ viewport = DESKTOP, locale = 'en-US' } = {}) {
      const context = await browser.newContext({
        viewport,
        locale,
        isMobile: viewport.width < 600,
        hasTouch: viewport.width < 600,
      });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
    },
  };
}

/** Runs axe-core on the page and fails on any serious or critical violation, naming each one. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const summary = bad
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n${v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')} ${n.failureSummary ?? ''}`)
            .join('\n')}`,
      )
      .join('\n');
    throw new Error(
      `axe found ${bad.length} serious/critical violation(s) on ${label}:\n${summary}`,
    );
  }
}

/** Saves a full-page screenshot as test-results/screenshots/<page>-<lang>-<phone|desktop>.png. */
export async function screenshot(
  page: Page,
  name: string,
  lang: string,
  device: 'phone' | 'desktop',
): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${lang}-${device}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

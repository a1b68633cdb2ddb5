import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Dialect } from '../../src/db/database.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { DocumentDto } from '../../src/modules/documents/document.dto.ts';
import { signUpAndSignIn, uniqueEmail } from '../support/accounts.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { multipart } from './fixtures.ts';
import type { FilePart } from './fixtures.ts';

/** A test app with one restore thread and a fast queue poll. */
export function createDocsApp(
  dialect: Dialect,
  options: { env?: Record<string, string | undefined>; clock?: Clock } = {},
): Promise<TestApp> {
  return createTestApp({
    dialect,
    env: { WORKER_THREADS: '1', JOB_POLL_MS: '50', ...options.env },
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

export async function signedInUser(
  t: TestApp,
  premium: boolean,
): Promise<{ browser: TestBrowser; id: string }> {
  const user = await signUpAndSignIn(t.app, { email: uniqueEmail(premium ? 'premium' : 'free') });
  if (premium) await t.container.profiles.setPremium(user.id, true, new Date().toISOString());
  return user;
}

export function upload(
  browser: TestBrowser,
  files: FilePart[],
  fields: Record<string, string> = {},
  url = '/api/documents',
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(files, fields);
  return browser.request({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** Polls the document until it is done or failed. */
export async function waitFinished(
  browser: TestBrowser,
  id: string,
  timeoutMs = 90_000,
): Promise<DocumentDto> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await browser.get(`/api/documents/${id}`);
    expect(res.statusCode).toBe(200);
    const doc = res.json<DocumentDto>();
    if (doc.status === 'done' || doc.status === 'failed') return doc;
    if (Date.now() > end)
      throw new Error(`document ${id} still ${doc.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Names of the files in the app's file store (DATA_DIR/files, leaving out the temp folder). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(t.dataDir, 'files');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const tmp = await fs.readdir(path.join(dir, '.tmp')).catch(() => [] as string[]);
  return [...names.filter((n) => n !== '.tmp'), ...tmp.map((n) => `.tmp/${n}`)];
}

/** Retries `check` until it stops throwing (for effects that finish after a response ended). */
export async function eventually(
  check: () => Promise<void> | void,
  timeoutMs = 10_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

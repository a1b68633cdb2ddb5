import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/db/database.ts';
import { OffsetClock } from '../../src/lib/clock.ts';
import type { DocumentDto } from '../../src/modules/documents/document.dto.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { createPgDatabase, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { asJpeg, asPng, crumpledPhoto } from './fixtures.ts';
import {
  createDocsApp,
  eventually,
  signedInUser,
  storedFiles,
  upload,
  waitFinished,
} from './helpers.ts';

const HOUR = 3600_000;

async function uploadAndFinish(browser: TestBrowser, names: string[]): Promise<DocumentDto[]> {
  const png = await asPng(await crumpledPhoto(3, 220));
  const res = await upload(
    browser,
    names.map((filename) => ({ filename, data: png })),
  );
  expect(res.statusCode, res.body).toBe(202);
  const docs: DocumentDto[] = [];
  for (const d of res.json<{ documents: DocumentDto[] }>().documents) {
    docs.push(await waitFinished(browser, d.id));
  }
  return docs;
}

/** A database and data folder that outlive one app instance (a "restart"). */
async function persistentStorage(dialect: Dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-restart-'));
  const pg = dialect === 'postgres' ? await createPgDatabase() : null;
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: pg ? pg.url : `sqlite:${path.join(dataDir, 'app.db')}`,
    },
    dataDir,
    async drop() {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function filesIn(dataDir: string): string[] {
  return fs.readdirSync(path.join(dataDir, 'files')).filter((n) => n !== '.tmp');
}

describeEachDialect('document retention', (dialect) => {
  describe('downloads', () => {
    let t: TestApp;
    let user: TestBrowser;
    beforeAll(async () => {
      t = await createDocsApp(dialect);
      ({ browser: user } = await signedInUser(t, true));
    });
    afterAll(() => t.close());

    it('deletes the result, its previews and the record right after the first complete download', async () => {
      const [doc] = await uploadAndFinish(user, ['once.png']);
      // result + before/after previews (the original goes just after the status turns done)
      await eventually(async () => expect(await storedFiles(t)).toHaveLength(3));
      const first = await user.get(`/api/documents/${doc!.id}/download`);
      expect(first.statusCode).toBe(200);
      await eventually(async () => expect(await storedFiles(t)).toEqual([]));
      expect((await user.get(`/api/documents/${doc!.id}`)).statusCode).toBe(404);
      expect((await user.get(`/api/documents/${doc!.id}/download`)).statusCode).toBe(404);
      expect((await user.get('/api/documents')).json().documents).toEqual([]);
    });

    it('"download all" streams one ZIP with every result and then deletes them all', async () => {
      const docs = await uploadAndFinish(user, ['a.png', 'a.png', 'b.png']);
      const res = await user.post('/api/documents/download', { ids: docs.map((d) => d.id) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain('uncrumple-documents.zip');
      const zip = res.rawPayload;
      expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));
      const listing = zip.toString('latin1');
      for (const name of ['a-restored.png', 'a-restored (2).png', 'b-restored.png']) {
        expect(listing).toContain(name);
      }
      await eventually(async () => expect(await storedFiles(t)).toEqual([]));
      for (const d of docs) expect((await user.get(`/api/documents/${d.id}`)).statusCode).toBe(404);
    });

    it('DELETE removes a document and its files at once', async () => {
      const [doc] = await uploadAndFinish(user, ['gone.png']);
      const res = await user.request({ method: 'DELETE', url: `/api/documents/${doc!.id}` });
      expect(res.statusCode).toBe(204);
      expect(await storedFiles(t)).toEqual([]);
      expect((await user.get(`/api/documents/${doc!.id}`)).statusCode).toBe(404);
    });
  });

  describe('24 hours after processing', () => {
    let t: TestApp;
    let user: TestBrowser;
    const clock = new OffsetClock();
    beforeAll(async () => {
      t = await createDocsApp(dialect, { clock, env: { RETENTION_SWEEP_SECONDS: '1' } });
      ({ browser: user } = await signedInUser(t, true));
    });
    afterAll(() => t.close());

    it('keeps an undownloaded result for 24 hours, then the sweeper deletes it', async () => {
      const [doc] = await uploadAndFinish(user, ['kept.png']);
      const completed = Date.parse(doc!.completed_at!);
      expect(Date.parse(doc!.expires_at!) - completed).toBe(24 * HOUR);
      clock.advance(23 * HOUR);
      await new Promise((r) => setTimeout(r, 1500)); // at least one sweep
      await eventually(async () => expect(await storedFiles(t)).toHaveLength(3));
      clock.advance(HOUR + 60_000);
      await eventually(async () => expect(await storedFiles(t)).toEqual([]));
      const row = await t.container.db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', doc!.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      expect(row.result_file).toBeNull();
    });
  });

  describe('after a restart', () => {
    let storage: Awaited<ReturnType<typeof persistentStorage>>;
    const apps: TestApp[] = [];
    beforeAll(async () => {
      storage = await persistentStorage(dialect);
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
    });
    afterAll(() => storage.drop());

    it('the startup sweep deletes results that expired while the server was down, idempotently', async () => {
      const before = new OffsetClock();
      const first = await createDocsApp(dialect, { clock: before, env: storage.env });
      apps.push(first);
      const { browser } = await signedInUser(first, true);
      const jpg = await asJpeg(await crumpledPhoto(1));
      const res = await upload(browser, [{ filename: 'left.jpg', data: jpg }]);
      const doc = await waitFinished(browser, res.json().documents[0].id);
      await eventually(() => expect(filesIn(storage.dataDir)).toHaveLength(3));
      await first.close();
      apps.length = 0;

      // Two days later the server starts again (twice, to show the sweep is idempotent).
      for (let i = 0; i < 2; i++) {
        const later = new OffsetClock();
        later.advance(48 * HOUR);
        const next = await createDocsApp(dialect, {
          clock: later,
          env: { ...storage.env, RETENTION_SWEEP_SECONDS: '3600' },
        });
        apps.push(next);
        expect(filesIn(storage.dataDir)).toEqual([]);
        const row = await next.container.db
          .selectFrom('documents')
          .selectAll()
          .where('id', '=', doc.id)
          .executeTakeFirstOrThrow();
        expect(row.deleted_at).not.toBeNull();
        await next.close();
        apps.length = 0;
      }
    });

    it('removes files no document points at (saved just before a crash) once they are an hour old', async () => {
      const filesDir = path.join(storage.dataDir, 'files');
      fs.mkdirSync(filesDir, { recursive: true });
      const orphan = path.join(filesDir, `${randomUUID()}.png`);
      const fresh = path.join(filesDir, `${randomUUID()}.png`);
      fs.writeFileSync(orphan, 'left over');
      fs.writeFileSync(fresh, 'being uploaded right now');
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      fs.utimesSync(orphan, twoHoursAgo, twoHoursAgo);
      const next = await createDocsApp(dialect, { env: storage.env });
      apps.push(next);
      expect(fs.existsSync(orphan)).toBe(false);
      expect(fs.existsSync(fresh)).toBe(true);
    });
  });
});

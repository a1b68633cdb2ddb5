import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/modules/api-keys/api-keys.service.ts';
import type { DocumentDto } from '../../src/modules/documents/document.dto.ts';
import { TestBrowser } from '../support/http-client.ts';
import { describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { asJpeg, asPng, crumpledPhoto } from './fixtures.ts';
import { createDocsApp, eventually, signedInUser, upload, waitFinished } from './helpers.ts';

const PREMIUM_REQUIRED = 'Premium subscription required to uncrumple documents';

describeEachDialect('document access and API keys', (dialect) => {
  let t: TestApp;
  let owner: TestBrowser;
  let other: TestBrowser;
  let free: TestBrowser;
  let doc: DocumentDto;
  let png: Buffer;

  beforeAll(async () => {
    t = await createDocsApp(dialect);
    ({ browser: owner } = await signedInUser(t, true));
    ({ browser: other } = await signedInUser(t, true));
    ({ browser: free } = await signedInUser(t, false));
    png = await asPng(await crumpledPhoto(3, 220));
    const res = await upload(owner, [{ filename: 'mine.png', data: png }]);
    expect(res.statusCode).toBe(202);
    doc = await waitFinished(owner, res.json().documents[0].id);
    expect(doc.status).toBe('done');
  });
  afterAll(() => t.close());

  describe('uploads', () => {
    it('answers 401 to anonymous callers', async () => {
      const res = await upload(new TestBrowser(t.app), [{ filename: 'a.png', data: png }]);
      expect(res.statusCode).toBe(401);
    });

    it('answers 402 with the product message to signed-in users without premium', async () => {
      const res = await upload(free, [{ filename: 'a.png', data: png }]);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toEqual({ code: 'premium_required', message: PREMIUM_REQUIRED });
    });

    it('applies a premium change on the very next request', async () => {
      const user = await signedInUser(t, false);
      expect((await upload(user.browser, [{ filename: 'a.png', data: png }])).statusCode).toBe(402);
      await t.container.profiles.setPremium(user.id, true, new Date().toISOString());
      const res = await upload(user.browser, [{ filename: 'a.png', data: png }]);
      expect(res.statusCode).toBe(202);
      await waitFinished(user.browser, res.json().documents[0].id);
    });
  });

  describe("someone else's document answers 404 everywhere", () => {
    const urls = (id: string) =>
      [
        ['GET', `/api/documents/${id}`],
        ['GET', `/api/documents/${id}/events`],
        ['GET', `/api/documents/${id}/preview?side=before`],
        ['GET', `/api/documents/${id}/download`],
        ['DELETE', `/api/documents/${id}`],
      ] as const;

    it('for another premium user, and for made-up ids', async () => {
      for (const [method, url] of [...urls(doc.id), ...urls('not-a-uuid')]) {
        const res = await other.request({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const zip = await other.post('/api/documents/download', { ids: [doc.id] });
      expect(zip.statusCode).toBe(404);
      expect((await other.get('/api/documents')).json().documents).toEqual([]);
      // ...and the owner still has it.
      expect((await owner.get(`/api/documents/${doc.id}`)).statusCode).toBe(200);
    });

    it('for anonymous callers it is 401', async () => {
      for (const [method, url] of urls(doc.id)) {
        const res = await new TestBrowser(t.app).request({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  it('streams live progress (stage, rising percentage) while a document is processed', async () => {
    const jpg = await asJpeg(await crumpledPhoto(1));
    const res = await upload(owner, [{ filename: 'live.jpg', data: jpg }]);
    const id = res.json<{ documents: DocumentDto[] }>().documents[0]!.id;
    const stream = await owner.get(`/api/documents/${id}/events`);
    const events = stream.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice(6)) as DocumentDto);
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1)?.status).toBe('done');
    const processing = events.filter((e) => e.status === 'processing');
    expect(processing.length).toBeGreaterThan(0);
    expect(processing.every((e) => typeof e.stage === 'string')).toBe(true);
    const progress = events.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
  });

  it('streams progress as server-sent events until the document is finished', async () => {
    const res = await owner.get(`/api/documents/${doc.id}/events`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = res.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice(6)) as DocumentDto);
    expect(events.at(-1)?.status).toBe('done');
  });

  describe('API keys and the compatibility endpoints', () => {
    let secret: string;
    let keyId: string;

    it('creates a key whose secret is shown once and stored only as a hash', async () => {
      const res = await owner.post('/api/api-keys', { name: 'Scanner script' });
      expect(res.statusCode).toBe(201);
      const body = res.json<{
        key: { id: string; prefix: string; name: string };
        secret: string;
      }>();
      secret = body.secret;
      keyId = body.key.id;
      expect(secret).toMatch(/^uk_[A-Za-z0-9_-]{40,}$/);
      expect(secret.startsWith(body.key.prefix)).toBe(true);
      const list = (await owner.get('/api/api-keys')).json<{
        keys: Array<Record<string, unknown>>;
      }>();
      expect(list.keys).toHaveLength(1);
      expect(JSON.stringify(list)).not.toContain(secret);
      const rows = await t.container.db.selectFrom('api_keys').selectAll().execute();
      expect(rows.map((r) => r.hash)).toContain(hashSecret(secret));
      expect(JSON.stringify(rows)).not.toContain(secret);
      // Other users do not see it.
      expect((await other.get('/api/api-keys')).json().keys).toEqual([]);
    });

    it('POST /uncrumple with a Bearer key waits and returns output_file; GET /download/:file returns it', async () => {
      const api = new TestBrowser(t.app);
      const jpg = await asJpeg(await crumpledPhoto(1));
      const res = await upload(
        api,
        [{ field: 'file', filename: 'scan.jpg', data: jpg }],
        {},
        '/uncrumple',
        {
          authorization: `Bearer ${secret}`,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      const { output_file: outputFile } = res.json<{ output_file: string }>();
      expect(outputFile).toMatch(/^[0-9a-f-]{36}\.jpg$/);
      const other404 = await other.get(`/download/${outputFile}`);
      expect(other404.statusCode).toBe(404);
      const file = await api.get(`/download/${outputFile}`, { 'x-api-key': secret });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('scan-restored.jpg');
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      await eventually(async () =>
        expect((await api.get(`/download/${outputFile}`, { 'x-api-key': secret })).statusCode).toBe(
          404,
        ),
      );
    });

    it('POST /uncrumple works with the session cookie too, and takes the paper size', async () => {
      const res = await upload(
        owner,
        [{ field: 'file', filename: 'cookie.png', data: png }],
        { paper: 'legal' },
        '/uncrumple',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().document.paper).toBe('legal');
      const file = await owner.get(`/download/${res.json().output_file}`);
      expect(file.statusCode).toBe(200);
    });

    it('refuses wrong keys, cannot manage keys with a key, and stops working once revoked', async () => {
      const api = new TestBrowser(t.app);
      const wrong = await upload(
        api,
        [{ field: 'file', filename: 'a.png', data: png }],
        {},
        '/uncrumple',
        {
          authorization: 'Bearer uk_thisisnotarealkeyatallnotatall',
        },
      );
      expect(wrong.statusCode).toBe(401);
      expect((await api.get('/api/api-keys', { 'x-api-key': secret })).statusCode).toBe(401);
      expect(
        (await owner.request({ method: 'DELETE', url: `/api/api-keys/${keyId}` })).statusCode,
      ).toBe(204);
      const revoked = await upload(
        api,
        [{ field: 'file', filename: 'a.png', data: png }],
        {},
        '/uncrumple',
        {
          'x-api-key': secret,
        },
      );
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().error.message).toMatch(/invalid or was revoked/);
    });

    it("a free user's key gets the premium message", async () => {
      const created = await free.post('/api/api-keys', { name: 'free key' });
      const res = await upload(
        new TestBrowser(t.app),
        [{ field: 'file', filename: 'a.png', data: png }],
        {},
        '/uncrumple',
        { authorization: `Bearer ${created.json().secret}` },
      );
      expect(res.statusCode).toBe(402);
      expect(res.json().error.message).toBe(PREMIUM_REQUIRED);
    });
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/modules/documents/document.dto.ts';
import { TestBrowser } from '../support/http-client.ts';
import { describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { asPng, crumpledPhoto } from './fixtures.ts';
import {
  createDocsApp,
  eventually,
  signedInUser,
  storedFiles,
  upload,
  waitFinished,
} from './helpers.ts';

describeEachDialect('turning a restored document', (dialect) => {
  let t: TestApp;
  let owner: TestBrowser;
  let other: TestBrowser;
  let png: Buffer;

  beforeAll(async () => {
    t = await createDocsApp(dialect);
    ({ browser: owner } = await signedInUser(t, true));
    ({ browser: other } = await signedInUser(t, true));
    png = await asPng(await crumpledPhoto(3, 220));
  });
  afterAll(() => t.close());

  async function restored(
    files = [{ filename: 'page.png', data: png }],
    fields: Record<string, string> = {},
  ): Promise<DocumentDto> {
    const res = await upload(owner, files, fields);
    expect(res.statusCode).toBe(202);
    const doc = await waitFinished(owner, res.json().documents[0].id);
    expect(doc.status).toBe('done');
    return doc;
  }

  const rotate = (doc: DocumentDto, degrees: unknown, as = owner) =>
    as.post(`/api/documents/${doc.id}/rotate`, { degrees });

  async function pixels(bytes: Buffer) {
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  it('turns the result and its preview a quarter turn clockwise, losslessly for PNG', async () => {
    const fresh = await restored();
    const original = await pixels(await resultBytes(fresh));
    const previewBefore = await pixels(await previewBytes(fresh));

    const res = await rotate(fresh, 90);
    expect(res.statusCode).toBe(200);
    const turned = res.json<DocumentDto>();
    expect(turned.id).toBe(fresh.id);
    expect(turned.updated_at).not.toBe(fresh.updated_at);

    const preview = await pixels(await previewBytes(fresh));
    expect([preview.width, preview.height]).toEqual([previewBefore.height, previewBefore.width]);
    const result = await pixels(await resultBytes(fresh));
    const expected = await pixels(
      await sharp(await resultPng(original))
        .rotate(90)
        .toBuffer(),
    );
    expect([result.width, result.height]).toEqual([original.height, original.width]);
    expect(Buffer.compare(result.data, expected.data)).toBe(0);
  });

  it('counts every one of several turns sent at once (a double click)', async () => {
    const doc = await restored();
    const original = await pixels(await resultBytes(doc));
    const files = (await storedFiles(t)).length;
    const answers = await Promise.all([rotate(doc, 90), rotate(doc, 90), rotate(doc, 90)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const result = await pixels(await resultBytes(doc));
    const expected = await pixels(
      await sharp(await resultPng(original))
        .rotate(270)
        .toBuffer(),
    );
    expect(Buffer.compare(result.data, expected.data)).toBe(0);
    // Three quarter turns in all; the turned files replaced the old ones and no losing attempt's
    // files are left behind.
    expect((await storedFiles(t)).length).toBe(files);
  });

  it('turns the pages of a PDF without resampling them', async () => {
    const doc = await restored([{ filename: 'scan.png', data: png }], { format: 'pdf' });
    const bytesBefore = await resultBytes(doc);
    expect((await rotate(doc, 270)).statusCode).toBe(200);
    const pdf = await PDFDocument.load(await resultBytes(doc));
    expect(pdf.getPages().map((p) => p.getRotation().angle)).toEqual([270]);
    // The page's image stream is the same size: only its /Rotate entry changed.
    expect(Math.abs((await resultBytes(doc)).length - bytesBefore.length)).toBeLessThan(200);
    expect((await rotate(doc, 180)).statusCode).toBe(200);
    const again = await PDFDocument.load(await resultBytes(doc));
    expect(again.getPages()[0]!.getRotation().angle).toBe(90);
  });

  it('a script with an API key turns its result, then downloads it', async () => {
    const { secret } = (await owner.post('/api/api-keys', { name: 'turn script' })).json<{
      secret: string;
    }>();
    const script = new TestBrowser(t.app, { headers: { authorization: `Bearer ${secret}` } });
    const res = await upload(
      script,
      [{ field: 'file', filename: 'side.png', data: png }],
      {},
      '/uncrumple',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { output_file: file, document } = res.json<{
      output_file: string;
      document: DocumentDto;
    }>();
    const before = await pixels(await resultBytes(document));
    expect((await rotate(document, 90, script)).statusCode).toBe(200);
    const download = await script.get(`/download/${file}`);
    expect(download.statusCode).toBe(200);
    const after = await pixels(download.rawPayload);
    expect([after.width, after.height]).toEqual([before.height, before.width]);
  });

  it('refuses other turns with a clear message', async () => {
    const doc = await restored();
    for (const degrees of [45, -90, 360, '90', null]) {
      const res = await rotate(doc, degrees);
      expect(res.statusCode, String(degrees)).toBe(400);
      expect(res.json().error.message).toBe('degrees: Turn by 90, 180 or 270 degrees (clockwise).');
    }
  });

  it("answers 404 for someone else's document and 401 without a session", async () => {
    const doc = await restored();
    expect((await rotate(doc, 90, other)).statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${doc.id}/rotate`,
      payload: { degrees: 90 },
    });
    expect(anon.statusCode).toBe(401);
    expect((await owner.post('/api/documents/not-a-uuid/rotate', { degrees: 90 })).statusCode).toBe(
      404,
    );
  });

  it('answers 409 while the document is still being processed', async () => {
    const doc = await restored();
    const setStatus = (status: 'processing' | 'done') =>
      t.container.db.updateTable('documents').set({ status }).where('id', '=', doc.id).execute();
    await setStatus('processing');
    const res = await rotate(doc, 90);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The document is still being processed.');
    await setStatus('done');
    expect((await rotate(doc, 90)).statusCode).toBe(200);
  });

  it('answers 404 once the result was downloaded (and so deleted)', async () => {
    const doc = await restored();
    expect((await owner.get(`/api/documents/${doc.id}/download`)).statusCode).toBe(200);
    await eventually(async () => {
      expect((await owner.get(`/api/documents/${doc.id}`)).statusCode).toBe(404);
    });
    const res = await rotate(doc, 90);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Document not found.');
  });

  /** The stored result, read from the store (a download through the API would delete it). */
  async function resultBytes(doc: DocumentDto): Promise<Buffer> {
    const row = await t.container.db
      .selectFrom('documents')
      .select('result_file')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    return fs.readFile(path.join(t.dataDir, 'files', row.result_file!));
  }

  async function previewBytes(doc: DocumentDto): Promise<Buffer> {
    const res = await owner.get(`/api/documents/${doc.id}/preview?side=after`);
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  function resultPng(p: { data: Buffer; width: number; height: number }): Promise<Buffer> {
    const channels = p.data.length / (p.width * p.height);
    return sharp(p.data, { raw: { width: p.width, height: p.height, channels: channels as 3 } })
      .png()
      .toBuffer();
  }
});

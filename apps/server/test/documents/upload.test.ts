import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/modules/documents/document.dto.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import {
  HTML_PAGE,
  SVG_IMAGE,
  asBmp,
  asJpeg,
  asMultiPageTiff,
  asPdf,
  asPng,
  asWebp,
  crumpledPhoto,
  pageBombPdf,
  pixelFloodPng,
} from './fixtures.ts';
import type { FilePart } from './fixtures.ts';
import {
  createDocsApp,
  eventually,
  signedInUser,
  storedFiles,
  upload,
  waitFinished,
} from './helpers.ts';

const UNSUPPORTED = 'Please select a PNG, JPG, TIFF, BMP, WEBP or PDF file';

describeEachDialect('document uploads', (dialect) => {
  let t: TestApp;
  let user: TestBrowser;

  beforeAll(async () => {
    t = await createDocsApp(dialect, {
      env: { MAX_UPLOAD_MB: '2', MAX_IN_FLIGHT_PER_USER: '10' },
    });
    ({ browser: user } = await signedInUser(t, true));
  });
  afterAll(() => t.close());

  describe('every accepted format', () => {
    const results = new Map<string, DocumentDto>();
    let inputs: FilePart[];

    beforeAll(async () => {
      const a = await crumpledPhoto(1);
      const b = await crumpledPhoto(2);
      const small = await crumpledPhoto(3, 220);
      inputs = [
        // Names and Content-Types lie on purpose: only the bytes count.
        { filename: 'contract.jpg', contentType: 'image/jpeg', data: await asJpeg(a) },
        { filename: 'receipt.png', contentType: 'application/octet-stream', data: await asPng(b) },
        { filename: 'photo.webp', contentType: 'image/png', data: await asWebp(a) },
        { filename: 'scan.bmp', data: asBmp(small) },
        { filename: 'fax.tif', contentType: 'image/tiff', data: asMultiPageTiff([small, small]) },
        { filename: 'letter.pdf', contentType: 'application/pdf', data: await asPdf([a, b]) },
      ];
      const res = await upload(user, inputs, { mode: 'gray', format: 'same' });
      expect(res.statusCode, res.body).toBe(202);
      const docs = res.json<{ documents: DocumentDto[] }>().documents;
      expect(docs.map((d) => d.original_name)).toEqual(inputs.map((i) => i.filename));
      for (const doc of docs) {
        expect(['queued', 'processing']).toContain(doc.status);
        expect(doc.mode).toBe('gray');
        expect(doc.paper).toBe('auto');
        results.set(doc.original_name, await waitFinished(user, doc.id));
      }
    });

    it.each([
      ['contract.jpg', 'contract-restored.jpg', 'image/jpeg', 1],
      ['receipt.png', 'receipt-restored.png', 'image/png', 1],
      ['photo.webp', 'photo-restored.png', 'image/png', 1],
      ['scan.bmp', 'scan-restored.png', 'image/png', 1],
      ['fax.tif', 'fax-restored.pdf', 'application/pdf', 2],
      ['letter.pdf', 'letter-restored.pdf', 'application/pdf', 2],
    ])('%s → %s', async (name, resultName, mime, pages) => {
      const doc = results.get(name)!;
      expect(doc.status, doc.error ?? '').toBe('done');
      expect(doc.progress).toBe(100);
      expect(doc.page_count).toBe(pages);
      expect(doc.result_name).toBe(resultName);
      expect(doc.expires_at).not.toBeNull();

      const preview = await user.get(`/api/documents/${doc.id}/preview?side=before`);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(preview.rawPayload).metadata()).width).toBeLessThanOrEqual(640);
      const after = await user.get(`/api/documents/${doc.id}/preview?side=after`);
      expect(after.statusCode).toBe(200);

      const file = await user.get(`/api/documents/${doc.id}/download`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['content-disposition']).toContain(`filename="${resultName}"`);
      if (mime === 'application/pdf') {
        const pdf = await PDFDocument.load(file.rawPayload);
        expect(pdf.getPageCount()).toBe(pages);
      } else {
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format).toBe(mime === 'image/png' ? 'png' : 'jpeg');
        // Gray mode: the result has no colour.
        const stats = await sharp(file.rawPayload).stats();
        const [r, g, b2] = stats.channels;
        if (b2) expect(Math.abs(r!.mean - b2.mean) + Math.abs(g!.mean - b2.mean)).toBeLessThan(1);
      }
    });

    it('deleted the originals once processing ended and keeps only results and previews', async () => {
      // Downloads above removed their results (just after each response finished); nothing of
      // these uploads is left.
      await eventually(async () => expect(await storedFiles(t)).toEqual([]));
    });
  });

  it('brings the page to the paper size asked for: paper=letter gives a US Letter PDF page', async () => {
    const res = await upload(
      user,
      [{ filename: 'form.png', data: await asPng(await crumpledPhoto(3, 220)) }],
      { format: 'pdf', paper: 'letter' },
    );
    expect(res.statusCode, res.body).toBe(202);
    const [created] = res.json<{ documents: DocumentDto[] }>().documents;
    expect(created?.paper).toBe('letter');
    const row = await t.container.db
      .selectFrom('documents')
      .select('paper')
      .where('id', '=', created!.id)
      .executeTakeFirstOrThrow();
    expect(row.paper).toBe('letter');

    const doc = await waitFinished(user, created!.id);
    expect(doc.status, doc.error ?? '').toBe('done');
    expect(doc.result_name).toBe('form-restored.pdf');
    const file = await user.get(`/api/documents/${doc.id}/download`);
    expect(file.statusCode).toBe(200);
    const pdf = await PDFDocument.load(file.rawPayload);
    // US Letter is 8.5 × 11 in: 612 × 792 pt.
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    // The download removes the result just after the response: let it go before the next tests.
    await eventually(async () => expect(await storedFiles(t)).toEqual([]));
  });

  describe('rejections leave nothing behind', () => {
    const cases: Array<[string, () => Promise<FilePart[]>, number, RegExp | string]> = [
      [
        'a file over the size limit',
        async () => [{ filename: 'huge.jpg', data: Buffer.alloc(2.5 * 1024 * 1024, 7) }],
        413,
        /larger than 2 MB/,
      ],
      [
        'a file of another type',
        async () => [{ filename: 'notes.zip', data: Buffer.from('PK\u0003\u0004rest-of-zip') }],
        415,
        UNSUPPORTED,
      ],
      [
        'an HTML page renamed .png',
        async () => [{ filename: 'invoice.png', contentType: 'image/png', data: HTML_PAGE }],
        415,
        UNSUPPORTED,
      ],
      [
        'an SVG drawing',
        async () => [{ filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG_IMAGE }],
        415,
        UNSUPPORTED,
      ],
      [
        'a truncated JPEG',
        async () => {
          const full = await asJpeg(await crumpledPhoto(1));
          return [{ filename: 'cut.jpg', data: full.subarray(0, Math.floor(full.length / 2)) }];
        },
        422,
        /truncated/,
      ],
      [
        'a pixel-flood PNG',
        async () => [{ filename: 'flood.png', data: pixelFloodPng() }],
        422,
        /megapixels/,
      ],
      [
        'a PDF with an absurd page count',
        async () => [{ filename: 'bomb.pdf', data: pageBombPdf() }],
        422,
        /5000 pages; the limit is 50/,
      ],
      [
        'a good file sent together with a bad one',
        async () => [
          { filename: 'good.png', data: await asPng(await crumpledPhoto(1)) },
          { filename: 'bad.png', data: HTML_PAGE },
        ],
        415,
        `bad.png: ${UNSUPPORTED}`,
      ],
      ['an upload without a file', async () => [], 400, 'Please select a file first'],
    ];

    it.each(cases)('%s', async (_label, files, status, message) => {
      const before = await t.container.db.selectFrom('documents').select('id').execute();
      const filesBefore = await storedFiles(t);
      const res = await upload(user, await files());
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<{ error: { code: string; message: string } }>();
      if (typeof message === 'string') expect(body.error.message).toContain(message);
      else expect(body.error.message).toMatch(message);
      expect(await storedFiles(t)).toEqual(filesBefore);
      const after = await t.container.db.selectFrom('documents').select('id').execute();
      expect(after.length).toBe(before.length);
    });

    it('answers 429 over the in-flight limit, before storing anything', async () => {
      const tiny = await asPng(await crumpledPhoto(3, 220));
      const files = Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.png`, data: tiny }));
      const filesBefore = await storedFiles(t);
      const res = await upload(user, files);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/10 documents/);
      expect(await storedFiles(t)).toEqual(filesBefore);
    });

    it('rejects unknown modes and formats with a validation message', async () => {
      const filesBefore = await storedFiles(t);
      const res = await upload(
        user,
        [{ filename: 'a.png', data: await asPng(await crumpledPhoto(3, 220)) }],
        {
          mode: 'sepia',
        },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/mode must be color, gray or bw/);
      expect(await storedFiles(t)).toEqual(filesBefore);
    });

    it('rejects an unknown paper size with a validation message', async () => {
      const before = await t.container.db.selectFrom('documents').select('id').execute();
      const filesBefore = await storedFiles(t);
      const res = await upload(
        user,
        [{ filename: 'a.png', data: await asPng(await crumpledPhoto(3, 220)) }],
        { paper: 'a5' },
      );
      expect(res.statusCode).toBe(400);
      const { error } = res.json<{
        error: { code: string; message: string; details: unknown[] };
      }>();
      expect(error.code).toBe('validation_failed');
      expect(error.message).toContain('paper must be auto, a4, letter or legal');
      expect(error.details).toEqual([
        { path: 'paper', message: 'paper must be auto, a4, letter or legal' },
      ]);
      expect(await storedFiles(t)).toEqual(filesBefore);
      const after = await t.container.db.selectFrom('documents').select('id').execute();
      expect(after.length).toBe(before.length);
    });
  });
});

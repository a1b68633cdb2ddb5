import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ApiKeyDeps } from '../api-keys/api-keys.service.ts';
import { requireCaller } from './caller.ts';
import { toDocumentDto } from './document.dto.ts';
import type { DocumentDto } from './document.dto.ts';
import {
  deleteDocument,
  followDocument,
  getDocument,
  listDocuments,
  openDownload,
  openPreview,
  openZip,
} from './documents.service.ts';
import type { Download, ReadDeps } from './documents.service.ts';
import { contentDisposition } from './file-names.ts';
import { multipartParts } from './multipart-parts.ts';
import { rotateDocument } from './rotate-document.ts';
import { uploadDocuments } from './upload-documents.ts';
import type { UploadDeps } from './upload-documents.ts';

export interface DocumentRouteDeps {
  upload: UploadDeps;
  read: ReadDeps;
  keys: ApiKeyDeps;
  maxUploadMb: number;
}

const idParams = z.object({ id: z.uuid('Document not found.') });
const previewQuery = z.object({ side: z.enum(['before', 'after']).default('after') });
const rotateBody = z.object({
  degrees: z.union([z.literal(90), z.literal(180), z.literal(270)], {
    error: 'Turn by 90, 180 or 270 degrees (clockwise).',
  }),
});
const zipBody = z.object({
  ids: z.array(z.string().max(100)).min(1, 'Select at least one document').max(100),
});

/** /api/documents: thin routes; rules live in the services. */
export function registerDocumentRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  app.post('/api/documents', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const rows = await uploadDocuments(deps.upload, {
      userId,
      parts: multipartParts(request, deps.maxUploadMb),
      fileField: 'files',
      source: 'web',
    });
    return reply.status(202).send({ documents: rows.map(toDocumentDto) });
  });

  app.get('/api/documents', async (request) => {
    const userId = await requireCaller(request, deps.keys);
    return { documents: await listDocuments(deps.read, userId) };
  });

  app.get('/api/documents/:id', async (request) => {
    const userId = await requireCaller(request, deps.keys);
    const { id } = parseId(request.params);
    return getDocument(deps.read, userId, id);
  });

  app.get('/api/documents/:id/events', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const { id } = parseId(request.params);
    const closed = abortOnClose(reply);
    let open = false;
    const send = (doc: DocumentDto) => {
      if (!open) {
        open = true;
        reply.hijack();
        reply.raw.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        });
      }
      reply.raw.write(`data: ${JSON.stringify(doc)}\n\n`);
    };
    const heartbeat = setInterval(() => open && reply.raw.write(': keep-alive\n\n'), 15_000);
    try {
      await followDocument(deps.read, userId, id, send, { signal: closed });
    } finally {
      clearInterval(heartbeat);
      if (open) reply.raw.end();
    }
  });

  app.get('/api/documents/:id/preview', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const { id } = parseId(request.params);
    const { side } = previewQuery.parse(request.query);
    const stream = await openPreview(deps.read, userId, id, side);
    return reply.type('image/jpeg').header('Cache-Control', 'private, max-age=3600').send(stream);
  });

  app.get('/api/documents/:id/download', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const { id } = parseId(request.params);
    return sendDownload(reply, await openDownload(deps.read, userId, id));
  });

  app.post('/api/documents/:id/rotate', async (request) => {
    const userId = await requireCaller(request, deps.keys);
    const { id } = parseId(request.params);
    const { degrees } = rotateBody.parse(request.body ?? {});
    return rotateDocument(deps.read, userId, id, degrees);
  });

  app.post('/api/documents/download', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const { ids } = zipBody.parse(request.body ?? {});
    return sendDownload(reply, await openZip(deps.read, userId, ids));
  });

  app.delete('/api/documents/:id', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const { id } = parseId(request.params);
    await deleteDocument(deps.read, userId, id);
    return reply.status(204).send();
  });
}

function parseId(params: unknown): { id: string } {
  const result = idParams.safeParse(params);
  // A malformed id is simply not one of the caller's documents.
  if (!result.success) return { id: '00000000-0000-0000-0000-000000000000' };
  return result.data;
}

/**
 * Streams a download; retention runs only when the response finished completely ('finish'),
 * not when the client went away halfway ('close' without 'finish').
 */
export function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  reply.raw.once('finish', () => {
    download
      .completed()
      .catch((err: unknown) => reply.log.error({ err }, 'post-download cleanup failed'));
  });
  reply
    .type(download.mime)
    .header('Content-Disposition', contentDisposition(download.fileName))
    .header('Cache-Control', 'no-store');
  if (download.size !== null) reply.header('Content-Length', download.size);
  return reply.send(download.stream);
}

/** An AbortSignal that fires when the client disconnects before the response ended. */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

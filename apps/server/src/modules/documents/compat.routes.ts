import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { requireCaller } from './caller.ts';
import { abortOnClose, sendDownload } from './documents.routes.ts';
import type { DocumentRouteDeps } from './documents.routes.ts';
import { openDownload, waitForResult } from './documents.service.ts';
import { multipartParts } from './multipart-parts.ts';
import { uploadDocuments } from './upload-documents.ts';

const OUTPUT_FILE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|pdf)$/;

/**
 * The original product's contract, kept for existing scripts: POST /uncrumple (multipart field
 * `file`) waits for the result and answers `{ output_file }`; GET /download/:output_file returns
 * it. Authenticated by session or personal API key (never a shared key).
 */
export function registerCompatRoutes(app: FastifyInstance, deps: DocumentRouteDeps): void {
  app.post('/uncrumple', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const [doc] = await uploadDocuments(deps.upload, {
      userId,
      parts: multipartParts(request, deps.maxUploadMb),
      fileField: 'file',
      source: 'api',
    });
    if (!doc) throw new AppError('validation_failed', 'Please select a file first');
    const done = await waitForResult(deps.read, userId, doc.id, abortOnClose(reply));
    const ext = done.result_name?.split('.').pop() ?? 'png';
    return { output_file: `${done.id}.${ext}`, document: done };
  });

  app.get('/download/:file', async (request, reply) => {
    const userId = await requireCaller(request, deps.keys);
    const match = OUTPUT_FILE.exec((request.params as { file?: string }).file ?? '');
    if (!match?.[1]) throw new AppError('not_found', 'Document not found.');
    return sendDownload(reply, await openDownload(deps.read, userId, match[1]));
  });
}

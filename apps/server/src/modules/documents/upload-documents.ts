import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../queue/queue.types.ts';
import type { FileStore } from '../storage/file-store.ts';
import { cleanOriginalName } from './file-names.ts';
import { inspectUpload } from './inspect-upload.ts';
import type { UploadCaps } from './inspect-upload.ts';
import type { DocumentRepository, DocumentRow, NewDocumentRow } from './documents.repository.ts';
import type { DocumentEvents } from './document-events.ts';
import { assertPremium } from './premium.ts';
import type { PremiumCheck } from './premium.ts';

export const PROCESS_JOB = 'documents.process';

export interface ProcessPayload {
  documentId: string;
}

/** One multipart part, independent of the HTTP library. */
export type UploadPart =
  | { kind: 'file'; field: string; filename: string; read(): Promise<Uint8Array> }
  | { kind: 'field'; field: string; value: string };

const optionsSchema = z.object({
  mode: z.enum(['color', 'gray', 'bw'], 'mode must be color, gray or bw').default('color'),
  format: z
    .enum(['same', 'png', 'jpg', 'pdf'], 'format must be same, png, jpg or pdf')
    .default('same'),
  paper: z
    .enum(['auto', 'a4', 'letter', 'legal'], 'paper must be auto, a4, letter or legal')
    .default('auto'),
});

export interface UploadDeps {
  repo: DocumentRepository;
  store: FileStore;
  queue: JobQueue;
  clock: Clock;
  events: DocumentEvents;
  isPremium: PremiumCheck;
  caps: UploadCaps;
  maxInFlight: number;
  maxFilesPerRequest: number;
  maxAttempts: number;
}

interface Staged {
  id: string;
  originalName: string;
  format: string;
  bytes: number;
  pages: number;
  key: string;
}

/**
 * Accepts one or more uploads for a premium user: identifies each by its bytes, checks the caps
 * before decoding, stores it under a generated name and queues its processing. Any rejection
 * removes what this request stored, so nothing is left behind.
 */
export async function uploadDocuments(
  deps: UploadDeps,
  input: {
    userId: string;
    parts: AsyncIterable<UploadPart>;
    fileField: string;
    source: 'web' | 'api';
  },
): Promise<DocumentRow[]> {
  await assertPremium(deps.isPremium, input.userId);
  const inFlight = await deps.repo.countInFlight(input.userId);
  if (inFlight >= deps.maxInFlight) throw tooMany(deps.maxInFlight);

  const staged: Staged[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of input.parts) {
      if (part.kind === 'field') {
        fields[part.field] = part.value;
        continue;
      }
      if (part.field !== input.fileField) {
        throw new AppError('validation_failed', `Send files in the "${input.fileField}" field.`);
      }
      if (staged.length >= deps.maxFilesPerRequest) {
        throw new AppError(
          'validation_failed',
          `Send at most ${deps.maxFilesPerRequest} files at once.`,
        );
      }
      const originalName = cleanOriginalName(part.filename);
      const bytes = await part.read();
      const info = await inspectUpload(bytes, deps.caps).catch((err: unknown) => {
        if (err instanceof AppError) {
          throw new AppError(err.code, `${originalName}: ${err.message}`, err.details);
        }
        throw err;
      });
      const stored = await deps.store.put(bytes, { extension: info.format });
      staged.push({
        id: randomUUID(),
        originalName,
        format: info.format,
        bytes: stored.size,
        pages: info.pages,
        key: stored.key,
      });
    }
    if (staged.length === 0) throw new AppError('validation_failed', 'Please select a file first');
    if (inFlight + staged.length > deps.maxInFlight) throw tooMany(deps.maxInFlight);
    const options = optionsSchema.parse(fields);

    const now = deps.clock.now().toISOString();
    const rows: NewDocumentRow[] = staged.map((s) => ({
      id: s.id,
      user_id: input.userId,
      original_name: s.originalName,
      input_format: s.format,
      input_bytes: s.bytes,
      status: 'queued',
      progress: 0,
      stage: null,
      page_count: s.pages,
      error: null,
      mode: options.mode,
      format: options.format,
      paper: options.paper,
      source: input.source,
      original_file: s.key,
      result_file: null,
      result_name: null,
      result_mime: null,
      result_bytes: null,
      preview_before: null,
      preview_after: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
      expires_at: null,
      downloaded_at: null,
      deleted_at: null,
    }));
    await deps.repo.insert(rows);
    staged.length = 0; // owned by the rows now
    for (const row of rows) {
      await deps.queue.enqueue<ProcessPayload>(
        PROCESS_JOB,
        { documentId: row.id },
        { key: row.id, maxAttempts: deps.maxAttempts },
      );
    }
    const created = await Promise.all(rows.map((r) => deps.repo.findById(r.id)));
    return created.filter((r): r is DocumentRow => r !== undefined);
  } finally {
    for (const s of staged) await deps.store.delete(s.key);
  }
}

function tooMany(limit: number): AppError {
  return new AppError(
    'too_many_in_flight',
    `You already have ${limit} documents waiting or in progress. Please wait for them to finish.`,
  );
}

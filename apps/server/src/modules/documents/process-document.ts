import type { FastifyBaseLogger } from 'fastify';
import type { OutputFormat } from '@uncrumple/engine';
import type { Clock } from '../../lib/clock.ts';
import { latestWins } from '../../lib/latest-wins.ts';
import type { RunningJob } from '../queue/table-queue.ts';
import { PermanentJobError } from '../queue/queue.types.ts';
import type { Job } from '../queue/queue.types.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { RestorePool } from '../workers/restore-pool.ts';
import { WorkerTaskError, WorkerTimeoutError } from '../workers/worker-pool.ts';
import type { DocumentEvents } from './document-events.ts';
import { resultName } from './file-names.ts';
import type { DocumentPatch, DocumentRepository, DocumentRow } from './documents.repository.ts';
import type { ProcessPayload } from './upload-documents.ts';

export interface ProcessDeps {
  repo: DocumentRepository;
  store: FileStore;
  pool: RestorePool;
  clock: Clock;
  events: DocumentEvents;
  log: FastifyBaseLogger;
  limits: { maxPixels: number; maxPages: number; maxBytes: number };
  /** Per page; a document gets pages × this before its thread is stopped. */
  timeoutPerPageMs: number;
  retentionMs: number;
  previewSide: number;
}

const PROGRESS_WRITE_MS = 400;

/** The format the result is written in: multi-page documents always become one PDF. */
export function outputFormat(
  row: Pick<DocumentRow, 'format' | 'input_format' | 'page_count'>,
): OutputFormat {
  if ((row.page_count ?? 1) > 1 || row.input_format === 'pdf') return 'pdf';
  if (row.format === 'png' || row.format === 'jpg' || row.format === 'pdf') return row.format;
  return row.input_format === 'jpg' ? 'jpg' : 'png';
}

/**
 * The queue handler for one document. Idempotent: a finished or deleted document is skipped, so
 * a job that runs again after a crash never produces a second result.
 */
export async function processDocument(deps: ProcessDeps, job: Job<ProcessPayload>): Promise<void> {
  const { repo, store } = deps;
  const row = await repo.findById(job.payload.documentId);
  if (!row || row.deleted_at || row.status === 'done' || row.status === 'failed') return;
  if (!row.original_file || !(await store.exists(row.original_file))) {
    throw new PermanentJobError(
      'The uploaded file is no longer available. Please upload it again.',
    );
  }
  const started = await update(deps, row.id, ['queued', 'processing'], {
    status: 'processing',
    stage: 'decode',
    progress: 0,
    error: null,
  });
  if (!started) return;

  const format = outputFormat(row);
  const pages = Math.max(1, row.page_count ?? 1);
  let progress = 0;
  let stage = 'decode';
  let lastWrite = 0;
  // One write at a time, the latest value winning: overlapping updates on two database
  // connections could land, or be read back and announced, out of order, and the bar jump back.
  const progressWrites = latestWins<DocumentPatch>(
    (patch) => update(deps, row.id, ['processing'], patch),
    (err) => deps.log.warn({ err, documentId: row.id }, 'progress update failed'),
  );
  const input = await store.read(row.original_file);
  const signal = (job as RunningJob<ProcessPayload>).signal;
  let result;
  try {
    result = await deps.pool.restore(
      {
        input,
        mode: row.mode,
        paper: row.paper,
        format,
        limits: deps.limits,
        previewSide: deps.previewSide,
      },
      {
        timeoutMs: deps.timeoutPerPageMs * pages,
        ...(signal ? { signal } : {}),
        onProgress: (p) => {
          const next = Math.max(progress, Math.min(99, Math.round(p.fraction * 100)));
          const changed = p.stage !== stage;
          if (next === progress && !changed) return;
          progress = next;
          stage = p.stage;
          const now = Date.now();
          if (!changed && now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          progressWrites.push({ progress, stage });
        },
      },
    );
  } catch (err) {
    await progressWrites.settled();
    if (err instanceof WorkerTaskError || err instanceof WorkerTimeoutError) {
      throw new PermanentJobError(err.message, { cause: err });
    }
    // A crashed thread (or a stop) may succeed on another attempt: the queue decides.
    if (!signal?.aborted && job.attempt < job.maxAttempts) {
      await update(deps, row.id, ['processing'], { status: 'queued', stage: 'retrying' });
    }
    throw err;
  }
  await progressWrites.settled();

  const ext = result.extension;
  const saved = [
    await store.put(result.file, { extension: ext }),
    await store.put(result.after, { extension: 'jpg' }),
    result.before ? await store.put(result.before, { extension: 'jpg' }) : null,
  ] as const;
  const now = deps.clock.now();
  const finished = await update(deps, row.id, ['processing'], {
    status: 'done',
    progress: 100,
    stage: null,
    page_count: result.pages,
    result_file: saved[0].key,
    result_name: resultName(row.original_name, ext),
    result_mime: result.mime,
    result_bytes: saved[0].size,
    preview_after: saved[1].key,
    preview_before: saved[2]?.key ?? null,
    original_file: null,
    completed_at: now.toISOString(),
    expires_at: new Date(now.getTime() + deps.retentionMs).toISOString(),
  });
  if (!finished) {
    // Deleted (or finished by someone else) meanwhile: keep nothing of ours.
    for (const file of saved) if (file) await store.delete(file.key);
    return;
  }
  // Retention: the original goes as soon as processing ends.
  await store.delete(row.original_file);
}

/** Called by the queue when the document's job failed for good. */
export async function failDocument(
  deps: ProcessDeps,
  job: Job<ProcessPayload>,
  message: string,
): Promise<void> {
  const row = await deps.repo.findById(job.payload.documentId);
  if (!row || row.deleted_at || row.status === 'done' || row.status === 'failed') return;
  const now = deps.clock.now();
  const failed = await update(deps, row.id, ['queued', 'processing'], {
    status: 'failed',
    stage: null,
    error: readable(message),
    original_file: null,
    completed_at: now.toISOString(),
    expires_at: new Date(now.getTime() + deps.retentionMs).toISOString(),
  });
  if (failed && row.original_file) await deps.store.delete(row.original_file);
}

function readable(message: string): string {
  const text = message.trim() || 'The document could not be restored.';
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

async function update(
  deps: ProcessDeps,
  id: string,
  statuses: DocumentRow['status'][],
  patch: DocumentPatch,
): Promise<boolean> {
  const applied = await deps.repo.updateIf(id, statuses, {
    ...patch,
    updated_at: deps.clock.now().toISOString(),
  });
  if (applied) {
    const row = await deps.repo.findById(id);
    if (row) deps.events.emit(row);
  }
  return applied;
}

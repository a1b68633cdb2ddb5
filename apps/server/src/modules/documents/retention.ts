import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../queue/queue.types.ts';
import type { FileStore } from '../storage/file-store.ts';
import { FILE_COLUMNS } from './documents.repository.ts';
import type { DocumentRepository, DocumentRow } from './documents.repository.ts';
import type { DocumentEvents } from './document-events.ts';
import { PROCESS_JOB } from './upload-documents.ts';
import type { ProcessPayload } from './upload-documents.ts';

export interface RetentionDeps {
  repo: DocumentRepository;
  store: FileStore;
  clock: Clock;
  events: DocumentEvents;
  log: FastifyBaseLogger;
}

const BATCH = 200;

/**
 * Deletes a document's files and marks it deleted. Idempotent: files already gone are fine, and
 * the row is marked first so a crash halfway is finished by the next sweep.
 */
export async function purgeDocument(deps: RetentionDeps, row: DocumentRow): Promise<void> {
  const now = deps.clock.now().toISOString();
  if (!row.deleted_at) {
    await deps.repo.update(row.id, { deleted_at: now, updated_at: now });
  }
  for (const column of FILE_COLUMNS) {
    const key = row[column];
    if (key) await deps.store.delete(key);
  }
  await deps.repo.update(row.id, {
    original_file: null,
    result_file: null,
    preview_before: null,
    preview_after: null,
    updated_at: now,
  });
  const fresh = await deps.repo.findById(row.id);
  if (fresh) deps.events.emit(fresh);
}

/**
 * One retention pass: results (and their previews) past their 24-hour limit are deleted, and
 * files a crash left behind (an original after processing ended, files of deleted documents)
 * are removed. Safe to run any number of times, at startup and on an interval.
 */
export async function sweepRetention(
  deps: RetentionDeps,
): Promise<{ expired: number; stale: number; orphans: number }> {
  let expired = 0;
  let stale = 0;
  for (;;) {
    const rows = await deps.repo.listExpired(deps.clock.now().toISOString(), BATCH);
    for (const row of rows) await purgeDocument(deps, row);
    expired += rows.length;
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await deps.repo.listWithStaleFiles(BATCH);
    for (const row of rows) {
      if (row.deleted_at) {
        await purgeDocument(deps, row);
      } else if (row.original_file) {
        await deps.store.delete(row.original_file);
        await deps.repo.update(row.id, { original_file: null });
      }
    }
    stale += rows.length;
    if (rows.length < BATCH) break;
  }
  const orphans = await sweepOrphans(deps);
  if (expired || stale || orphans) {
    deps.log.info({ expired, stale, orphans }, 'retention sweep deleted files');
  }
  return { expired, stale, orphans };
}

/** Files no document points at, e.g. a result saved just before a crash; kept for an hour. */
const ORPHAN_GRACE_MS = 3600_000;

async function sweepOrphans(deps: RetentionDeps): Promise<number> {
  // Real time, not the app clock: this is about files on disk, not the retention promise.
  const cutoff = Date.now() - ORPHAN_GRACE_MS;
  const old = (await deps.store.list()).filter((f) => f.modifiedAt.getTime() < cutoff);
  let deleted = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const keys = old.slice(i, i + BATCH).map((f) => f.key);
    const referenced = await deps.repo.referencedKeys(keys);
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await deps.store.delete(key);
      deleted++;
    }
  }
  return deleted;
}

/**
 * Makes sure every accepted, unfinished document has a live job (e.g. the process stopped between
 * saving an upload and queueing it). The queue's per-document key makes this a no-op otherwise.
 */
export async function requeueUnfinished(
  repo: DocumentRepository,
  queue: JobQueue,
  maxAttempts: number,
): Promise<number> {
  const rows = await repo.listUnfinished();
  for (const row of rows) {
    await queue.enqueue<ProcessPayload>(
      PROCESS_JOB,
      { documentId: row.id },
      { key: row.id, maxAttempts },
    );
  }
  return rows.length;
}

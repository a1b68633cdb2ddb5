import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../storage/file-store.ts';
import { isFinished, toDocumentDto } from './document.dto.ts';
import type { DocumentDto } from './document.dto.ts';
import type { DocumentEvents } from './document-events.ts';
import type { DocumentRepository, DocumentRow } from './documents.repository.ts';
import { purgeDocument } from './retention.ts';
import type { RetentionDeps } from './retention.ts';

export interface ReadDeps extends RetentionDeps {
  repo: DocumentRepository;
  store: FileStore;
  clock: Clock;
  events: DocumentEvents;
}

/** A file ready to stream; call `completed()` once the response fully went out. */
export interface Download {
  stream: Readable;
  fileName: string;
  mime: string;
  size: number | null;
  completed(): Promise<void>;
}

const NOT_FOUND = 'Document not found.';

export async function getDocument(
  deps: ReadDeps,
  userId: string,
  id: string,
): Promise<DocumentDto> {
  return toDocumentDto(await owned(deps, userId, id));
}

export async function listDocuments(deps: ReadDeps, userId: string): Promise<DocumentDto[]> {
  return (await deps.repo.listRetained(userId)).map(toDocumentDto);
}

export async function deleteDocument(deps: ReadDeps, userId: string, id: string): Promise<void> {
  await purgeDocument(deps, await owned(deps, userId, id));
}

/**
 * Follows a document until it is done or failed: calls `send` with every change (from this
 * process at once, from others through a slow poll); resolves with the last state.
 */
export async function followDocument(
  deps: ReadDeps,
  userId: string,
  id: string,
  send: (doc: DocumentDto) => void,
  options: { signal: AbortSignal; pollMs?: number },
): Promise<DocumentDto> {
  let last = toDocumentDto(await owned(deps, userId, id));
  send(last);
  if (isFinished(last.status)) return last;
  return new Promise<DocumentDto>((resolve) => {
    let lastJson = JSON.stringify(last);
    const push = (row: DocumentRow | undefined) => {
      if (!row || row.user_id !== userId) return;
      // A poll that read the row before the latest change was announced comes back stale.
      if (row.updated_at < last.updated_at) return;
      const dto = toDocumentDto(row);
      const json = JSON.stringify(dto);
      if (json !== lastJson) {
        lastJson = json;
        last = dto;
        send(dto);
      }
      if (isFinished(dto.status) || row.deleted_at) stop();
    };
    const unsubscribe = deps.events.subscribe(id, push);
    const poll = setInterval(() => {
      deps.repo.findById(id).then(push, () => undefined);
    }, options.pollMs ?? 2000);
    const stop = () => {
      unsubscribe();
      clearInterval(poll);
      options.signal.removeEventListener('abort', stop);
      resolve(last);
    };
    options.signal.addEventListener('abort', stop, { once: true });
  });
}

export async function openPreview(
  deps: ReadDeps,
  userId: string,
  id: string,
  side: 'before' | 'after',
): Promise<Readable> {
  const row = await owned(deps, userId, id);
  const key = side === 'before' ? row.preview_before : row.preview_after;
  if (!key) throw new AppError('not_found', 'No preview is available for this document yet.');
  return deps.store.get(key);
}

/**
 * The result file. Its first complete download deletes it (retention): `completed()` must be
 * called only after the whole response went out, never on an aborted one.
 */
export async function openDownload(deps: ReadDeps, userId: string, id: string): Promise<Download> {
  const row = await owned(deps, userId, id);
  const key = readyResult(row);
  const stream = await deps.store.get(key);
  return {
    stream,
    fileName: row.result_name ?? 'document-restored',
    mime: row.result_mime ?? 'application/octet-stream',
    size: row.result_bytes,
    completed: () => deleteAfterDownload(deps, row),
  };
}

/** Several results as one ZIP (streamed; nothing is built in memory or on disk). */
export async function openZip(deps: ReadDeps, userId: string, ids: string[]): Promise<Download> {
  const rows: DocumentRow[] = [];
  for (const id of new Set(ids)) {
    const row = await deps.repo.findOwned(id, userId);
    if (row && row.status === 'done' && row.result_file) rows.push(row);
  }
  if (rows.length === 0) {
    throw new AppError('not_found', 'None of these documents has a result to download.');
  }
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  const mtime = deps.clock.now();
  for (const row of rows) {
    const stream = await deps.store.get(row.result_file!);
    zip.addReadStream(stream, uniqueName(row.result_name ?? 'document-restored', used), {
      mtime,
      compress: false, // PNG/JPEG/PDF are already compressed
    });
  }
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  return {
    stream: out,
    fileName: 'uncrumple-documents.zip',
    mime: 'application/zip',
    size: null,
    completed: async () => {
      for (const row of rows) await deleteAfterDownload(deps, row);
    },
  };
}

/**
 * Resolves when the document is finished (the compat endpoint waits for its result), or
 * rejects with `processing_failed` and the document's message.
 */
export async function waitForResult(
  deps: ReadDeps,
  userId: string,
  id: string,
  signal: AbortSignal,
): Promise<DocumentDto> {
  const last = await followDocument(deps, userId, id, () => undefined, { signal, pollMs: 1000 });
  if (last.status === 'failed') {
    throw new AppError('processing_failed', last.error ?? 'Failed to process document');
  }
  if (last.status !== 'done') {
    throw new AppError('unavailable', 'The document is still being processed; try again later.');
  }
  return last;
}

async function owned(deps: ReadDeps, userId: string, id: string): Promise<DocumentRow> {
  const row = await deps.repo.findOwned(id, userId);
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

function readyResult(row: DocumentRow): string {
  if (row.status === 'failed') {
    throw new AppError('processing_failed', row.error ?? 'Failed to process document');
  }
  if (row.status !== 'done') {
    throw new AppError('conflict', 'The document is still being processed.');
  }
  if (!row.result_file) throw new AppError('gone', 'The result was already deleted.');
  return row.result_file;
}

async function deleteAfterDownload(deps: ReadDeps, row: DocumentRow): Promise<void> {
  const first = await deps.repo.markDownloaded(row.id, deps.clock.now().toISOString());
  if (!first) return;
  const fresh = await deps.repo.findById(row.id);
  if (fresh) await purgeDocument(deps, fresh);
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    candidate = name.replace(/(\.[^.]+)?$/, (ext) => ` (${n})${ext}`);
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

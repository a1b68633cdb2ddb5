import { PDFDocument, degrees } from 'pdf-lib';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { toDocumentDto } from './document.dto.ts';
import type { DocumentDto } from './document.dto.ts';
import type { DocumentRow } from './documents.repository.ts';
import type { ReadDeps } from './documents.service.ts';

/** Quarter turns clockwise. */
export type Turn = 90 | 180 | 270;

/** Tries before giving up when other rotations of the same document keep landing first. */
const ATTEMPTS = 4;

/**
 * Turns a finished document's result (and its preview) by a quarter turn or a half turn
 * clockwise, for the page the engine left on its side or upside down. Images are turned
 * pixel for pixel (PNG stays lossless; a JPEG is encoded once more at the engine's quality),
 * PDF pages get a /Rotate entry, so nothing is resampled. Two rotations at once (a double
 * click) both count: each one swaps the stored files only if the document still points at
 * the ones it turned, and otherwise starts again from the newer ones.
 * @example const doc = await rotateDocument(deps, userId, id, 90);
 */
export async function rotateDocument(
  deps: ReadDeps,
  userId: string,
  id: string,
  turn: Turn,
): Promise<DocumentDto> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await deps.repo.findOwned(id, userId);
    if (!row) throw new AppError('not_found', 'Document not found.');
    const key = rotatableResult(row);
    let result: Uint8Array;
    let preview: Uint8Array | null;
    try {
      result = await turnFile(await deps.store.read(key), row.result_mime, turn);
      preview = row.preview_after
        ? await turnImage(await deps.store.read(row.preview_after), 'image/jpeg', turn)
        : null;
    } catch (err) {
      // Another turn may have replaced (and deleted) these files since the row was read, or a
      // delete or a download may have removed the document.
      const now = await deps.repo.findById(id);
      if (!now || now.deleted_at) throw new AppError('not_found', 'Document not found.');
      if (now.result_file !== key || now.preview_after !== row.preview_after) continue;
      throw err;
    }
    const savedResult = await deps.store.put(result, { extension: extensionOf(key) });
    const savedPreview = preview ? await deps.store.put(preview, { extension: 'jpg' }) : null;
    const swapped = await deps.repo.updateIfFiles(
      id,
      { result_file: key, preview_after: row.preview_after },
      {
        result_file: savedResult.key,
        result_bytes: savedResult.size,
        preview_after: savedPreview?.key ?? null,
        updated_at: deps.clock.now().toISOString(),
      },
    );
    if (!swapped) {
      // Someone else turned (or deleted, or downloaded) it meanwhile: ours are stale.
      await deps.store.delete(savedResult.key);
      if (savedPreview) await deps.store.delete(savedPreview.key);
      continue;
    }
    await deps.store.delete(key);
    if (row.preview_after) await deps.store.delete(row.preview_after);
    const fresh = await deps.repo.findById(id);
    if (!fresh) throw new AppError('not_found', 'Document not found.');
    deps.events.emit(fresh);
    return toDocumentDto(fresh);
  }
  throw new AppError('conflict', 'The document changed while it was being turned. Try again.');
}

function rotatableResult(row: DocumentRow): string {
  if (row.status === 'failed') {
    throw new AppError('processing_failed', row.error ?? 'Failed to process document');
  }
  if (row.status !== 'done') {
    throw new AppError('conflict', 'The document is still being processed.');
  }
  if (!row.result_file || row.downloaded_at) {
    throw new AppError('gone', 'The result was already deleted.');
  }
  return row.result_file;
}

async function turnFile(bytes: Uint8Array, mime: string | null, turn: Turn): Promise<Uint8Array> {
  if (mime === 'application/pdf') {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const page of pdf.getPages()) {
      page.setRotation(degrees((page.getRotation().angle + turn) % 360));
    }
    return pdf.save();
  }
  return turnImage(bytes, mime, turn);
}

async function turnImage(bytes: Uint8Array, mime: string | null, turn: Turn): Promise<Uint8Array> {
  const image = sharp(bytes, { limitInputPixels: false }).rotate(turn);
  const out =
    mime === 'image/jpeg'
      ? await image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer()
      : await image.png().toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

function extensionOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot >= 0 ? key.slice(dot + 1) : 'bin';
}

// Runs inside a pool thread: restores one document with @uncrumple/engine and makes the small
// before/after previews, posting progress as it goes. Bytes come and go as transferred buffers.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import * as engine from '@uncrumple/engine';
import sharp from 'sharp';
import type { RestoreProgress, RestoreTask, RestoreTaskResult } from './restore-task.ts';

const MAX_PDF_PAGES_FOR_PREVIEW = 2;

// Parallelism comes from the pool (one document per thread); libvips' own helper threads would
// only compete with the HTTP event loop for the same cores.
sharp.concurrency(1);
// On Linux this nices only this thread: when cores are short, the scheduler favours the HTTP
// thread over image work (health checks and status polls stay fast under load).
try {
  os.setPriority(10);
} catch {
  // not permitted here; run at normal priority
}

const port = parentPort;
if (!port) throw new Error('restore.worker.ts must run in a worker thread');
// A thread started ahead of use (WORKER_WARM_UP) restores a small drawn page first, so V8 has
// compiled and optimised the engine before the first real document (bench:service's first
// document after boot: 2.5 s cold, 1.5 s warmed); tasks that come meanwhile wait for it.
// Otherwise the text-direction model loads while the thread waits for its first document.
const prewarm = (workerData as { prewarm?: boolean } | null)?.prewarm === true;
const ready: Promise<unknown> = prewarm
  ? engine.warmUp().catch(() => undefined)
  : Promise.resolve();
if (!prewarm) void engine.prepareModels();

port.on('message', (task: RestoreTask) => {
  run(task).then(
    (result) => {
      const transfer = [result.file.buffer, result.after.buffer];
      if (result.before) transfer.push(result.before.buffer);
      port.postMessage({ type: 'done', result }, transfer as ArrayBuffer[]);
    },
    (err: unknown) => {
      const known = engine.isEngineError(err);
      port.postMessage({
        type: 'error',
        code: known ? err.code : 'internal',
        message: known
          ? err.message
          : `The document could not be restored: ${err instanceof Error ? err.message : String(err)}`,
      });
    },
  );
});

async function run(task: RestoreTask): Promise<RestoreTaskResult> {
  await ready;
  const progress = (p: RestoreProgress) => port?.postMessage({ type: 'progress', progress: p });
  const before = await beforePreview(task).catch(() => null);
  const result = await engine.restore(task.input, {
    mode: task.mode,
    paper: task.paper,
    format: task.format,
    limits: task.limits,
    onProgress: (stage, fraction) => progress({ stage, fraction }),
  });
  const first = result.pages[0];
  if (!first) throw new Error('the engine returned no pages');
  const after = await toPreview(first.data, task.previewSide);
  return {
    file: own(result.file),
    mime: result.mime,
    extension: result.extension,
    pages: result.pages.length,
    before,
    after,
  };
}

/**
 * First page of the input, small. sharp reads PNG/JPEG/TIFF/WEBP directly; BMP and short PDFs go
 * through the engine's decoder. Longer PDFs get no "before" preview: the engine only decodes
 * whole documents, and rendering every page twice is not worth a thumbnail.
 */
async function beforePreview(task: RestoreTask): Promise<Uint8Array | null> {
  const format = engine.detectFormat(task.input.subarray(0, 2048));
  if (format === 'pdf' || format === 'bmp') {
    const { pages } = await engine.probe(task.input, task.limits);
    if (pages > MAX_PDF_PAGES_FOR_PREVIEW) return null;
    const [first] = await engine.decode(task.input, { limits: task.limits });
    if (!first) return null;
    const raw = sharp(first.data, {
      raw: { width: first.width, height: first.height, channels: 3 },
    });
    return jpeg(raw, task.previewSide);
  }
  return toPreview(task.input, task.previewSide);
}

function toPreview(bytes: Uint8Array, side: number): Promise<Uint8Array> {
  return jpeg(sharp(bytes, { page: 0, limitInputPixels: false }).rotate(), side);
}

async function jpeg(image: sharp.Sharp, side: number): Promise<Uint8Array> {
  const out = await image
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
  return own(out);
}

/** A copy only when the bytes share their ArrayBuffer with something else (Buffer pool). */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

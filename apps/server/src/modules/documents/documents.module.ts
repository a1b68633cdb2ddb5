import path from 'node:path';
import multipart from '@fastify/multipart';
import type { AppModule } from '../index.ts';
import { ApiKeyRepository } from '../api-keys/api-keys.repository.ts';
import type { ApiKeyDeps } from '../api-keys/api-keys.service.ts';
import { registerApiKeyRoutes } from '../api-keys/api-keys.routes.ts';
import { LocalFileStore } from '../storage/local-file-store.ts';
import { RestorePool } from '../workers/restore-pool.ts';
import { defaultPoolSize } from '../workers/worker-pool.ts';
import { registerCompatRoutes } from './compat.routes.ts';
import { DocumentEvents } from './document-events.ts';
import { DocumentRepository } from './documents.repository.ts';
import { registerDocumentRoutes } from './documents.routes.ts';
import type { DocumentRouteDeps } from './documents.routes.ts';
import { failDocument, processDocument } from './process-document.ts';
import type { ProcessDeps } from './process-document.ts';
import { requeueUnfinished, sweepRetention } from './retention.ts';
import { PROCESS_JOB } from './upload-documents.ts';
import type { ProcessPayload } from './upload-documents.ts';

const MAX_FILES_PER_REQUEST = 20;
const PREVIEW_SIDE = 640;
const MAX_ATTEMPTS = 3;

/**
 * Documents: uploads, the restore worker pool, queue handler, retention sweeper, API keys and
 * the compatibility endpoints. Files live under DATA_DIR/files (never served statically).
 */
export const registerDocuments: AppModule = async (app, container) => {
  const { config, db, clock, queue } = container;
  const log = container.log.child({ module: 'documents' });
  const store = new LocalFileStore(path.join(config.dataDir, 'files'));
  const pool = new RestorePool({
    size: config.WORKER_THREADS ?? defaultPoolSize(),
    timeoutMs: config.DOCUMENT_TIMEOUT_SECONDS * 1000,
    prewarm: config.WORKER_WARM_UP ?? config.NODE_ENV !== 'test',
  });
  const repo = new DocumentRepository(db);
  const events = new DocumentEvents();
  const limits = {
    maxBytes: config.MAX_UPLOAD_MB * 1024 * 1024,
    maxPixels: Math.round(config.MAX_MEGAPIXELS_PER_PAGE * 1e6),
    maxPages: config.MAX_PAGES_PER_DOCUMENT,
  };
  const retentionMs = config.RESULT_RETENTION_HOURS * 3600 * 1000;
  const keys: ApiKeyDeps = { repo: new ApiKeyRepository(db), clock };
  const processDeps: ProcessDeps = {
    repo,
    store,
    pool,
    clock,
    events,
    log,
    limits,
    timeoutPerPageMs: config.DOCUMENT_TIMEOUT_SECONDS * 1000,
    retentionMs,
    previewSide: PREVIEW_SIDE,
  };
  const routeDeps: DocumentRouteDeps = {
    keys,
    maxUploadMb: config.MAX_UPLOAD_MB,
    read: { repo, store, clock, events, log },
    upload: {
      repo,
      store,
      queue,
      clock,
      events,
      // Admin flag or a live subscription, read fresh from the database on every upload.
      isPremium: (userId) => container.entitlements.isPremium(userId),
      caps: limits,
      maxInFlight: config.MAX_IN_FLIGHT_PER_USER,
      maxFilesPerRequest: MAX_FILES_PER_REQUEST,
      maxAttempts: MAX_ATTEMPTS,
    },
  };

  queue.work<ProcessPayload>(PROCESS_JOB, (job) => processDocument(processDeps, job), {
    concurrency: pool.size,
    onFailed: (job, message) => failDocument(processDeps, job, message),
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: limits.maxBytes,
        files: MAX_FILES_PER_REQUEST + 1,
        fields: 10,
        fieldSize: 1000,
        parts: MAX_FILES_PER_REQUEST + 12,
      },
    });
    registerDocumentRoutes(scope, routeDeps);
    registerCompatRoutes(scope, routeDeps);
  });
  registerApiKeyRoutes(app, keys);

  const sweep = () =>
    sweepRetention(routeDeps.read).catch((err: unknown) =>
      log.error({ err }, 'retention sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    await requeueUnfinished(repo, queue, MAX_ATTEMPTS);
    timer = setInterval(() => void sweep(), config.RETENTION_SWEEP_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await queue.stop(); // hands running documents back to the queue before the threads go
    await pool.close();
  });
};

import type { AppModule } from '../index.ts';

/**
 * Starts the job queue once every module has registered its handlers and the app is ready, and
 * stops it (handing running jobs back) when the app closes.
 */
export const registerQueue: AppModule = (app, container) => {
  app.addHook('onReady', async () => {
    await container.queue.start();
  });
  app.addHook('onClose', async () => {
    await container.queue.stop();
  });
};

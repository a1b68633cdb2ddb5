import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { createContainer } from './container.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const container = await createContainer(config);
  const app = await buildApp(container);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000).unref();
    await app.close();
    await container.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  const shown = config.PUBLIC_URL ?? `http://localhost:${port}`;
  app.log.info(
    { url: shown, dataDir: config.dataDir, database: config.database.kind },
    'Uncrumple is ready',
  );
  // A plain line for people (and for the e2e harness, which reads the port from it).
  console.log(`Uncrumple is serving at ${shown} (data in ${config.dataDir})`);
  console.log(
    config.SMTP_URL
      ? 'Mail is delivered over SMTP (SMTP_URL).'
      : config.isProduction
        ? 'Mail goes to the outbox (mail_outbox table and the log): set SMTP_URL to deliver it.'
        : `Mail goes to the outbox: read it at ${shown}/dev/mailbox`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

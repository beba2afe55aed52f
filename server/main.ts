import { performance } from 'node:perf_hooks';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { pgliteDataDir, startPgliteEarly } from './db/pglite-start';

/**
 * `node --import tsx server/main.ts`: reads the configuration, builds the app (database created and migrated),
 * listens, and logs the cold-start time measured from process start. SIGINT/SIGTERM close HTTP first, then the
 * database (onClose), and exit 0; a second signal, or a close that takes over 10 s, exits 1 at once.
 *
 * With the embedded database, the data folder (a copy of the migrated template when it is empty) and PGlite's
 * WebAssembly are prepared first (server/db/pglite-start.ts), while the app's modules load: `./app` is imported
 * only after that has started (the bundle keeps it in its own chunk, scripts/build-server.mjs).
 */
function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.databaseUrl === undefined) startPgliteEarly(pgliteDataDir(config.dataDir));
  const { buildApp } = await import('./app');
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  if (config.jwtSecretSource === 'generated') {
    app.log.warn(
      `JWT_SECRET is not set: generated one in ${config.dataDir}/jwt-secret (reused on later starts)`,
    );
  }
  app.log.info(
    `Integrations: GitHub App ${config.github.appId ? `${config.github.slug} (${config.github.apiUrl})` : 'not configured'}, ` +
      `Slack ${config.slack.clientId ? `configured (${config.slack.apiUrl})` : 'not configured'}`,
  );
  app.log.info(
    `Momentum ready on ${config.publicUrl} in ${Math.round(performance.now())} ms (database: ${app.database.kind})`,
  );

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} received again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: closing`);
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('Momentum failed to start:', error);
  process.exit(1);
});

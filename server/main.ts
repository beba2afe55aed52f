import { performance } from 'node:perf_hooks';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { pgliteDataDir, startPgliteEarly } from './db/pglite-start';
import { Lifecycle } from './lifecycle';

/**
 * `node --import tsx server/main.ts`: reads the configuration, builds the app (database created and migrated),
 * listens, and logs the cold-start time measured from process start; the warm-up (server/modules/system/warmup.ts)
 * runs after that, and `GET /readyz` answers 200 once it is done. SIGINT/SIGTERM drain and close (see `shutdown`)
 * and exit 0; a second signal, or a close that takes over 10 s, exits 1 at once. docs/operations.md.
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

/** How long the shutdown may take before the process gives up and exits 1, ms (docs/operations.md "Shutdown"). */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  if (config.databaseUrl === undefined) startPgliteEarly(pgliteDataDir(config.dataDir));
  const { buildApp } = await import('./app');
  const lifecycle = new Lifecycle();
  // `MOMENTUM_WARMUP=0`: ready as soon as it listens (bench/warmup.ts "off", the behaviour before issue #25).
  const app = await buildApp(config, { lifecycle, warmUp: process.env.MOMENTUM_WARMUP !== '0' });
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
  void app.warmedUp.then((report) => {
    if (report && lifecycle.state === 'ready') {
      app.log.info(
        `warm-up done in ${report.ms} ms (${report.requests} requests): GET /readyz answers 200 from now on`,
      );
    }
  });

  let closing = false;
  /**
   * SIGTERM/SIGINT (docs/operations.md "Shutdown"): draining at once — `/readyz` answers 503, open event streams get
   * a `retry` hint and end, no new reminder, upkeep or pruning run starts — then `app.close()`: the listening socket
   * closes (new connections are refused), idle keep-alive connections close, requests in flight finish, a job run
   * in progress finishes, the database closes; exit 0. Over `SHUTDOWN_TIMEOUT_MS`, or on a second signal: exit 1.
   */
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} received again: exiting now`);
      process.exit(1);
    }
    closing = true;
    const started = performance.now();
    app.log.info(`${signal} received: draining (GET /readyz answers 503), then closing`);
    lifecycle.drain();
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => {
        app.log.info(`closed in ${Math.round(performance.now() - started)} ms`);
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

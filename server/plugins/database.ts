import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { type Database, PGLITE_ANALYZE_INTERVAL_MS, analyze } from '../db';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  database: Database;
  /** The app created the database: it closes it on `app.close()` and keeps its planner statistics fresh. */
  ownsDatabase: boolean;
}

/** Decorates the app with `config` and `database`; closes and maintains a database the app owns. */
export const databasePlugin = unencapsulated<DatabasePluginOptions>(async (app, options) => {
  const { config, database, ownsDatabase } = options;
  app.decorate('config', config);
  app.decorate('database', database);
  if (ownsDatabase && database.kind === 'pglite') scheduleAnalyze(app, database);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
});

/**
 * Planner statistics for the embedded database, which has no autovacuum (see `analyze`): once when the app is ready
 * and then every `PGLITE_ANALYZE_INTERVAL_MS` until it closes. A failure is logged and retried next time. The first
 * run does not hold up `ready` (it took up to a second on a 2,000-issue database, and the statistics of the previous
 * run are still in the database meanwhile); closing waits for a run in progress.
 */
function scheduleAnalyze(app: FastifyInstance, database: Database): void {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = analyze(database).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ANALYZE of the embedded database failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PGLITE_ANALYZE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

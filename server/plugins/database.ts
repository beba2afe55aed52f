import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { type Database, PGLITE_ANALYZE_INTERVAL_MS, PGLITE_FIRST_ANALYZE_MS, analyze } from '../db';
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
 * Planner statistics for the embedded database, which has no autovacuum (see `analyze`): `PGLITE_FIRST_ANALYZE_MS`
 * after the app is ready, then every `PGLITE_ANALYZE_INTERVAL_MS` until it closes. A failure is logged and retried
 * next time; closing waits for a run in progress. The first run waits because PGlite runs on the app's own thread:
 * an `ANALYZE` started at `ready` (a second on a 2,000-issue database, ~200 ms of catalogs on an empty one) blocked
 * `listen` and the first requests behind it. The previous run's statistics are in the database meanwhile.
 */
function scheduleAnalyze(app: FastifyInstance, database: Database): void {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = analyze(database).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ANALYZE of the embedded database failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(run, PGLITE_FIRST_ANALYZE_MS);
    first.unref();
    timer = setInterval(run, PGLITE_ANALYZE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}

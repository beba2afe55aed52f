import type { AppConfig } from '../config';
import type { Database } from '../db';
import { Upkeep } from '../db/upkeep';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** The database's upkeep (server/db/upkeep.ts): scheduled only when the app opened the database itself. */
    upkeep: Upkeep;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  database: Database;
  /** The app created the database: it closes it on `app.close()` and keeps it in shape (`upkeep`). */
  ownsDatabase: boolean;
}

/** Methods that do not write (not counted towards the upkeep's `writes` cadence). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with `config`, `database` and `upkeep`; closes and maintains a database the app owns: upkeep
 * (server/db/upkeep.ts, docs/performance.md "Embedded database upkeep") `UPKEEP_CADENCE.firstMs` after `ready` —
 * on PGlite a whole `ANALYZE`, not at `ready`, since PGlite shares the app's thread and an `ANALYZE` then held up
 * `listen` — then every `intervalMs`, and after every `writes` answered write requests; closing waits for a run in
 * progress, then closes the database. A failed run is logged and tried again at the next turn.
 */
export const databasePlugin = unencapsulated<DatabasePluginOptions>(async (app, options) => {
  const { config, database, ownsDatabase } = options;
  const upkeep = new Upkeep(database, app.log);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('upkeep', upkeep);
  if (ownsDatabase) {
    app.addHook('onReady', async () => upkeep.schedule());
    app.addHook('onResponse', async (request, reply) => {
      if (!READS.has(request.method) && reply.statusCode < 400) upkeep.wrote();
    });
  }
  app.addHook('onClose', async () => {
    await upkeep.stop();
    if (ownsDatabase) await database.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;

/** The Drizzle database both drivers share (query builder, `transaction`, `execute`). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Closes the PGlite instance or ends the pool. Idempotent. */
  close(): Promise<void>;
  /** The underlying driver (used by `migrate`). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool };
}

/** `memory://` selects an in-memory PGlite (tests). */
export const MEMORY_DATABASE_URL = 'memory://';

/** Folder of the checked-in SQL migrations (`npm run db:generate`). */
export function migrationsFolder(): string {
  return path.resolve(process.cwd(), 'drizzle');
}

/**
 * Opens the database the configuration asks for:
 * - no `DATABASE_URL` → PGlite, file-backed at `${DATA_DIR}/pglite` (created on first start);
 * - `memory://` → in-memory PGlite;
 * - anything else → a node-postgres pool on that URL.
 * Resolves once the database answers a query.
 */
export async function createDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const url = config.databaseUrl;
  if (url === undefined || url === MEMORY_DATABASE_URL) {
    let client: PGlite;
    if (url === MEMORY_DATABASE_URL) {
      client = new PGlite();
    } else {
      const dir = path.join(config.dataDir, 'pglite');
      fs.mkdirSync(dir, { recursive: true });
      client = new PGlite(dir);
    }
    await client.waitReady;
    let closed = false;
    return {
      db: drizzlePglite({ client, schema }),
      kind: 'pglite',
      driver: { kind: 'pglite', client },
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
      },
    };
  }

  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection emits 'error' on the pool; without a listener that crashes the process.
  pool.on('error', () => {});
  await pool.query('select 1');
  let closed = false;
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    driver: { kind: 'postgres', client: pool },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Applies the migrations in `<cwd>/drizzle` that the database has not seen yet. */
export async function migrate(database: Database): Promise<void> {
  const options = { migrationsFolder: migrationsFolder() };
  if (database.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.driver.client }), options);
  } else {
    await migratePg(drizzlePg({ client: database.driver.client }), options);
  }
}

/** How often the app refreshes the embedded database's planner statistics (see `analyze`). */
export const PGLITE_ANALYZE_INTERVAL_MS = 10 * 60_000;

/**
 * `ANALYZE`: refreshes the planner's statistics. PostgreSQL's autovacuum daemon does this by itself; PGlite runs
 * single-user without background workers, so nothing ever does — and without statistics the planner guesses one
 * row per table and picks nested loops (the grouped item lists of a 2,000-issue team take ~40 ms instead of ~5 ms).
 * The app runs it on PGlite at start-up and every `PGLITE_ANALYZE_INTERVAL_MS` (it samples at most 30,000 rows a
 * table, so it stays short).
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  PGlite,
  type Extension,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
  parse as pgliteParse,
  protocol,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { AppConfig } from '../config';
import {
  type PGLITE_EXTENSION_NAMES,
  type TemplatePaths,
  copyTemplate,
  migrationsFolder,
  pgliteDataDir,
  startPgliteDir,
  takePgliteStart,
  templatePaths,
  useLiftoffOnly,
} from './pglite-start';
import { lockDataDir } from './data-dir-lock';
import { SizeCachingNodeFS } from './pglite-fs';
import * as schema from './schema';

export { schema };
export { migrationsFolder };
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

/** node-postgres's `Pool`, once `createDatabase` has opened a PostgreSQL database (`pg` is loaded only then). */
let PgPool: typeof pg.Pool | null = null;

/**
 * node-postgres and Drizzle's driver and migrator for it, loaded only when a PostgreSQL database is opened: the
 * embedded database's start does not pay for them (~80 ms; docs/performance.md "Embedded database and speed").
 */
async function loadNodePostgres() {
  const [{ default: pgModule }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pgModule, drizzlePg, migratePg };
}

/** `memory://` selects an in-memory PGlite (tests). */
export const MEMORY_DATABASE_URL = 'memory://';

/**
 * Settings of the embedded PostgreSQL, on top of PGlite's own (`PGlite.defaultStartParams`: single-user backend,
 * `-F` = fsync off, no parallel workers). PostgreSQL's `shared_buffers` default (128 MB) is sized for a shared
 * server; in PGlite the buffer pool is WebAssembly memory of this process, resident from the start and never given
 * back — it was most of the embedded database's footprint. 16 MB holds the system catalogs and all the data of a
 * workspace of about 10,000 items (2,000 issues with their managers, group sizes and indexes take ~2.6 MB, the
 * catalogs ~8 MB); pages beyond it are read from the OS page cache. docs/performance.md "Embedded database and speed".
 *
 * `max_wal_size`/`min_wal_size` 32 MB (two 16 MB segments; PostgreSQL's defaults are 1 GB / 80 MB): single-user
 * PostgreSQL has no checkpointer, so the write-ahead log is only cut at a `CHECKPOINT` — the app's upkeep runs one
 * (server/db/upkeep.ts) — and a checkpoint keeps up to `max_wal_size` of old segments for reuse: with the defaults a
 * checkpoint after 330 MB of WAL removed nothing, with 32 MB it left two segments. docs/performance.md "Embedded
 * database upkeep".
 */
const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  max_wal_size: '32MB',
  min_wal_size: '32MB',
};

/**
 * PostgreSQL extensions bundled with PGlite that the migrations create: `pg_trgm` for the trigram indexes of
 * workspace search (drizzle/0010_search.sql, server/modules/search/). PGlite can only `CREATE EXTENSION` what it was
 * opened with, and every cluster that has the extension must be opened with it again. Their names are part of the
 * template key (`templatePaths`), so a template made with another set is never reused; `satisfies` keeps them the
 * same as `PGLITE_EXTENSION_NAMES`.
 */
const PGLITE_EXTENSIONS = { pg_trgm } satisfies Record<(typeof PGLITE_EXTENSION_NAMES)[number], Extension>;

/** PGlite's options for every database of the app (settings, extensions); also used to open a restored copy. */
export function pgliteOptions(): PGliteOptions {
  useLiftoffOnly();
  return {
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  };
}

/** A unique name next to `target`, for writing it before the atomic rename. */
const scratchPath = (target: string) => `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;

/** Moves `scratch` to `target` (unless another process did first) and removes older templates of the same kind. */
function publishTemplate(paths: TemplatePaths, scratch: string, target: string): void {
  try {
    fs.renameSync(scratch, target);
  } catch {
    // Another process put the same template there first.
  }
  const tarball = target.endsWith('.tar.gz');
  for (const name of fs.readdirSync(paths.folder)) {
    const other = path.join(paths.folder, name);
    // Never another process's scratch copy (`….tmp`), still being written.
    const sameKind = !name.endsWith('.tmp') && name.endsWith('.tar.gz') === tarball;
    if (name.startsWith('pglite-') && sameKind && other !== target) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}

async function migrateClient(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
}

/** The template data directory, made now (initdb, migrations, clean shutdown) if missing; null if it cannot be. */
async function templateDir(): Promise<string | null> {
  const paths = templatePaths();
  if (!paths) return null;
  if (fs.existsSync(path.join(paths.dir, 'PG_VERSION'))) return paths.dir;
  const scratch = scratchPath(paths.dir);
  try {
    fs.mkdirSync(scratch, { recursive: true });
    const client = new PGlite(scratch, pgliteOptions());
    try {
      await client.waitReady;
      await migrateClient(client);
    } finally {
      await client.close();
    }
    publishTemplate(paths, scratch, paths.dir);
    return fs.existsSync(path.join(paths.dir, 'PG_VERSION')) ? paths.dir : null;
  } catch {
    return null;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The file-backed PGlite in `dir`; an empty `dir` starts as a copy of the template (see `templatePaths`). Takes over
 * the start server/main.ts began (server/db/pglite-start.ts), or begins it now.
 */
async function openPgliteDir(dir: string): Promise<PGlite> {
  const options = pgliteOptions();
  const start = takePgliteStart(dir) ?? startPgliteDir(dir);
  await start.folder;
  if (fs.readdirSync(dir).length === 0) {
    // No template yet (the first start on this machine): make it, then copy it.
    const template = await templateDir();
    if (template) await copyTemplate(template, dir);
  }
  const client = new PGlite(dir, { ...options, ...(await start.assets), ...pgliteFs(dir) });
  await client.waitReady;
  return client;
}

/**
 * The data folder's file system: PGlite's Node one with remembered file sizes (server/db/pglite-fs.ts; no `fstat` on
 * every end-of-file seek, docs/performance.md "Fixed cost of a request"), or PGlite's own when
 * `MOMENTUM_PGLITE_PLAIN_FS=1` (the "before" of bench/server.ts).
 */
function pgliteFs(dir: string): { fs?: SizeCachingNodeFS } {
  return process.env.MOMENTUM_PGLITE_PLAIN_FS === '1' ? {} : { fs: new SizeCachingNodeFS(dir) };
}

/** An in-memory PGlite from the template tarball; without one, initdb and migrations, and the tarball is saved. */
async function openPgliteMemory(): Promise<PGlite> {
  const paths = templatePaths();
  if (paths && fs.existsSync(paths.tarball)) {
    let client: PGlite | undefined;
    try {
      const tar = zlib.gunzipSync(fs.readFileSync(paths.tarball));
      client = new PGlite({ ...pgliteOptions(), loadDataDir: new Blob([tar]) });
      await client.waitReady;
      return client;
    } catch {
      // A damaged tarball: drop it, and make a new one below.
      await client?.close().catch(() => {});
      fs.rmSync(paths.tarball, { force: true });
    }
  }
  const client = new PGlite(pgliteOptions());
  await client.waitReady;
  if (paths) {
    const scratch = scratchPath(paths.tarball);
    try {
      await migrateClient(client);
      const dump = await client.dumpDataDir('none');
      fs.mkdirSync(paths.folder, { recursive: true });
      fs.writeFileSync(scratch, zlib.gzipSync(Buffer.from(await dump.arrayBuffer()), { level: 1 }));
      publishTemplate(paths, scratch, paths.tarball);
    } catch {
      // Not cached; the caller's `migrate` reports a migration that fails.
      fs.rmSync(scratch, { force: true });
    }
  }
  return client;
}

/** Statements kept prepared per PGlite instance (least recently used ones are closed beyond this). */
const PGLITE_STATEMENTS = 256;

type RowDescription = Parameters<typeof pgliteParse.parseResults>[0][number];

interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (null: it returns no rows), put before its rows when they are parsed. */
  rowDescription: RowDescription | null;
}

/** Queries kept prepared: reads and writes (DDL, `BEGIN`… keep PGlite's own path). */
const DML = /^\s*(?:select|insert|update|delete|with)\b/i;
/** `SET …` without parameters (Drizzle's `set transaction …` in every `transaction` with a config): one round trip. */
const SET = /^\s*set\s/i;

/**
 * PGlite's `query()` sends each parameterised query as six protocol round trips into WebAssembly (parse, describe,
 * bind, describe, execute, sync) and re-plans it every time. This keeps named prepared statements per query text
 * instead (what node-postgres does for Drizzle's `.prepare()` on PostgreSQL): the first run parses and describes
 * it once, every later run is one round trip (bind, execute, sync), planned with PostgreSQL's plan cache. Used for
 * SELECT/INSERT/UPDATE/DELETE/WITH only (`SET` goes as a simple query, one round trip); everything else goes through
 * PGlite unchanged. On a 2,000-issue team this took the list route from 7 to 4 round trips' worth of PGlite time
 * (docs/performance.md "Embedded database and speed").
 */
class PgliteStatements {
  readonly #client: PGlite;
  readonly #statements = new Map<string, Statement>();
  /** Statements evicted or broken, closed with the next round trip. */
  #closing: string[] = [];
  #counter = 0;
  readonly #parsers = new Map<string, Record<number | string, (value: string, typeId?: number) => unknown>>();

  constructor(client: PGlite) {
    this.#client = client;
  }

  /** `run` for `text` with `params`: 'prepared', 'simple' (one simple query) or null (PGlite's `query`). */
  static route(text: string, params: unknown[] | undefined): 'prepared' | 'simple' | null {
    if (DML.test(text)) return 'prepared';
    return SET.test(text) && !params?.length ? 'simple' : null;
  }

  #take(): Uint8Array[] {
    const closes = this.#closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.#closing = [];
    return closes;
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `momentum_${++this.#counter}`;
    const { messages } = await this.#client.execProtocol(
      concat([
        ...this.#take(),
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    let paramTypes: number[] = [];
    let rowDescription: RowDescription | null = null;
    for (const message of messages) {
      if (message.name === 'parameterDescription') {
        paramTypes = (message as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      } else if (message.name === 'rowDescription') {
        rowDescription = message;
      }
    }
    const statement = { name, paramTypes, rowDescription };
    this.#statements.set(text, statement);
    if (this.#statements.size > PGLITE_STATEMENTS) {
      const [oldest] = this.#statements.keys();
      this.#closing.push(this.#statements.get(oldest!)!.name);
      this.#statements.delete(oldest!);
    }
    return statement;
  }

  /** Drizzle's per-query parsers merged into PGlite's (PGlite would copy all of its parsers on every query). */
  #parsersFor(options: QueryOptions | undefined) {
    const own = options?.parsers;
    if (!own) return this.#client.parsers;
    const key = Object.keys(own).join(',');
    let merged = this.#parsers.get(key);
    if (!merged) {
      merged = { ...this.#client.parsers, ...own };
      this.#parsers.set(key, merged);
    }
    return merged;
  }

  /** Runs `text`; the caller holds PGlite's locks (see `fastPglite`). */
  async run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    let statement = this.#statements.get(text);
    if (statement) {
      this.#statements.delete(text);
      this.#statements.set(text, statement);
    } else {
      statement = await this.#prepare(text, options);
    }
    const { paramTypes } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[index]!;
      const serialize = options?.serializers?.[type] ?? this.#client.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    let messages;
    try {
      ({ messages } = await this.#client.execProtocol(
        concat([
          ...this.#take(),
          protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      ));
    } catch (error) {
      // E.g. "cached plan must not change result type" after DDL: prepare it again next time.
      this.#statements.delete(text);
      this.#closing.push(statement.name);
      throw error;
    }
    const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const { rowMode } = options ?? {};
    return pgliteParse.parseResults(
      all,
      this.#parsersFor(options),
      rowMode ? { rowMode } : undefined,
    )[0] as Results<T>;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The PGlite client Drizzle is given: `query` (outside and inside transactions) takes `PgliteStatements`' path
 * for reads and writes, under PGlite's own locks (the transaction lock outside a transaction, the query lock in
 * both), exactly where PGlite's `query` would run.
 */
function fastPglite(client: PGlite): PGlite {
  const statements = new PgliteStatements(client);
  const wrapTransaction = (tx: Transaction): Transaction => ({
    ...tx,
    get closed() {
      return tx.closed;
    },
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      const route = PgliteStatements.route(text, params);
      if (route === null) return tx.query<T>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      if (route === 'simple') return (await tx.exec(text, options))[0] as Results<T>;
      return client._runExclusiveQuery(() => statements.run<T>(text, params, options));
    },
  });
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          const route = PgliteStatements.route(text, params);
          if (route === null) return target.query<T>(text, params, options);
          if (route === 'simple') return (await target.exec(text, options))[0] as Results<T>;
          const result = await target._runExclusiveTransaction(() =>
            target._runExclusiveQuery(() => statements.run<T>(text, params, options)),
          );
          await target.syncToFs();
          return result;
        };
      }
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(wrapTransaction(tx)));
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Opens the database the configuration asks for:
 * - no `DATABASE_URL` → PGlite, file-backed at `${DATA_DIR}/pglite` (created on first start, from the template);
 * - `memory://` → in-memory PGlite;
 * - anything else → a node-postgres pool on that URL.
 * Resolves once the database answers a query.
 */
export async function createDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const url = config.databaseUrl;
  if (url === undefined || url === MEMORY_DATABASE_URL) {
    // One process at a time on a data folder (server/db/data-dir-lock.ts; waits for `npm run backup`/`restore`).
    const lock = url === MEMORY_DATABASE_URL ? null : await lockDataDir(config.dataDir);
    const client = await (
      url === MEMORY_DATABASE_URL ? openPgliteMemory() : openPgliteDir(pgliteDataDir(config.dataDir))
    ).catch((error: unknown) => {
      lock?.release();
      throw error;
    });
    let closed = false;
    return {
      db: drizzlePglite({ client: fastPglite(client), schema }),
      kind: 'pglite',
      driver: { kind: 'pglite', client },
      async close() {
        if (closed) return;
        closed = true;
        await client.close();
        lock?.release();
      },
    };
  }

  const { pgModule, drizzlePg } = await loadNodePostgres();
  PgPool = pgModule.Pool;
  const pool = new pgModule.Pool({ connectionString: url, max: 10 });
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

/**
 * Key of the PostgreSQL session advisory lock `migrate` holds (`pg_advisory_lock(bigint)`): a fixed number, the
 * same in every version of the app, so that app servers of any version starting together on one database queue up.
 */
export const MIGRATION_LOCK_KEY = '7140125202500000025';

/**
 * Applies the migrations in `<cwd>/drizzle` that the database has not seen yet (docs/backup-and-upgrade.md
 * "Upgrades"). On PostgreSQL it runs on one pooled connection holding the advisory lock `MIGRATION_LOCK_KEY`, so
 * that several app servers starting at once apply each migration once: the first takes the lock and migrates, the
 * others wait for it, then find nothing left to apply. The lock is released in `finally` (and with the connection,
 * should that break). PGlite: one process owns the database, so there is nothing to lock. `folder`: another
 * migrations folder (the upgrade test applies a previous release's).
 */
export async function migrate(database: Database, folder: string = migrationsFolder()): Promise<void> {
  const options = { migrationsFolder: folder };
  if (database.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.driver.client }), options);
    return;
  }
  const { drizzlePg, migratePg } = await loadNodePostgres();
  const client = await database.driver.client.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), options);
    } finally {
      await client
        .query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY])
        .catch((error: Error) => {
          // A connection that cannot unlock is closed below, which releases the lock.
          broken = error;
        });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * When, after the app is ready, its first upkeep run refreshes the embedded database's planner statistics (a whole
 * `ANALYZE`; server/db/upkeep.ts, scheduled by server/plugins/database.ts). Not at `ready`: PGlite runs on the app's
 * thread, and an `ANALYZE` then held up `listen` and the first requests.
 */
export const PGLITE_FIRST_ANALYZE_MS = 30_000;

/**
 * `ANALYZE` of the whole database: refreshes the planner's statistics. PostgreSQL's autovacuum daemon does this by
 * itself; PGlite runs single-user without background workers, so nothing does unless the app's upkeep does (without
 * statistics the planner guesses one row per table and picks nested loops: the grouped item lists of a 2,000-issue
 * team took ~40 ms instead of ~5 ms). The app's upkeep (server/db/upkeep.ts) runs it on PGlite once,
 * `PGLITE_FIRST_ANALYZE_MS` after start-up, and later analyzes only the tables changed enough; benchmarks and tests
 * call this after seeding in bulk.
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}

/**
 * Runs one hand-written SQL statement kept prepared, for a hot path that Drizzle's query builder would rebuild on
 * every request (server/modules/items/list.ts, one statement a list page): on PostgreSQL as the named statement
 * `name` (node-postgres parses and plans it once per pooled connection), on PGlite through `PgliteStatements`
 * (prepared once per distinct text). `text` uses `$1…$n` for `params`; the rows come back with the driver's usual
 * type parsing (`json` columns parsed, `int4` as numbers). Not for use inside a Drizzle transaction: it takes its
 * own connection (PostgreSQL) or PGlite's lock, like any statement outside one.
 */
export async function queryPrepared<T>(db: Db, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (PgPool && client instanceof PgPool) {
    return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
  }
  return (await (client as PGlite).query<T>(text, params)).rows;
}

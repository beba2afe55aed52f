import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, PGLITE_FIRST_ANALYZE_MS } from './index';
import { SerialRuns } from './serial-runs';

/**
 * Upkeep of the database (docs/performance.md "Embedded database upkeep", docs/setup.md "Running on PostgreSQL").
 *
 * PGlite runs PostgreSQL single-user, without the background processes a server has: no checkpointer (the
 * write-ahead log is only recycled at a checkpoint, so it grew without bound — 1.1 GB of WAL for 66 MB of data) and
 * no autovacuum (the rows the group-size triggers of drizzle/0008_list_group_sizes.sql insert and fold away stay as
 * dead rows that every grouped list page reads past, and the planner's statistics go stale). One upkeep run does
 * what those processes would, only where it is due, so that it stays short — PGlite runs on the app's thread and a
 * `VACUUM` holds every request behind it:
 * - `ANALYZE` of every table changed by more than `analyzeRows + analyzeScale × rows` rows since its last analyze
 *   (both databases: on PostgreSQL it is the "ANALYZE after a bulk change" that autovacuum would do only at its next
 *   round — and a table autovacuum already analyzed shows no changes, so nothing is done twice);
 * - PGlite only: `VACUUM` of every table with more than `vacuumRows + vacuumScale × rows` dead rows (in practice the
 *   tables the triggers and writes churn: item_group_count, item, item_manager, event_outbox), one statement a
 *   table so requests run in between;
 * - PGlite only: `CHECKPOINT` once the WAL written since the last one exceeds `checkpointBytes`, or after a
 *   `VACUUM`; with `max_wal_size`/`min_wal_size` of 32 MB (`PGLITE_SETTINGS` in server/db/index.ts) the checkpoint
 *   removes every WAL segment but two.
 * PostgreSQL keeps its own autovacuum and checkpointer; the run never vacuums or checkpoints there.
 *
 * One run at a time across servers: on PostgreSQL the session-level advisory lock `UPKEEP_LOCK_KEY`
 * (`pg_try_advisory_lock` on a connection of its own, since `VACUUM`/`ANALYZE` of several tables are not run in
 * one transaction — the reminder's `pg_try_advisory_xact_lock` pattern, server/modules/alarms/reminder.ts, held for
 * a session); another server finds it taken and skips. A PGlite data folder belongs to one process, whose single
 * session would re-enter its own advisory lock, so there the lock is a per-instance flag with the same effect.
 */

/** Key of the session-level advisory lock of an upkeep run (0x4d6f6d55 = "MomU"; the reminder's is "MomA"). */
export const UPKEEP_LOCK_KEY = 0x4d6f6d55;

/** When a table is due for `ANALYZE` / `VACUUM`, and the database for `CHECKPOINT` (see the module comment). */
export interface UpkeepThresholds {
  /** Rows changed since the last analyze, plus `analyzeScale` × live rows. */
  analyzeRows: number;
  analyzeScale: number;
  /** Dead rows, plus `vacuumScale` × live rows (PGlite). */
  vacuumRows: number;
  vacuumScale: number;
  /** WAL bytes written since the last checkpoint (PGlite). */
  checkpointBytes: number;
}

/**
 * The thresholds the app runs with. Analyze: PostgreSQL's autovacuum defaults (50 rows + 10 %). Vacuum: 200 dead
 * rows + 20 % (autovacuum's scale; its base of 50 would vacuum the small, hot item_group_count table — whose dead rows
 * every grouped list page reads past — after a few dozen writes, for little gain), so the large item table, whose
 * `VACUUM` is the longest step (its trigram indexes), is vacuumed about every fifth of its size in updates.
 * Checkpoint: one WAL segment (16 MB). docs/performance.md "Embedded database upkeep" has the measurements behind them.
 */
export const UPKEEP_THRESHOLDS: UpkeepThresholds = {
  analyzeRows: 50,
  analyzeScale: 0.1,
  vacuumRows: 200,
  vacuumScale: 0.2,
  checkpointBytes: 16 * 1024 * 1024,
};

/** What one run did; `skipped`: another run (another server, or this one) held the lock, nothing was done. */
export interface UpkeepResult {
  skipped: boolean;
  /** Tables vacuumed / analyzed, in the order done. */
  vacuumed: string[];
  analyzed: string[];
  checkpoint: boolean;
  /** WAL bytes written since the last checkpoint, before the run (PGlite; null on PostgreSQL or when skipped). */
  walBytes: number | null;
  /** Wall-clock time of the run, ms. */
  ms: number;
  /** The maintenance statements run and how long each took, ms (PGlite answers no request while one runs). */
  steps: { sql: string; ms: number }[];
}

export interface UpkeepOptions {
  thresholds?: Partial<UpkeepThresholds>;
  /**
   * Everything regardless of thresholds (and of statistics counters not yet flushed): every table of the app analyzed,
   * and on PGlite vacuumed and checkpointed.
   */
  force?: boolean;
  /**
   * PGlite: one `ANALYZE` of the whole database (catalogs and tables never analyzed included) instead of the tables
   * due — the app's first run after start: statistics counters are lost when the process was killed, and an
   * `ANALYZE` also re-estimates the dead rows the next run vacuums by.
   */
  analyzeAll?: boolean;
}

interface TableStats {
  relname: string;
  n_live_tup: string | number;
  n_dead_tup: string | number;
  n_mod_since_analyze: string | number;
}

const STATS_SQL = `select relname, n_live_tup, n_dead_tup, n_mod_since_analyze
  from pg_stat_user_tables where schemaname = 'public' order by relname`;
const WAL_SQL = `select (pg_current_wal_lsn() - (pg_control_checkpoint()).redo_lsn)::bigint as bytes`;

/** A quoted identifier (table names come from the catalog, this only keeps odd ones valid). */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Columns a due `ANALYZE` of a table samples, where not all: the item table's keys, groupings and dates, without
 * its text (title, name, the description and the five search columns of drizzle/0010_search.sql), whose statistics
 * took ~4/5 of the table's `ANALYZE` (20,000 items: 662 → 148 ms; at load average 15 the whole table took up to
 * 6.1 s, docs/performance.md "Embedded database upkeep") and whose distribution hardly moves with edits. Their
 * statistics come from the whole-database `ANALYZE` of the first run after every start (`analyzeAll`) and `force`.
 */
export const ANALYZE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  item: [
    'id',
    'kind',
    'team_id',
    'workspace_id',
    'number',
    'state',
    'priority',
    'deadline_start',
    'deadline_end',
    'goal_id',
    'author_id',
    'created_at',
    'updated_at',
  ],
};

/** `name` with its `ANALYZE_COLUMNS` list, unless `force` (every column). */
const analyzeTarget = (name: string, force: boolean) => {
  const columns = force ? undefined : ANALYZE_COLUMNS[name];
  return columns ? `${ident(name)} (${columns.map(ident).join(', ')})` : ident(name);
};

/** What is due, from the tables' statistics (see `UpkeepThresholds`). */
function due(stats: TableStats[], t: UpkeepThresholds, force: boolean, vacuum: boolean) {
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const row of stats) {
    const live = Number(row.n_live_tup);
    const dead = Number(row.n_dead_tup);
    const changed = Number(row.n_mod_since_analyze);
    if (vacuum && (force || dead > t.vacuumRows + t.vacuumScale * live)) vacuumed.push(row.relname);
    if (force || changed > t.analyzeRows + t.analyzeScale * live) analyzed.push(row.relname);
  }
  return { analyzed, vacuumed };
}

/** PGlite instances with a run in progress (the per-instance lock, see the module comment). */
const pgliteRuns = new WeakSet<PGlite>();

/**
 * One upkeep run (see the module comment): returns what it did, or `skipped: true` when another run holds the lock.
 * Rejects when a statement fails (the lock is released first).
 */
export async function runUpkeep(database: Database, options: UpkeepOptions = {}): Promise<UpkeepResult> {
  const started = performance.now();
  const thresholds = { ...UPKEEP_THRESHOLDS, ...options.thresholds };
  const force = options.force ?? false;
  const steps: UpkeepResult['steps'] = [];
  const done = (result: Omit<UpkeepResult, 'ms' | 'steps'>): UpkeepResult => ({
    ...result,
    ms: performance.now() - started,
    steps,
  });
  /** Runs `statement` through `exec`, timed into `steps`. */
  const step = async (exec: (statement: string) => Promise<unknown>, statement: string) => {
    const t = performance.now();
    await exec(statement);
    steps.push({ sql: statement, ms: performance.now() - t });
  };
  const skipped = () =>
    done({ skipped: true, vacuumed: [], analyzed: [], checkpoint: false, walBytes: null });

  if (database.driver.kind === 'pglite') {
    const client = database.driver.client;
    if (pgliteRuns.has(client)) return skipped();
    pgliteRuns.add(client);
    const exec = (statement: string) => client.exec(statement);
    try {
      const stats = (await client.query<TableStats>(STATS_SQL)).rows;
      const { analyzed, vacuumed } = due(stats, thresholds, force, true);
      const both = new Set(analyzed.filter((name) => vacuumed.includes(name)));
      // One statement a table: PGlite answers requests between them.
      for (const name of vacuumed) {
        await step(
          exec,
          `vacuum ${both.has(name) ? `(analyze) ${analyzeTarget(name, force)}` : ident(name)}`,
        );
      }
      if (options.analyzeAll) {
        await step(exec, 'analyze');
        analyzed.splice(0, analyzed.length, '*');
      } else {
        for (const name of analyzed) {
          if (!both.has(name)) await step(exec, `analyze ${analyzeTarget(name, force)}`);
        }
      }
      const [wal] = (await client.query<{ bytes: string | number }>(WAL_SQL)).rows;
      const walBytes = Number(wal?.bytes ?? 0);
      const checkpoint = force || vacuumed.length > 0 || walBytes > thresholds.checkpointBytes;
      if (checkpoint) await step(exec, 'checkpoint');
      return done({ skipped: false, vacuumed, analyzed, checkpoint, walBytes });
    } finally {
      pgliteRuns.delete(client);
    }
  }

  const connection = await database.driver.client.connect();
  let locked = false;
  try {
    const lock = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      UPKEEP_LOCK_KEY,
    ]);
    locked = lock.rows[0]?.locked === true;
    if (!locked) return skipped();
    const { analyzed } = due((await connection.query<TableStats>(STATS_SQL)).rows, thresholds, force, false);
    for (const name of analyzed)
      await step((statement) => connection.query(statement), `analyze ${analyzeTarget(name, force)}`);
    return done({ skipped: false, vacuumed: [], analyzed, checkpoint: false, walBytes: null });
  } finally {
    try {
      if (locked) await connection.query('select pg_advisory_unlock($1)', [UPKEEP_LOCK_KEY]);
      connection.release();
    } catch (error) {
      // A broken connection: drop it (its session, and the lock with it, ends).
      connection.release(error as Error);
    }
  }
}

/**
 * Holds the upkeep lock of `database` while `work` runs (tests: "another server is running its upkeep"): on
 * PostgreSQL a connection of its own holding `UPKEEP_LOCK_KEY`, on PGlite the per-instance flag. Rejects when the lock
 * is taken.
 */
export async function withUpkeepLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.driver.kind === 'pglite') {
    const client = database.driver.client;
    if (pgliteRuns.has(client)) throw new Error('the upkeep lock is taken');
    pgliteRuns.add(client);
    try {
      return await work();
    } finally {
      pgliteRuns.delete(client);
    }
  }
  const connection = await database.driver.client.connect();
  try {
    const lock = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      UPKEEP_LOCK_KEY,
    ]);
    if (lock.rows[0]?.locked !== true) throw new Error('the upkeep lock is taken');
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [UPKEEP_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

/** When the app runs upkeep (see `Upkeep`). */
export interface UpkeepCadence {
  /** First run after `ready`, ms: not at `ready` — a run then held up `listen` on PGlite's shared thread. */
  firstMs: number;
  /** Between runs, ms (a run finds nothing due in ~1 ms when little was written). */
  intervalMs: number;
  /** Writes (non-GET requests answered) after which a run starts without waiting for the interval. */
  writes: number;
}

/**
 * 30 s after ready, then every minute, or after 2,000 writes, whichever comes first. 2,000 PATCHes write ~8 MB of
 * WAL (~3.9 KB each) and a few thousand dead rows; with this cadence a 20,000-issue database stayed at ~76 MB over
 * 50,000 writes and its list pages as fast as a freshly loaded copy's (docs/performance.md "Embedded database
 * upkeep", with the runs' durations).
 */
export const UPKEEP_CADENCE: UpkeepCadence = {
  firstMs: PGLITE_FIRST_ANALYZE_MS,
  intervalMs: 60_000,
  writes: 2_000,
};

/**
 * The upkeep of one app: `schedule()` starts the timer (first run after `cadence.firstMs`, then every
 * `cadence.intervalMs`); `wrote()` counts a write and starts a run after `cadence.writes` of them; `run()` runs now,
 * after a run of this app in progress; `stop()` stops the timer and waits for a run in progress. Scheduled runs log
 * what they did at debug level (a failure as a warning) and never throw.
 */
export class Upkeep {
  private readonly runs = new SerialRuns();
  private timer: NodeJS.Timeout | undefined;
  private first: NodeJS.Timeout | undefined;
  private writes = 0;
  /** Whether a scheduled run has analyzed the whole database yet (`UpkeepOptions.analyzeAll`, PGlite). */
  private analyzedAll = false;
  private stopped = false;
  private readonly cadence: UpkeepCadence;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    cadence: Partial<UpkeepCadence> = {},
    private readonly options: UpkeepOptions = {},
  ) {
    this.cadence = { ...UPKEEP_CADENCE, ...cadence };
  }

  /** Runs upkeep now (after a run of this app in progress); rejects when the run fails. */
  run(options: UpkeepOptions = this.options): Promise<UpkeepResult> {
    this.writes = 0;
    return this.runs.next(() => runUpkeep(this.database, options));
  }

  /**
   * PGlite: the whole-database `ANALYZE` of the first scheduled run, now — issue #25: the warm-up runs it before
   * the server reports ready (server/modules/system/warmup.ts), where it held up users 30 s after start (337 ms
   * with 2,000 issues, seconds with more); the first scheduled run then does only what is due. Resolves with the
   * run, or null when there is nothing to do (PostgreSQL, or done already).
   */
  async analyzeAllNow(): Promise<UpkeepResult | null> {
    if (this.database.kind !== 'pglite' || this.analyzedAll || this.stopped) return null;
    const result = await this.run({ ...this.options, analyzeAll: true });
    this.analyzedAll = true;
    return result;
  }

  /** Starts the timers; returns at once. */
  schedule(): void {
    if (this.stopped || this.timer) return;
    this.first = setTimeout(() => void this.scheduledRun('first'), this.cadence.firstMs);
    this.first.unref();
    this.timer = setInterval(() => void this.scheduledRun('interval'), this.cadence.intervalMs);
    this.timer.unref();
  }

  /**
   * Counts one write; the `cadence.writes`-th since the last run starts a run at once (queued behind PGlite's lock,
   * or the connection pool — not behind a timer: PGlite's queries settle as promises without I/O, so a busy
   * in-process write loop would starve a timer or `setImmediate`).
   */
  wrote(): void {
    if (++this.writes < this.cadence.writes || this.stopped) return;
    this.writes = 0;
    void this.scheduledRun('writes');
  }

  /** Resolves when no run of this app is in progress. */
  idle(): Promise<void> {
    return this.runs.idle();
  }

  /** Stops the timers; waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.first);
    clearInterval(this.timer);
    await this.idle();
  }

  private async scheduledRun(trigger: 'first' | 'interval' | 'writes'): Promise<void> {
    if (this.stopped) return;
    try {
      const first = !this.analyzedAll && this.database.kind === 'pglite';
      const result = await this.run(first ? { ...this.options, analyzeAll: true } : this.options);
      this.analyzedAll = true;
      if (result.vacuumed.length || result.analyzed.length || result.checkpoint) {
        this.log.debug({ ...result, trigger }, 'database upkeep ran');
      }
    } catch (error) {
      this.log.warn({ err: error, trigger }, 'database upkeep failed');
    }
  }
}

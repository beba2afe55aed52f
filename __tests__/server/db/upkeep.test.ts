import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import { getTableColumns, sql } from 'drizzle-orm';
import { PRIORITIES, STATES } from '../../../contract';
import { type Database, createDatabase, migrate } from '../../../server/db';
import { item, itemManager } from '../../../server/db/schema';
import { ANALYZE_COLUMNS, Upkeep, runUpkeep, withUpkeepLock } from '../../../server/db/upkeep';
import { asMember } from '../support/members';
import { listPageOk } from '../support/items';
import { type TestDatabase, createTestApp, createTestDatabase, tempDir } from '../support/test-app';
import { createWorkspaceWith } from '../support/workspaces';

/**
 * Issue #22: the database's upkeep (server/db/upkeep.ts, docs/performance.md "Embedded database upkeep"): one run at
 * a time across app servers sharing a database, and on a file-backed PGlite a write loop's dead rows vacuumed and
 * its write-ahead log cut back.
 */
jest.setTimeout(120_000);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Another "server" on the same database: on PostgreSQL its own pool on the same URL, on PGlite the same instance. */
async function secondServerDatabase(
  database: Database,
): Promise<{ database: Database; close(): Promise<void> }> {
  if (database.driver.kind === 'pglite') return { database, close: async () => {} };
  const url = (database.driver.client as unknown as { options: { connectionString: string } }).options
    .connectionString;
  const other = await createDatabase({ databaseUrl: url, dataDir: tempDir() });
  return { database: other, close: () => other.close() };
}

describe('one run at a time across servers', () => {
  let testDb: TestDatabase;
  let second: { database: Database; close(): Promise<void> };
  let appA: FastifyInstance;
  let appB: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    second = await secondServerDatabase(testDb.database);
    appA = (await createTestApp({ database: testDb.database })).app;
    appB = (await createTestApp({ database: second.database })).app;
    // Something to analyze.
    await createWorkspaceWith(appA, 'Upkeep', '주인', ['김']);
  });

  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await second?.close();
    await testDb?.drop();
  });

  it('analyzes the item table by its key and grouping columns, which all exist, and by every column when forced', async () => {
    const names = Object.values(getTableColumns(item)).map((column) => column.name);
    expect(ANALYZE_COLUMNS.item!.length).toBeGreaterThan(0);
    for (const column of ANALYZE_COLUMNS.item!) expect(names).toContain(column);
    expect(ANALYZE_COLUMNS.item).not.toContain('search_text');
    const forced = await runUpkeep(testDb.database, { force: true });
    const statements = forced.steps.map((step) => step.sql);
    expect(statements.some((statement) => /^(vacuum \(analyze\) |analyze )"item"$/.test(statement))).toBe(
      true,
    );
    // Every table due (thresholds of 0): the item table by its columns, and the statement runs.
    const due = await runUpkeep(testDb.database, {
      thresholds: { analyzeRows: -1, analyzeScale: 0, vacuumRows: 1e9, vacuumScale: 0 },
    });
    expect(due.steps.map((step) => step.sql)).toContain(
      `analyze "item" (${ANALYZE_COLUMNS.item!.map((column) => `"${column}"`).join(', ')})`,
    );
  });

  it('skips on the second server while the first holds the lock, and runs once it is released', async () => {
    const during = await withUpkeepLock(testDb.database, () => appB.upkeep.run({ force: true }));
    expect(during).toMatchObject({ skipped: true, analyzed: [], vacuumed: [], checkpoint: false });
    expect(during.steps).toEqual([]);

    const after = await appB.upkeep.run({ force: true });
    expect(after.skipped).toBe(false);
    expect(after.analyzed).toEqual(expect.arrayContaining(['member', 'workspace']));
    // PostgreSQL keeps its own autovacuum and checkpointer: the run only analyzes there.
    if (testDb.database.kind === 'postgres') {
      expect(after).toMatchObject({ vacuumed: [], checkpoint: false, walBytes: null });
    } else {
      expect(after.checkpoint).toBe(true);
    }
  });

  // On PostgreSQL which of two simultaneous runs wins the lock, or whether the first is done before the second asks,
  // is a race; the test above holds the lock instead.
  const onPglite = process.env.DATABASE_URL && process.env.DATABASE_URL !== 'memory://' ? it.skip : it;
  onPglite(
    'runs once when both servers start a run at the same moment (PGlite: one instance, one run)',
    async () => {
      const results = await Promise.all([appA.upkeep.run({ force: true }), appB.upkeep.run({ force: true })]);
      expect(results.map((r) => r.skipped).sort()).toEqual([false, true]);
    },
  );

  it('the lock is free again after a run that failed', async () => {
    const { driver } = testDb.database;
    if (driver.kind === 'pglite') {
      jest.spyOn(driver.client, 'query').mockRejectedValueOnce(new Error('boom'));
    } else {
      // The run's own connection: its second statement (after taking the lock) fails.
      const connect = driver.client.connect.bind(driver.client) as () => Promise<PoolClient>;
      jest.spyOn(driver.client, 'connect').mockImplementationOnce(async () => {
        const connection = await connect();
        const query = connection.query.bind(connection) as (...args: unknown[]) => Promise<unknown>;
        let calls = 0;
        connection.query = ((...args: unknown[]) =>
          ++calls === 2 ? Promise.reject(new Error('boom')) : query(...args)) as typeof connection.query;
        return connection;
      });
    }
    await expect(runUpkeep(testDb.database)).rejects.toThrow('boom');
    jest.restoreAllMocks();
    expect((await runUpkeep(second.database)).skipped).toBe(false);
  });

  it('starts a run after `writes` writes, counted from the last run', async () => {
    const upkeep = new Upkeep(testDb.database, appA.log, {
      writes: 3,
      firstMs: 3_600_000,
      intervalMs: 3_600_000,
    });
    const run = jest.spyOn(upkeep, 'run');
    upkeep.wrote();
    upkeep.wrote();
    expect(run).not.toHaveBeenCalled();
    upkeep.wrote();
    expect(run).toHaveBeenCalledTimes(1);
    await upkeep.idle();
    upkeep.wrote();
    upkeep.wrote();
    expect(run).toHaveBeenCalledTimes(1);
    await upkeep.stop();
    upkeep.wrote();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('a file-backed PGlite after a write loop', () => {
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = tempDir('momentum-upkeep-');
    database = await createDatabase({ databaseUrl: undefined, dataDir });
    await migrate(database);
    app = (await createTestApp({ database })).app;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const pgWal = () => path.join(dataDir, 'pglite', 'pg_wal');
  const walSegments = () => fs.readdirSync(pgWal()).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;
  const deadRows = async (table: string) =>
    Number(
      rowsOf<{ dead: string }>(
        await database.db.execute(
          sql`select n_dead_tup as dead from pg_stat_user_tables where relname = ${table}`,
        ),
      )[0]?.dead ?? 0,
    );

  it('vacuums the churned tables and removes all but two WAL segments; lists answer the same', async () => {
    const ws = await createWorkspaceWith(app, 'Disk', '주인', ['김', '이', '박']);
    const people = [ws.owner, ...ws.members].map((m) => m.memberId);
    const teamId = ws.defaultTeamId;
    const ids = rowsOf<{ id: number }>(
      await database.db
        .insert(item)
        .values(
          Array.from({ length: 600 }, (_, k) => ({
            kind: 'issue' as const,
            teamId,
            workspaceId: ws.workspaceId,
            number: k + 1,
            name: `Disk-${k + 1}`,
            title: `이슈 ${k + 1}`,
            state: STATES[k % STATES.length]!,
            priority: PRIORITIES[k % PRIORITIES.length]!,
          })),
        )
        .returning({ id: item.id })
        .then((rows) => ({ rows })),
    ).map((r) => r.id);
    await database.db
      .insert(itemManager)
      .values(ids.map((itemId, k) => ({ itemId, memberId: people[k % 4]! })));

    // Writes through the app (each fires the group-size triggers)…
    for (let n = 0; n < 200; n++) {
      const body =
        n % 2 ? { state: STATES[n % STATES.length] } : { managersId: [people[n % 4]!, people[(n + 1) % 4]!] };
      const res = await asMember(
        app,
        ws.owner,
        'PATCH',
        `/api/teams/${teamId}/issues/${ids[(n * 37) % ids.length]}`,
        {
          payload: body,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    // …and ~60 MB of write-ahead log in a few statements (a scratch table filled and dropped; bulk updates of items
    // write their five trigram indexes too and take minutes on a busy machine).
    await database.db.execute(
      sql`create table upkeep_scratch as select g, repeat(md5(g::text), 16) as pad from generate_series(1, 100000) g`,
    );
    await database.db.execute(sql`drop table upkeep_scratch`);
    const page = () => listPageOk(app, ws.owner, teamId, 'issues', { query: 'MANAGER', size: 50 });
    const before = { page: await page(), segments: walSegments(), dead: await deadRows('item_group_count') };
    expect(before.segments).toBeGreaterThanOrEqual(4);
    expect(before.dead).toBeGreaterThan(0);

    // Thresholds low enough for this small team (the app's: docs/performance.md "Embedded database upkeep").
    const result = await app.upkeep.run({ thresholds: { vacuumRows: 20, vacuumScale: 0.05 } });
    expect(result.skipped).toBe(false);
    expect(result.vacuumed).toContain('item_group_count');
    expect(result.checkpoint).toBe(true);
    expect(result.walBytes).toBeGreaterThan(32 * 1024 * 1024);
    // max_wal_size = min_wal_size = 32 MB (server/db/index.ts): the checkpoint keeps two 16 MB segments.
    expect(walSegments()).toBeLessThanOrEqual(2);
    expect(await deadRows('item_group_count')).toBeLessThan(before.dead);
    expect(await page()).toEqual(before.page);

    // Nothing is due right after: the next run does nothing.
    expect(await app.upkeep.run()).toMatchObject({ vacuumed: [], checkpoint: false });
  });
});

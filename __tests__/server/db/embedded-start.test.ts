import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, createDatabase, migrate } from '../../../server/db';
import {
  copyTemplate,
  copyTree,
  pgliteDataDir,
  startPgliteEarly,
  takePgliteStart,
} from '../../../server/db/pglite-start';
import { tempDir } from '../support/test-app';

/**
 * The embedded database's start (server/db/pglite-start.ts, docs/performance.md "Embedded database and speed"): server/main.ts
 * begins preparing the data folder — a copy of the migrated template when it is empty — and PGlite's WebAssembly
 * before the app's modules load, and the database takes that over. What a member running `npm start` relies on:
 * an empty folder opens as a working, migrated database; a folder that holds one is opened as it is, never copied
 * over; and a failed copy leaves an empty folder behind (PGlite then runs initdb), never half a cluster.
 */

// Each test opens one or two embedded databases (WebAssembly start plus a data folder): seconds each on a loaded
// machine, over Jest's 5 s default (the CI of 2026-11-27 timed out here under the parallel server suites).
jest.setTimeout(60_000);

const folders: string[] = [];
const databases: Database[] = [];

function folder(): string {
  const dir = tempDir('momentum-start-');
  folders.push(dir);
  return dir;
}

async function open(dataDir: string): Promise<Database> {
  const database = await createDatabase({ databaseUrl: undefined, dataDir });
  databases.push(database);
  return database;
}

afterEach(async () => {
  while (databases.length) await databases.pop()!.close();
  while (folders.length) fs.rmSync(folders.pop()!, { recursive: true, force: true });
});

const migrationCount = () =>
  fs.readdirSync(path.resolve('drizzle')).filter((name) => name.endsWith('.sql')).length;

/** The rows of one raw query (the two drivers' `execute` results differ in type, not in `rows`). */
async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function appliedMigrations(database: Database): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    database,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row!.n;
}

describe('embedded database start', () => {
  test.each(['early (as npm start)', 'without the early start (tests, npm run dev)'])(
    'an empty data folder opens as the migrated database, %s',
    async (how) => {
      const dataDir = folder();
      if (how.startsWith('early')) startPgliteEarly(pgliteDataDir(dataDir));
      const database = await open(dataDir);
      // Taken over once: nothing is left for a later open of the same folder.
      expect(takePgliteStart(pgliteDataDir(dataDir))).toBeNull();
      expect(await appliedMigrations(database)).toBe(migrationCount());
      await migrate(database); // a no-op on the copied template
      expect(await rowsOf(database, sql`select count(*)::int as n from item`)).toEqual([{ n: 0 }]);
      expect(fs.existsSync(path.join(pgliteDataDir(dataDir), 'PG_VERSION'))).toBe(true);
    },
  );

  test('a data folder that holds a database is opened as it is, also with the early start', async () => {
    const dataDir = folder();
    const first = await open(dataDir);
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('회의록')`);
    await databases.pop()!.close();

    startPgliteEarly(pgliteDataDir(dataDir));
    const again = await open(dataDir);
    expect(await rowsOf(again, sql`select note from kept`)).toEqual([{ note: '회의록' }]);
  });

  test('copyTree copies nested folders and files; a failed template copy leaves the folder empty', async () => {
    const from = folder();
    fs.mkdirSync(path.join(from, 'base', '5'), { recursive: true });
    fs.writeFileSync(path.join(from, 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(from, 'base', '5', '1259'), Buffer.alloc(8192, 7));
    const to = folder();
    await copyTree(from, to);
    expect(fs.readFileSync(path.join(to, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(fs.readFileSync(path.join(to, 'base', '5', '1259'))).toEqual(Buffer.alloc(8192, 7));

    const missing = path.join(from, 'no-such-template');
    await expect(copyTree(missing, folder())).rejects.toThrow();
    const target = folder();
    expect(await copyTemplate(missing, target)).toBe(false);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});

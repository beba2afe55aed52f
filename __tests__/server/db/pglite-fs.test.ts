import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Database, createDatabase } from '../../../server/db';
import { cacheFileSizes } from '../../../server/db/pglite-fs';
import { tempDir } from '../support/test-app';

/**
 * The embedded database's file sizes (server/db/pglite-fs.ts, docs/performance.md "Fixed cost of a request"):
 * end-of-file seeks are answered from a remembered size, which writes, truncates and opens keep right.
 */

/** A fake NODEFS over in-memory files: its `llseek(SEEK_END)` reads the size (as NODEFS's `fstat` does) and counts. */
function fakeNodefs() {
  const files = new Map<object, number>();
  const counts = { sizeReads: 0 };
  const nodefs = {
    stream_ops: {
      open: (_stream: { node: object }) => {},
      write: (stream: { node: object }, _b: unknown, _o: number, length: number, position: number) => {
        files.set(stream.node, Math.max(files.get(stream.node) ?? 0, position + length));
        return length;
      },
      llseek: (stream: { node: object }, offset: number, whence: number) => {
        if (whence !== 2) return offset;
        counts.sizeReads++;
        const position = (files.get(stream.node) ?? 0) + offset;
        if (position < 0) throw new Error('EINVAL');
        return position;
      },
      setattr: (stream: { node: object }, attr: { size?: number }) => {
        if (attr.size !== undefined) files.set(stream.node, attr.size);
      },
    },
    node_ops: {
      setattr: (node: object, attr: { size?: number }) => {
        if (attr.size !== undefined) files.set(node, attr.size);
      },
    },
  };
  return { nodefs, files, counts };
}

describe('remembered file sizes (unit)', () => {
  const node = () => ({ mode: 0o100600 });

  test('a second end-of-file seek does not read the size again; writes extend it', () => {
    const { nodefs, files, counts } = fakeNodefs();
    const stats = cacheFileSizes(nodefs);
    const stream = { node: node() };
    files.set(stream.node, 8192);
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(8192);
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(8192);
    expect(nodefs.stream_ops.llseek(stream, -100, 2)).toBe(8092);
    expect(counts.sizeReads).toBe(1);
    expect(stats).toEqual({ hits: 2, misses: 1 });
    // Extending write (PostgreSQL's mdextend): the size follows without a read.
    nodefs.stream_ops.write(stream, null, 0, 8192, 8192);
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(16384);
    // A write inside the file does not shrink it.
    nodefs.stream_ops.write(stream, null, 0, 10, 0);
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(16384);
    expect(counts.sizeReads).toBe(1);
    // Other seeks are the original's.
    expect(nodefs.stream_ops.llseek(stream, 5, 0)).toBe(5);
  });

  test('truncates (stream and path) and opens forget the size', () => {
    const { nodefs, files, counts } = fakeNodefs();
    cacheFileSizes(nodefs);
    const stream = { node: node() };
    files.set(stream.node, 8192);
    nodefs.stream_ops.llseek(stream, 0, 2);
    nodefs.stream_ops.setattr(stream, { size: 0 });
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(0);
    nodefs.node_ops.setattr(stream.node, { size: 4096 });
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(4096);
    files.set(stream.node, 100); // as an O_TRUNC open and a write would leave it
    nodefs.stream_ops.open(stream);
    expect(nodefs.stream_ops.llseek(stream, 0, 2)).toBe(100);
    expect(counts.sizeReads).toBe(4);
    // A negative position is still the original's error.
    expect(() => nodefs.stream_ops.llseek(stream, -101, 2)).toThrow('EINVAL');
  });

  test('sizes are per file', () => {
    const { nodefs, files } = fakeNodefs();
    cacheFileSizes(nodefs);
    const a = { node: node() };
    const b = { node: node() };
    files.set(a.node, 1);
    files.set(b.node, 2);
    expect([nodefs.stream_ops.llseek(a, 0, 2), nodefs.stream_ops.llseek(b, 0, 2)]).toEqual([1, 2]);
  });
});

describe('remembered file sizes (file-backed PGlite)', () => {
  const folders: string[] = [];
  const databases: Database[] = [];
  afterEach(async () => {
    while (databases.length) await databases.pop()!.close();
    while (folders.length) fs.rmSync(folders.pop()!, { recursive: true, force: true });
    delete process.env.MOMENTUM_PGLITE_PLAIN_FS;
  });

  async function open(plain: boolean): Promise<Database> {
    if (plain) process.env.MOMENTUM_PGLITE_PLAIN_FS = '1';
    else delete process.env.MOMENTUM_PGLITE_PLAIN_FS;
    const dataDir = tempDir('momentum-pglite-fs-');
    folders.push(dataDir);
    const database = await createDatabase({ databaseUrl: undefined, dataDir });
    databases.push(database);
    return database;
  }

  /** `fs.fstatSync` calls (what NODEFS's end-of-file seek issues) during `work`. */
  async function fstats(work: () => Promise<void>): Promise<number> {
    const spy = jest.spyOn(fs, 'fstatSync');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  const rows = async (database: Database, query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows;

  test('writes, growth, truncation and reopening read the same data as PGlite plain; reads issue no fstat', async () => {
    const results: { n: number }[][] = [];
    const readFstats: number[] = [];
    for (const plain of [true, false]) {
      const database = await open(plain);
      await database.db.execute(sql`create table t (id int primary key, pad text)`);
      // Grows the table and its index by many pages (extending writes).
      await database.db.execute(
        sql`insert into t select g, repeat('x', 200) from generate_series(1, 20000) g`,
      );
      await database.db.execute(sql`delete from t where id > 15000`);
      await database.db.execute(sql`vacuum t`); // truncates the emptied tail
      await database.db.execute(sql`insert into t select g, 'y' from generate_series(15001, 15500) g`);
      await rows(database, sql`select count(*)::int as n from t`);
      readFstats.push(
        await fstats(async () => {
          for (let i = 0; i < 20; i++)
            await rows(database, sql`select count(*)::int as n from t where id > ${i}`);
        }),
      );
      results.push(await rows(database, sql`select count(*)::int as n from t`));
    }
    expect(results[0]).toEqual([{ n: 15500 }]);
    expect(results[1]).toEqual(results[0]);
    // PGlite's own file system asks the file for its size at relation size checks; the cached one never does
    // once the sizes are known.
    expect(readFstats[0]).toBeGreaterThan(0);
    expect(readFstats[1]).toBe(0);
  }, 120_000);

  test('a truncated and regrown table is read right after reopening the folder', async () => {
    const dataDir = tempDir('momentum-pglite-fs-');
    folders.push(dataDir);
    let database = await createDatabase({ databaseUrl: undefined, dataDir });
    await database.db.execute(sql`create table t (id int)`);
    await database.db.execute(sql`insert into t select generate_series(1, 5000)`);
    await database.db.execute(sql`truncate t`);
    await database.db.execute(sql`insert into t select generate_series(1, 10)`);
    expect(await rows(database, sql`select count(*)::int as n from t`)).toEqual([{ n: 10 }]);
    await database.close();
    database = await createDatabase({ databaseUrl: undefined, dataDir });
    databases.push(database);
    expect(await rows(database, sql`select count(*)::int as n from t`)).toEqual([{ n: 10 }]);
  }, 120_000);
});

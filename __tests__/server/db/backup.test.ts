import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../../server/app';
import { type AppConfig, loadConfig } from '../../../server/config';
import { type Database, createDatabase, schema } from '../../../server/db';
import {
  BackupError,
  CONTROL_FILE,
  backupDataDir,
  restoreDataDir,
  runningServer,
  verifyArchive,
} from '../../../server/db/backup';
import { type SignedInMember, asMember } from '../support/members';
import { createItemOk, createTeamWith } from '../support/items';
import { tempDir, testEnv } from '../support/test-app';
import { createWorkspaceWith, multipartFile } from '../support/workspaces';

/**
 * `npm run backup` / `npm run restore` of the embedded database (server/db/backup.ts, docs/backup-and-upgrade.md):
 * what an operator relies on. A backup taken while the app serves — through the app's control socket, with
 * requests still answered — restores, after the data folder is wiped, to the same rows in every table and the same
 * uploaded file bytes, and the app serves them again. Restoring refuses while the app runs, and refuses a damaged
 * archive without touching the data. Always on a file-backed PGlite (DATABASE_URL is ignored: this is the embedded
 * database's path).
 */

// Two or three embedded databases are opened (WebAssembly start, a 40 MB data folder copied and archived).
jest.setTimeout(120_000);

let dataDir: string;
let config: AppConfig;
let app: FastifyInstance | null = null;
let owner: SignedInMember;
let mate: SignedInMember;
let issueId: number;
let pictureUrl: string;
let archiveFile: string;
const scratch = tempDir('momentum-h3-backup-out-');

async function startApp(): Promise<FastifyInstance> {
  const started = await buildApp(config);
  await started.ready();
  return started;
}

beforeAll(async () => {
  dataDir = tempDir('momentum-h3-backup-');
  // No JWT_SECRET: the app generates DATA_DIR/jwt-secret, which the archive carries (sessions survive a restore).
  config = loadConfig(testEnv({ DATABASE_URL: undefined, DATA_DIR: dataDir, JWT_SECRET: undefined }));
  app = await startApp();
  const ws = await createWorkspaceWith(app, 'backupco', '김대표', ['이동료']);
  owner = ws.owner;
  mate = ws.members[0]!;
  const teamId = await createTeamWith(app, owner, '백업 점검팀', [mate.memberId]);
  const goalId = await createItemOk(app, owner, teamId, 'goals', { title: '분기 목표' });
  const content = JSON.stringify({
    root: {
      type: 'root',
      version: 1,
      children: [{ type: 'paragraph', children: [{ text: '복구되어야 하는 설명' }] }],
    },
  });
  issueId = await createItemOk(app, owner, teamId, 'issues', {
    title: '백업 점검',
    content,
    state: 'IN_PROGRESS',
    managersId: [mate.memberId],
    deadline: { start: '2026-12-01', end: '2026-12-05' },
    goalId,
  });
  const comment = await asMember(app, owner, 'POST', '/api/comments', {
    payload: { category: 'ISSUE', targetId: issueId, content: '백업 전에 남긴 댓글' },
  });
  expect(comment.statusCode).toBe(201);
  const picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#3a7d44' },
  })
    .png()
    .toBuffer();
  const { payload, headers } = await multipartFile('image', 'me.png', 'image/png', picture);
  const uploaded = await asMember(app, owner, 'PATCH', '/api/workspace/setting/my-profile/profile-image', {
    payload,
    headers,
  });
  expect(uploaded.statusCode).toBe(200);
  pictureUrl = uploaded.json().result.profileImageUrl;
  archiveFile = path.join(scratch, 'momentum.tar.gz');
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Every table's rows (`schema.table` → rows as sorted JSON lines), read on the open database. */
async function allRows(database: Database): Promise<Map<string, string[]>> {
  if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
  const client = database.driver.client;
  const tables = await client.query<{ s: string; t: string }>(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const result = new Map<string, string[]>();
  for (const { s, t } of tables.rows) {
    const rows = await client.query(`select * from "${s}"."${t}"`);
    result.set(`${s}.${t}`, rows.rows.map((row) => JSON.stringify(row)).sort());
  }
  return result;
}

const pictureFile = () => path.join(dataDir, ...pictureUrl.split('/').filter(Boolean));

/** Runs `npm run <script> -- <args>` as an operator would; resolves with its exit code and output. */
function npmRun(script: 'backup' | 'restore', args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '-s', script, '--', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** SHA-256 over every file (path and bytes) under `dir`: equal before and after means nothing changed. */
function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of fs.readdirSync(at).sort()) {
      const full = path.join(at, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(fs.readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

describe('backup and restore of the embedded database', () => {
  let before: Map<string, string[]>;
  let pictureBytes: Buffer;

  it('backs up while the app serves: through its control socket, answering requests meanwhile', async () => {
    expect(runningServer(dataDir)).not.toBeNull();
    expect((fs.statSync(path.join(dataDir, CONTROL_FILE)).mode & 0o777).toString(8)).toBe('600');
    before = await allRows(app!.database);
    pictureBytes = fs.readFileSync(pictureFile());

    const reads = Array.from({ length: 5 }, () =>
      asMember(app!, mate, 'GET', '/api/alarms/unread-count').then((r) => r.statusCode),
    );
    const [result, ...statuses] = await Promise.all([backupDataDir(config, archiveFile), ...reads]);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(result.source).toBe('running-server');
    expect(result.bytes).toBe(fs.statSync(archiveFile).size);
    expect((fs.statSync(archiveFile).mode & 0o777).toString(8)).toBe('600');
    if (process.env.MOMENTUM_TEST_VERBOSE === '1') {
      console.log(`backup: ${result.bytes} bytes in ${result.ms} ms, app paused ${result.pausedMs} ms`);
    }

    const { manifest } = verifyArchive(fs.readFileSync(archiveFile));
    expect(manifest.database.migrations).toBe(
      fs.readdirSync(path.resolve('drizzle')).filter((n) => n.endsWith('.sql')).length,
    );
    // The manifest's counts are those of the rows copied; the seed is in them.
    for (const [table, rows] of before) expect(manifest.database.tables[table]).toBe(rows.length);
    for (const table of [
      'public.item',
      'public.comment',
      'public.alarm',
      'public.team',
      'public.workspace',
    ]) {
      expect(manifest.database.tables[table]).toBeGreaterThan(0);
    }
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['pglite.tar', pictureUrl.slice(1), 'jwt-secret']),
    );
  });

  it('restores into a wiped data folder: every table and the uploaded file come back, and the app serves them', async () => {
    await app!.close();
    app = null;
    expect(runningServer(dataDir)).toBeNull();
    fs.rmSync(dataDir, { recursive: true, force: true });

    const restored = await restoreDataDir(config, archiveFile);
    expect(restored.keptAside).toEqual([]);
    expect(fs.readFileSync(pictureFile()).equals(pictureBytes)).toBe(true);

    const reopened = await createDatabase({ databaseUrl: undefined, dataDir });
    let after: Map<string, string[]>;
    try {
      after = await allRows(reopened);
    } finally {
      await reopened.close();
    }
    // Every table of server/db/schema.ts is among those compared.
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => `public.${getTableName(table as PgTable)}`);
    expect([...after.keys()]).toEqual(expect.arrayContaining(schemaTables));
    expect(after).toEqual(before);

    app = await startApp();
    const detail = await asMember(app, mate, 'GET', `/api/issues/${issueId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('복구되어야 하는 설명');
    const picture = await app.inject({ method: 'GET', url: pictureUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(pictureBytes)).toBe(true);
  });

  it('refuses to restore while the app runs, with one clear line and exit code 1', async () => {
    expect(app).not.toBeNull();
    await expect(restoreDataDir(config, archiveFile)).rejects.toMatchObject({ code: 'running' });
    const run = await npmRun('restore', [archiveFile]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^error: A Momentum server \(pid \d+\) is using .+ Stop it first, then restore\.$/,
    );
  });

  it('refuses a damaged or missing archive and leaves the data as it was', async () => {
    await app!.close();
    app = null;
    const unchanged = treeHash(dataDir);
    const entries = fs.readdirSync(dataDir).sort();

    // One byte of the uploaded picture changed inside an otherwise valid archive: its checksum fails.
    const tar = zlib.gunzipSync(fs.readFileSync(archiveFile));
    const at = tar.indexOf(pictureBytes.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    tar[at + 40] = (tar[at + 40] ?? 0) ^ 0xff;
    const tampered = path.join(scratch, 'tampered.tar.gz');
    fs.writeFileSync(tampered, zlib.gzipSync(tar));
    const truncated = path.join(scratch, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(archiveFile).subarray(0, 100_000));

    await expect(restoreDataDir(config, tampered)).rejects.toThrow(
      new BackupError(
        'corrupt',
        `The backup is damaged: ${pictureUrl.slice(1)} does not match its checksum.`,
      ),
    );
    await expect(restoreDataDir(config, truncated)).rejects.toMatchObject({ code: 'corrupt' });
    const cli = await npmRun('restore', [truncated]);
    expect(cli.code).toBe(1);
    expect(cli.stderr.trim()).toBe(
      'error: The file is not a readable Momentum backup (unexpected end of file).',
    );
    const missing = await npmRun('restore', [path.join(scratch, 'nope.tar.gz')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`error: No backup file at ${path.join(scratch, 'nope.tar.gz')}.`);

    expect(fs.readdirSync(dataDir).sort()).toEqual(entries);
    expect(treeHash(dataDir)).toBe(unchanged);
  });

  it('a second restore keeps the replaced data aside as <name>.before-restore-<time>', async () => {
    const restored = await restoreDataDir(config, archiveFile);
    expect(restored.keptAside.map((p) => path.basename(p).replace(/\d{4}-.*Z$/, '<time>')).sort()).toEqual([
      'jwt-secret.before-restore-<time>',
      'pglite.before-restore-<time>',
      'uploads.before-restore-<time>',
    ]);
    for (const aside of restored.keptAside) expect(fs.existsSync(aside)).toBe(true);
    expect(fs.readFileSync(pictureFile()).equals(pictureBytes)).toBe(true);
  });
});

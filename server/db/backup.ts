import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite, parse as pgliteParse, protocol } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { type Database, createDatabase, pgliteOptions } from './index';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './data-dir-lock';
import { migrationsFolder, pgliteDataDir } from './pglite-start';

/*
 * Backups of the embedded database (docs/backup-and-upgrade.md): one `.tar.gz` archive holding a consistent copy
 * of PGlite's data folder, the uploaded files and the generated JWT secret, with a manifest (format version, app
 * version, migration count, row counts, SHA-256 of every file). `npm run backup` / `npm run restore`
 * (scripts/backup.ts, scripts/restore.ts) call `backupDataDir` / `restoreDataDir`.
 *
 * A PGlite folder can be open in one process only. While the app serves, it owns the folder, so the backup is made
 * inside the app: `backupControlPlugin` listens on a Unix socket in DATA_DIR (mode 0600; a random token in the
 * control file, also 0600, must accompany every request) and answers `POST /backup` with the archive. When no app
 * runs, the script opens the folder itself. Restoring needs the app stopped.
 */

/** The archive's `manifest.json` `format`, and the version of its layout this code writes and reads. */
export const ARCHIVE_FORMAT = 'momentum-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

/** Names in DATA_DIR: the control file the serving app writes, and what an archive restores. */
export const CONTROL_FILE = 'backup-control.json';
const SOCKET_FILE = 'backup.sock';
const PGLITE_ENTRY = 'pglite.tar';
const UPLOADS = 'uploads';
const JWT_SECRET_FILE = 'jwt-secret';
/** Response header of the control socket's `POST /backup`: `pausedMs` of `archivePglite`. */
const PAUSED_HEADER = 'x-momentum-paused-ms';

/**
 * An expected failure (missing or corrupt archive, app running, no database, …): the scripts print `message` and
 * exit 1, without a stack trace. `code` names the case for tests and callers.
 */
export class BackupError extends Error {
  constructor(
    readonly code:
      'running' | 'not-found' | 'corrupt' | 'newer' | 'no-database' | 'postgres' | 'server' | 'exists',
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** One file in the archive besides the manifest. */
export interface ManifestFile {
  /** Path inside the archive (`pglite.tar`, `uploads/profile/<name>.webp`, `jwt-secret`). */
  path: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

/** `manifest.json`, the archive's first entry. */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** package.json `version` of the app that made it. */
  appVersion: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** `running-server`: made inside the serving app; `data-directory`: the script opened the stopped folder. */
  source: 'running-server' | 'data-directory';
  database: {
    kind: 'pglite';
    /** Rows of `drizzle.__drizzle_migrations`: migrations applied to the copied database. */
    migrations: number;
    /** `schema.table` → row count, at the instant of the copy. */
    tables: Record<string, number>;
  };
  files: ManifestFile[];
}

// ---------------------------------------------------------------------------------------------------------------
// tar (POSIX ustar), just what the archive needs: regular files, names up to 255 bytes. `tar tzf` lists it.

interface TarEntry {
  name: string;
  data: Uint8Array;
}

function tarHeader(name: string, size: number, mtime: number): Buffer {
  const header = Buffer.alloc(512);
  const nameBytes = Buffer.from(name, 'utf8');
  let prefix = Buffer.alloc(0);
  let short = nameBytes;
  if (nameBytes.length > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`name too long: ${name}`);
    prefix = Buffer.from(name.slice(0, cut));
    short = Buffer.from(name.slice(cut + 1));
  }
  short.copy(header, 0);
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  prefix.copy(header, 345);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return header;
}

function writeTar(entries: TarEntry[], mtime: number): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(tarHeader(entry.name, entry.data.length, mtime), entry.data);
    const pad = (512 - (entry.data.length % 512)) % 512;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** Regular files of a ustar archive; throws on a bad header checksum or a truncated entry. */
function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return entries;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(field(148, 8).trim(), 8) !== sum) throw new Error('bad tar header checksum');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const start = offset + 512;
    if (start + size > tar.length) throw new Error('truncated tar entry');
    if (type === '0' || type === '') entries.push({ name, data: tar.subarray(start, start + size) });
    offset = start + Math.ceil(size / 512) * 512;
  }
  throw new Error('tar without end marker');
}

// ---------------------------------------------------------------------------------------------------------------
// Making an archive

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** package.json `version` (the working directory is the app's root, like every server path). */
function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Files under `dir` (recursively), as archive entries named `${prefix}/<relative path>`; none if it is missing. */
function readTree(dir: string, prefix: string): TarEntry[] {
  const entries: TarEntry[] = [];
  if (!fs.existsSync(dir)) return entries;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) entries.push(...readTree(full, `${prefix}/${item.name}`));
    else if (item.isFile()) entries.push({ name: `${prefix}/${item.name}`, data: fs.readFileSync(full) });
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

/** Runs one simple-protocol statement on `client` without taking its locks (the caller holds them). */
async function rawQuery(client: PGlite, text: string): Promise<Record<string, unknown>[]> {
  const { messages } = await client.execProtocol(protocol.serialize.query(text));
  const results = pgliteParse.parseResults(messages, {});
  return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
}

const TABLES_SQL = `select table_schema as s, table_name as t from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  order by 1, 2`;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `schema.table` → row count of every table of the database, read through `run`. */
export async function countRows(
  run: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, number>> {
  const tables = (await run(TABLES_SQL)) as { s: string; t: string }[];
  if (tables.length === 0) return {};
  const union = tables
    .map(
      ({ s, t }) =>
        `select '${`${s}.${t}`.replaceAll("'", "''")}' as n, count(*) as c from ${quoteIdent(s)}.${quoteIdent(t)}`,
    )
    .join(' union all ');
  const counts: Record<string, number> = {};
  for (const row of await run(union)) counts[String(row.n)] = Number(row.c);
  return counts;
}

async function migrationCount(run: (text: string) => Promise<Record<string, unknown>[]>): Promise<number> {
  const rows = await run(
    `select count(*) as c from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (Number(rows[0]?.c) === 0) return 0;
  return Number((await run('select count(*) as c from drizzle.__drizzle_migrations'))[0]?.c);
}

/**
 * The archive (gzip'd tar bytes) of the open PGlite `client` whose folder is `${dataDir}/pglite`. While it is made,
 * no statement or transaction of the app runs (it holds PGlite's transaction and query locks: requests wait), so
 * the database copy, its row counts and the uploaded files are of one instant: a `CHECKPOINT` writes every change
 * to the data files, `dumpDataDir` copies the folder, and `uploads/` is read before the locks are released (an
 * upload writes its file before the row that names it, and deletes a replaced file only after). Compression runs
 * after, on libuv's thread pool. Measured in docs/backup-and-upgrade.md.
 */
export async function archivePglite(
  client: PGlite,
  dataDir: string,
  source: Manifest['source'],
): Promise<{ archive: Buffer; pausedMs: number }> {
  const locked = performance.now();
  const snapshot = await client._runExclusiveTransaction(async () => {
    const { tables, migrations } = await client._runExclusiveQuery(async () => {
      await rawQuery(client, 'CHECKPOINT');
      const run = (text: string) => rawQuery(client, text);
      return { tables: await countRows(run), migrations: await migrationCount(run) };
    });
    const dump = await client.dumpDataDir('none');
    const uploads = readTree(path.join(dataDir, UPLOADS), UPLOADS);
    return { pgdata: new Uint8Array(await dump.arrayBuffer()), tables, migrations, uploads };
  });
  const pausedMs = Math.round(performance.now() - locked);
  const entries: TarEntry[] = [{ name: PGLITE_ENTRY, data: snapshot.pgdata }, ...snapshot.uploads];
  const secret = path.join(dataDir, JWT_SECRET_FILE);
  if (fs.existsSync(secret)) entries.push({ name: JWT_SECRET_FILE, data: fs.readFileSync(secret) });
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    source,
    database: { kind: 'pglite', migrations: snapshot.migrations, tables: snapshot.tables },
    files: entries.map((e) => ({ path: e.name, size: e.data.length, sha256: sha256(e.data) })),
  };
  const manifestEntry = {
    name: 'manifest.json',
    data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  };
  const tar = writeTar([manifestEntry, ...entries], Date.now());
  return { archive: await promisify(zlib.gzip)(tar, { level: 6 }), pausedMs };
}

// ---------------------------------------------------------------------------------------------------------------
// The serving app's control socket

/** What the serving app writes to `${DATA_DIR}/backup-control.json` (mode 0600) while it listens. */
interface ControlFile {
  pid: number;
  socket: string;
  token: string;
}

/**
 * The control socket's path: `${dataDir}/backup.sock`, or, when that is too long for a Unix socket address (about
 * 100 bytes), a name in the OS temp folder derived from `dataDir`.
 */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, SOCKET_FILE);
  if (Buffer.byteLength(inside) < 100) return inside;
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `momentum-backup-${hash}.sock`);
}

/**
 * Fastify plugin (registered by server/app.ts): when the app serves the embedded database from a folder (no
 * `DATABASE_URL`), it listens from `onReady` to `onClose` on the control socket (`controlSocketPath`, mode 0600)
 * and writes `${DATA_DIR}/backup-control.json` (0600: pid, socket path, a random 256-bit token), both removed on
 * close. The socket answers `POST /backup` with `Authorization: Bearer <token>` by the archive
 * (`archivePglite`, `application/gzip`); 401 without the token, 409 while another backup runs, 404 otherwise.
 * Nothing listens on the network: only a process of the same OS user can reach it.
 */
export async function backupControlPlugin(
  app: FastifyInstance,
  options: { config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>; database: Database },
): Promise<void> {
  const { config, database } = options;
  if (config.databaseUrl !== undefined || database.driver.kind !== 'pglite') return;
  const client = database.driver.client;
  const dataDir = config.dataDir;
  const socket = controlSocketPath(dataDir);
  const controlPath = path.join(dataDir, CONTROL_FILE);
  const token = randomBytes(32).toString('hex');
  let busy = false;
  const server = http.createServer((request, response) => {
    const expected = Buffer.from(`Bearer ${token}`);
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(401).end('unauthorized\n');
      return;
    }
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end('not found\n');
      return;
    }
    if (busy) {
      response.writeHead(409).end('a backup is already running\n');
      return;
    }
    busy = true;
    const started = performance.now();
    archivePglite(client, dataDir, 'running-server').then(
      ({ archive, pausedMs }) => {
        busy = false;
        app.log.info(
          { bytes: archive.length, ms: Math.round(performance.now() - started), pausedMs },
          'backup archive made',
        );
        response.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': archive.length,
          [PAUSED_HEADER]: String(pausedMs),
        });
        response.end(archive);
      },
      (error: unknown) => {
        busy = false;
        app.log.error({ err: error }, 'backup failed');
        response
          .writeHead(500)
          .end(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  app.addHook('onReady', async () => {
    fs.rmSync(socket, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => {
        server.off('error', reject);
        resolve();
      });
    });
    fs.chmodSync(socket, 0o600);
    const control: ControlFile = { pid: process.pid, socket, token };
    fs.writeFileSync(controlPath, JSON.stringify(control), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(controlPath, { force: true });
    fs.rmSync(socket, { force: true });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The serving app's control channel for `dataDir`, or null when no app serves it (no control file, or one left by a
 * process that has ended).
 */
export function runningServer(dataDir: string): ControlFile | null {
  let control: ControlFile;
  try {
    control = JSON.parse(fs.readFileSync(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
  if (!Number.isInteger(control.pid) || !processAlive(control.pid)) return null;
  return control;
}

/** POSTs `/backup` to the serving app's control socket; resolves with the archive bytes. */
function requestArchive(control: ControlFile): Promise<{ archive: Buffer; pausedMs: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath: control.socket,
        path: '/backup',
        method: 'POST',
        headers: { authorization: `Bearer ${control.token}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode === 200) {
            resolve({ archive: body, pausedMs: Number(response.headers[PAUSED_HEADER]) });
          } else
            reject(
              new BackupError(
                'server',
                `The running server refused the backup (HTTP ${response.statusCode}): ${body.toString().trim()}`,
              ),
            );
        });
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          'server',
          `A Momentum server (pid ${control.pid}) uses this data directory, but its backup socket ` +
            `${control.socket} does not answer (${error.code ?? error.message}). Is it still starting? Try again.`,
        ),
      ),
    );
    request.end();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Commands

/**
 * Who has `dataDir`: the serving app's control channel, or — no app serving it — this process's claim on it
 * (`lockDataDir`). A process that holds the folder without a control socket yet (an app starting, another backup or
 * restore) is waited for, up to `waitMs`; then `BackupError` `running`.
 */
async function serverOrLock(
  dataDir: string,
  action: string,
  waitMs = 120_000,
): Promise<ControlFile | DataDirLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const control = runningServer(dataDir);
    if (control) return control;
    try {
      return await lockDataDir(dataDir, 0);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      if (Date.now() >= deadline) {
        throw new BackupError(
          'running',
          `Cannot ${action}: process ${error.pid} has ${dataDir} open (a Momentum server starting, or another ` +
            'backup or restore). Try again when it is done.',
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Writes `data` to `file` through a temporary name and a rename (mode 0600: the archive holds secrets). */
function writeAtomically(file: string, data: Uint8Array): void {
  const scratch = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(scratch, data, { mode: 0o600 });
  fs.renameSync(scratch, file);
}

/** What `backupDataDir` reports. */
export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  source: Manifest['source'];
  /** How long the database was held still for the copy (the serving app's requests waited that long). */
  pausedMs: number;
  manifest: Manifest;
}

/**
 * `npm run backup -- <file>`: writes the archive of the embedded database in `config.dataDir` to `file`. Through
 * the serving app's control socket when an app serves the folder, else by opening the folder itself (nothing is
 * migrated or changed). Throws `BackupError` `postgres` with `DATABASE_URL` (scripts/backup.ts runs `pg_dump`
 * instead), `no-database` when the folder holds no database, `server` when the serving app cannot answer.
 */
export async function backupDataDir(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  file: string,
): Promise<BackupResult> {
  if (config.databaseUrl !== undefined) {
    throw new BackupError(
      'postgres',
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/backup-and-upgrade.md).',
    );
  }
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) {
    throw new BackupError('not-found', `The folder of ${target} does not exist.`);
  }
  const started = performance.now();
  const owner = await serverOrLock(config.dataDir, 'back up');
  let made: { archive: Buffer; pausedMs: number };
  let source: Manifest['source'];
  if ('socket' in owner) {
    made = await requestArchive(owner);
    source = 'running-server';
  } else {
    try {
      if (!fs.existsSync(path.join(pgliteDataDir(config.dataDir), 'PG_VERSION'))) {
        throw new BackupError(
          'no-database',
          `No Momentum database in ${pgliteDataDir(config.dataDir)} (check DATA_DIR).`,
        );
      }
      const database = await createDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
      try {
        if (database.driver.kind !== 'pglite') throw new Error('unreachable');
        made = await archivePglite(database.driver.client, config.dataDir, 'data-directory');
      } finally {
        await database.close();
      }
    } finally {
      owner.release();
    }
    source = 'data-directory';
  }
  writeAtomically(target, made.archive);
  const { manifest } = verifyArchive(made.archive);
  const ms = Math.round(performance.now() - started);
  return { file: target, bytes: made.archive.length, ms, source, pausedMs: made.pausedMs, manifest };
}

/** Number of migrations this version of the app has (`drizzle/meta/_journal.json`). */
function knownMigrations(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Checks an archive's bytes: gzip, tar, manifest (format and version this code reads), every listed file present
 * with its size and SHA-256, no path leaving the folder. Returns the manifest and the files by path; throws
 * `BackupError` `corrupt` otherwise.
 */
export function verifyArchive(archive: Buffer): { manifest: Manifest; files: Map<string, Uint8Array> } {
  let entries: TarEntry[];
  try {
    entries = readTar(zlib.gunzipSync(archive));
  } catch (error) {
    throw new BackupError(
      'corrupt',
      `The file is not a readable Momentum backup (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(Buffer.from(manifestEntry?.data ?? []).toString('utf8')) as Manifest;
  } catch {
    throw new BackupError('corrupt', 'The backup has no readable manifest.json.');
  }
  if (manifest.format !== ARCHIVE_FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError('corrupt', 'The file is not a Momentum backup (manifest.json without its format).');
  }
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(
      'newer',
      `The backup has format version ${manifest.formatVersion}; this Momentum reads up to ${ARCHIVE_FORMAT_VERSION}. ` +
        `Restore it with Momentum ${manifest.appVersion} or later.`,
    );
  }
  const files = new Map<string, Uint8Array>();
  for (const listed of manifest.files) {
    const entry = entries.find((e) => e.name === listed.path);
    const safe =
      !path.isAbsolute(listed.path) && !listed.path.split('/').includes('..') && !listed.path.includes('\\');
    if (!entry || !safe || entry.data.length !== listed.size || sha256(entry.data) !== listed.sha256) {
      throw new BackupError('corrupt', `The backup is damaged: ${listed.path} does not match its checksum.`);
    }
    files.set(listed.path, entry.data);
  }
  if (!files.has(PGLITE_ENTRY))
    throw new BackupError('corrupt', 'The backup holds no database (pglite.tar).');
  return { manifest, files };
}

/** What `restoreDataDir` reports. */
export interface RestoreResult {
  manifest: Manifest;
  /** Paths the replaced entries were moved to (none with `force`: they were deleted). */
  keptAside: string[];
  ms: number;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * `npm run restore -- <file> [--force]`: replaces the embedded database, the uploads and (if the archive has it) the
 * generated JWT secret in `config.dataDir` with the archive's. Refuses (`BackupError`) while an app serves the folder
 * (`running`), a missing file (`not-found`), a damaged one (`corrupt`), one from a newer app (`newer`: more
 * migrations than this code has). The archive is checked first, unpacked into `${dataDir}/.restore-<time>/`, the
 * database opened there and its row counts compared with the manifest, and only then swapped in: each of `pglite`,
 * `uploads`, `jwt-secret` is renamed to `<name>.before-restore-<time>` (deleted instead with `force`) and the restored
 * one renamed into its place (renames within DATA_DIR, which may be a mount point). Nothing is changed before the
 * swap; a failed swap puts the previous entries back.
 */
export async function restoreDataDir(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  if (config.databaseUrl !== undefined) {
    throw new BackupError(
      'postgres',
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/backup-and-upgrade.md).',
    );
  }
  const dataDir = config.dataDir;
  const control = runningServer(dataDir);
  if (control) {
    throw new BackupError(
      'running',
      `A Momentum server (pid ${control.pid}) is using ${dataDir}. Stop it first, then restore.`,
    );
  }
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) {
    throw new BackupError('not-found', `No backup file at ${source}.`);
  }
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(dataDir, 0);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      'running',
      `Process ${error.pid} has ${dataDir} open (a Momentum server starting, or a backup). Stop it first, then restore.`,
    );
  }
  try {
    return await restoreLocked(dataDir, source, options, started);
  } finally {
    lock.release();
  }
}

async function restoreLocked(
  dataDir: string,
  source: string,
  options: { force?: boolean },
  started: number,
): Promise<RestoreResult> {
  const { manifest, files } = verifyArchive(fs.readFileSync(source));
  const known = knownMigrations();
  if (manifest.database.migrations > known) {
    throw new BackupError(
      'newer',
      `The backup was made by a newer Momentum (${manifest.appVersion}, ${manifest.database.migrations} migrations; ` +
        `this one has ${known}). Install that version to restore it.`,
    );
  }

  const time = stamp(new Date());
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${time}`);
  fs.mkdirSync(staging, { mode: 0o700 });
  const pgliteName = path.basename(pgliteDataDir(dataDir));
  const names = [pgliteName, UPLOADS];
  try {
    fs.mkdirSync(path.join(staging, UPLOADS));
    for (const [name, data] of files) {
      if (name === PGLITE_ENTRY) continue;
      const target = path.join(staging, ...name.split('/'));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, data, { mode: name === JWT_SECRET_FILE ? 0o600 : 0o644 });
    }
    if (files.has(JWT_SECRET_FILE)) names.push(JWT_SECRET_FILE);
    await loadAndCheck(path.join(staging, pgliteName), files.get(PGLITE_ENTRY)!, manifest);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }

  // The swap: every entry moves aside, then the restored ones move in; undone on failure.
  const moved: { name: string; aside: string | null }[] = [];
  try {
    for (const name of names) {
      const current = path.join(dataDir, name);
      const aside = fs.existsSync(current) ? `${current}.before-restore-${time}` : null;
      if (aside) fs.renameSync(current, aside);
      moved.push({ name, aside });
      fs.renameSync(path.join(staging, name), current);
    }
  } catch (error) {
    for (const { name, aside } of moved.reverse()) {
      const current = path.join(dataDir, name);
      if (fs.existsSync(current) && !fs.existsSync(path.join(staging, name)))
        fs.renameSync(current, path.join(staging, name));
      if (aside && fs.existsSync(aside)) fs.renameSync(aside, current);
    }
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.rmSync(staging, { recursive: true, force: true });
  const keptAside = moved.flatMap((m) => (m.aside ? [m.aside] : []));
  if (options.force) for (const aside of keptAside) fs.rmSync(aside, { recursive: true, force: true });
  return { manifest, keptAside: options.force ? [] : keptAside, ms: Math.round(performance.now() - started) };
}

/**
 * Unpacks the archive's `pglite.tar` into the new folder `dir` by opening PGlite on it (its `loadDataDir`), then
 * compares every table's row count with the manifest's, and closes it cleanly. Throws `BackupError` `corrupt` if
 * the database does not open or a count differs.
 */
async function loadAndCheck(dir: string, pgdata: Uint8Array, manifest: Manifest): Promise<void> {
  let client: PGlite | undefined;
  try {
    client = new PGlite(dir, { ...pgliteOptions(), loadDataDir: new Blob([Buffer.from(pgdata)]) });
    await client.waitReady;
    const open = client;
    const counts = await countRows(async (text) => (await open.query<Record<string, unknown>>(text)).rows);
    const expected = manifest.database.tables;
    const differ = Object.keys({ ...expected, ...counts }).filter((t) => expected[t] !== counts[t]);
    if (differ.length > 0) {
      throw new BackupError(
        'corrupt',
        `The restored database does not match the manifest (tables: ${differ.join(', ')}).`,
      );
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      'corrupt',
      `The backup's database does not open (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    await client?.close().catch(() => {});
  }
}

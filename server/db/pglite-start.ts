import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

/*
 * The embedded database's start that needs nothing but Node itself (no PGlite, no Drizzle), so that
 * server/main.ts can begin it before the app's modules load (~0.5 s of module loading it then overlaps):
 * copying the migrated template into an empty data folder and reading and compiling PGlite's WebAssembly.
 * server/db/index.ts opens PGlite once this is done (`takePgliteStart`), or starts it itself (tests, `npm run dev`
 * without the early start). docs/performance.md "Embedded database and speed".
 */

/**
 * Names of the PostgreSQL extensions bundled with PGlite that the migrations create (server/db/index.ts opens
 * PGlite with exactly these: `PGLITE_EXTENSIONS`). Part of the template key (`templatePaths`).
 */
export const PGLITE_EXTENSION_NAMES = ['pg_trgm'] as const;

/** The embedded database's folder in `DATA_DIR`. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** The installed PGlite package's `dist/` folder (resolved from the working directory, like every server path). */
function pgliteDist(): string {
  return path.dirname(
    createRequire(path.join(process.cwd(), 'package.json')).resolve('@electric-sql/pglite'),
  );
}

/** Folder of the checked-in SQL migrations (`npm run db:generate`). */
export function migrationsFolder(): string {
  return path.resolve(process.cwd(), 'drizzle');
}

/**
 * V8 compiles WebAssembly twice by default: Liftoff (a fast baseline compiler) at once, then TurboFan for hot
 * functions in the background. For PGlite's 9 MB module the second tier cost ~40–60 MB of resident code and compile
 * CPU while it warmed up, and did not make the app's queries faster (measured: 0.82 vs 0.97 ms of CPU a query over
 * 5,000 queries; docs/performance.md "Embedded database and speed"). `--liftoff-only` keeps the baseline code. It is set before
 * the first PGlite module is compiled, only when the embedded database is used; it applies to WebAssembly compiled
 * later in this process too (undici's HTTP parser behind `fetch`: a few outgoing calls, unaffected in practice).
 */
let liftoffOnly = false;

/** Sets `--liftoff-only` (above) once, before the first PGlite module is compiled. */
export function useLiftoffOnly(): void {
  if (liftoffOnly) return;
  v8.setFlagsFromString('--liftoff-only');
  liftoffOnly = true;
}

/**
 * Pre-initialised, migrated PGlite clusters, so that an empty data folder (a first start, every server test file,
 * every e2e run) skips `initdb` — seconds of CPU and a second WebAssembly instance (~900 MB peak) — and running
 * every migration, and copies a cluster instead. Kept in `node_modules/.cache/momentum/` (next to the PGlite package,
 * so they share its trust and lifetime), keyed by the PGlite version and a hash of the migrations folder:
 * `pglite-<version>-<hash>/` (a cleanly shut-down data directory, copied into `DATA_DIR/pglite`) and
 * `pglite-<version>-<hash>.tar.gz` (a `dumpDataDir` tarball, loaded by in-memory databases). Each is made the first
 * time it is needed — by that start's own `initdb` and migrations — and written atomically (rename), so concurrent
 * starts never see half of one; older ones are removed. If the folder cannot be written (read-only node_modules),
 * nothing is cached and every empty start runs `initdb` as before. `migrate` still runs after opening (a no-op on a
 * current template). Copies of one template share PostgreSQL's system identifier, which only matters to physical
 * replication, which PGlite does not do.
 */
export interface TemplatePaths {
  folder: string;
  dir: string;
  tarball: string;
}

export function templatePaths(): TemplatePaths | null {
  try {
    const packageDir = path.resolve(pgliteDist(), '..');
    const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    const hash = createHash('sha256');
    const addFolder = (folder: string) => {
      for (const name of fs.readdirSync(folder).sort()) {
        const file = path.join(folder, name);
        if (fs.statSync(file).isDirectory()) {
          addFolder(file);
        } else {
          hash.update(`${path.relative(migrationsFolder(), file)}\0`).update(fs.readFileSync(file));
        }
      }
    };
    addFolder(migrationsFolder());
    hash.update(`extensions\0${[...PGLITE_EXTENSION_NAMES].sort().join(',')}`);
    const folder = path.resolve(packageDir, '..', '..', '.cache', 'momentum');
    const name = `pglite-${version}-${hash.digest('hex').slice(0, 16)}`;
    return { folder, dir: path.join(folder, name), tarball: path.join(folder, `${name}.tar.gz`) };
  } catch {
    return null;
  }
}

/** The copy's worker (CommonJS, evaluated by `worker_threads`): `fs.cpSync` of `workerData.from` to `.to`. */
const COPY_WORKER_SOURCE = `const { workerData } = require('node:worker_threads');
require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });`;

/**
 * Copies the folder `from` into the folder `to` with `fs.cpSync` on a worker thread, and resolves when it is done
 * (rejects when it failed). A template is ~1,100 small files (40 MB). `fs.cpSync` on the main thread took 105–350 ms
 * there; as promises (`fs.promises.copyFile`, 16 at a time) the copy took 60–90 ms alone but over a second while
 * the app's modules were loading, each file waiting for a turn of the busy main thread. On a worker it runs beside
 * them (docs/performance.md "Embedded database and speed").
 */
export function copyTree(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_WORKER_SOURCE, { eval: true, workerData: { from, to } });
    let failure: unknown = null;
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (failure === null && code === 0) resolve();
      else reject(failure ?? new Error(`the copy of ${from} ended with code ${code}`));
    });
  });
}

/** Copies the template `from` into the empty folder `to`; on failure `to` is emptied again and false returned. */
export async function copyTemplate(from: string, to: string): Promise<boolean> {
  try {
    await copyTree(from, to);
    return true;
  } catch {
    // Back to an empty folder: PGlite runs initdb in it.
    for (const name of fs.readdirSync(to)) fs.rmSync(path.join(to, name), { recursive: true, force: true });
    return false;
  }
}

/** What PGlite is given instead of loading it itself (`PGliteOptions` fields of the same names). */
export interface PgliteAssets {
  pgliteWasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
}

/**
 * PGlite's WebAssembly module (compiled) and file-system bundle, read from its package: PGlite does this itself when
 * it starts, after its data folder is ready; started first, the compile (background threads) and the reads overlap
 * the template copy. Empty — PGlite loads them itself — when they cannot be read.
 */
async function pgliteAssets(): Promise<PgliteAssets> {
  try {
    const dist = pgliteDist();
    const [wasm, data] = await Promise.all([
      fs.promises.readFile(path.join(dist, 'pglite.wasm')),
      fs.promises.readFile(path.join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  } catch {
    return {};
  }
}

/** A data folder's start under way: see `startPgliteDir`. */
export interface PgliteDirStart {
  /** PGlite's compiled module and bundle (empty when they could not be read: PGlite then loads them). */
  assets: Promise<PgliteAssets>;
  /** Resolves (never rejects) once the folder exists and, if it was empty and a template exists, holds its copy. */
  folder: Promise<void>;
}

/**
 * Starts preparing the data folder `dir` for PGlite: creates it, copies the template into it when it is empty and
 * a template exists (else leaves it for server/db/index.ts, which makes the template first), and reads and
 * compiles PGlite's WebAssembly alongside. Sets `--liftoff-only` first.
 */
export function startPgliteDir(dir: string): PgliteDirStart {
  useLiftoffOnly();
  const assets = pgliteAssets();
  const folder = (async () => {
    await fs.promises.mkdir(dir, { recursive: true });
    if ((await fs.promises.readdir(dir)).length > 0) return;
    const paths = templatePaths();
    if (paths && fs.existsSync(path.join(paths.dir, 'PG_VERSION'))) await copyTemplate(paths.dir, dir);
  })().catch(() => undefined);
  return { assets, folder };
}

/** Starts begun by `startPgliteEarly`, by folder, until `takePgliteStart` takes them. */
const earlyStarts = new Map<string, PgliteDirStart>();

/** server/main.ts: starts `startPgliteDir(dir)` now, before the app's modules load; the database takes it over. */
export function startPgliteEarly(dir: string): void {
  earlyStarts.set(path.resolve(dir), startPgliteDir(dir));
}

/** The start `startPgliteEarly` began for `dir`, once (it is forgotten), or null. */
export function takePgliteStart(dir: string): PgliteDirStart | null {
  const key = path.resolve(dir);
  const start = earlyStarts.get(key) ?? null;
  earlyStarts.delete(key);
  return start;
}

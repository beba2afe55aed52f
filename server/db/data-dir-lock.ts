import fs from 'node:fs';
import path from 'node:path';

/**
 * Who has the embedded database's folder open (docs/backup-and-upgrade.md "Backups"). A PGlite folder must be
 * opened by one process at a time — two would both write it — and PGlite itself takes no lock. `lockDataDir`
 * claims `${DATA_DIR}/pglite.lock` (the holder's pid and the machine's boot id) for as long as a process has the folder open: the app from
 * `createDatabase` until `close()`, `npm run backup` while it copies a stopped folder, `npm run restore` while it
 * swaps one in. A lock whose process has ended, or that was written before the machine last booted, is taken over. Nested claims in one process are counted.
 */
export const DATA_DIR_LOCK_FILE = 'pglite.lock';

/** Thrown by `lockDataDir` when another live process still holds the lock after `waitMs`. */
export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(`${dataDir} is in use by process ${pid}`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Gives the claim up (the file is removed with the last nested claim). Idempotent. */
  release(): void;
}

const held = new Map<string, number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This boot of the machine (Linux `/proc/sys/kernel/random/boot_id`; empty elsewhere): a lock written before a
 * reboot is stale even if its pid now belongs to another process.
 */
function bootId(): string {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The live process holding the lock file (`<pid> <boot id>`), or null when there is none, it is unreadable (a claim
 * being written), its process has ended, or it was written before the machine's last boot.
 */
export function dataDirLockHolder(dataDir: string): number | null {
  try {
    const [pidText, boot = ''] = fs
      .readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')
      .trim()
      .split(' ');
    const pid = Number(pidText);
    return Number.isInteger(pid) && pid > 0 && boot === bootId() && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Claims `dataDir` for this process, waiting up to `waitMs` (polling every 200 ms) while another live process holds
 * it; then throws `DataDirLockedError`. Creates `dataDir` if missing.
 */
export async function lockDataDir(dataDir: string, waitMs = 120_000): Promise<DataDirLock> {
  const key = path.resolve(dataDir);
  const file = path.join(key, DATA_DIR_LOCK_FILE);
  const deadline = Date.now() + waitMs;
  fs.mkdirSync(key, { recursive: true });
  for (;;) {
    const count = held.get(key) ?? 0;
    if (count > 0) {
      held.set(key, count + 1);
      break;
    }
    try {
      fs.writeFileSync(file, `${process.pid} ${bootId()}\n`, { flag: 'wx', mode: 0o644 });
      held.set(key, 1);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = dataDirLockHolder(key);
    if (holder === process.pid) {
      held.set(key, 1);
      break;
    }
    if (holder === null) {
      // Left by a process that has ended (or being written this instant: the retry then finds it taken).
      fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) throw new DataDirLockedError(holder, key);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (held.get(key) ?? 1) - 1;
      if (left > 0) {
        held.set(key, left);
        return;
      }
      held.delete(key);
      try {
        const [pid] = fs.readFileSync(file, 'utf8').trim().split(' ');
        if (Number(pid) === process.pid) fs.rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}

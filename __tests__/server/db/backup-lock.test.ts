import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  DATA_DIR_LOCK_FILE,
  DataDirLockedError,
  dataDirLockHolder,
  lockDataDir,
} from '../../../server/db/data-dir-lock';
import { tempDir } from '../support/test-app';

/**
 * One process at a time on an embedded database folder (server/db/data-dir-lock.ts, docs/backup-and-upgrade.md
 * "Who has the folder"): what keeps `npm run backup` of a stopped folder, `npm run restore` and an app start from
 * opening one PGlite folder together.
 */
const dirs: string[] = [];
const folder = () => {
  const dir = tempDir('momentum-h3-lock-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const bootId = () => {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
};

describe('the data folder lock', () => {
  it('is held from claim to release, counted within one process', async () => {
    const dir = folder();
    const first = await lockDataDir(dir, 0);
    const nested = await lockDataDir(dir, 0);
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    nested.release();
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    first.release();
    expect(fs.existsSync(path.join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
  });

  it('refuses while another live process holds it, after waiting', async () => {
    const dir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), `${other.pid} ${bootId()}\n`);
      const started = Date.now();
      const error = await lockDataDir(dir, 600).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).pid).toBe(other.pid);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose process has ended, or that was written before the last boot', async () => {
    const ended = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => ended.on('exit', resolve));
    const dir = folder();
    fs.writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), `${ended.pid} ${bootId()}\n`);
    (await lockDataDir(dir, 0)).release();

    const before = folder();
    // A live pid (this very process's parent), but another boot: the pid belongs to someone else now.
    fs.writeFileSync(path.join(before, DATA_DIR_LOCK_FILE), `${process.ppid} an-earlier-boot\n`);
    expect(dataDirLockHolder(before)).toBeNull();
    const lock = await lockDataDir(before, 0);
    expect(fs.readFileSync(path.join(before, DATA_DIR_LOCK_FILE), 'utf8')).toBe(
      `${process.pid} ${bootId()}\n`,
    );
    lock.release();
  });
});

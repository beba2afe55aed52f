import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError, backupDataDir } from '../server/db/backup';
import { cliSettings, formatBytes, runCli } from './backup-cli';

/**
 * `npm run backup -- <file>` (docs/backup-and-upgrade.md "Backups"): with the embedded database (no `DATABASE_URL`),
 * writes one archive of `DATA_DIR` (database, uploads, generated JWT secret; server/db/backup.ts), through the
 * running server if one serves it. With `DATABASE_URL`: runs `pg_dump -Fc` into `<file>` when `pg_dump` is on the
 * PATH (else says how), and reminds that `DATA_DIR/uploads` is copied separately. Exit 0 on success, 1 with a
 * one-line message on an expected failure, 2 on a usage error.
 */
const USAGE = 'usage: npm run backup -- <file>   (e.g. momentum-2026-01-31.tar.gz)';

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = path.resolve(args[0]!);
  const settings = cliSettings();
  if (settings.databaseUrl === 'memory://') {
    throw new BackupError(
      'postgres',
      'DATABASE_URL=memory:// is an in-memory database: there is nothing to back up.',
    );
  }
  if (settings.databaseUrl) {
    dumpPostgres(settings.databaseUrl, file, settings.dataDir);
    return;
  }
  const result = await backupDataDir(settings, file);
  const tables = Object.values(result.manifest.database.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written: ${result.file} (${formatBytes(result.bytes)}, ${result.ms} ms, ` +
      `${result.source === 'running-server' ? `made by the running server, which paused ${result.pausedMs} ms` : 'server not running'}; ` +
      `${result.manifest.database.migrations} migrations, ${tables} rows, ` +
      `${result.manifest.files.filter((f) => f.path.startsWith('uploads/')).length} uploaded files)`,
  );
}

/** `pg_dump -Fc` of `url` into `file`; the password goes through `PGPASSWORD`, never the command line. */
function dumpPostgres(url: string, file: string, dataDir: string): void {
  const uploads = path.join(dataDir, 'uploads');
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const args = ['-Fc', '--no-owner', '-f', file, '--dbname', parsed.toString()];
  const run = spawnSync('pg_dump', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new BackupError(
      'postgres',
      "DATABASE_URL is set and pg_dump is not installed. Install the PostgreSQL client of your server's major " +
        `version and run: pg_dump -Fc -f ${file} "$DATABASE_URL"; then copy ${uploads} beside it ` +
        '(docs/backup-and-upgrade.md "PostgreSQL").',
    );
  }
  if (run.status !== 0) {
    fs.rmSync(file, { force: true });
    throw new BackupError(
      'postgres',
      `pg_dump failed (exit ${run.status ?? run.signal}); nothing was written.`,
    );
  }
  fs.chmodSync(file, 0o600);
  console.log(
    `PostgreSQL dump written: ${file} (${formatBytes(fs.statSync(file).size)}, pg_dump -Fc; restore with pg_restore).\n` +
      `Uploaded files are not in it: copy ${uploads} too, e.g. tar czf ${file}.uploads.tar.gz -C ${dataDir} uploads`,
  );
}

runCli(main);

import path from 'node:path';
import { BackupError, restoreDataDir } from '../server/db/backup';
import { cliSettings, formatBytes, runCli } from './backup-cli';

/**
 * `npm run restore -- <file> [--force]` (docs/backup-and-upgrade.md "Restoring"): replaces the embedded database,
 * uploads and generated JWT secret in `DATA_DIR` with an archive made by `npm run backup` (server/db/backup.ts
 * `restoreDataDir`). The server must be stopped. The replaced folders are kept as `<name>.before-restore-<time>`
 * unless `--force`. With `DATABASE_URL` it explains the `pg_restore` path instead. Exit 0 on success, 1 with a
 * one-line message on an expected failure, 2 on a usage error.
 */
const USAGE = 'usage: npm run restore -- <file> [--force]';

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const settings = cliSettings();
  if (settings.databaseUrl) {
    throw new BackupError(
      'postgres',
      'DATABASE_URL is set: stop the app servers and restore PostgreSQL with ' +
        `pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" ${files[0]}, then put the uploads folder back ` +
        `into ${path.join(settings.dataDir, 'uploads')} (docs/backup-and-upgrade.md "PostgreSQL").`,
    );
  }
  const result = await restoreDataDir(settings, files[0]!, { force });
  const m = result.manifest;
  console.log(
    `Restored ${path.resolve(files[0]!)} into ${settings.dataDir} in ${result.ms} ms ` +
      `(made ${m.createdAt} by Momentum ${m.appVersion}, ${m.database.migrations} migrations, ` +
      `${m.files.filter((f) => f.path.startsWith('uploads/')).length} uploaded files, ` +
      `${formatBytes(m.files.reduce((n, f) => n + f.size, 0))} unpacked).`,
  );
  if (result.keptAside.length > 0) {
    console.log(
      `The previous data is kept in: ${result.keptAside.join(', ')} (delete it once you are satisfied).`,
    );
  }
  console.log('Start the server: pending migrations, if any, run at start.');
}

runCli(main);

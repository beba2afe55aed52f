import path from 'node:path';
import { BackupError } from '../server/db/backup';

/**
 * What scripts/backup.ts and scripts/restore.ts share: the two settings they read, the same way the server does
 * (server/config.ts: paths against the working directory, empty means unset), without the rest of the
 * configuration (a backup needs no JWT_SECRET).
 */
export function cliSettings(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl: string | undefined;
} {
  const dataDir = path.resolve(process.cwd(), env.DATA_DIR?.trim() || './data');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return { dataDir, databaseUrl };
}

/**
 * Runs a command's `main`: an expected failure (`BackupError`) prints its message alone and exits 1; anything else
 * prints the error with its stack (a bug to report) and exits 1.
 */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupError) {
        console.error(`error: ${error.message}`);
      } else {
        console.error('unexpected error:', error);
      }
      process.exit(1);
    },
  );
}

/** `1234567` → `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

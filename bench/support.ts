/**
 * Set-up shared by the benchmarks in bench/: command-line options, the scratch PostgreSQL database, the app's and
 * the spawned server's environment, free ports, stopping a child server, autocannon runs and small statistics.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export type DbKind = 'pglite' | 'postgres';

/** The value after `--name` on the command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

/** `--db pglite,postgres`: the databases to run on. */
export const dbKinds = (): DbKind[] => option('db', 'pglite,postgres').split(',') as DbKind[];

export const JWT_SECRET = 'momentum-bench-secret-0123456789-abcdefghijklmnop';
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The median; of an even count, the mean of the two middle values. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The `p`-th percentile (nearest rank) of ascending `sorted`; NaN when it is empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A client of the `postgres` database on the server of `POSTGRES_URL` (connected). */
export async function adminClient(): Promise<pg.Client> {
  const admin = new URL(POSTGRES_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  return client;
}

/** A scratch PostgreSQL database (`<prefix>_<time>_<random>`) on the server of `POSTGRES_URL`; how to drop it. */
export async function scratchPostgres(
  prefix = 'momentum_bench',
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const run = async (statement: string) => {
    const client = await adminClient();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Environment for `loadConfig` of an in-process app (`buildApp`) on `dataDir` (and `databaseUrl` for postgres). */
export function appEnv(dataDir: string, databaseUrl: string | null): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    RATE_LIMIT_MAX: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Environment of a server process on `dataDir` (and `databaseUrl` for postgres) listening on `port`. */
export function serverEnv(
  dataDir: string,
  databaseUrl: string | null,
  port: number,
  logLevel: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: logLevel,
    JWT_SECRET,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    RATE_LIMIT_MAX: '1000000',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

export { freePort } from '../__tests__/server/support/ports';

/** SIGTERM to a spawned server, SIGKILL if it has not exited within 15 s. */
export async function stopServer(server: { child: ChildProcess }): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** CPU time (user + system, all threads) of process `pid` so far, ms, from /proc (clock ticks of 10 ms, Linux's
 * USER_HZ); null once it is gone. */
export function processCpu(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const AUTOCANNON = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon')),
  'autocannon.js',
);

/** One autocannon run (child process) against `url`; throws on any non-2xx answer or error. */
export function autocannon(
  url: string,
  token: string,
  duration: number,
  connections: number,
): Promise<{ rps: number; p50: number; p99: number; total: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        AUTOCANNON,
        '-j',
        '-n',
        '-c',
        String(connections),
        '-d',
        String(duration),
        '-H',
        `authorization=Bearer ${token}`,
        url,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`autocannon exited with ${code}`);
        const result = JSON.parse(out) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          total: result.requests.total,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

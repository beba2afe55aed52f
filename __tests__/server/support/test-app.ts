import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import { type AppConfig, loadConfig } from '../../../server/config';
import { type Database, MEMORY_DATABASE_URL, createDatabase, migrate } from '../../../server/db';

/**
 * Server test support. One database per test file (PGlite takes 1.5–3 s to start): in-memory PGlite by
 * default, or — when DATABASE_URL is set — a fresh, uniquely named PostgreSQL database created through the
 * server's `postgres` database, migrated, and dropped afterwards. Apps built for the file share it.
 */
export const TEST_JWT_SECRET = 'momentum-test-secret-0123456789-abcdefghijklmnop';
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export function tempDir(prefix = 'momentum-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestDatabase {
  database: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || serverUrl === MEMORY_DATABASE_URL) {
    const database = await createDatabase({ databaseUrl: MEMORY_DATABASE_URL, dataDir: tempDir() });
    await migrate(database);
    return { database, drop: () => database.close() };
  }

  const name = `momentum_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), dataDir: tempDir() });
  await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Environment of a test app: development-like, silent, fixed secret, no SPA build, generous rate limit. */
export function testEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const dir = tempDir();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dir,
    STATIC_DIR: path.join(dir, 'no-build'),
    RATE_LIMIT_MAX: '10000',
    DATABASE_URL: MEMORY_DATABASE_URL,
    ...overrides,
  };
}

export interface TestAppOptions {
  database: Database;
  env?: Record<string, string | undefined>;
  /** Runs after `buildApp` and before `ready()`: register extra (e.g. throwing) routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  logStream?: { write(line: string): void };
}

export async function createTestApp(
  options: TestAppOptions,
): Promise<{ app: FastifyInstance; config: AppConfig }> {
  const config = loadConfig(testEnv(options.env));
  const app = await buildApp(config, { database: options.database, logStream: options.logStream });
  await options.beforeReady?.(app);
  await app.ready();
  return { app, config };
}

/** The cookie `name` a response sets (light-my-request's parsed Set-Cookie), or undefined. */
export function responseCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

/** What `useTestApp` starts for a test file; filled in its `beforeAll`. */
export interface TestAppRun {
  testDb: TestDatabase;
  app: FastifyInstance;
  config: AppConfig;
  /** Starts one more app on the same database (closed by the same `afterAll`), e.g. with other env. */
  another(options?: Omit<TestAppOptions, 'database'>): Promise<FastifyInstance>;
}

/**
 * Registers a test file's set-up and tear-down: `beforeAll` creates the file's database (createTestDatabase),
 * one app on it (createTestApp with `options`; a function is called then, so it may read what an earlier
 * `beforeAll` started, such as a fake provider's URL) and then runs `setUp` (sign-ins, workspaces, more apps through
 * `run.another`); `afterAll` closes every app started and drops the database. Returns the run, whose fields are
 * set once `beforeAll` has run (read them inside tests or hooks, never at module level). `timeoutMs` bounds that
 * `beforeAll`.
 */
export function useTestApp(
  options: Omit<TestAppOptions, 'database'> | (() => Omit<TestAppOptions, 'database'>) = {},
  setUp?: (run: TestAppRun) => Promise<void>,
  timeoutMs = 60_000,
): TestAppRun {
  const apps: FastifyInstance[] = [];
  const run = {} as TestAppRun;
  beforeAll(async () => {
    run.testDb = await createTestDatabase();
    run.another = async (more = {}) => {
      const started = await createTestApp({ ...more, database: run.testDb.database });
      apps.push(started.app);
      return started.app;
    };
    const first = await createTestApp({
      ...(typeof options === 'function' ? options() : options),
      database: run.testDb.database,
    });
    apps.push(first.app);
    run.app = first.app;
    run.config = first.config;
    await setUp?.(run);
  }, timeoutMs);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await run.testDb?.drop();
  });
  return run;
}

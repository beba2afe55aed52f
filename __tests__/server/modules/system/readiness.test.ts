import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { Lifecycle } from '../../../../server/lifecycle';
import { WARM_UP_REQUESTS, type WarmUpReport, warmUp } from '../../../../server/modules/system';
import { eventHubOf } from '../../../../server/modules/events';
import { asMember } from '../../support/members';
import { createWorkspaceWith } from '../../support/workspaces';
import { type TestDatabase, createTestDatabase, testEnv } from '../../support/test-app';

/**
 * Health and readiness (server/modules/system/, server/lifecycle.ts; docs/operations.md "Health and readiness"):
 * `/healthz` answers whenever the process does; `/readyz` (and `/api/health`) only once the warm-up is over, the
 * database answers and has the newest migration, and never once the server drains — what a load balancer acts on.
 */

// Each test builds an app (and some a database): seconds each on a loaded machine.
jest.setTimeout(60_000);

const apps: FastifyInstance[] = [];
const databases: TestDatabase[] = [];

async function appOn(
  database: TestDatabase,
  deps: {
    warmUp?: boolean | ((app: FastifyInstance) => Promise<WarmUpReport>);
    lifecycle?: Lifecycle;
    logStream?: { write(line: string): void };
  } = {},
) {
  const env = testEnv(deps.logStream ? { LOG_LEVEL: 'warn' } : {});
  const app = await buildApp(loadConfig(env), { database: database.database, ...deps });
  apps.push(app);
  await app.ready();
  return app;
}

async function freshDatabase() {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

let shared: TestDatabase;
beforeAll(async () => {
  shared = await freshDatabase();
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of databases) await db.drop();
});

describe('lifecycle', () => {
  test('moves forward only: starting → warming → ready → draining; drain listeners run once', () => {
    const lifecycle = new Lifecycle();
    const drained: string[] = [];
    lifecycle.onDrain(() => drained.push('first'));
    lifecycle.onDrain(() => {
      throw new Error('a failing listener');
    });
    lifecycle.onDrain(() => drained.push('third'));
    expect(lifecycle.state).toBe('starting');
    lifecycle.ready();
    lifecycle.warming();
    expect(lifecycle.state).toBe('ready');
    lifecycle.drain();
    lifecycle.drain();
    lifecycle.ready();
    expect(lifecycle.state).toBe('draining');
    expect(drained).toEqual(['first', 'third']);
    lifecycle.onDrain(() => drained.push('late'));
    expect(drained).toEqual(['first', 'third', 'late']);
  });
});

describe('readiness states', () => {
  test('warming: alive but not ready until the warm-up is over, then ready', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const app = await appOn(shared, {
      warmUp: async () => {
        await gate;
        return { ms: 1, requests: 0, failed: 0, failures: [], cutShort: false, analyzeMs: null };
      },
    });

    const alive = await get(app, '/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toMatchObject({ isSuccess: true, result: { status: 'alive' } });
    expect(alive.headers['cache-control']).toBe('no-store');

    const warming = await get(app, '/readyz');
    expect(warming.statusCode).toBe(503);
    expect(warming.headers['retry-after']).toBe('1');
    expect(warming.json()).toMatchObject({
      isSuccess: false,
      code: 'SYSTEM503_0',
      result: { status: 'unavailable', state: 'warming', failed: ['warmUp'] },
    });
    expect((await get(app, '/api/health')).statusCode).toBe(503);

    finish();
    await app.warmedUp;
    const ready = await get(app, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      isSuccess: true,
      code: 'COMMON200',
      message: '성공입니다.',
      result: {
        status: 'ready',
        state: 'ready',
        database: shared.database.kind,
        checks: { warmUp: 'ok', shutdown: 'ok', database: 'ok', migrations: 'ok' },
        failed: [],
      },
    });
    const health = await get(app, '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().result).toEqual({ status: 'ok', database: shared.database.kind });
  });

  test('a failed warm-up is logged and the server becomes ready all the same', async () => {
    const lines: string[] = [];
    const app = await appOn(shared, {
      warmUp: async () => {
        throw new Error('warm-up broke');
      },
      logStream: { write: (line) => void lines.push(line) },
    });
    await expect(app.warmedUp).resolves.toBeNull();
    expect((await get(app, '/readyz')).statusCode).toBe(200);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'warm-up failed; serving without it',
        err: expect.objectContaining({ message: 'warm-up broke' }),
      }),
    );
  });

  test("the app's warm-up sends every read route it knows, round after round, all answered 200", async () => {
    const seeder = await appOn(shared);
    const ws = await createWorkspaceWith(seeder, 'Warm', '김민수', ['이영희']);
    const post = (segment: string, payload: object) =>
      asMember(seeder, ws.owner, 'POST', `/api/teams/${ws.defaultTeamId}/${segment}`, { payload });
    expect((await post('goals', { title: '목표' })).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await post('issues', { title: `이슈 ${i}` })).statusCode).toBe(201);

    const never = sql`select count(*)::int as n from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples < 0`;
    const unanalyzed = async () =>
      ((await shared.database.db.execute(never)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const embedded = shared.database.kind === 'pglite';
    // The test database was made by migrations and filled through the API: nothing analyzed it.
    if (embedded) expect(await unanalyzed()).toBeGreaterThan(0);

    const app = await appOn(shared, { warmUp: true });
    const report = await app.warmedUp;
    // Embedded: the whole database was analyzed before the routes ran (and not again by the upkeep's first run).
    if (embedded) {
      expect(report!.analyzeMs).not.toBeNull();
      expect(await unanalyzed()).toBe(0);
      expect(await app.upkeep.analyzeAllNow()).toBeNull();
    }
    expect(report).toMatchObject({ failed: 0, failures: [], cutShort: false });
    // Whole rounds over the 20-odd routes (lists in every grouping, details, comments, alarms, settings, search)
    // until WARM_UP_REQUESTS were sent.
    expect(report!.requests).toBeGreaterThanOrEqual(WARM_UP_REQUESTS);
    expect(report!.requests).toBeLessThan(WARM_UP_REQUESTS + 40);
    expect(app.lifecycle.state).toBe('ready');
  });

  test('an empty database has nothing to warm: ready at once', async () => {
    const empty = await freshDatabase();
    const app = await appOn(empty, { warmUp: warmUp });
    expect(await app.warmedUp).toMatchObject({ requests: 0, failed: 0 });
    expect((await get(app, '/readyz')).statusCode).toBe(200);
  });

  test('database not answering: 503 naming the database; /healthz still 200', async () => {
    const own = await freshDatabase();
    const previous = process.env.MOMENTUM_HEALTH_FRESH_MS;
    process.env.MOMENTUM_HEALTH_FRESH_MS = '0';
    let app: FastifyInstance;
    try {
      app = await appOn(own);
    } finally {
      if (previous === undefined) delete process.env.MOMENTUM_HEALTH_FRESH_MS;
      else process.env.MOMENTUM_HEALTH_FRESH_MS = previous;
    }
    expect((await get(app, '/readyz')).statusCode).toBe(200);
    await own.database.close();
    const down = await get(app, '/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json().result).toMatchObject({
      status: 'unavailable',
      state: 'ready',
      checks: { database: 'failed', migrations: 'skipped' },
      failed: ['database'],
    });
    expect((await get(app, '/api/health')).statusCode).toBe(503);
    expect((await get(app, '/healthz')).statusCode).toBe(200);
  });

  test("migrations not applied (the database lacks this code's newest): 503 naming migrations", async () => {
    const own = await freshDatabase();
    await own.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const app = await appOn(own);
    const res = await get(app, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().result).toMatchObject({
      checks: { database: 'ok', migrations: 'pending' },
      failed: ['migrations'],
    });
  });
});

describe('draining', () => {
  test('readiness 503 at once; open event streams get a retry hint and end; new streams are refused', async () => {
    const lifecycle = new Lifecycle();
    const app = await appOn(shared, { lifecycle });
    const ws = await createWorkspaceWith(app, 'Drain', '박지성');
    const ticket = async () =>
      (await asMember(app, ws.owner, 'POST', '/api/events/ticket')).json().result.ticket as string;

    const streaming = app.inject({ method: 'GET', url: `/api/events?ticket=${await ticket()}` });
    const hub = eventHubOf(app)!;
    for (let i = 0; i < 500 && hub.streamCount === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(hub.streamCount).toBe(1);
    expect((await get(app, '/readyz')).statusCode).toBe(200);

    lifecycle.drain();
    const ready = await get(app, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().result).toMatchObject({ state: 'draining', failed: ['shutdown'] });
    expect((await get(app, '/healthz')).statusCode).toBe(200);

    const stream = await streaming;
    expect(stream.statusCode).toBe(200);
    // The opening hint, then the drain's (0.5–1.5 s), then the end of the stream.
    const retries = [...stream.body.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(retries[0]).toBe(3000);
    expect(retries).toHaveLength(2);
    expect(retries[1]).toBeGreaterThanOrEqual(500);
    expect(retries[1]).toBeLessThanOrEqual(1500);
    expect(hub.streamCount).toBe(0);

    const refused = await get(app, `/api/events?ticket=${await ticket()}`);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ isSuccess: false, code: 'SYSTEM503_0' });
  });
});

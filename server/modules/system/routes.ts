import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ReadinessResult,
  errorEnvelopeSchema,
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
} from '../../../contract';
import { type Database, migrationsFolder } from '../../db';
import { envelope, ok } from '../../http/envelope';
import { noStoreByDefault } from '../../http/no-store';
import type { Lifecycle } from '../../lifecycle';

export interface SystemRoutesOptions {
  database: Database;
  lifecycle: Lifecycle;
}

/**
 * How long a database check that succeeded answers later health checks (ms). A poller asks every few seconds; under
 * a burst of checks (load balancers, benchmarks) the database is asked at most once a second, and concurrent checks
 * share one `select 1`. A failed check is never reused: the next request asks again.
 * docs/performance.md "Fixed cost of a request".
 */
export const HEALTH_FRESH_MS = 1000;

/**
 * `check()` resolves when the database answered `select 1` within the last `freshMs` (or answers now; concurrent
 * callers share the query in flight), and rejects with the query's error when it does not answer.
 */
export function databaseCheck(
  ping: () => Promise<unknown>,
  freshMs = HEALTH_FRESH_MS,
  now = () => performance.now(),
) {
  let okAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  return function check(): Promise<void> {
    if (now() - okAt < freshMs) return Promise.resolve();
    inFlight ??= ping().then(
      () => {
        okAt = now();
        inFlight = null;
      },
      (error: unknown) => {
        inFlight = null;
        throw error;
      },
    );
    return inFlight;
  };
}

/** `created_at` (the migration folder's `when`, ms) of the newest migration in drizzle/meta/_journal.json. */
export function newestMigrationMillis(folder = migrationsFolder()): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * `check()` → 'ok' when the database's migrations table (Drizzle's `drizzle.__drizzle_migrations`) has the newest
 * migration of the journal this code ships (`created_at` ≥ its `when`), 'pending' when not (another server is
 * still migrating, or this code is newer than the database), 'failed' when it cannot be read. A success is
 * remembered (migrations are never taken back while the server runs); anything else asks again next time.
 */
export function migrationsCheck(database: Database, newest: number) {
  let applied = false;
  return async function check(): Promise<'ok' | 'pending' | 'failed'> {
    if (applied) return 'ok';
    try {
      const result = await database.db.execute(
        sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
      );
      const at = Number((result as unknown as { rows: { at: string | number | null }[] }).rows[0]?.at ?? 0);
      applied = at >= newest;
      return applied ? 'ok' : 'pending';
    } catch {
      return 'failed';
    }
  };
}

/** Probes polled often: no rate limit, no caching by anything between. */
const PROBE = { config: { rateLimit: false } } as const;

/**
 * Health and readiness (docs/operations.md "Health and readiness"): `GET /healthz` (liveness), `GET /readyz`
 * (readiness) and `GET /api/health` (readiness in the old shape, for Playwright and scripts/lighthouse.mjs). No auth,
 * no rate limit, `Cache-Control: no-store`.
 */
export async function systemRoutes(
  app: FastifyInstance,
  { database, lifecycle }: SystemRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // `MOMENTUM_HEALTH_FRESH_MS=0` asks the database on every check (bench/server.ts `--phase fixed`, "before").
  const freshMs = Number(process.env.MOMENTUM_HEALTH_FRESH_MS ?? HEALTH_FRESH_MS);
  const checkDatabase = databaseCheck(
    () => database.db.execute(sql`select 1`),
    Number.isFinite(freshMs) && freshMs >= 0 ? freshMs : HEALTH_FRESH_MS,
  );
  const checkMigrations = migrationsCheck(database, newestMigrationMillis());

  /**
   * The readiness checks, cheapest first: the lifecycle (no I/O), then — only while it passes — `select 1` (at most
   * once a second) and the migrations table (until it once matched).
   */
  async function readiness(): Promise<ReadinessResult> {
    const state = lifecycle.state;
    const checks: ReadinessResult['checks'] = {
      warmUp: state === 'starting' || state === 'warming' ? 'pending' : 'ok',
      shutdown: state === 'draining' ? 'draining' : 'ok',
      database: 'skipped',
      migrations: 'skipped',
    };
    if (state === 'ready') {
      checks.database = await checkDatabase().then(
        () => 'ok' as const,
        () => 'failed' as const,
      );
      if (checks.database === 'ok') checks.migrations = await checkMigrations();
    }
    // The server may have begun draining while the database answered.
    if (lifecycle.draining) checks.shutdown = 'draining';
    const failed = (['warmUp', 'shutdown', 'database', 'migrations'] as const).filter(
      (name) => checks[name] !== 'ok' && checks[name] !== 'skipped',
    );
    return {
      status: failed.length === 0 ? 'ready' : 'unavailable',
      state: lifecycle.state,
      database: database.kind,
      checks,
      failed,
    };
  }

  const unavailable = (reply: FastifyReply, result: ReadinessResult) =>
    reply.code(503).header('retry-after', '1').send(envelope('SYSTEM503_0', result));

  noStoreByDefault(app);

  r.get(
    '/healthz',
    {
      ...PROBE,
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        description:
          'No auth, no rate limit. 200 `{ status: "alive" }` whenever the process can answer HTTP — while it ' +
          'warms up and while it drains too. Never asks the database. A supervisor restarts the process when this ' +
          'stops answering; a load balancer polls `GET /readyz` instead. docs/operations.md.',
        response: { 200: livenessResponseSchema },
      },
    },
    async (_request, reply) => ok(reply, 'COMMON200', { status: 'alive' as const }),
  );

  r.get(
    '/readyz',
    {
      ...PROBE,
      schema: {
        tags: ['system'],
        summary: 'Readiness: route users to this server',
        description:
          'No auth, no rate limit. 200 `COMMON200` `{ status: "ready", … }` when the warm-up is done, the server ' +
          'is not shutting down, the database answers `select 1` (asked at most once a second) and has the newest ' +
          'migration this code ships. Otherwise 503 `SYSTEM503_0` with `Retry-After: 1`, the same result with ' +
          '`status: "unavailable"` and `failed` naming the checks that failed. Answers 503 from the moment SIGTERM ' +
          'arrives. docs/operations.md "Health and readiness".',
        response: {
          200: readinessResponseSchema,
          503: readinessResponseSchema.describe('`SYSTEM503_0`: not ready (see `result.failed`)'),
        },
      },
    },
    async (_request, reply) => {
      const result = await readiness();
      return result.status === 'ready' ? ok(reply, 'COMMON200', result) : unavailable(reply, result);
    },
  );

  r.get(
    '/api/health',
    {
      // Rate-limited as before (tests and clients rely on it); probes that poll often use /readyz.
      schema: {
        tags: ['system'],
        summary: 'Health check (readiness, the original shape)',
        description:
          'No auth, rate-limited like any route (polled by Playwright and scripts/lighthouse.mjs). The readiness ' +
          'of `GET /readyz`: 200 ' +
          '`{ status: "ok", database }` when ready; 503 `SYSTEM503_0` with the readiness result (`failed` names ' +
          'the checks) otherwise. New deployments poll `GET /readyz`.',
        response: {
          200: healthResponseSchema,
          500: errorEnvelopeSchema.describe('`COMMON500` with `{ requestId }`'),
          503: readinessResponseSchema.describe('`SYSTEM503_0`: not ready (see `result.failed`)'),
        },
      },
    },
    async (_request, reply) => {
      const result = await readiness();
      if (result.status !== 'ready') return unavailable(reply, result);
      return ok(reply, 'COMMON200', { status: 'ok' as const, database: database.kind });
    },
  );
}

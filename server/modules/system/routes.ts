import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, healthResponseSchema } from '../../../contract';
import type { Database } from '../../db';
import { ok } from '../../http/envelope';

export interface SystemRoutesOptions {
  database: Database;
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

/** Health check for Playwright's web server and deployments. */
export async function systemRoutes(app: FastifyInstance, { database }: SystemRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // `MOMENTUM_HEALTH_FRESH_MS=0` asks the database on every check (bench/server.ts `--phase fixed`, "before").
  const freshMs = Number(process.env.MOMENTUM_HEALTH_FRESH_MS ?? HEALTH_FRESH_MS);
  const checkDatabase = databaseCheck(
    () => database.db.execute(sql`select 1`),
    Number.isFinite(freshMs) && freshMs >= 0 ? freshMs : HEALTH_FRESH_MS,
  );

  r.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health check',
        description:
          'No auth (polled by Playwright and deployments). `select 1` on the database (at most once a ' +
          'second: a success answers the checks of the next second), then `{ status: "ok", database }`; 500 if ' +
          'it does not answer.',
        response: {
          200: healthResponseSchema,
          500: errorEnvelopeSchema.describe('`COMMON500` with `{ requestId }`'),
        },
      },
    },
    async (_request, reply) => {
      await checkDatabase();
      return ok(reply, 'COMMON200', { status: 'ok' as const, database: database.kind });
    },
  );
}

import { z } from 'zod';
import { envelopeSchema } from './envelope';

/**
 * `GET /api/health` → `result: { status: 'ok', database: 'pglite' | 'postgres' }` (200 only when ready, as
 * `GET /readyz`; 503 with `readinessResultSchema` otherwise). docs/operations.md "Health and readiness".
 */
export const healthResultSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResult = z.infer<typeof healthResultSchema>;
export const healthResponseSchema = envelopeSchema(healthResultSchema);

/** `GET /healthz` → `result: { status: 'alive' }`: the process answers (the database is not asked). */
export const livenessResultSchema = z.object({ status: z.literal('alive') });
export const livenessResponseSchema = envelopeSchema(livenessResultSchema);

/** The server's life (server/lifecycle.ts): starting → warming → ready → draining. */
export const lifecycleStateSchema = z.enum(['starting', 'warming', 'ready', 'draining']);

/**
 * `GET /readyz` → 200 `COMMON200` or 503 `SYSTEM503_0`, `result`:
 * - `status`: `ready` (route users here) or `unavailable`;
 * - `state`: the lifecycle state;
 * - `checks`: `warmUp` (`ok` | `pending`), `shutdown` (`ok` | `draining`), `database` (`ok` | `failed` |
 *   `skipped` — not asked while the server is not ready anyway), `migrations` (`ok` | `pending` — the database has
 *   not applied the newest migration this code ships — | `failed` | `skipped`);
 * - `failed`: the names of the checks that failed (neither `ok` nor `skipped`), in that order (empty when ready).
 */
export const readinessResultSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  state: lifecycleStateSchema,
  database: z.enum(['pglite', 'postgres']),
  checks: z.object({
    warmUp: z.enum(['ok', 'pending']),
    shutdown: z.enum(['ok', 'draining']),
    database: z.enum(['ok', 'failed', 'skipped']),
    migrations: z.enum(['ok', 'pending', 'failed', 'skipped']),
  }),
  failed: z.array(z.enum(['warmUp', 'shutdown', 'database', 'migrations'])),
});
export type ReadinessResult = z.infer<typeof readinessResultSchema>;
export const readinessResponseSchema = envelopeSchema(readinessResultSchema);

/**
 * Public entry of server/modules/system: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Health, readiness and the server's lifecycle (docs/operations.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import type { Lifecycle } from '../../lifecycle';
import { systemRoutes } from './routes';
import { type WarmUp, type WarmUpReport, warmUp as appWarmUp } from './warmup';

export { systemRoutes } from './routes';
export { WARM_UP_REQUESTS, type WarmUp, type WarmUpReport, warmUp } from './warmup';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's lifecycle (server/lifecycle.ts): readiness, draining on SIGTERM. */
    lifecycle: Lifecycle;
    /** Resolves when the warm-up is over (its report; null when there was none) and the server is ready. */
    warmedUp: Promise<WarmUpReport | null>;
  }
}

export interface SystemPluginOptions {
  database: Database;
  lifecycle: Lifecycle;
  /** `true`: the app's warm-up (warmup.ts); a function: that one; `false`/undefined: none (ready at once). */
  warmUp?: boolean | WarmUp;
}

/**
 * Decorates the app with `lifecycle` and `warmedUp`, registers `/healthz`, `/readyz` and `/api/health`
 * (routes.ts), and at `ready` moves the lifecycle on: with a warm-up, to `warming`, then — the warm-up run in the
 * background, not holding `ready`/`listen` up, so `/healthz` answers meanwhile — to `ready` when it is over (also
 * when it failed: it is logged, and the server serves as it would have without it); without one, to `ready` at once.
 * Not encapsulated: the decorators and the hook belong to the app (the routes keep their own child context).
 */
export async function systemPlugin(app: FastifyInstance, options: SystemPluginOptions): Promise<void> {
  const { database, lifecycle } = options;
  const run: WarmUp | null =
    options.warmUp === true ? appWarmUp : typeof options.warmUp === 'function' ? options.warmUp : null;
  let settle: (report: WarmUpReport | null) => void = () => {};
  app.decorate('lifecycle', lifecycle);
  app.decorate('warmedUp', new Promise<WarmUpReport | null>((resolve) => (settle = resolve)));
  app.addHook('onReady', async () => {
    if (!run) {
      lifecycle.ready();
      settle(null);
      return;
    }
    lifecycle.warming();
    void run(app).then(
      (report) => {
        lifecycle.ready();
        settle(report);
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'warm-up failed; serving without it');
        lifecycle.ready();
        settle(null);
      },
    );
  });
  // No new database upkeep run once draining (server/db/upkeep.ts); a run in progress finishes before the close.
  lifecycle.onDrain(() => void app.upkeep?.stop());
  await app.register(systemRoutes, { database, lifecycle });
}
(systemPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

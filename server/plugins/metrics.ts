import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import { CODES } from '../../contract';
import type { AppConfig } from '../config';
import type { Database } from '../db';
import { ApiError, envelope } from '../http/envelope';
import { processRegistry, startDefaultMetrics } from '../metrics';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The internal metrics listener (`METRICS_PORT`), once the app is ready; null in the other modes. Its
     * `address()` tells the port when `METRICS_PORT=0` (tests).
     */
    metricsServer: http.Server | null;
  }
}

export interface MetricsPluginOptions {
  config: AppConfig;
  database: Database;
  /** Live event streams open on this app now (the event hub's count; server/app.ts passes it). */
  openStreams: () => number;
}

/** The `route` label of requests no route matched (the SPA's client paths, unknown paths: 404s). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Bucket upper bounds of `http_request_duration_seconds`, seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics (docs/observability.md). Off (`config.metrics.mode === 'off'`): the app's `GET /metrics`
 * answers 404 `COMMON404` like any unknown path, and nothing else is installed — no hook, no registry. Otherwise a
 * registry of this app (request durations, database pool, open event streams; see `appRegistry`) next to the
 * process-wide one (server/metrics.ts), served
 * - `token` mode: as `GET /metrics` on the app's port, `Authorization: Bearer <METRICS_TOKEN>` required (401
 *   `COMMON401` without or with another token; compared in constant time);
 * - `port` mode: only on the internal listener `METRICS_HOST:METRICS_PORT` (started when the app is ready, closed
 *   with it; the token too when set); the app's port answers 404.
 * Every answered request (not the hijacked event stream) is observed in `http_request_duration_seconds` by method,
 * route pattern and status code, in one `onResponse` hook.
 */
export const metricsPlugin = unencapsulated<MetricsPluginOptions>(
  async (app, { config, database, openStreams }) => {
    const { mode, token } = config.metrics;
    app.decorate('metricsServer', null);
    const notFound = async () => {
      throw new ApiError('COMMON404');
    };
    if (mode === 'off') {
      app.all('/metrics', { schema: { hide: true } }, notFound);
      return;
    }

    startDefaultMetrics();
    const registry = appRegistry(database, openStreams);
    const histogram = registry.getSingleMetric('http_request_duration_seconds') as Histogram<
      'method' | 'route' | 'status_code'
    >;
    // One child per (method, route, status), kept: no label object is built per request (docs/observability.md "Cost").
    const children = new Map<string, { observe(value: number): void }>();
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const status = reply.statusCode;
      const key = `${request.method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = histogram.labels(request.method, route, String(status));
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });

    const authorized = (header: string | undefined) => token === undefined || bearerMatches(header, token);
    const exposition = async () =>
      `${await processRegistry.metrics()}\n${await registry.metrics()}`.replace(/\n{2,}/g, '\n');

    if (mode === 'token') {
      /**
       * `GET /metrics` — the Prometheus text exposition (`text/plain; version=0.0.4`) of this server: process-wide
       * metrics (server/metrics.ts) and this app's. 401 `COMMON401` unless `Authorization: Bearer <METRICS_TOKEN>`.
       */
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!authorized(request.headers.authorization)) throw new ApiError('COMMON401');
        reply.header('cache-control', 'no-store');
        return reply.type(processRegistry.contentType).send(await exposition());
      });
      return;
    }

    app.all('/metrics', { schema: { hide: true } }, notFound);
    const server = http.createServer((req, res) => {
      void answerInternal(req, res, authorized, exposition).catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics scrape failed');
        if (!res.headersSent) sendEnvelope(res, 'COMMON500');
        else res.destroy();
      });
    });
    app.metricsServer = server;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.metrics.port, config.metrics.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(':') ? `[${address}]` : address;
      app.log.info({ url: `http://${host}:${port}/metrics` }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
);

/** The internal listener: `GET`/`HEAD /metrics` (401 without the token when one is set); anything else 404/405. */
async function answerInternal(
  req: IncomingMessage,
  res: ServerResponse,
  authorized: (header: string | undefined) => boolean,
  exposition: () => Promise<string>,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics') return sendEnvelope(res, 'COMMON404');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return sendEnvelope(res, 'COMMON405');
  }
  if (!authorized(req.headers.authorization)) return sendEnvelope(res, 'COMMON401');
  const body = await exposition();
  res.writeHead(200, { 'content-type': processRegistry.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The envelope of `code` with its catalogue status (JSON, as the app's errors). */
function sendEnvelope(
  res: ServerResponse,
  code: 'COMMON401' | 'COMMON404' | 'COMMON405' | 'COMMON500',
): void {
  res.writeHead(CODES[code].status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(envelope(code, null)));
}

/** Whether `header` is `Bearer <token>` (the digests compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * This app's registry: `http_request_duration_seconds` (observed by the plugin's hook), the database pool gauges and
 * the open event streams, read when scraped.
 */
function appRegistry(database: Database, openStreams: () => number): Registry {
  const registry = new Registry();
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the response being sent), by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pool = poolReader(database);
  new Gauge({
    name: 'momentum_db_pool_connections',
    help: 'Database connections of this server, by state (total, idle); the embedded PGlite is one connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = pool();
      this.set({ state: 'total' }, now.total);
      this.set({ state: 'idle' }, now.idle);
    },
  });
  new Gauge({
    name: 'momentum_db_pool_waiting',
    help: 'Queries or transactions waiting for a database connection (PGlite: for its single connection)',
    registers: [registry],
    collect() {
      this.set(pool().waiting);
    },
  });
  new Gauge({
    name: 'momentum_event_streams_open',
    help: 'Live event streams (server-sent events) open on this server',
    registers: [registry],
    collect() {
      this.set(openStreams());
    },
  });
  return registry;
}

interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The database's connection counts. PostgreSQL: node-postgres `Pool`'s `totalCount`, `idleCount`, `waitingCount`.
 * PGlite: one connection, idle when nothing runs; "waiting" = statements and transactions queued behind the one
 * running (PGlite runs one at a time: each goes through its `_runExclusiveTransaction`, which is wrapped — once per
 * PGlite instance — with an in-flight counter, two integer operations a statement).
 */
function poolReader(database: Database): () => PoolState {
  const driver = database.driver;
  if (driver.kind === 'postgres') {
    const pool = driver.client;
    return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  }
  const inFlight = pgliteInFlight(driver.client);
  return () => {
    const active = inFlight.count;
    return { total: 1, idle: active === 0 ? 1 : 0, waiting: Math.max(0, active - 1) };
  };
}

const pgliteCounters = new WeakMap<PGlite, { count: number }>();

function pgliteInFlight(client: PGlite): { count: number } {
  const known = pgliteCounters.get(client);
  if (known) return known;
  const state = { count: 0 };
  pgliteCounters.set(client, state);
  const original = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    state.count += 1;
    try {
      return await original(fn);
    } finally {
      state.count -= 1;
    }
  };
  return state;
}

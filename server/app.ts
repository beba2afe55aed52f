import { createHmac, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type Database, PGLITE_ANALYZE_INTERVAL_MS, analyze, createDatabase, migrate } from './db';
import { ApiError } from './http/envelope';
import { errorHandler } from './http/errors';
import { rejectNulCharacters } from './http/input-guard';
import { RouteTable } from './http/route-table';
import { installKoreanZodMessages } from './http/zod-korean';
import { type Clock, alarmsPlugin, systemClock } from './modules/alarms';
import { createRequireMember } from './modules/auth/require-member';
import { authRoutes } from './modules/auth/routes';
import { commentRoutes } from './modules/comments/routes';
import { eventsPlugin } from './modules/events';
import { createIntegrations } from './modules/integrations/integrations';
import { integrationRoutes } from './modules/integrations/routes';
import { githubWebhookRoutes } from './modules/integrations/webhook';
import { itemRoutes } from './modules/items/routes';
import { profileImageDir, registerProfileImageFiles } from './modules/settings/profile-image';
import { settingsRoutes } from './modules/settings/routes';
import { systemRoutes } from './modules/system/routes';
import { workspaceRoutes } from './modules/workspace/routes';
import { isReservedPath, registerSpa } from './spa';

/** GET/HEAD of the SPA, its assets or uploaded files — exempt from the per-IP request limit. */
function isStaticRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  return pathname.startsWith('/uploads/') || !isReservedPath(pathname);
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
  }
}

export interface BuildAppDeps {
  /** An open, migrated database to use (tests). Otherwise one is created from `config` and migrated. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them); never pretty-printed. */
  logStream?: { write(line: string): void };
  /** The clock of the deadline reminder and of alarm days (tests move it); default: the system clock. */
  clock?: Clock;
}

/** Incoming `X-Request-Id` values we accept as the request id (anything else gets a fresh UUID). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SENSITIVE_QUERY = /([?&](?:code|state|token|password|access_token|refresh_token)=)[^&#]*/gi;

/**
 * Content-Security-Policy. Scripts only from our origin (the webpack build has no inline script).
 * `style-src 'unsafe-inline'`: emotion (MUI's styling engine) injects `<style>` elements at runtime, and Swagger UI
 * sets inline `style` attributes; a nonce would need per-request HTML rendering we do not do for static files.
 * `img-src https:` for profile pictures from Google/Kakao CDNs; `data:`/`blob:` for inline icons and previews.
 * Swagger UI at /api/docs works under this policy as is: its page loads only same-origin scripts and styles
 * (`/api/docs/static/*`) and fetches `/api/docs/json` (connect-src 'self'); the validator badge is off.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

function loggerOptions(config: AppConfig, stream: BuildAppDeps['logStream']): FastifyServerOptions['logger'] {
  const pretty = !stream && Boolean(process.stdout.isTTY) && !config.isProduction;
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: request.url.replace(SENSITIVE_QUERY, '$1[redacted]'),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/**
 * Planner statistics for the embedded database, which has no autovacuum (see `analyze`): once when the app is ready
 * and then every `PGLITE_ANALYZE_INTERVAL_MS` until it closes. A failure is logged and retried next time. The first
 * run does not hold up `ready` (it took up to a second on a 2,000-issue database, and the statistics of the previous
 * run are still in the database meanwhile); closing waits for a run in progress.
 */
function scheduleAnalyze(app: FastifyInstance, database: Database): void {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = analyze(database).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ANALYZE of the embedded database failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PGLITE_ANALYZE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** Requests slower than this are logged at info level (every request is, at debug). */
const SLOW_REQUEST_MS = 1000;

/**
 * Request logging. Fastify's own two info lines per request ("incoming request", "request completed") cost more
 * than a fast route itself on the embedded database, so at info level only server errors (whose error, with the
 * request id, the error handler logs too), failures while sending and requests slower than `SLOW_REQUEST_MS` get a
 * "request completed" / "request errored" line; at debug level every request gets both lines as before.
 */
class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (isDebug(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (reply.statusCode >= 500 || reply.elapsedTime >= SLOW_REQUEST_MS) {
      reply.log.info(line, 'request completed');
    } else if (isDebug(request)) {
      reply.log.debug(line, 'request completed');
    }
  }
}

const isDebug = (request: FastifyRequest) => request.log.level === 'debug' || request.log.level === 'trace';

/**
 * Builds the Fastify app (not yet listening; callers may still add routes before `ready()`/`listen()`).
 * Creates and migrates the database unless `deps.database` is given, and closes it on `app.close()` only if it
 * created it.
 */
export async function buildApp(config: AppConfig, deps: BuildAppDeps = {}): Promise<FastifyInstance> {
  installKoreanZodMessages();
  const ownsDatabase = deps.database === undefined;
  const database = deps.database ?? (await createDatabase(config));
  try {
    if (ownsDatabase) await migrate(database);
    return await assemble(config, database, ownsDatabase, deps.logStream, deps.clock ?? systemClock());
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}

async function assemble(
  config: AppConfig,
  database: Database,
  ownsDatabase: boolean,
  logStream: BuildAppDeps['logStream'],
  clock: Clock,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: new RequestLogs(),
    // A hop count trusts that many proxies nearest to the server (what proxy-addr does for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    frameworkErrors: errorHandler,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  if (ownsDatabase && database.kind === 'pglite') scheduleAnalyze(app, database);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // Every route, for 405 + Allow in the not-found handler.
  const routeTable = new RouteTable();
  app.addHook('onRoute', (route) => routeTable.add(route.method, route.url));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before every route's own checks: text with NUL characters never reaches a handler or the database.
  app.addHook('preValidation', rejectNulCharacters);

  // Bodies: JSON only (plus urlencoded inside the auth plugin). An empty JSON body counts as no body, so
  // body-less POSTs from clients that always send `Content-Type: application/json` still work.
  app.removeContentTypeParser('text/plain');
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, body as string, done);
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  });
  await app.register(cors, {
    origin: [new URL(config.publicUrl).origin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
  await app.register(cookie, {
    // Cookie signatures use a key derived from JWT_SECRET, never the JWT key itself.
    secret: createHmac('sha256', config.jwtSecret).update('momentum:cookie-signing').digest('hex'),
    hook: 'onRequest',
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: 60_000,
    // Reads of the SPA and of static files (hashed assets, the ~90 font subsets, uploaded images) are not
    // counted: one page load fetches dozens of them. The API, sign-in and every write are.
    allowList: (request) => isStaticRead(request),
    errorResponseBuilder: () => new ApiError('COMMON429'),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Momentum API',
        version: '0.1.0',
        description:
          'Momentum 팀 협업툴 API. Every `/api` response is the envelope `{ isSuccess, code, message, result }` ' +
          '(api-contract.md). Protected routes need `Authorization: Bearer <accessToken>` from ' +
          '`POST /api/token/reissue`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refreshToken' },
        },
      },
      tags: [
        { name: 'auth', description: 'Sign-in and session' },
        { name: 'workspace', description: 'Workspace' },
        { name: 'settings', description: 'Workspace settings: teams, members, my profile, withdrawal' },
        { name: 'comments', description: 'Comments on goals, issues and externals' },
        {
          name: 'items',
          description: 'Goals, issues and externals of a team: create, grouped lists, delete',
        },
        {
          name: 'integrations',
          description:
            'GitHub App (per team) and Slack (per workspace): connect, callbacks, installation, repositories, ' +
            'GitHub webhook',
        },
        { name: 'alarms', description: 'Notifications (alarms): list per tab, read, delete, unread count' },
        { name: 'events', description: 'Live updates: one-time ticket and the server-sent events stream' },
        { name: 'system', description: 'Health' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // The document is always built (tests read it with `app.swagger()`); it is served at /api/docs only when
  // configured (`API_DOCS`, default off in production: the route map is not everyone's business).
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      theme: { title: 'Momentum API' },
      uiConfig: { deepLinking: true, persistAuthorization: false },
    });
  }

  app.decorate('requireMember', createRequireMember(database.db, config.jwtSecret));

  await app.register(systemRoutes, { database });
  await app.register(authRoutes, { config, db: database.db });
  await app.register(workspaceRoutes, { config, db: database.db });
  await app.register(settingsRoutes, { config, db: database.db });
  // GitHub/Slack clients, shared by the integration routes and the external create (Octokit's token cache).
  const integrations = createIntegrations(config);
  await app.register(itemRoutes, { db: database.db, integrations });
  await app.register(commentRoutes, { db: database.db });
  // Includes `/slack/connect` and `/slack/callback` (no `/api` prefix), registered before the SPA fallback.
  await app.register(integrationRoutes, { db: database.db, integrations });
  // GitHub → Momentum: no bearer (the signature authenticates GitHub); its own plugin, so its JSON parser keeps the
  // raw body for `X-Hub-Signature-256` without changing how the rest of the API parses JSON.
  await app.register(githubWebhookRoutes, { db: database.db, integrations });
  // Live updates: the event hub (LISTEN/NOTIFY fan-out), `POST /api/events/ticket` and the SSE stream `GET /api/events`.
  await app.register(eventsPlugin, { config, database });
  // Notifications: `/api/alarms…`, the daily deadline reminder (croner) and the development clock switch.
  await app.register(alarmsPlugin, { config, database, clock });
  // Uploaded profile pictures, before the SPA so its wildcard never answers /uploads/profile/*.
  await registerProfileImageFiles(app, profileImageDir(config.dataDir));

  const spa = await registerSpa(app, config);

  // Rate limited like any route (a request that already passed the static route's limiter is not counted twice).
  app.setNotFoundHandler(
    { preHandler: app.rateLimit() },
    /**
     * Unknown paths. GET/HEAD outside the reserved prefixes (/api, /oauth2, /login/oauth2, /slack, /uploads) →
     * the SPA's index.html (client routes), 503 text before a build. Everything else (a missing upload included) →
     * the envelope: 405 `COMMON405` with `Allow` when the path exists for other methods only, else 404
     * `COMMON404`. Never HTML for /api.
     */
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const method = request.method;
      if ((method === 'GET' || method === 'HEAD') && !isReservedPath(pathname)) {
        if (pathname.startsWith('/assets/')) {
          // A missing hashed asset must not turn into index.html (the browser would parse HTML as JS).
          return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
        }
        return spa.sendIndex(reply);
      }
      const allowed = routeTable.allowedMethods(pathname);
      // A route that exists for this very method but found nothing (e.g. a missing upload) is a 404, not a 405.
      if (allowed.length > 0 && !allowed.includes(method)) {
        reply.header('allow', allowed.join(', '));
        throw new ApiError('COMMON405');
      }
      throw new ApiError('COMMON404');
    },
  );

  return app;
}

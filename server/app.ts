import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { EVENT_MARK_HEADER } from '../contract';
import type { AppConfig } from './config';
import { type Database, createDatabase, migrate } from './db';
import { backupControlPlugin } from './db/backup';
import { errorHandler } from './http/errors';
import { Lifecycle } from './lifecycle';
import { createResponseSerializerCompiler } from './http/serializer';
import { installKoreanZodMessages } from './http/zod-korean';
import { type Clock, alarmsPlugin, systemClock } from './modules/alarms';
import { createRequireMember } from './modules/auth';
import { authRoutes } from './modules/auth';
// issue #23 (admin)
import { adminRoutes } from './modules/admin';
import { commentRoutes } from './modules/comments';
import { eventHubOf, eventsPlugin } from './modules/events';
import { githubWebhookRoutes } from './modules/github-webhook';
import { createIntegrations } from './modules/integrations';
import { integrationRoutes } from './modules/integrations';
import { itemRoutes } from './modules/items';
import { searchRoutes } from './modules/search';
import { profileImageDir, registerProfileImageFiles } from './modules/settings';
import { settingsRoutes } from './modules/settings';
import { type WarmUp, systemPlugin } from './modules/system';
// issue #23 (teams and membership)
import { teamRoutes } from './modules/teams';
import { workspaceRoutes } from './modules/workspace';
import { bodyPlugin } from './plugins/body';
import { databasePlugin } from './plugins/database';
import { type LogStream, loggingOptions, requestIdPlugin } from './plugins/logging';
import { metricsPlugin } from './plugins/metrics';
import { notFoundPlugin, recordRoutes } from './plugins/not-found';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { registerSpa } from './spa';

export { CSP_DIRECTIVES } from './plugins/security';

export interface BuildAppDeps {
  /** An open, migrated database to use (tests). Otherwise one is created from `config` and migrated. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them); never pretty-printed. */
  logStream?: LogStream;
  /** The clock of the deadline reminder and of alarm days (tests move it); default: the system clock. */
  clock?: Clock;
  /** issue #25: the server's lifecycle (server/lifecycle.ts; server/main.ts drains it on SIGTERM); default: a new one. */
  lifecycle?: Lifecycle;
  /**
   * issue #25: the warm-up run once the app is ready, before it reports ready (`GET /readyz`; docs/operations.md
   * "Warm-up"): `true` the app's own (server/modules/system/warmup.ts), a function another one (tests), `false`
   * (default) none — ready at once.
   */
  warmUp?: boolean | WarmUp;
}

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
    return await assemble(config, database, ownsDatabase, deps);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}

/**
 * The composition (docs/architecture.md "Server plugins"), in registration order, which is also hook order:
 * app-wide set-up from server/plugins/, then the domain modules, then static files and the not-found answers.
 */
async function assemble(
  config: AppConfig,
  database: Database,
  ownsDatabase: boolean,
  deps: BuildAppDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, deps.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: errorHandler,
  });
  await app.register(databasePlugin, { config, database, ownsDatabase });
  app.setValidatorCompiler(validatorCompiler);
  // Responses through serializers compiled from the contract's schemas (docs/performance.md "Fixed cost of a request").
  app.setSerializerCompiler(createResponseSerializerCompiler());
  app.setErrorHandler(errorHandler);
  const routes = recordRoutes(app);

  await app.register(requestIdPlugin);
  // Prometheus `/metrics` and the request-duration hook, only when enabled (docs/observability.md).
  await app.register(metricsPlugin, {
    config,
    database,
    openStreams: () => eventHubOf(app)?.streamCount ?? 0,
  });
  await app.register(bodyPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openApiPlugin, { config });

  const db = database.db;
  app.decorate('requireMember', createRequireMember(db, config.jwtSecret));
  // GitHub/Slack clients, shared by the integration routes and the external create (Octokit's token cache).
  const integrations = createIntegrations(config);
  // Live-update mark on every authenticated request (contract EVENT_MARK_HEADER, docs/live-updates.md): taken
  // before the handler reads anything, so events after it reach a stream that resumes from it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.authorization) {
      const hub = eventHubOf(app);
      if (hub) reply.header(EVENT_MARK_HEADER, String(hub.mark));
    }
    done();
  });
  // issue #25: /healthz, /readyz, /api/health; the lifecycle (`app.lifecycle`) and the warm-up before ready.
  await app.register(systemPlugin, {
    database,
    lifecycle: deps.lifecycle ?? new Lifecycle(),
    warmUp: deps.warmUp,
  });
  // `npm run backup` while serving: the embedded database's control socket in DATA_DIR (docs/backup-and-upgrade.md).
  await app.register(backupControlPlugin, { config, database });
  await app.register(authRoutes, { config, db });
  await app.register(workspaceRoutes, { config, db });
  await app.register(settingsRoutes, { config, db });
  // issue #23 (teams and membership): 나의 팀, 팀 둘러보기, join/leave, team settings
  await app.register(teamRoutes, { config, db });
  // issue #23 (admin): roles, removal, workspace rename/logo, invite rotation/expiry, audit log listing.
  await app.register(adminRoutes, { config, db });
  await app.register(itemRoutes, { db, integrations });
  await app.register(commentRoutes, { db });
  // Workspace search `GET /api/search`; fills missing derived search columns before the app answers.
  await app.register(searchRoutes, { db });
  // Includes `/slack/connect` and `/slack/callback` (no `/api` prefix), registered before the SPA fallback.
  await app.register(integrationRoutes, { db, integrations });
  // GitHub → Momentum: no bearer (the signature authenticates GitHub); its own plugin, so its JSON parser keeps the
  // raw body for `X-Hub-Signature-256` without changing how the rest of the API parses JSON.
  await app.register(githubWebhookRoutes, { db, integrations });
  // Live updates: the event hub (LISTEN/NOTIFY fan-out), `POST /api/events/ticket` and the SSE stream `GET /api/events`.
  await app.register(eventsPlugin, { config, database });
  // Notifications: `/api/alarms…`, the daily deadline reminder (croner) and the development clock switch.
  await app.register(alarmsPlugin, { config, database, clock: deps.clock ?? systemClock() });

  // Uploaded profile pictures, before the SPA so its wildcard never answers /uploads/profile/*.
  await registerProfileImageFiles(app, profileImageDir(config.dataDir));
  const spa = await registerSpa(app, config);
  await app.register(notFoundPlugin, { routes, spa });
  return app;
}

/** A hop count trusts that many proxies nearest to the server (what proxy-addr does for a number). */
function trustProxyOption(trustProxy: AppConfig['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * The server of bench/server.ts `--phase fixed` (docs/performance.md "Fixed cost of a request"): the app as
 * server/main.ts builds it, on `PORT`, and in the same process a second, bare Fastify instance on `BENCH_FLOOR_PORT`
 * with
 * - `GET /bare`: a bare Fastify JSON route (`{ hello: 'world' }`, no schema, no hooks, no plugins);
 * - `GET /floor/teams/:teamId/issues`: the "floor" of the list route — the same authentication check (the app's
 *   `requireMember` and team check), the same prepared SQL through the same driver and the same row mapping
 *   (`listPage`, first page, STATE, 20 items), sent as `JSON.stringify` of the same envelope: the same JSON, without
 *   the app's plugins, hooks, validation and serializer;
 * - `GET /stats`: `fs.fstatSync` calls so far in this process (what PGlite's file system issues per end-of-file
 *   seek; server/db/pglite-fs.ts).
 * Both instances share the process, so a route's CPU time is measured under the same conditions as the other's.
 */
import fs from 'node:fs';
import Fastify, { type FastifyRequest } from 'fastify';
import { loadConfig } from '../server/config';
import { envelope } from '../server/http/envelope';
import { teamScopeHook } from '../server/http/team-scope';
import { createRequireMember } from '../server/modules/auth/require-member';
import { KIND_BY_NAME } from '../server/modules/items/kinds';
import { listPage } from '../server/modules/items/list';
import { pgliteDataDir, startPgliteEarly } from '../server/db/pglite-start';

let fstats = 0;
const fstatSync = fs.fstatSync;
fs.fstatSync = function (this: unknown, ...args: Parameters<typeof fs.fstatSync>) {
  fstats++;
  return fstatSync.apply(this, args);
} as typeof fs.fstatSync;

const config = loadConfig();
if (config.databaseUrl === undefined) startPgliteEarly(pgliteDataDir(config.dataDir));
const { buildApp } = await import('../server/app');
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Momentum ready on ${config.publicUrl} in ${Math.round(performance.now())} ms`);

const db = app.database.db;
const requireMember = createRequireMember(db, config.jwtSecret);
const requireTeam = teamScopeHook(db);
const issues = KIND_BY_NAME.issue;
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ hello: 'world' }));
bare.get('/stats', async () => ({ fstats }));
bare.get('/floor/teams/:teamId/issues', async (request: FastifyRequest, reply) => {
  try {
    await requireMember(request);
    await requireTeam(request);
  } catch {
    return reply.code(401).send({ isSuccess: false });
  }
  const page = await listPage(db, issues, request.teamScope, 'STATE', null, 20);
  return reply
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelope(issues.codes.list, page)));
});
await bare.listen({ port: Number(process.env.BENCH_FLOOR_PORT), host: '127.0.0.1' });

const stop = () => void Promise.all([bare.close(), app.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

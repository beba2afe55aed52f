import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALARM_TYPES, GROUPINGS_BY_KIND } from '../../../contract';
import { signAccessToken } from '../auth';

/**
 * The warm-up (issue #25; docs/operations.md "Warm-up", docs/performance.md "Warm-up after a restart"): what the app
 * runs after it listens and before `GET /readyz` reports it ready, so that the first users after a restart are
 * answered at normal speed.
 *
 * Each route's first request pays once for what later ones reuse: on the embedded database, statements are prepared
 * on first use (server/db/index.ts `PgliteStatements`) and planned, PostgreSQL loads the catalog entries and the
 * table and index pages they touch into its caches; in Node, the route's handler, query building and serializer run
 * for the first time (interpreted, then compiled). With all of it queued behind one database connection, 100 users
 * arriving at once after a restart waited seconds (docs/performance.md has the figures).
 *
 * On the embedded database it first runs the upkeep's whole-database `ANALYZE` (server/db/upkeep.ts
 * `analyzeAllNow`), which the upkeep used to run 30 s after start, while serving: nothing else analyzes there (no
 * autovacuum), so a database filled by a script or an import, or a server stopped within its first half minute, was
 * served with the planner guessing — e.g. nested loops over the item lists, ~40 ms instead of ~5 ms a page — for
 * the first 30 s after every start, and then every request waited for the `ANALYZE` itself. Then the warm-up sends
 * the app's read routes through the app itself (`app.inject`, no socket) as a member of the busiest team: the lists
 * in every grouping (issues and goals, first page), an issue's and a goal's detail and comments, the alarm count and
 * tabs, the workspace and team settings, search. Read-only (GET): nothing is written. The routes go round by round
 * until `WARM_UP_REQUESTS` requests were sent (the later rounds make V8 optimise the hot code), and never longer
 * than `WARM_UP_BUDGET_MS` in all. An empty database (a new installation) has nothing to warm: it returns at once.
 */

/**
 * Requests the warm-up sends at least (whole rounds over the routes): the first round prepares the statements and
 * fills the caches, the rest let V8 optimise the hot code — measured, 3 rounds (78 requests) left the first burst
 * after a restart as costly as without a warm-up (2,300 vs 2,310 ms of server CPU); with ~400 requests it took
 * 1,960 ms against 1,480 on the warm server (without a warm-up 2,840 against 1,370; docs/performance.md "Warm-up
 * after a restart").
 */
export const WARM_UP_REQUESTS = 400;
/** The warm-up stops after this long even if not finished, ms: readiness is never held up by it for longer. */
export const WARM_UP_BUDGET_MS = 15_000;
/** The `User-Agent` of the warm-up's requests (recognisable in debug logs). */
export const WARM_UP_USER_AGENT = 'momentum-warm-up';

/** What a warm-up did. */
export interface WarmUpReport {
  /** Wall time, ms. */
  ms: number;
  /** Requests sent through the app. */
  requests: number;
  /** Requests that did not answer 200 (a route that changed; logged at debug level, never fatal). */
  failed: number;
  /** `<status> <url>` of each route that did not answer 200 (first round). */
  failures: string[];
  /** True when `WARM_UP_BUDGET_MS` ran out before the last round. */
  cutShort: boolean;
  /** Time of the embedded database's first whole `ANALYZE` (see `warmUp`), ms; null when not run (PostgreSQL). */
  analyzeMs: number | null;
}

/** A warm-up of `app` (the app's own is `warmUp`; tests pass others to `buildApp`'s `deps.warmUp`). */
export type WarmUp = (app: FastifyInstance) => Promise<WarmUpReport>;

interface Sample {
  team_id: number;
  member_id: number;
  issue_id: number | null;
  goal_id: number | null;
}

/**
 * The busiest team (most items), one of its members (not withdrawn, still in the workspace), its latest issue and
 * goal; null on an empty database.
 */
async function sample(app: FastifyInstance): Promise<Sample | null> {
  const result = await app.database.db.execute(sql`
    with busiest as (
      select team_id from item where team_id is not null group by team_id order by count(*) desc limit 1
    )
    select b.team_id,
      (select tm.member_id from team_member tm join member m on m.id = tm.member_id
        where tm.team_id = b.team_id and m.withdrawn_at is null and m.workspace_id is not null
        order by tm.member_id limit 1) as member_id,
      (select max(id) from item where team_id = b.team_id and kind = 'issue') as issue_id,
      (select max(id) from item where team_id = b.team_id and kind = 'goal') as goal_id
    from busiest b`);
  const row = (result as unknown as { rows: Sample[] }).rows[0];
  if (!row || row.member_id === null) return null;
  return {
    team_id: Number(row.team_id),
    member_id: Number(row.member_id),
    issue_id: row.issue_id === null ? null : Number(row.issue_id),
    goal_id: row.goal_id === null ? null : Number(row.goal_id),
  };
}

/** The read routes the first screens load, for `s`. */
function urls(s: Sample): string[] {
  const team = `/api/teams/${s.team_id}`;
  return [
    '/api/workspace/setting',
    '/api/workspace/setting/my-profile',
    '/api/workspace/setting/teams',
    '/api/workspace/setting/members',
    '/api/workspace/teams/browse',
    `${team}/settings`,
    `${team}/integrations`,
    ...GROUPINGS_BY_KIND.issue.map((g) => `${team}/issues?query=${g}&size=20`),
    ...GROUPINGS_BY_KIND.goal.map((g) => `${team}/goals?query=${g}&size=20`),
    `${team}/issues-simple`,
    `${team}/goals-simple`,
    `${team}/externals?query=STATE&size=20`,
    ...(s.issue_id === null
      ? []
      : [`/api/issues/${s.issue_id}`, `/api/comments?category=ISSUE&targetId=${s.issue_id}`]),
    ...(s.goal_id === null
      ? []
      : [`/api/goals/${s.goal_id}`, `/api/comments?category=GOAL&targetId=${s.goal_id}`]),
    '/api/alarms/unread-count',
    ...ALARM_TYPES.map((type) => `/api/alarms/${type}`),
    `/api/search?q=${encodeURIComponent('이슈')}`,
  ];
}

/** The app's warm-up (see the module comment). Never throws for a route that fails; throws if the database does. */
export const warmUp: WarmUp = async (app) => {
  const started = performance.now();
  const report: WarmUpReport = {
    ms: 0,
    requests: 0,
    failed: 0,
    failures: [],
    cutShort: false,
    analyzeMs: null,
  };
  // Statistics first, so the routes below are planned with them.
  const analyzeStarted = performance.now();
  if (await app.upkeep.analyzeAllNow()) report.analyzeMs = Math.round(performance.now() - analyzeStarted);
  const s = await sample(app);
  if (s) {
    const authorization = `Bearer ${await signAccessToken(app.config.jwtSecret, s.member_id)}`;
    const list = urls(s);
    const rounds = Math.ceil(WARM_UP_REQUESTS / list.length);
    for (let round = 0; round < rounds; round++) {
      if (performance.now() - started > WARM_UP_BUDGET_MS || app.lifecycle.draining) {
        report.cutShort = true;
        break;
      }
      // One after another, as the database would take them anyway.
      for (const url of list) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { authorization, 'user-agent': WARM_UP_USER_AGENT },
        });
        report.requests += 1;
        if (res.statusCode !== 200) {
          report.failed += 1;
          if (round === 0) {
            report.failures.push(`${res.statusCode} ${url}`);
            app.log.debug({ url, status: res.statusCode }, 'warm-up request did not answer 200');
          }
        }
      }
    }
  }
  report.ms = Math.round(performance.now() - started);
  return report;
};

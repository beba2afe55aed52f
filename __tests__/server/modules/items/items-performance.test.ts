import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRIORITIES, STATES } from '../../../../contract';
import { type Database, PGLITE_FIRST_ANALYZE_MS, analyze, createDatabase, migrate } from '../../../../server/db';
import { item, itemCounter, itemManager } from '../../../../server/db/schema';
import { asMember } from '../../support/members';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { createTeamWith } from '../../support/items';
import { createTestApp, tempDir, testEnv } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';
import { printReport } from '../../support/report';

/**
 * Timing of the grouped list on the embedded database (file-backed PGlite, as `npm start` runs without
 * `DATABASE_URL` — also when the suite runs on PostgreSQL): 2,000 issues in one team (bulk insert; 8 members, 0–2
 * managers each, 10 goals), then the first page (`size=20`) grouped by STATE and by MANAGER and a MANAGER page after
 * 100 items through `app.inject`, 20 times each after a warm-up — once right after the bulk insert (no planner
 * statistics yet: PGlite has no autovacuum) and once after the `ANALYZE` the app runs on PGlite 30 s after start-up and
 * every 10 minutes. Target median ≤ 15 ms; the assertion is generous (< 150 ms) to stay robust on slow CI machines.
 * Then two more teams of the workspace get 10,000 and 150 issues (ids above the first team's, the tiny team's the
 * newest) and the same pages of the three teams are timed in turn: the 2,000- and 10,000-issue teams' must cost about
 * what the tiny team's do (median < 2 × its median + 5 ms). Group sizes are kept by triggers (`item_group_count`)
 * instead of counted per page, and each group is read from its own index instead of walking the primary key past
 * newer teams' items (docs/performance.md "Lists"; the plans are checked in list-plan.test.ts). The medians are
 * printed with `MOMENTUM_TEST_VERBOSE=1` (support/report.ts).
 */
const ISSUES = 2_000;
const GROWN = 10_000;
const TINY = 150;
const RUNS = 20;

let dataDir: string;
let database: Database;
let app: FastifyInstance;
let ws: TestWorkspace;
let teamId: number;
let people: number[];
let goalIds: number[];

/** `count` issues of `team`, numbered from `from + 1`: a deterministic spread of states, priorities, goals, managers. */
async function addIssues(team: number, from: number, count: number): Promise<void> {
  const db = database.db;
  for (let start = from; start < from + count; start += 500) {
    const rows = await db
      .insert(item)
      .values(
        Array.from({ length: Math.min(500, from + count - start) }, (_, k) => {
          const n = start + k + 1;
          return {
            kind: 'issue' as const,
            teamId: team,
            workspaceId: ws.workspaceId,
            number: n,
            name: `Speed-i${n}`,
            title: `이슈 ${n}`,
            state: STATES[(n * 7) % STATES.length]!,
            priority: PRIORITIES[(n * 3) % PRIORITIES.length]!,
            goalId: n % 4 === 0 ? null : goalIds[n % goalIds.length]!,
            deadlineStart: n % 5 === 0 ? '2026-11-01' : null,
            deadlineEnd: n % 5 === 0 ? '2026-11-30' : null,
          };
        }),
      )
      .returning({ id: item.id });
    const managers = rows.flatMap((row, k) => {
      const n = start + k + 1;
      const count = n % 3; // 0, 1 or 2 managers
      return Array.from({ length: count }, (_, j) => ({
        itemId: row.id,
        memberId: people[(n + j * 3) % people.length]!,
      }));
    });
    if (managers.length > 0) await db.insert(itemManager).values(managers);
  }
}

beforeAll(async () => {
  dataDir = tempDir('momentum-perf-');
  database = await createDatabase({ databaseUrl: undefined, dataDir });
  await migrate(database);
  ({ app } = await createTestApp({ database }));
  ws = await createWorkspaceWith(app, 'Speed', '김민수', [
    '가나다',
    '이영희',
    'Alice',
    '박지성',
    '최유리',
    'Bob',
    '정하늘',
  ]);
  teamId = ws.defaultTeamId;
  const db = database.db;

  people = [ws.owner, ...ws.members].map((m) => m.memberId);
  const goals = await db
    .insert(item)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        kind: 'goal' as const,
        teamId,
        workspaceId: ws.workspaceId,
        number: i + 1,
        name: `Speed-g${i + 1}`,
        title: `목표 ${i + 1}`,
      })),
    )
    .returning({ id: item.id });
  goalIds = goals.map((g) => g.id);
  await addIssues(teamId, 0, ISSUES);
  await db.insert(itemCounter).values([
    { workspaceId: ws.workspaceId, kind: 'goal', next: 11 },
    { workspaceId: ws.workspaceId, kind: 'issue', next: ISSUES + GROWN + TINY + 1 },
  ]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Timing {
  median: number;
  max: number;
  items: number;
}

/**
 * Median wall time of `GET url` through `app.inject` for each of `urls`, over `RUNS` rounds after two warm-up
 * requests each; a round requests each url once, in turn, so a slower moment of the machine hits all of them alike.
 */
async function time(urls: string[]): Promise<Timing[]> {
  const items = urls.map(() => 0);
  const samples: number[][] = urls.map(() => []);
  for (const url of urls) for (let i = 0; i < 2; i++) await asMember(app, ws.owner, 'GET', url);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, url] of urls.entries()) {
      const started = performance.now();
      const res = await asMember(app, ws.owner, 'GET', url);
      samples[index]!.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      items[index] = res
        .json()
        .result.data.reduce((sum: number, g: { items: unknown[] }) => sum + g.items.length, 0);
    }
  }
  return samples.map((s, index) => ({ median: median(s), max: Math.max(...s), items: items[index]! }));
}

const format = (t: Timing) => `median ${t.median.toFixed(1)} ms (max ${t.max.toFixed(1)})`;

interface Measure {
  state: Timing;
  manager: Timing;
  later: Timing;
}

/** For each team: the first pages by STATE and MANAGER, and a MANAGER page after 100 items. */
async function measure(teams: number[]): Promise<Measure[]> {
  const base = (team: number) => `/api/teams/${team}/issues?size=20&query=`;
  const state = await time(teams.map((team) => `${base(team)}STATE`));
  const manager = await time(teams.map((team) => `${base(team)}MANAGER`));
  const later = await time(
    await Promise.all(
      teams.map(async (team) => {
        const deep = await asMember(app, ws.owner, 'GET', `/api/teams/${team}/issues?query=MANAGER&size=100`);
        return `${base(team)}MANAGER&cursor=${encodeURIComponent(deep.json().result.nextCursor)}`;
      }),
    ),
  );
  return teams.map((_, i) => ({ state: state[i]!, manager: manager[i]!, later: later[i]! }));
}

const lines = (m: Measure) =>
  `    STATE   ${format(m.state)}\n    MANAGER ${format(m.manager)}\n` +
  `    MANAGER after 100 items ${format(m.later)}\n`;

it(`serves the first page of ${ISSUES} issues (size 20) fast, grouped by STATE and by MANAGER`, async () => {
  const [fresh] = await measure([teamId]);
  await analyze(database);
  const [analyzed] = await measure([teamId]);
  printReport(
    `\n[items-performance] ${ISSUES} issues, embedded PGlite (file), page size 20, ${RUNS} runs:\n` +
      `  right after the bulk insert (no planner statistics):\n${lines(fresh!)}` +
      `  after ANALYZE (the app's PGlite maintenance):\n${lines(analyzed!)}`,
  );
  for (const m of [fresh!, analyzed!]) {
    expect(m.state.items).toBe(20);
    expect(m.manager.items).toBe(20);
    expect(m.later.items).toBe(20);
    expect(m.state.median).toBeLessThan(150);
    expect(m.manager.median).toBeLessThan(150);
    expect(m.later.median).toBeLessThan(150);
  }
}, 120_000);

it(`costs about the same per page with ${ISSUES} or ${GROWN} issues in the team as with ${TINY}`, async () => {
  const others = ws.members.map((m) => m.memberId);
  // Created after the first team, so their ids are newer: the big team's are above all of the first team's, the
  // tiny team's above everything.
  const bigTeamId = await createTeamWith(app, ws.owner, 'Big Team', others);
  await addIssues(bigTeamId, ISSUES, GROWN);
  const tinyTeamId = await createTeamWith(app, ws.owner, 'Tiny Team', others);
  await addIssues(tinyTeamId, ISSUES + GROWN, TINY);
  await analyze(database);
  const [small, big, tiny] = await measure([teamId, bigTeamId, tinyTeamId]);
  printReport(
    `\n[items-performance] the same pages of three teams, measured in turn, after ANALYZE:\n` +
      `  ${ISSUES} issues (the oldest ids):\n${lines(small!)}  ${GROWN} issues:\n${lines(big!)}` +
      `  ${TINY} issues (the newest ids):\n${lines(tiny!)}`,
  );
  for (const key of ['state', 'manager', 'later'] as const) {
    const bound = 2 * tiny![key].median + 5;
    for (const [name, m] of [
      ['small', small!],
      ['big', big!],
    ] as const) {
      expect(m[key].items).toBe(20);
      expect([key, name, m[key].median, m[key].median < bound]).toEqual([key, name, m[key].median, true]);
    }
  }
}, 180_000);

it('keeps planner statistics on an embedded database the app opened itself (ANALYZE soon after ready)', async () => {
  // Only the timers are fake: PGlite, Fastify's start and the queries run for real.
  jest.useFakeTimers({
    doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance', 'hrtime'],
  });
  const own = await buildApp(loadConfig(testEnv()));
  try {
    const reltuples = async () => {
      const [row] = await own.database.db
        .select({ n: sql<number>`reltuples::float8`.mapWith(Number) })
        .from(sql`pg_class`)
        .where(sql`relname = 'item_manager'`);
      return row!.n;
    };
    // -1: never analyzed (PostgreSQL 14+).
    expect(await reltuples()).toBe(-1);
    await own.ready();
    // Not at ready: an ANALYZE then would hold up listening and the first requests (PGlite shares the thread).
    expect(await reltuples()).toBe(-1);
    jest.advanceTimersByTime(PGLITE_FIRST_ANALYZE_MS);
    for (let turn = 0; turn < 200 && (await reltuples()) === -1; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await reltuples()).toBe(0);
  } finally {
    jest.useRealTimers();
    await own.close();
  }
}, 60_000);

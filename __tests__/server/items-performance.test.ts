import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRIORITIES, STATES } from '../../contract';
import { type Database, analyze, createDatabase, migrate } from '../../server/db';
import { item, itemCounter, itemManager } from '../../server/db/schema';
import { asMember } from './support/members';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestApp, tempDir, testEnv } from './support/test-app';
import { type TestWorkspace, createWorkspaceWith } from './support/workspaces';

/**
 * Timing of the grouped list on the embedded database (file-backed PGlite, as `npm start` runs without
 * `DATABASE_URL` — also when the suite runs on PostgreSQL): 2,000 issues in one team (bulk insert; 8 members, 0–2
 * managers each, 10 goals), then the first page (`size=20`) grouped by STATE and by MANAGER through `app.inject`,
 * 20 times each after a warm-up — once right after the bulk insert (no planner statistics yet: PGlite has no
 * autovacuum) and once after the `ANALYZE` the app runs on PGlite at start-up and every 10 minutes. Target median
 * ≤ 50 ms; the assertion is generous (< 250 ms) to stay robust on slow CI machines. The medians are printed.
 */
const ISSUES = 2_000;
const RUNS = 20;

let dataDir: string;
let database: Database;
let app: FastifyInstance;
let ws: TestWorkspace;
let teamId: number;

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
  const people = [ws.owner, ...ws.members].map((m) => m.memberId);

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
  // A deterministic spread of states, priorities, goals and managers.
  for (let start = 0; start < ISSUES; start += 500) {
    const rows = await db
      .insert(item)
      .values(
        Array.from({ length: Math.min(500, ISSUES - start) }, (_, k) => {
          const n = start + k + 1;
          return {
            kind: 'issue' as const,
            teamId,
            workspaceId: ws.workspaceId,
            number: n,
            name: `Speed-i${n}`,
            title: `이슈 ${n}`,
            state: STATES[(n * 7) % STATES.length]!,
            priority: PRIORITIES[(n * 3) % PRIORITIES.length]!,
            goalId: n % 4 === 0 ? null : goals[n % goals.length]!.id,
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
  await db.insert(itemCounter).values([
    { workspaceId: ws.workspaceId, kind: 'goal', next: 11 },
    { workspaceId: ws.workspaceId, kind: 'issue', next: ISSUES + 1 },
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

/** Median wall time of `GET url` through `app.inject` over `RUNS` runs after two warm-up requests. */
async function time(url: string): Promise<{ median: number; max: number; items: number }> {
  let items = 0;
  for (let i = 0; i < 2; i++) await asMember(app, ws.owner, 'GET', url);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await asMember(app, ws.owner, 'GET', url);
    samples.push(performance.now() - started);
    expect(res.statusCode).toBe(200);
    items = res.json().result.data.reduce((sum: number, g: { items: unknown[] }) => sum + g.items.length, 0);
  }
  return { median: median(samples), max: Math.max(...samples), items };
}

interface Timing {
  median: number;
  max: number;
  items: number;
}

const format = (t: Timing) => `median ${t.median.toFixed(1)} ms (max ${t.max.toFixed(1)})`;

/** First pages by STATE and MANAGER, and a MANAGER page after 100 items. */
async function measure(): Promise<{ state: Timing; manager: Timing; later: Timing }> {
  const state = await time(`/api/teams/${teamId}/issues?query=STATE&size=20`);
  const manager = await time(`/api/teams/${teamId}/issues?query=MANAGER&size=20`);
  const deep = await asMember(app, ws.owner, 'GET', `/api/teams/${teamId}/issues?query=MANAGER&size=100`);
  const cursor = encodeURIComponent(deep.json().result.nextCursor);
  const later = await time(`/api/teams/${teamId}/issues?query=MANAGER&size=20&cursor=${cursor}`);
  return { state, manager, later };
}

it(`serves the first page of ${ISSUES} issues (size 20) fast, grouped by STATE and by MANAGER`, async () => {
  const fresh = await measure();
  await analyze(database);
  const analyzed = await measure();
  const lines = (m: Awaited<ReturnType<typeof measure>>) =>
    `    STATE   ${format(m.state)}\n    MANAGER ${format(m.manager)}\n` +
    `    MANAGER after 100 items ${format(m.later)}\n`;
  process.stdout.write(
    `\n[items-performance] ${ISSUES} issues, embedded PGlite (file), page size 20, ${RUNS} runs:\n` +
      `  right after the bulk insert (no planner statistics):\n${lines(fresh)}` +
      `  after ANALYZE (the app's PGlite maintenance):\n${lines(analyzed)}`,
  );
  for (const m of [fresh, analyzed]) {
    expect(m.state.items).toBe(20);
    expect(m.manager.items).toBe(20);
    expect(m.state.median).toBeLessThan(250);
    expect(m.manager.median).toBeLessThan(250);
  }
}, 120_000);

it('keeps planner statistics on an embedded database the app opened itself (ANALYZE when ready)', async () => {
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
    expect(await reltuples()).toBe(0);
  } finally {
    await own.close();
  }
}, 60_000);

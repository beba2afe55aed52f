/**
 * Benchmark of the embedded database's upkeep (docs/performance.md "Embedded database upkeep", server/db/upkeep.ts).
 *
 *   node --import tsx bench/upkeep.ts [--issues 20000] [--writes 100000] [--variants off,on] [--samples 200]
 *
 * For every variant, on a file-backed PGlite in a fresh temporary `DATA_DIR` (as `npm start` runs without
 * `DATABASE_URL`), in one process one after the other:
 * 1. seeds one team with `--issues` issues (10 goals, 8 members, 0–2 managers an issue, a spread of states and
 *    priorities) and a second team with a quarter as many (noise), in bulk, then `ANALYZE`;
 * 2. `--writes` PATCHes through the app's own write path (`app.inject`, 4 in flight), in turn the state, the
 *    priority, the managers and the goal of issues of the team — every one fires the group-size triggers of
 *    drizzle/0008_list_group_sizes.sql;
 *    - `off`: the app's upkeep is stopped right after `ready` (what the app did before: nothing but an `ANALYZE`
 *      every 10 minutes, which the run does not reach);
 *    - `on`: the app's own upkeep, at its own cadence (`UPKEEP_CADENCE`: every `writes` writes or `intervalMs`);
 * 3. measures the data folder (`du` of the folder and of `pg_wal`, WAL segment files), the live data
 *    (`pg_database_size` of the app's database, which includes its catalogs), the dead rows
 *    (`pg_stat_user_tables`), and the first list page grouped by MANAGER and by STATE (`app.inject`, median of
 *    `--samples` requests after 20 warm-up ones);
 * 4. copies the team's items and managers into a freshly loaded database (a new data folder, the same workspace
 *    made the same way, the rows inserted in bulk with their ids, then `ANALYZE`) and measures its list pages
 *    alongside, alternating, so the ratio is taken under the same load.
 * Printed: per variant the sizes after seeding and after the writes, the write rate, each upkeep run (count,
 * median and longest duration, what it did), the list latencies and their ratio to the fresh copy, and `uptime`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PRIORITIES, STATES } from '../contract';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { analyze } from '../server/db';
import { item, itemCounter, itemManager } from '../server/db/schema';
import type { UpkeepResult } from '../server/db/upkeep';
import { signAccessToken } from '../server/modules/auth/tokens';
import { updateItem } from '../server/modules/items/detail';
import { KIND_BY_NAME } from '../server/modules/items/kinds';
import { createTeamWith } from '../__tests__/server/support/items';
import { createWorkspaceWith } from '../__tests__/server/support/workspaces';
import { JWT_SECRET, appEnv, median, option } from './support';

const ISSUES = Number(option('issues', '20000'));
const WRITES = Number(option('writes', '100000'));
const VARIANTS = option('variants', 'off,on').split(',') as ('off' | 'on')[];
const SAMPLES = Number(option('samples', '200'));
/** `service`: `updateItem` (server/modules/items/detail.ts), the PATCH route's own transaction; `api`: `app.inject`. */
const WRITE_PATH = option('path', 'service') as 'service' | 'api';
const PEOPLE = ['가나다', '이영희', 'Alice', '박지성', '최유리', 'Bob', '정하늘'];

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** Bytes on disk under `dir` (`du -sb`). */
const du = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
const walSegments = (dir: string) =>
  fs.readdirSync(path.join(dir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;

interface App {
  app: FastifyInstance;
  dataDir: string;
  pgdata: string;
  workspaceId: number;
  teamId: number;
  ownerId: number;
  people: number[];
  close(): Promise<void>;
}

/** The app on a fresh file-backed PGlite, with the workspace, its 8 members and the noise team made through the API. */
async function openApp(): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-upkeep-'));
  const app = await buildApp(loadConfig(appEnv(dataDir, null)));
  await app.ready();
  const ws = await createWorkspaceWith(app, 'Bench', '김민수', PEOPLE);
  const people = [ws.owner, ...ws.members].map((m) => m.memberId);
  await createTeamWith(app, ws.owner, 'Noise', people.slice(1));
  return {
    app,
    dataDir,
    pgdata: path.join(dataDir, 'pglite'),
    workspaceId: ws.workspaceId,
    teamId: ws.defaultTeamId,
    ownerId: ws.owner.memberId,
    people,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts `count` issues and 10 goals of `teamId` with managers from `people`, in batches of 500; their ids. */
async function seedTeam(a: App, teamId: number, count: number, firstNumber: number) {
  const db = a.app.database.db;
  const goals = await db
    .insert(item)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        kind: 'goal' as const,
        teamId,
        workspaceId: a.workspaceId,
        number: firstNumber + i,
        name: `Bench-g${firstNumber + i}`,
        title: `목표 ${i + 1}`,
      })),
    )
    .returning({ id: item.id });
  const issues: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = await db
      .insert(item)
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, k) => {
          const n = start + k + 1;
          return {
            kind: 'issue' as const,
            teamId,
            workspaceId: a.workspaceId,
            number: firstNumber + 10 + n,
            name: `Bench-i${firstNumber + 10 + n}`,
            title: `이슈 ${n}`,
            state: STATES[(n * 7) % STATES.length]!,
            priority: PRIORITIES[(n * 3) % PRIORITIES.length]!,
            goalId: n % 4 === 0 ? null : goals[n % goals.length]!.id,
          };
        }),
      )
      .returning({ id: item.id });
    const managers = rows.flatMap((row, k) => {
      const n = start + k + 1;
      return Array.from({ length: n % 3 }, (_, j) => ({
        itemId: row.id,
        memberId: a.people[(n + j * 3) % a.people.length]!,
      }));
    });
    if (managers.length > 0) await db.insert(itemManager).values(managers);
    issues.push(...rows.map((r) => r.id));
  }
  return { issues, goals: goals.map((g) => g.id) };
}

/** The app's PGlite instance. */
function pglite(a: App): PGlite {
  const { driver } = a.app.database;
  if (driver.kind !== 'pglite') throw new Error('not PGlite');
  return driver.client;
}

interface Sizes {
  folder: number;
  wal: number;
  segments: number;
  live: number;
  dead: number;
}

async function sizes(a: App): Promise<Sizes> {
  const { rows } = await pglite(a).query<{ live: string; dead: string }>(
    `select pg_database_size(current_database()) as live,
            (select sum(n_dead_tup) from pg_stat_user_tables) as dead`,
  );
  return {
    folder: du(a.pgdata),
    wal: du(path.join(a.pgdata, 'pg_wal')),
    segments: walSegments(a.pgdata),
    live: Number(rows[0]!.live),
    dead: Number(rows[0]!.dead),
  };
}

const sizeLine = (s: Sizes) =>
  `folder ${MB(s.folder)} (${(s.folder / s.live).toFixed(2)}× live), WAL ${MB(s.wal)} in ${s.segments} segments, ` +
  `live ${MB(s.live)}, dead rows ${s.dead.toLocaleString('en')}`;

/** A bearer token of `memberId`, minted again before the 15-minute expiry. */
function tokens(memberId: number) {
  let token = '';
  let minted = 0;
  return async () => {
    if (Date.now() - minted > 10 * 60_000) {
      token = await signAccessToken(JWT_SECRET, memberId);
      minted = Date.now();
    }
    return token;
  };
}

/** Median latency (ms) of the first list page of `grouping` for each app, alternating, after a warm-up. */
async function listLatency(apps: App[], grouping: string): Promise<number[]> {
  const samples: number[][] = apps.map(() => []);
  const auth = await Promise.all(apps.map(async (a) => `Bearer ${await tokens(a.ownerId)()}`));
  for (let i = 0; i < SAMPLES + 20; i++) {
    for (const [k, a] of apps.entries()) {
      const t = performance.now();
      const res = await a.app.inject({
        method: 'GET',
        url: `/api/teams/${a.teamId}/issues?query=${grouping}&size=20`,
        headers: { authorization: auth[k]! },
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
      if (i >= 20) samples[k]!.push(ms);
    }
  }
  return samples.map((s) => median(s));
}

/** A freshly loaded copy of `a`'s team: the same workspace made the same way, its items and managers in bulk. */
async function freshCopy(a: App): Promise<App> {
  const copy = await openApp();
  if (copy.teamId !== a.teamId || copy.workspaceId !== a.workspaceId)
    throw new Error('ids differ in the copy');
  await copy.app.upkeep.stop();
  const items = await a.app.database.db.select().from(item).where(eq(item.teamId, a.teamId)).orderBy(item.id);
  for (let start = 0; start < items.length; start += 500) {
    await copy.app.database.db.insert(item).values(items.slice(start, start + 500));
  }
  const managers = await a.app.database.db
    .select({ itemId: itemManager.itemId, memberId: itemManager.memberId })
    .from(itemManager)
    .innerJoin(item, eq(item.id, itemManager.itemId))
    .where(eq(item.teamId, a.teamId));
  for (let start = 0; start < managers.length; start += 1000) {
    await copy.app.database.db.insert(itemManager).values(managers.slice(start, start + 1000));
  }
  await copy.app.database.db.execute(sql`select setval('item_id_seq', (select max(id) from item))`);
  await analyze(copy.app.database);
  await pglite(copy).exec('checkpoint');
  return copy;
}

/** Each statement's longest duration over `runs`, e.g. `vacuum "item" 120 ms`. */
function longestSteps(runs: UpkeepResult[]): string {
  const longest = new Map<string, number>();
  for (const step of runs.flatMap((r) => r.steps)) {
    longest.set(step.sql, Math.max(longest.get(step.sql) ?? 0, step.ms));
  }
  return [...longest].map(([statement, ms]) => `${statement} ${ms.toFixed(0)} ms`).join(', ');
}

async function runVariant(variant: 'off' | 'on'): Promise<void> {
  const a = await openApp();
  const runs: UpkeepResult[] = [];
  try {
    if (variant === 'off') {
      await a.app.upkeep.stop();
    } else {
      // Record every run of the app's own schedule.
      const run = a.app.upkeep.run.bind(a.app.upkeep);
      a.app.upkeep.run = (options) =>
        run(options).then((result) => {
          runs.push(result);
          return result;
        });
    }
    const seedStarted = performance.now();
    const { issues, goals } = await seedTeam(a, a.teamId, ISSUES, 1);
    const noiseTeam = a.teamId + 1;
    await seedTeam(a, noiseTeam, Math.round(ISSUES / 4), ISSUES + 100);
    await a.app.database.db.insert(itemCounter).values([
      { workspaceId: a.workspaceId, kind: 'goal', next: 2 * ISSUES + 200 },
      { workspaceId: a.workspaceId, kind: 'issue', next: 2 * ISSUES + 200 },
    ]);
    await analyze(a.app.database);
    await pglite(a).exec('checkpoint');
    const seeded = await sizes(a);
    process.stdout.write(
      `\n[${variant}] ${ISSUES.toLocaleString('en')} issues (+${Math.round(ISSUES / 4).toLocaleString('en')} noise) ` +
        `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n  after seeding: ${sizeLine(seeded)}\n`,
    );

    const token = tokens(a.ownerId);
    const scope = { teamId: a.teamId, workspaceId: a.workspaceId, workspaceName: 'Bench' };
    const input = (body: object) => ({ deadline: {}, ...body });
    const pick = <T>(values: readonly T[], n: number) => values[n % values.length]!;
    let next = 0;
    const started = performance.now();
    let reported = started;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < WRITES) {
          const n = next++;
          const id = issues[(n * 7919) % issues.length]!;
          const body = [
            { state: pick(STATES, n) },
            { priority: pick(PRIORITIES, n) },
            { managersId: n % 8 === 2 ? [] : [pick(a.people, n), pick(a.people, n + 3)] },
            { goalId: n % 5 === 0 ? null : pick(goals, n) },
          ][n % 4];
          // A turn of the event loop per write, as requests arriving over sockets give (timers can fire).
          await new Promise((resolve) => setImmediate(resolve));
          if (WRITE_PATH === 'service') {
            await updateItem(a.app.database.db, KIND_BY_NAME.issue, scope, id, input(body!), a.ownerId);
            a.app.upkeep.wrote();
          } else {
            const res = await a.app.inject({
              method: 'PATCH',
              url: `/api/teams/${a.teamId}/issues/${id}`,
              headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            if (res.statusCode !== 200) throw new Error(`PATCH ${n}: ${res.statusCode} ${res.body}`);
          }
          if (performance.now() - reported > 30_000) {
            reported = performance.now();
            const s = await sizes(a);
            process.stdout.write(
              `  ${n.toLocaleString('en')} writes, ${((reported - started) / 1000).toFixed(0)} s: ${sizeLine(s)}\n`,
            );
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await a.app.upkeep.idle();
    const after = await sizes(a);
    process.stdout.write(
      `  ${WRITES.toLocaleString('en')} PATCHes (${WRITE_PATH}) in ${seconds.toFixed(0)} s (${(WRITES / seconds).toFixed(0)}/s)\n` +
        `  after the writes: ${sizeLine(after)}\n`,
    );
    if (runs.length > 0) {
      const ms = runs.map((r) => r.ms);
      const did = (f: (r: UpkeepResult) => boolean) => runs.filter(f).length;
      process.stdout.write(
        `  upkeep: ${runs.length} runs, median ${median(ms).toFixed(1)} ms, longest ${Math.max(...ms).toFixed(0)} ms; ` +
          `${did((r) => r.vacuumed.length > 0)} vacuumed (${[...new Set(runs.flatMap((r) => r.vacuumed))].join(', ')}), ` +
          `${did((r) => r.checkpoint)} checkpoints, ${did((r) => r.analyzed.length > 0)} analyzed; ` +
          `longest steps: ${longestSteps(runs)}; ` +
          `WAL between runs median ${MB(median(runs.map((r) => r.walBytes ?? 0)))}\n`,
      );
    }

    const fresh = await freshCopy(a);
    try {
      const freshSizes = await sizes(fresh);
      process.stdout.write(`  fresh copy:       ${sizeLine(freshSizes)}\n`);
      for (const grouping of ['MANAGER', 'STATE']) {
        const [churned, loaded] = await listLatency([a, fresh], grouping);
        process.stdout.write(
          `  first page ${grouping.padEnd(7)}: ${churned!.toFixed(2)} ms vs fresh ${loaded!.toFixed(2)} ms ` +
            `(${(churned! / loaded!).toFixed(2)}×)\n`,
        );
      }
      process.stdout.write(
        `  data folder ${MB(after.folder)} vs fresh ${MB(freshSizes.folder)} (${(after.folder / freshSizes.folder).toFixed(2)}×)\n`,
      );
    } finally {
      await fresh.close();
    }
  } finally {
    await a.close();
  }
}

process.stdout.write(
  `uptime: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
for (const variant of VARIANTS) await runVariant(variant);
process.stdout.write(
  `uptime: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);

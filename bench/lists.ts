/**
 * Load benchmark of the grouped item lists (docs/performance.md "Lists").
 *
 *   node --import tsx bench/lists.ts [--db pglite,postgres] [--issues 2000,20000] [--duration 10]
 *                                    [--connections 10] [--repeat 3]
 *
 * For every database and team size: starts the real app (`buildApp`, listening on a free port) on
 * - `pglite`: the embedded database, file-backed in a temporary `DATA_DIR`, as `npm start` runs without
 *   `DATABASE_URL`;
 * - `postgres`: a scratch database (created, migrated by the app, dropped afterwards) on the server of
 *   `BENCH_POSTGRES_URL` (default `DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/postgres);
 * seeds one team with N issues (10 goals, 8 members, 0–2 managers an issue, a spread of states and priorities) and
 * a second team of the same workspace with N more issues (noise, ids interleaved with the first team's in batches
 * of 500), runs `ANALYZE`, then loads each route with autocannon (a child process, so the load generator does not
 * share the server's event loop): a 2 s warm-up, then `--duration` seconds with `--connections` connections,
 * `--repeat` times. Printed: median requests/s and median p50 / p99 latency over the repeats, and a Markdown table.
 * Routes (issues, `size=20`): the first page grouped by STATE and by MANAGER, and a later page (the cursor after
 * 1,000 items) of each.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { PRIORITIES, STATES } from '../contract';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { analyze } from '../server/db';
import { item, itemCounter, itemManager } from '../server/db/schema';
import { asMember } from '../__tests__/server/support/members';
import { createTeamWith } from '../__tests__/server/support/items';
import { createWorkspaceWith } from '../__tests__/server/support/workspaces';
import {
  type DbKind,
  adminClient,
  appEnv,
  autocannon as benchAutocannon,
  dbKinds,
  median,
  option,
  processCpu,
  scratchPostgres,
} from './support';

const DBS = dbKinds();
const SIZES = option('issues', '2000,20000').split(',').map(Number);
const DURATION = Number(option('duration', '10'));
const CONNECTIONS = Number(option('connections', '10'));
const REPEAT = Number(option('repeat', '3'));
const PHASES = option('phase', 'read,write').split(',');
const WRITES = Number(option('writes', '400'));
/** Inserts `count` issues (and 10 goals) of `teamId`, with managers from `people`, in batches of 500. */
async function* seedTeam(
  app: FastifyInstance,
  workspaceId: number,
  teamId: number,
  people: number[],
  count: number,
  firstNumber: number,
): AsyncGenerator<void> {
  const db = app.database.db;
  const goals = await db
    .insert(item)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        kind: 'goal' as const,
        teamId,
        workspaceId,
        number: firstNumber + i,
        name: `Bench-g${firstNumber + i}`,
        title: `목표 ${i + 1}`,
      })),
    )
    .returning({ id: item.id });
  for (let start = 0; start < count; start += 500) {
    const rows = await db
      .insert(item)
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, k) => {
          const n = start + k + 1;
          return {
            kind: 'issue' as const,
            teamId,
            workspaceId,
            number: firstNumber + n,
            name: `Bench-i${firstNumber + n}`,
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
        memberId: people[(n + j * 3) % people.length]!,
      }));
    });
    if (managers.length > 0) await db.insert(itemManager).values(managers);
    yield;
  }
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time per request, ms: the app's process and, on PostgreSQL, its server processes (null: not measured). */
  cpu: number | null;
}

/**
 * CPU meter of an app: its process (the app, and PGlite inside it) plus, on PostgreSQL, the server processes
 * serving database `dbName` (found in pg_stat_activity through `admin`). `sample()` returns a reading; `since(a, b)`
 * the CPU ms between two readings (a backend that exits in between is missed). Unlike requests/s and latency, CPU time
 * per request hardly depends on what else the shared machine is doing.
 */
function cpuMeter(pid: number, dbName: string | null, admin: pg.Client | null) {
  type Reading = Map<number, number>;
  return {
    async sample(): Promise<Reading> {
      const reading: Reading = new Map();
      const pids = [pid];
      if (dbName !== null && admin !== null) {
        const { rows } = await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1',
          [dbName],
        );
        pids.push(...rows.map((r) => r.pid));
      }
      for (const p of pids) {
        const cpu =
          p === process.pid ? (process.cpuUsage().user + process.cpuUsage().system) / 1000 : processCpu(p);
        if (cpu !== null) reading.set(p, cpu);
      }
      return reading;
    },
    since(before: Reading, after: Reading): number {
      let total = 0;
      for (const [p, cpu] of after) total += cpu - (before.get(p) ?? 0);
      return total;
    },
  };
}

/** One autocannon run (child process, `--connections`) against `url`; throws on any non-2xx answer or error. */
function autocannon(url: string, token: string, duration: number) {
  return benchAutocannon(url, token, duration, CONNECTIONS);
}

/**
 * Write latency: `WRITES` partial updates (state, priority, managers or goal of random issues of the team, in
 * turn) and then `WRITES` creates, each with 4 requests in flight (Node's fetch against the listening app).
 */
async function writes(
  meter: ReturnType<typeof cpuMeter>,
  address: string,
  teamId: number,
  token: string,
  issueIds: number[],
  people: number[],
  goalIds: number[],
): Promise<[string, Run][]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pick = <T>(values: readonly T[], n: number) => values[n % values.length]!;
  const load = async (count: number, send: (n: number) => Promise<Response>): Promise<Run> => {
    const latencies: number[] = [];
    let next = 0;
    const cpuBefore = await meter.sample();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < count) {
          const n = next++;
          const t = performance.now();
          const res = await send(n);
          latencies.push(performance.now() - t);
          if (!res.ok) throw new Error(`write ${n}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = meter.since(cpuBefore, await meter.sample()) / count;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
    return { rps: count / seconds, p50: at(0.5), p99: at(0.99), cpu };
  };
  const update = await load(WRITES, (n) => {
    const id = issueIds[(n * 7919) % issueIds.length]!;
    const body = [
      { state: pick(STATES, n) },
      { priority: pick(PRIORITIES, n) },
      { managersId: [pick(people, n), pick(people, n + 3)] },
      { goalId: n % 5 === 0 ? null : pick(goalIds, n) },
    ][n % 4];
    return fetch(`${address}/api/teams/${teamId}/issues/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify(body),
    });
  });
  const create = await load(WRITES, (n) =>
    fetch(`${address}/api/teams/${teamId}/issues`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: `부하 ${n}`,
        state: pick(STATES, n),
        priority: pick(PRIORITIES, n),
        managersId: n % 3 === 0 ? [] : [pick(people, n)],
        goalId: n % 4 === 0 ? null : pick(goalIds, n),
      }),
    }),
  );
  return [
    ['update (PATCH, 4 in flight)', update],
    ['create (POST, 4 in flight)', create],
  ];
}

interface Row {
  db: DbKind;
  issues: number;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  cpu: number | null;
}

/** A seeded app listening on a free port, with what the load needs. */
interface Served {
  app: FastifyInstance;
  address: string;
  token: string;
  teamId: number;
  people: number[];
  /** The scratch PostgreSQL database's name (null on PGlite). */
  dbName: string | null;
  seconds: number;
  routes: [string, string][];
  close(): Promise<void>;
}

/** Starts the app on a fresh `db`, seeds the two teams (see the module comment) and picks the routes. */
async function serve(db: DbKind, issues: number): Promise<Served> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-'));
  const scratch = db === 'postgres' ? await scratchPostgres() : null;
  const app = await buildApp(loadConfig(appEnv(dataDir, scratch?.url ?? null)));
  const close = async () => {
    await app.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.ready();
    const ws = await createWorkspaceWith(app, 'Bench', '김민수', [
      '가나다',
      '이영희',
      'Alice',
      '박지성',
      '최유리',
      'Bob',
      '정하늘',
    ]);
    const people = [ws.owner, ...ws.members].map((m) => m.memberId);
    const teamId = ws.defaultTeamId;
    const noiseTeamId = await createTeamWith(app, ws.owner, 'Noise', people.slice(1));
    const started = performance.now();
    // Interleave the two teams' batches so their ids interleave, as in a shared database.
    const target = seedTeam(app, ws.workspaceId, teamId, people, issues, 1);
    const noise = seedTeam(app, ws.workspaceId, noiseTeamId, people, issues, issues + 100);
    for (;;) {
      const a = await target.next();
      const b = await noise.next();
      if (a.done && b.done) break;
    }
    await app.database.db.insert(itemCounter).values([
      { workspaceId: ws.workspaceId, kind: 'goal', next: 2 * issues + 200 },
      { workspaceId: ws.workspaceId, kind: 'issue', next: 2 * issues + 200 },
    ]);
    await analyze(app.database);
    const seconds = (performance.now() - started) / 1000;

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address}/api/teams/${teamId}/issues`;
    /** The cursor after 1,000 items of `grouping` (half the team's issues when it has fewer than 2,000). */
    const skipped = Math.min(1000, Math.floor(issues / 200) * 100);
    const laterCursor = async (grouping: string) => {
      let cursor = '-1';
      for (let page = 0; page < skipped / 100; page++) {
        const res = await asMember(
          app,
          ws.owner,
          'GET',
          `/api/teams/${teamId}/issues?query=${grouping}&size=100&cursor=${encodeURIComponent(cursor)}`,
        );
        cursor = res.json().result.nextCursor;
      }
      return encodeURIComponent(cursor);
    };
    const routes: [string, string][] = [
      ['first page, STATE', `${base}?query=STATE&size=20`],
      ['first page, MANAGER', `${base}?query=MANAGER&size=20`],
      [
        `after ${skipped.toLocaleString('en')} items, STATE`,
        `${base}?query=STATE&size=20&cursor=${await laterCursor('STATE')}`,
      ],
      [
        `after ${skipped.toLocaleString('en')} items, MANAGER`,
        `${base}?query=MANAGER&size=20&cursor=${await laterCursor('MANAGER')}`,
      ],
    ];
    return {
      app,
      address,
      token: ws.owner.accessToken,
      teamId,
      people,
      dbName: scratch?.name ?? null,
      seconds,
      routes,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `REPEAT` measured autocannon runs of `url` (after a 2 s warm-up); medians, CPU per request from `meter`. */
async function load(url: string, token: string, meter: ReturnType<typeof cpuMeter>): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const before = await meter.sample();
    const { total, ...run } = await autocannon(url, token, DURATION);
    runs.push({ ...run, cpu: meter.since(before, await meter.sample()) / total });
  }
  return runs;
}

function summary(db: DbKind, issues: number, route: string, runs: Run[]): Row {
  return {
    db,
    issues,
    route,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpu: median(runs.map((r) => r.cpu!)),
  };
}

const line = (route: string, row: Run, runs?: Run[]) =>
  `  ${route.padEnd(28)} ${row.rps.toFixed(0).padStart(6)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms` +
  `   CPU ${row.cpu?.toFixed(2) ?? '–'} ms/req` +
  (runs ? `   (runs: ${runs.map((r) => r.rps.toFixed(0)).join(', ')} req/s)` : '') +
  '\n';

/** Default mode: this checkout alone, the read routes and then the writes. */
async function benchOne(db: DbKind, issues: number, admin: pg.Client | null): Promise<Row[]> {
  const served = await serve(db, issues);
  try {
    const { app, token, teamId } = served;
    const meter = cpuMeter(process.pid, served.dbName, admin);
    process.stdout.write(
      `\n${db}, ${issues} issues (+${issues} in another team), seeded in ${served.seconds.toFixed(1)} s\n`,
    );
    const rows: Row[] = [];
    for (const [route, url] of PHASES.includes('read') ? served.routes : []) {
      await autocannon(url, token, 2);
      const runs = await load(url, token, meter);
      const row = summary(db, issues, route, runs);
      process.stdout.write(line(route, row, runs));
      rows.push(row);
    }
    if (PHASES.includes('write')) {
      const ids = async (kind: 'goal' | 'issue') =>
        (
          await app.database.db
            .select({ id: item.id })
            .from(item)
            .where(and(eq(item.teamId, teamId), eq(item.kind, kind)))
        ).map((r) => r.id);
      const issueIds = await ids('issue');
      const goalIds = await ids('goal');
      for (const [route, run] of await writes(
        meter,
        served.address,
        teamId,
        token,
        issueIds,
        served.people,
        goalIds,
      )) {
        process.stdout.write(line(route, run).replace('ms/req', 'ms/req (with the load loop)'));
        rows.push({ db, issues, route, ...run });
      }
    }
    return rows;
  } finally {
    await served.close();
  }
}

/** `--serve` (used by `--compare`): seed, listen, print `{ pid, dbName, token, routes }` as one line, wait for stdin. */
async function serveForCompare(db: DbKind, issues: number): Promise<void> {
  const served = await serve(db, issues);
  process.stdout.write(
    `${JSON.stringify({ pid: process.pid, dbName: served.dbName, token: served.token, routes: served.routes })}\n`,
  );
  await new Promise<void>((resolve) => {
    process.stdin.on('end', resolve).on('close', resolve).resume();
  });
  await served.close();
}

/** A `--serve` child of the checkout in `dir`, once it listens. */
async function startChild(dir: string, db: DbKind, issues: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lists.ts', '--serve', '--db', db, '--issues', String(issues)],
    { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const info = await new Promise<{
    pid: number;
    dbName: string | null;
    token: string;
    routes: [string, string][];
  }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(out.slice(0, newline)));
    });
    child.on('exit', (code) => reject(new Error(`${dir}: --serve exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { ...info, stop: () => (child.stdin.end(), exited) };
}

/**
 * `--compare DIR`: this checkout (`after`) against the one in DIR (`before`, e.g. a copy of the tree from before a
 * change), both serving the same data at the same time; every route is loaded on one and then the other, in turn
 * (the order swapping every round), so both see the same machine.
 */
async function compare(dir: string, db: DbKind, issues: number, admin: pg.Client | null): Promise<Row[]> {
  const sides = [
    { name: 'before', child: await startChild(dir, db, issues) },
    { name: 'after', child: await startChild(process.cwd(), db, issues) },
  ];
  try {
    process.stdout.write(`\n${db}, ${issues} issues (+${issues} in another team), before/after in turn\n`);
    const rows: Row[] = [];
    for (const [index, [route]] of sides[0]!.child.routes.entries()) {
      const runs = new Map<string, Run[]>(sides.map((s) => [s.name, []]));
      for (const side of sides) await autocannon(side.child.routes[index]![1], side.child.token, 2);
      for (let round = 0; round < REPEAT; round++) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
          const meter = cpuMeter(side.child.pid, side.child.dbName, admin);
          const before = await meter.sample();
          const { total, ...run } = await autocannon(
            side.child.routes[index]![1],
            side.child.token,
            DURATION,
          );
          runs.get(side.name)!.push({ ...run, cpu: meter.since(before, await meter.sample()) / total });
        }
      }
      for (const side of sides) {
        const row = summary(db, issues, `${route} (${side.name})`, runs.get(side.name)!);
        process.stdout.write(line(row.route, row, runs.get(side.name)));
        rows.push(row);
      }
    }
    return rows;
  } finally {
    for (const side of sides) await side.child.stop();
  }
}

async function main() {
  const serveOnly = process.argv.includes('--serve');
  if (serveOnly) return serveForCompare(DBS[0]!, SIZES[0]!);
  const compareDir = option('compare', '');
  process.stdout.write(
    `${os.cpus().length} CPUs, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
      `${CONNECTIONS} connections, ${DURATION} s × ${REPEAT} (medians), page size 20\n`,
  );
  const admin = DBS.includes('postgres') ? await adminClient() : null;
  const rows: Row[] = [];
  try {
    for (const db of DBS) {
      for (const issues of SIZES) {
        rows.push(
          ...(compareDir ? await compare(compareDir, db, issues, admin) : await benchOne(db, issues, admin)),
        );
      }
    }
  } finally {
    await admin?.end();
  }
  process.stdout.write(
    '\n| database | issues | route | req/s | p50 ms | p99 ms | CPU ms/req |\n' +
      '| --- | ---: | --- | ---: | ---: | ---: | ---: |\n' +
      rows
        .map(
          (r) =>
            `| ${r.db === 'pglite' ? 'PGlite (file)' : 'PostgreSQL'} | ${r.issues.toLocaleString('en')} | ` +
            `${r.route} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpu === null ? '' : r.cpu.toFixed(2)} |`,
        )
        .join('\n') +
      '\n',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Server benchmark of the embedded default (PGlite) against PostgreSQL (docs/performance.md
 * "Embedded database and speed").
 *
 *   node --import tsx bench/server.ts [--db pglite,postgres] [--issues 2000] [--duration 10] [--connections 10]
 *                                     [--repeat 3] [--cold 3] [--phase load,cold] [--log-level info]
 *                                     [--data <dir>] [--node-args "<flags>"] [--root <checkout>]
 *                                     [--entry bundle|tsx] [--route <path>]
 *   node --import tsx bench/server.ts --phase fixed [--db …] [--duration 5] [--repeat 3]   # fixed cost of a request
 *
 * For every database mode:
 * - **seed** (in this process): the real app (`buildApp`) on a fresh `DATA_DIR` (pglite, file-backed as `npm start`
 *   runs it) or a scratch database on the server of `BENCH_POSTGRES_URL` (default `DATABASE_URL`, else
 *   postgres://postgres@127.0.0.1:5432/postgres; created here, dropped at the end); a workspace of 8 members, and in
 *   its default team 10 goals and `--issues` issues (spread of states and priorities, 0–2 managers, 3 in 4 with a
 *   goal) created through the API (`POST /api/teams/{teamId}/goals|issues`, `app.inject`); then the app is closed;
 * - **load**: the server as it runs in production, `node --import tsx server/main.ts`, as a child process on that
 *   data (so its memory is measured alone, and the load generator does not share its event loop): the "ready in N
 *   ms" line (a warm start: existing data), RSS when ready and after 5 s idle, then the list route
 *   `GET /api/teams/{teamId}/issues` (first page, STATE, 20 items) with autocannon (a child process too):
 *   a 3 s warm-up, then `--duration` seconds with `--connections` connections, `--repeat` times — medians of
 *   req/s, p50 and p99, and the server's CPU time per request; peak RSS during the load, RSS 10 s and 90 s after it
 *   (idle after warm-up; V8 returns unused heap to the system only after a while of idling);
 * - **cold**: `--cold` times, the same command on an empty `DATA_DIR` (pglite: the embedded database is created) or
 *   an empty scratch database (postgres), timed until `GET /api/health` answers; the server's own "ready in N ms"
 *   (measured from process start in server/main.ts), the wall time from spawn to the first 200, the child's CPU time
 *   until then and its peak RSS (`VmHWM` of /proc/<pid>/status). Medians.
 *
 * `--route <path>` loads another route instead of the list (`{teamId}` is replaced by the seeded team's id), e.g.
 * `/api/health` or `/api/alarms/unread-count` for the floor of the app's per-request cost.
 * `--data <dir>` (pglite only) keeps the seeded data folder there and reuses it on later runs (seeded once; the
 * owner's e-mail is kept in `<dir>/bench.json`), so repeated runs compare like with like. `--node-args` passes
 * flags to the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). `--root <checkout>` runs the server of
 * another checkout of the app (with its own node_modules) on the data seeded here — "before" figures; the data's
 * schema must be the same, i.e. the same migrations.
 *
 * The machine may be shared: every figure is a median over repeats, and spread is printed next to it.
 * Linux only (/proc for memory). The servers run with `LOG_LEVEL` `--log-level` (default info, as deployed) and
 * their stdout drained into a pipe, as under a process manager.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PRIORITIES, STATES } from '../contract';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { asMember } from '../__tests__/server/support/members';
import { createWorkspaceWith } from '../__tests__/server/support/workspaces';
import {
  type DbKind,
  autocannon as benchAutocannon,
  dbKinds,
  freePort,
  median,
  option,
  processCpu,
  scratchPostgres,
  serverEnv as benchServerEnv,
  stopServer,
} from './support';

const DBS = dbKinds();
const ISSUES = Number(option('issues', '2000'));
const DURATION = Number(option('duration', '10'));
const CONNECTIONS = Number(option('connections', '10'));
const REPEAT = Number(option('repeat', '3'));
const COLD = Number(option('cold', '3'));
const PHASES = option('phase', 'load,cold').split(',');
const LOG_LEVEL = option('log-level', 'info');
const KEEP_DATA = option('data', '');
const NODE_ARGS = option('node-args', '').split(' ').filter(Boolean);
/**
 * How the server is started: `bundle` (default) is what `npm start` runs — `node dist-server/main.js`, the bundle
 * of scripts/build-server.mjs, built first if missing; `tsx` runs the sources through tsx (`npm run dev`, Playwright).
 */
const ENTRY = option('entry', 'bundle');
/** The route loaded (`{teamId}`: the seeded team); another route gives the floor of the app's per-request cost. */
const ROUTE = option('route', '/api/teams/{teamId}/issues?query=STATE&size=20');
if (ENTRY !== 'bundle' && ENTRY !== 'tsx') throw new Error(`--entry must be bundle or tsx, not ${ENTRY}`);
const ROOT = path.resolve(option('root', path.resolve(import.meta.dirname, '..')));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => Math.round(kb / 1024);

/** Environment of a server on `dataDir` (and `databaseUrl` for postgres). */
function serverEnv(dataDir: string, databaseUrl: string | null, port: number): NodeJS.ProcessEnv {
  return benchServerEnv(dataDir, databaseUrl, port, LOG_LEVEL);
}

/** Seeds one workspace (8 members) with 10 goals and `count` issues in its default team, through the API. */
async function seed(dataDir: string, databaseUrl: string | null, count: number) {
  const app = await buildApp(loadConfig({ ...serverEnv(dataDir, databaseUrl, 3000), LOG_LEVEL: 'silent' }));
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
    const post = async (segment: 'goals' | 'issues', payload: Record<string, unknown>) => {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${teamId}/${segment}`, { payload });
      if (res.statusCode !== 201) throw new Error(`seed ${segment}: ${res.statusCode} ${res.body}`);
      return res.json().result as Record<string, number>;
    };
    const goalIds: number[] = [];
    for (let i = 0; i < 10; i++) goalIds.push((await post('goals', { title: `목표 ${i + 1}` })).goalId!);
    let next = 1;
    // 4 in flight: PGlite serialises them anyway; PostgreSQL seeds faster.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next <= count) {
          const n = next++;
          await post('issues', {
            title: `이슈 ${n}`,
            state: STATES[(n * 7) % STATES.length],
            priority: PRIORITIES[(n * 3) % PRIORITIES.length],
            managersId: Array.from({ length: n % 3 }, (_, j) => people[(n + j * 3) % people.length]),
            goalId: n % 4 === 0 ? null : goalIds[n % goalIds.length],
          });
        }
      }),
    );
    return { teamId, ownerName: ws.owner.name, ownerEmail: ws.owner.email };
  } finally {
    await app.close();
  }
}

/** `VmRSS` and `VmHWM` (peak) of a process, in kB (0 once it is gone). */
function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** CPU time (user + system, all threads) a process has used, in ms (clock ticks of 10 ms, Linux's USER_HZ). */
function cpuOf(pid: number): number {
  return processCpu(pid) ?? 0;
}

/** The machine's CPU pressure (share of time some task waited for a CPU, last 60 s), when the kernel reports it. */
function cpuPressure(): string {
  try {
    const some = /some avg10=([\d.]+) avg60=([\d.]+)/.exec(fs.readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? `CPU pressure ${some[2]} % (60 s)` : '';
  } catch {
    return '';
  }
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  /** The server's own "ready in N ms" (from process start), or NaN when the line was not logged. */
  readyMs: number;
  /** Spawn → first 200 of GET /api/health. */
  wallMs: number;
  /** Peak RSS (kB) of the child until it answered. */
  startPeakKb: number;
  /** RSS (kB) when it answered. */
  readyRssKb: number;
  /** CPU time (ms) the child used until it answered. */
  startCpuMs: number;
  /** Log lines written so far. */
  lines: () => number;
}

/** The node arguments that start the server per `--entry` (builds the bundle in `ROOT` when it is missing). */
function serverArgs(): string[] {
  if (ENTRY === 'tsx') return [...NODE_ARGS, '--import', 'tsx', 'server/main.ts'];
  const bundle = path.join(ROOT, 'dist-server', 'main.js');
  if (!fs.existsSync(bundle)) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
  return [...NODE_ARGS, '--enable-source-maps', bundle];
}

/**
 * Spawns the server (`--entry`; or `custom.args` with `custom.env` added to its environment), waits until
 * GET /api/health answers 200.
 */
async function startServer(
  dataDir: string,
  databaseUrl: string | null,
  custom: { args: string[]; env: NodeJS.ProcessEnv } | null = null,
): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, custom?.args ?? serverArgs(), {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, databaseUrl, port), ...custom?.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let readyMs = Number.NaN;
  let lines = 0;
  let pending = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      lines++;
      const ready = / ready on .* in (\d+) ms/.exec(line);
      if (ready) readyMs = Number(ready[1]);
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  let peak = 0;
  for (;;) {
    peak = Math.max(peak, memoryOf(child.pid!).rss);
    if (exited) throw new Error(`server exited before answering:\n${stderr}`);
    const answer = await get(`${base}/api/health`).catch(() => null);
    if (answer?.status === 200) break;
    if (performance.now() - started > 60_000)
      throw new Error(`server did not answer within 60 s:\n${stderr}`);
    await sleep(10);
  }
  const wallMs = performance.now() - started;
  const memory = memoryOf(child.pid!);
  const startCpuMs = cpuOf(child.pid!);
  // The ready line is written right after listen; give the pipe a moment.
  for (let i = 0; i < 50 && Number.isNaN(readyMs); i++) await sleep(10);
  return {
    child,
    base,
    readyMs,
    wallMs,
    startPeakKb: Math.max(peak, memory.peak),
    readyRssKb: memory.rss,
    startCpuMs,
    lines: () => lines,
  };
}

/** Signs the seeded owner in through the development form and returns an access token. */
async function accessToken(base: string, name: string, email: string): Promise<string> {
  const signIn = await fetch(`${base}/oauth2/dev/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email }).toString(),
    redirect: 'manual',
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('refreshToken='));
  if (signIn.status !== 302 || !cookie) throw new Error(`sign-in: ${signIn.status}`);
  const reissue = await fetch(`${base}/api/token/reissue`, { method: 'POST', headers: { cookie } });
  const token = ((await reissue.json()) as { result?: { accessToken?: string } }).result?.accessToken;
  if (!token) throw new Error(`reissue: ${reissue.status}`);
  return token;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
}

/** One autocannon run (child process, `--connections`) against `url`; throws on any non-2xx answer or error. */
function autocannon(url: string, token: string, duration: number): Promise<Run> {
  return benchAutocannon(url, token, duration, CONNECTIONS);
}

interface LoadResult {
  warmStartMs: number;
  warmStartCpuMs: number;
  readyRssMb: number;
  idleRssMb: number;
  loadPeakRssMb: number;
  afterLoadRssMb: number;
  /** RSS 90 s after the load (V8 gives unused heap back after a while of idling). */
  settledRssMb: number;
  runs: Run[];
  /** Server CPU time (all threads) per request over the measured runs. */
  cpuMsPerRequest: number;
  logLinesPerRequest: number;
}

type Seeded = Awaited<ReturnType<typeof seed>>;

async function loadPhase(db: DbKind): Promise<LoadResult> {
  const keep = db === 'pglite' && KEEP_DATA !== '';
  const dataDir = keep
    ? path.resolve(KEEP_DATA)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-server-'));
  const scratch = db === 'postgres' ? await scratchPostgres() : null;
  try {
    const saved = path.join(dataDir, 'bench.json');
    let seeded: Seeded;
    if (keep && fs.existsSync(saved)) {
      seeded = JSON.parse(fs.readFileSync(saved, 'utf8')) as Seeded;
      process.stdout.write(`  reusing the data seeded in ${dataDir}\n`);
    } else {
      if (keep) fs.mkdirSync(dataDir, { recursive: true });
      const seedStarted = performance.now();
      seeded = await seed(dataDir, scratch?.url ?? null, ISSUES);
      if (keep) fs.writeFileSync(saved, JSON.stringify(seeded));
      process.stdout.write(
        `  seeded ${ISSUES} issues through the API in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
      );
    }
    const server = await startServer(dataDir, scratch?.url ?? null);
    try {
      await sleep(5_000);
      const idle = memoryOf(server.child.pid!).rss;
      const token = await accessToken(server.base, seeded.ownerName, seeded.ownerEmail);
      const url = `${server.base}${ROUTE.replace('{teamId}', String(seeded.teamId))}`;
      const check = await get(url, { authorization: `Bearer ${token}` });
      if (check.status !== 200) throw new Error(`list: ${check.status} ${check.body}`);
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.child.pid!).rss)), 100);
      const linesBefore = server.lines();
      const runs: Run[] = [];
      let requests = 0;
      let measured = 0;
      let cpu = 0;
      try {
        const warm = await autocannon(url, token, 3);
        requests += warm.rps * 3;
        for (let i = 0; i < REPEAT; i++) {
          const cpuBefore = cpuOf(server.child.pid!);
          const run = await autocannon(url, token, DURATION);
          cpu += cpuOf(server.child.pid!) - cpuBefore;
          measured += run.rps * DURATION;
          requests += run.rps * DURATION;
          runs.push(run);
          process.stdout.write(
            `  run ${i + 1}: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms\n`,
          );
        }
      } finally {
        clearInterval(sampler);
      }
      await sleep(500);
      const logLinesPerRequest = (server.lines() - linesBefore) / requests;
      await sleep(9_500);
      const afterLoad = memoryOf(server.child.pid!).rss;
      await sleep(80_000);
      return {
        warmStartMs: server.readyMs,
        warmStartCpuMs: server.startCpuMs,
        readyRssMb: mb(server.readyRssKb),
        idleRssMb: mb(idle),
        loadPeakRssMb: mb(peak),
        afterLoadRssMb: mb(afterLoad),
        settledRssMb: mb(memoryOf(server.child.pid!).rss),
        runs,
        cpuMsPerRequest: cpu / measured,
        logLinesPerRequest,
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    await scratch?.drop();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ColdResult {
  readyMs: number[];
  wallMs: number[];
  peakMb: number[];
  cpuMs: number[];
}

async function coldPhase(db: DbKind): Promise<ColdResult> {
  const result: ColdResult = { readyMs: [], wallMs: [], peakMb: [], cpuMs: [] };
  for (let i = 0; i < COLD; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-cold-'));
    const scratch = db === 'postgres' ? await scratchPostgres() : null;
    try {
      const server = await startServer(dataDir, scratch?.url ?? null);
      await stopServer(server);
      result.readyMs.push(server.readyMs);
      result.wallMs.push(Math.round(server.wallMs));
      result.peakMb.push(mb(server.startPeakKb));
      result.cpuMs.push(server.startCpuMs);
      process.stdout.write(
        `  cold start ${i + 1}: ready in ${server.readyMs} ms (server's log), health after ` +
          `${Math.round(server.wallMs)} ms, CPU ${server.startCpuMs} ms, peak RSS ${mb(server.startPeakKb)} MB\n`,
      );
    } finally {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return result;
}

/**
 * `--phase fixed` (docs/performance.md "Fixed cost of a request"): two servers of bench/fixed-cost-server.ts on the
 * same seeded data (PGlite: a copy of the folder each; PostgreSQL: one scratch database) — "after" as it ships, and
 * "before" with `MOMENTUM_SERIALIZER=zod` (zod's run-time serializer), `MOMENTUM_PGLITE_PLAIN_FS=1` (PGlite's own
 * file system: an `fstat` per end-of-file seek) and `MOMENTUM_HEALTH_FRESH_MS=0` (`select 1` on every health check). Each has, in its process, a bare Fastify instance with `/bare` and
 * the list's "floor" route. `--repeat` rounds; in each, both servers in turn, and in each server the four routes in
 * turn (`--duration` s each): the bare route, `/api/health`, the floor, the list. Medians of req/s and of the
 * server's CPU time per request; `fs.fstatSync` calls per list request.
 */
const FIXED_ROUTES = ['bare', 'health', 'floor', 'list'] as const;
type FixedRoute = (typeof FIXED_ROUTES)[number];
type FixedSample = { rps: number[]; cpuMs: number[]; fstats: number[] };

async function fixedPhase(db: DbKind): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-fixed-'));
  const scratch = db === 'postgres' ? await scratchPostgres() : null;
  const variants = [
    {
      name: 'before',
      env: { MOMENTUM_SERIALIZER: 'zod', MOMENTUM_PGLITE_PLAIN_FS: '1', MOMENTUM_HEALTH_FRESH_MS: '0' },
    },
    { name: 'after', env: { MOMENTUM_SERIALIZER: 'compiled' } },
  ];
  const servers: { name: string; server: Server; floor: string; token: string }[] = [];
  try {
    const seedStarted = performance.now();
    const seeded = await seed(dataDir, scratch?.url ?? null, ISSUES);
    process.stdout.write(
      `  seeded ${ISSUES} issues through the API in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
    );
    for (const variant of variants) {
      let dir = dataDir;
      if (db === 'pglite') {
        dir = `${dataDir}-${variant.name}`;
        fs.cpSync(dataDir, dir, { recursive: true });
      }
      const floorPort = await freePort();
      const server = await startServer(dir, scratch?.url ?? null, {
        args: [...NODE_ARGS, '--import', 'tsx', 'bench/fixed-cost-server.ts'],
        env: { ...variant.env, BENCH_FLOOR_PORT: String(floorPort) },
      });
      const token = await accessToken(server.base, seeded.ownerName, seeded.ownerEmail);
      servers.push({ name: variant.name, server, floor: `http://127.0.0.1:${floorPort}`, token });
    }
    const urls = (s: (typeof servers)[number]): Record<FixedRoute, string> => ({
      bare: `${s.floor}/bare`,
      health: `${s.server.base}/api/health`,
      floor: `${s.floor}/floor/teams/${seeded.teamId}/issues`,
      list: `${s.server.base}/api/teams/${seeded.teamId}/issues?query=STATE&size=20`,
    });
    const fstats = async (s: (typeof servers)[number]) =>
      (JSON.parse((await get(`${s.floor}/stats`)).body) as { fstats: number }).fstats;
    // The same JSON from the list and its floor (the floor is only a floor if it answers the same).
    for (const s of servers) {
      const [list, floor] = await Promise.all(
        (['list', 'floor'] as const).map((r) => get(urls(s)[r], { authorization: `Bearer ${s.token}` })),
      );
      if (list!.body !== floor!.body) throw new Error(`${s.name}: the floor's JSON differs from the list's`);
    }
    const samples = new Map<string, FixedSample>();
    for (const s of servers) for (const r of FIXED_ROUTES) await autocannon(urls(s)[r], s.token, 2); // warm-up
    for (let round = 0; round < REPEAT; round++) {
      for (const s of servers) {
        for (const route of FIXED_ROUTES) {
          const cpuBefore = cpuOf(s.server.child.pid!);
          const fstatsBefore = await fstats(s);
          const run = await autocannon(urls(s)[route], s.token, DURATION);
          const requests = run.rps * DURATION;
          const sample = samples.get(`${s.name}/${route}`) ?? { rps: [], cpuMs: [], fstats: [] };
          sample.cpuMs.push((cpuOf(s.server.child.pid!) - cpuBefore) / requests);
          sample.fstats.push(((await fstats(s)) - fstatsBefore) / requests);
          sample.rps.push(run.rps);
          samples.set(`${s.name}/${route}`, sample);
          process.stdout.write(
            `  round ${round + 1} ${s.name} ${route}: ${run.rps.toFixed(0)} req/s, ` +
              `${sample.cpuMs.at(-1)!.toFixed(3)} ms CPU, ${sample.fstats.at(-1)!.toFixed(1)} fstat a request\n`,
          );
        }
      }
    }
    const name = db === 'pglite' ? 'PGlite (file)' : 'PostgreSQL';
    const m = (variant: string, route: FixedRoute, key: keyof FixedSample) =>
      median(samples.get(`${variant}/${route}`)![key]);
    const both = (f: (variant: string) => string) => `${f('before')} → ${f('after')}`;
    return [
      ...FIXED_ROUTES.map(
        (route) =>
          `| ${name} | ${route}: req/s, server CPU a request | ` +
          both((v) => `${m(v, route, 'rps').toFixed(0)}, ${m(v, route, 'cpuMs').toFixed(3)} ms`) +
          ' |',
      ),
      `| ${name} | /api/health CPU ÷ bare route CPU (target ≤ 3) | ` +
        both((v) => (m(v, 'health', 'cpuMs') / m(v, 'bare', 'cpuMs')).toFixed(2)) +
        ' |',
      `| ${name} | list req/s ÷ floor req/s (target ≥ 0.50) | ` +
        both((v) => (m(v, 'list', 'rps') / m(v, 'floor', 'rps')).toFixed(2)) +
        ' |',
      `| ${name} | fstat a list request | ${both((v) => m(v, 'list', 'fstats').toFixed(1))} |`,
    ];
  } finally {
    for (const s of servers) await stopServer(s.server);
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const variant of variants) fs.rmSync(`${dataDir}-${variant.name}`, { recursive: true, force: true });
  }
}

async function main() {
  process.stdout.write(
    `${os.cpus().length} CPUs, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ` +
      `${ISSUES} issues, ${CONNECTIONS} connections, ${DURATION} s × ${REPEAT} (medians), LOG_LEVEL ${LOG_LEVEL}; ` +
      `${cpuPressure()}\n`,
  );
  const rows: string[] = [];
  for (const db of DBS) {
    process.stdout.write(`\n${db}\n`);
    if (PHASES.includes('fixed')) rows.push(...(await fixedPhase(db)));
    const load = PHASES.includes('load') ? await loadPhase(db) : null;
    const cold = PHASES.includes('cold') ? await coldPhase(db) : null;
    const name = db === 'pglite' ? 'PGlite (file)' : 'PostgreSQL';
    if (load) {
      const rps = load.runs.map((r) => r.rps);
      rows.push(
        `| ${name} | list req/s | ${median(rps).toFixed(0)} (${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)}) |`,
        `| ${name} | list p50 / p99 ms | ${median(load.runs.map((r) => r.p50))} / ${median(load.runs.map((r) => r.p99))} |`,
        `| ${name} | server CPU per list request | ${load.cpuMsPerRequest.toFixed(2)} ms |`,
        `| ${name} | log lines per request (LOG_LEVEL ${LOG_LEVEL}) | ${load.logLinesPerRequest.toFixed(2)} |`,
        `| ${name} | warm start (existing data), ready in / server CPU | ${load.warmStartMs} ms / ${load.warmStartCpuMs} ms |`,
        `| ${name} | RSS when ready / 5 s idle | ${load.readyRssMb} / ${load.idleRssMb} MB |`,
        `| ${name} | RSS peak under load / 10 s after / 90 s after | ${load.loadPeakRssMb} / ${load.afterLoadRssMb} / ${load.settledRssMb} MB |`,
      );
    }
    if (cold) {
      rows.push(
        `| ${name} | cold start (empty), ready in | ${median(cold.readyMs)} ms (${cold.readyMs.join(', ')}) |`,
        `| ${name} | cold start, spawn → health 200 | ${median(cold.wallMs)} ms (${cold.wallMs.join(', ')}) |`,
        `| ${name} | cold start, server CPU until ready | ${median(cold.cpuMs)} ms (${cold.cpuMs.join(', ')}) |`,
        `| ${name} | cold start peak RSS | ${median(cold.peakMb)} MB (${cold.peakMb.join(', ')}) |`,
      );
    }
  }
  process.stdout.write(
    `\n${cpuPressure()}\n| mode | measure | median (spread) |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

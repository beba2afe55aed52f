/**
 * Warm-up after a restart (docs/performance.md "Warm-up after a restart", docs/operations.md "Warm-up").
 *
 *   node --import tsx bench/warmup.ts [--issues 2000] [--users 100] [--seconds 20] [--variants off,on]
 *                                     [--entry bundle|tsx] [--node-args "<flags>"] [--log-level warn]
 *                                     [--data <dir>] [--ready-path /readyz] [--server-log <prefix>] [--analyze 0|1]
 *                                     [--reads screen|list]
 *
 * Seeds (in this process, the real app through `app.inject`) a file-backed embedded database: one workspace of
 * `--users` members (the owner and members who joined with the invite) and `--issues` issues in its default team
 * (10 goals, 0–2 managers an issue, a spread of states and priorities), then closes the app. For each variant, on
 * its own copy of the seeded data folder (so no variant profits from another's `ANALYZE` or checkpoint):
 * 1. starts the server as it runs in production (`node dist-server/main.js`, or `--entry tsx`), waits for
 *    `GET /readyz`, reads a page, and stops it with SIGTERM (the first start after seeding);
 * 2. starts it again — the restart — and waits until `GET /readyz` answers 200 (the moment a proxy routes to it);
 * 3. at once, `--users` signed-in users arrive together, each loading what the app's first screen loads in
 *    parallel: the issue list (`GET /api/teams/{teamId}/issues?query=STATE&size=20`), an issue's detail, the unread
 *    alarm count and the issue alarms tab (the burst: 4 × `--users` requests at once); once all are answered,
 *    each user repeats that round a second after its previous one, until `--seconds` seconds after ready;
 * 4. then, the server warm, the same users arrive again, all at once, one round (the reference).
 * Each user has a connection pool of its own (keep-alive, 6 connections, as a browser), new at 3. and at 4.
 * Printed per variant: the time from spawn to ready, p50 / p99 / max of the requests of the first round, of the
 * requests started in the first 5 s, of the whole window and of the warm round, the server's CPU time for the
 * first and for the warm round (less sensitive than latency to a shared machine: the cold cost is the difference),
 * and errors (any non-200).
 *
 * Variants: `off` is the server without its warm-up (`MOMENTUM_WARMUP=0`: ready as soon as it listens, as before
 * issue #25), `on` the server as shipped (ready after the warm-up, server/modules/system/warmup.ts). Access tokens
 * are signed here with the bench's `JWT_SECRET` (the claims of server/modules/auth/tokens.ts), so they never expire
 * during a long run. `--data <dir>` keeps the seeded folder there and reuses it (seeded once). Linux; the machine
 * may be shared (the load average is printed next to the figures).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { PRIORITIES, STATES } from '../contract';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { analyze } from '../server/db';
import { asMember } from '../__tests__/server/support/members';
import { createWorkspaceWith } from '../__tests__/server/support/workspaces';
import { JWT_SECRET, freePort, option, percentile, processCpu, serverEnv, stopServer } from './support';

const ISSUES = Number(option('issues', '2000'));
const USERS = Number(option('users', '100'));
const SECONDS = Number(option('seconds', '20'));
const VARIANTS = option('variants', 'off,on').split(',');
const ENTRY = option('entry', 'bundle');
const NODE_ARGS = option('node-args', '').split(' ').filter(Boolean);
const LOG_LEVEL = option('log-level', 'warn');
/** `--analyze 0`: the seeded database gets no planner statistics (see `seed`). */
const ANALYZE = option('analyze', '1') !== '0';
/** Keeps the seeded data folder here and reuses it on later runs (seeded once; `<dir>/bench-warmup.json`). */
const KEEP_DATA = option('data', '');
/** The readiness route polled (`/api/health` for a build before issue #25, which has no `/readyz`). */
const READY_PATH = option('ready-path', '/readyz');
/** Writes each server's log to `<prefix>-<variant>-<start>.log` (`--log-level info` logs slow requests). */
const SERVER_LOG = option('server-log', '');
/**
 * What a user reads each round: `screen` (default) the first screen's four reads in parallel (a burst of 4 × users);
 * `list` only the issue list (a burst of one request a user).
 */
const READS = option('reads', 'screen');
if (READS !== 'screen' && READS !== 'list') throw new Error(`--reads: screen or list, not ${READS}`);
const ROOT = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seeded {
  teamId: number;
  memberIds: number[];
  issueIds: number[];
}

/** Seeds the workspace (see the module comment) in `dataDir`, through the API. */
async function seed(dataDir: string): Promise<Seeded> {
  const env = { ...serverEnv(dataDir, null, 3000, 'silent') };
  const app = await buildApp(loadConfig(env));
  try {
    await app.ready();
    const names = Array.from({ length: USERS - 1 }, (_, i) => `사용자${i + 1}`);
    const ws = await createWorkspaceWith(app, 'Warmup', '김민수', names);
    const people = [ws.owner, ...ws.members].map((m) => m.memberId);
    const teamId = ws.defaultTeamId;
    const post = async (segment: 'goals' | 'issues', payload: Record<string, unknown>) => {
      const res = await asMember(app, ws.owner, 'POST', `/api/teams/${teamId}/${segment}`, { payload });
      if (res.statusCode !== 201) throw new Error(`seed ${segment}: ${res.statusCode} ${res.body}`);
      return res.json().result as Record<string, number>;
    };
    const goalIds: number[] = [];
    for (let i = 0; i < 10; i++) goalIds.push((await post('goals', { title: `목표 ${i + 1}` })).goalId!);
    const issueIds: number[] = [];
    let next = 1;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next <= ISSUES) {
          const n = next++;
          const created = await post('issues', {
            title: `이슈 ${n}`,
            state: STATES[(n * 7) % STATES.length],
            priority: PRIORITIES[(n * 3) % PRIORITIES.length],
            managersId: Array.from({ length: n % 3 }, (_, j) => people[(n + j * 7) % people.length]),
            goalId: n % 4 === 0 ? null : goalIds[n % goalIds.length],
          });
          issueIds.push(created.issueId!);
        }
      }),
    );
    // Statistics, as a server that ran for a while has them (its upkeep's first run analyzes, server/db/upkeep.ts);
    // `--analyze 0`: none, as a database restarted before its first upkeep run (30 s after start).
    if (ANALYZE) await analyze(app.database);
    return { teamId, memberIds: people, issueIds };
  } finally {
    await app.close();
  }
}

/** An access token of `memberId`, as server/modules/auth/tokens.ts signs it (HS256, `typ: access`). */
async function token(memberId: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(memberId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

function serverArgs(): string[] {
  if (ENTRY === 'tsx') return [...NODE_ARGS, '--import', 'tsx', 'server/main.ts'];
  const bundle = path.join(ROOT, 'dist-server', 'main.js');
  if (!fs.existsSync(bundle)) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
  return [...NODE_ARGS, '--enable-source-maps', bundle];
}

interface Server {
  child: ChildProcess;
  base: string;
  /** Spawn → first 200 of `GET /readyz`, ms. */
  readyMs: number;
}

/** Spawns the server on `dataDir`, waits for `GET /readyz` 200 (polled every 20 ms, as a fast proxy would). */
async function start(dataDir: string, env: NodeJS.ProcessEnv, logName: string): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, null, port, LOG_LEVEL), ...env },
    stdio: ['ignore', SERVER_LOG ? 'pipe' : 'ignore', 'pipe'],
  });
  if (SERVER_LOG) child.stdout!.pipe(fs.createWriteStream(`${SERVER_LOG}-${logName}.log`));
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited before ready:\n${stderr}`);
    const res = await fetch(base + READY_PATH).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) break;
    if (performance.now() - started > 120_000) throw new Error(`not ready within 120 s:\n${stderr}`);
    await sleep(20);
  }
  return { child, base, readyMs: performance.now() - started };
}

interface Sample {
  /** The route (its first path segments). */
  route: string;
  /** Start of the request, ms after ready. */
  at: number;
  ms: number;
  ok: boolean;
}

/** `GET base + url` through `agent`; the status (after the whole body). */
function get(agent: http.Agent, base: string, url: string, bearer: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + url, { agent, headers: { authorization: `Bearer ${bearer}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * A user arriving: a browser's connection pool of its own (keep-alive, up to 6 connections), so the first round of
 * every user opens new connections — as after a restart, when the old ones went to the stopped server.
 */
const userAgent = () => new http.Agent({ keepAlive: true, maxSockets: 6 });

/** One user's round: the first screen's reads in parallel. */
async function round(
  base: string,
  agent: http.Agent,
  bearer: string,
  seeded: Seeded,
  t0: number,
  into: Sample[],
) {
  const issueId = seeded.issueIds[Math.floor(Math.random() * seeded.issueIds.length)]!;
  const list = `/api/teams/${seeded.teamId}/issues?query=STATE&size=20`;
  const urls =
    READS === 'list' ? [list] : [list, `/api/issues/${issueId}`, '/api/alarms/unread-count', '/api/alarms/ISSUE'];
  await Promise.all(
    urls.map(async (url) => {
      const at = performance.now();
      let ok: boolean;
      try {
        ok = (await get(agent, base, url, bearer)) === 200;
      } catch {
        ok = false;
      }
      into.push({ route: url.split('/').slice(2, 3).join('/'), at: at - t0, ms: performance.now() - at, ok });
    }),
  );
}

function stats(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    errors: samples.filter((s) => !s.ok).length,
  };
}

interface VariantResult {
  readyMs: number;
  first: ReturnType<typeof stats>;
  first5s: ReturnType<typeof stats>;
  window: ReturnType<typeof stats>;
  warm: ReturnType<typeof stats>;
  /** Server CPU time (all threads) spent on the burst and on the warm round, ms (until the last answer). */
  firstCpuMs: number;
  warmCpuMs: number;
  /** The first round per route. */
  firstByRoute: Record<string, ReturnType<typeof stats>>;
}

async function runVariant(pristine: string, seeded: Seeded, variant: string): Promise<VariantResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `momentum-warmup-${variant}-`));
  fs.cpSync(pristine, dataDir, { recursive: true });
  const env = variant === 'off' ? { MOMENTUM_WARMUP: '0' } : {};
  try {
    // The first start after seeding, then the restart.
    const first = await start(dataDir, env, `${variant}-first`);
    await (await fetch(`${first.base}/api/workspace/setting`)).arrayBuffer();
    await stopServer(first);
    const server = await start(dataDir, env, `${variant}-restart`);
    try {
      const tokens = await Promise.all(seeded.memberIds.map((id) => token(id)));
      const samples: Sample[] = [];
      const agents: http.Agent[] = [];
      const pid = server.child.pid!;
      const cpu0 = processCpu(pid) ?? 0;
      const t0 = performance.now();
      // The burst: every user's first round at once; then each goes on at its own pace.
      const firstRound: Sample[] = [];
      await Promise.all(
        tokens.map((bearer) => {
          const agent = userAgent();
          agents.push(agent);
          return round(server.base, agent, bearer, seeded, t0, firstRound);
        }),
      );
      const firstCpuMs = (processCpu(pid) ?? 0) - cpu0;
      samples.push(...firstRound);
      await Promise.all(
        tokens.map(async (bearer, i) => {
          while (performance.now() - t0 < SECONDS * 1000) {
            await sleep(1000);
            await round(server.base, agents[i]!, bearer, seeded, t0, samples);
          }
        }),
      );
      const warm: Sample[] = [];
      // The window's rounds done, the server idle again; the same users arrive anew (new connections).
      for (const agent of agents) agent.destroy();
      await sleep(1000);
      const cpu1 = processCpu(pid) ?? 0;
      const t1 = performance.now();
      const fresh = tokens.map(() => userAgent());
      await Promise.all(tokens.map((bearer, i) => round(server.base, fresh[i]!, bearer, seeded, t1, warm)));
      for (const agent of fresh) agent.destroy();
      const warmCpuMs = (processCpu(pid) ?? 0) - cpu1;
      return {
        readyMs: server.readyMs,
        firstCpuMs,
        warmCpuMs,
        first: stats(firstRound),
        firstByRoute: Object.fromEntries(
          [...new Set(firstRound.map((s) => s.route))].map((route) => [
            route,
            stats(firstRound.filter((s) => s.route === route)),
          ]),
        ),
        first5s: stats(samples.filter((s) => s.at < 5000)),
        window: stats(samples),
        warm: stats(warm),
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const pristine = KEEP_DATA
    ? path.resolve(KEEP_DATA)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-warmup-seed-'));
  const saved = path.join(pristine, 'bench-warmup.json');
  try {
    let seeded: Seeded;
    if (KEEP_DATA && fs.existsSync(saved)) {
      seeded = JSON.parse(fs.readFileSync(saved, 'utf8')) as Seeded;
      process.stdout.write(`reusing the data seeded in ${pristine}\n`);
    } else {
      fs.mkdirSync(pristine, { recursive: true });
      const seedStarted = performance.now();
      seeded = await seed(pristine);
      if (KEEP_DATA) fs.writeFileSync(saved, JSON.stringify(seeded));
      process.stdout.write(
        `seeded ${USERS} members, ${ISSUES} issues in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
      );
    }
    const results = new Map<string, VariantResult>();
    for (const variant of VARIANTS) {
      const result = await runVariant(pristine, seeded, variant);
      results.set(variant, result);
      process.stdout.write(
        `${variant}: ${JSON.stringify(result)}  (load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})\n`,
      );
    }
    const ms = (v: number) => (Number.isNaN(v) ? '—' : `${Math.round(v)}`);
    const cell = (s: ReturnType<typeof stats>) => `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)}`;
    process.stdout.write(
      `\n| warm-up | spawn → ready (ms) | first round p50 / p99 / max (ms) | first 5 s | whole ${SECONDS} s | ` +
        `warm round | server CPU: first / warm round (ms) | errors |\n|---|---|---|---|---|---|---|---|\n`,
    );
    for (const [variant, r] of results) {
      process.stdout.write(
        `| ${variant} | ${ms(r.readyMs)} | ${cell(r.first)} | ${cell(r.first5s)} | ${cell(r.window)} | ` +
          `${cell(r.warm)} | ${ms(r.firstCpuMs)} / ${ms(r.warmCpuMs)} | ${r.window.errors + r.warm.errors} of ` +
          `${r.window.n + r.warm.n} |\n`,
      );
    }
  } finally {
    if (!KEEP_DATA) fs.rmSync(pristine, { recursive: true, force: true });
  }
}

await main();

/**
 * Live-update benchmark (issue #10; results in docs/live-updates.md "Benchmark").
 *
 *   node --import tsx bench/events.ts [--db pglite,postgres] [--streams 500] [--members 100] [--edits 5]
 *
 * For every database mode:
 * - **seed** (in this process): the real app (`buildApp`) on a fresh `DATA_DIR` (pglite, file-backed as `npm start`
 *   runs it) or a scratch database on the server of `BENCH_POSTGRES_URL` (default `DATABASE_URL`, else
 *   postgres://postgres@127.0.0.1:5432/postgres; created here, dropped at the end): a workspace of `--members`
 *   members and one issue, through the API (`app.inject`); then the app is closed;
 * - **run**: the server as in production, `node --import tsx server/main.ts`, as a child process (so its memory is
 *   measured alone): RSS once idle (after one warm-up stream and edit), then `--streams` streams opened over HTTP
 *   (`POST /api/events/ticket` with each member's bearer, then `GET /api/events?ticket=`; `--streams / --members`
 *   streams per member, within the per-member cap of 8) and RSS again after 3 s — the difference divided by the
 *   number of streams is the memory per open stream; then `--edits` times one edit (`PATCH` of the issue's title,
 *   also over HTTP) and the time from sending it until each stream has received its `item.updated` event: p50,
 *   p99 and max over the streams, per edit, and the medians over the edits.
 * The streams are read by this process (one event loop parsing 500 sockets), so the latencies include the client's
 * share; the machine may be shared (2 cores here). Linux only (/proc for memory).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { signAccessToken } from '../server/modules/auth/tokens';
import { asMember, signIn } from '../__tests__/server/support/members';
import { createWorkspaceWith, joinWith } from '../__tests__/server/support/workspaces';
import {
  type DbKind,
  JWT_SECRET,
  dbKinds,
  freePort,
  option,
  percentile,
  scratchPostgres,
  serverEnv as benchServerEnv,
  stopServer,
} from './support';

const DBS = dbKinds();
const STREAMS = Number(option('streams', '500'));
const MEMBERS = Number(option('members', '100'));
const EDITS = Number(option('edits', '5'));
const ROOT = path.resolve(import.meta.dirname, '..');

/** The upper of the two middle values for an even count (unlike support's `median`). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function serverEnv(dataDir: string, databaseUrl: string | null, port: number): NodeJS.ProcessEnv {
  return benchServerEnv(dataDir, databaseUrl, port, 'warn');
}

interface Seeded {
  teamId: number;
  issueId: number;
  ownerId: number;
  memberIds: number[];
}

/** One workspace of `MEMBERS` members and one issue in its default team, through the API. */
async function seed(dataDir: string, databaseUrl: string | null): Promise<Seeded> {
  const app = await buildApp(loadConfig({ ...serverEnv(dataDir, databaseUrl, 3000), LOG_LEVEL: 'silent' }));
  try {
    await app.ready();
    const ws = await createWorkspaceWith(app, 'Bench', '김민수');
    const memberIds = [ws.owner.memberId];
    for (let i = 1; i < MEMBERS; i++) {
      const member = await signIn(app, `팀원 ${i}`);
      await joinWith(app, member, ws.token, ws.password);
      memberIds.push(member.memberId);
    }
    const res = await asMember(app, ws.owner, 'POST', `/api/teams/${ws.defaultTeamId}/issues`, {
      payload: { title: '벤치 이슈' },
    });
    if (res.statusCode !== 201) throw new Error(`seed issue: ${res.statusCode} ${res.body}`);
    return {
      teamId: ws.defaultTeamId,
      issueId: res.json().result.issueId as number,
      ownerId: ws.owner.memberId,
      memberIds,
    };
  } finally {
    await app.close();
  }
}

/** `VmRSS` of a process, kB. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

function request(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.end(data);
  });
}

interface Server {
  child: ChildProcess;
  base: string;
}

async function startServer(dataDir: string, databaseUrl: string | null): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: serverEnv(dataDir, databaseUrl, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${stderr}`);
    const answer = await request('GET', `${base}/api/health`).catch(() => null);
    if (answer?.status === 200) return { child, base };
    if (Date.now() - started > 60_000) throw new Error(`server did not answer within 60 s:\n${stderr}`);
    await sleep(20);
  }
}

/** One open stream: remembers when each marker (an edited title) first appeared in it. */
interface OpenStream {
  request: http.ClientRequest;
  seen: Map<string, number>;
  watch: string | null;
}

async function openStream(base: string, token: string): Promise<OpenStream> {
  const ticket = await request('POST', `${base}/api/events/ticket`, { authorization: `Bearer ${token}` });
  if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status} ${ticket.body}`);
  const url = `${base}/api/events?ticket=${encodeURIComponent(JSON.parse(ticket.body).result.ticket)}`;
  return new Promise((resolve, reject) => {
    const stream: OpenStream = {
      request: undefined as unknown as http.ClientRequest,
      seen: new Map(),
      watch: null,
    };
    let tail = '';
    stream.request = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        // The marker may straddle two chunks: keep the end of the previous one.
        const text = tail + chunk;
        tail = text.slice(-256);
        if (stream.watch && !stream.seen.has(stream.watch) && text.includes(stream.watch)) {
          stream.seen.set(stream.watch, now);
        }
      });
      res.on('error', () => {});
      resolve(stream);
    });
    stream.request.on('error', reject);
  });
}

interface Result {
  db: DbKind;
  streams: number;
  idleRssKb: number;
  openRssKb: number;
  openMs: number;
  edits: Array<{ p50: number; p99: number; max: number; received: number }>;
}

async function run(db: DbKind): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-events-'));
  const scratch = db === 'postgres' ? await scratchPostgres('momentum_bench_events') : null;
  const databaseUrl = scratch?.url ?? null;
  let server: Server | undefined;
  const streams: OpenStream[] = [];
  try {
    console.log(`[${db}] seeding ${MEMBERS} members …`);
    const seeded = await seed(dataDir, databaseUrl);
    server = await startServer(dataDir, databaseUrl);
    const { base } = server;
    const tokens = new Map<number, string>();
    for (const id of seeded.memberIds) tokens.set(id, await signAccessToken(JWT_SECRET, id));
    const ownerToken = tokens.get(seeded.ownerId)!;
    const edit = (title: string) =>
      request(
        'PATCH',
        `${base}/api/teams/${seeded.teamId}/issues/${seeded.issueId}`,
        { authorization: `Bearer ${ownerToken}` },
        { title },
      );

    // Warm-up: one stream and one edit (the code paths loaded and compiled), then idle RSS.
    const warm = await openStream(base, ownerToken);
    await edit('워밍업');
    await sleep(500);
    warm.request.destroy();
    await sleep(3000);
    const idleRssKb = rssOf(server.child.pid!);

    console.log(`[${db}] opening ${STREAMS} streams …`);
    const started = performance.now();
    const batch = 25;
    for (let i = 0; i < STREAMS; i += batch) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(batch, STREAMS - i) }, (_, j) => {
          const memberId = seeded.memberIds[(i + j) % seeded.memberIds.length]!;
          return openStream(base, tokens.get(memberId)!);
        }),
      );
      streams.push(...opened);
    }
    const openMs = performance.now() - started;
    await sleep(3000);
    const openRssKb = rssOf(server.child.pid!);

    const edits: Result['edits'] = [];
    for (let round = 1; round <= EDITS; round++) {
      const marker = `벤치 ${round}`;
      for (const s of streams) s.watch = marker;
      const sent = performance.now();
      const answer = await edit(marker);
      if (answer.status !== 200) throw new Error(`edit: ${answer.status} ${answer.body}`);
      const deadline = Date.now() + 30_000;
      while (streams.some((s) => !s.seen.has(marker)) && Date.now() < deadline) await sleep(5);
      const latencies = streams
        .filter((s) => s.seen.has(marker))
        .map((s) => s.seen.get(marker)! - sent)
        .sort((a, b) => a - b);
      const row = {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? Number.NaN,
        received: latencies.length,
      };
      edits.push(row);
      console.log(
        `[${db}] edit ${round}: ${row.received}/${streams.length} streams, p50 ${row.p50.toFixed(1)} ms, ` +
          `p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(1)} ms`,
      );
      await sleep(1000);
    }
    return { db, streams: streams.length, idleRssKb, openRssKb, openMs, edits };
  } finally {
    for (const s of streams) s.request.destroy();
    if (server) await stopServer(server);
    await scratch?.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: Result[] = [];
  for (const db of DBS) results.push(await run(db));
  console.log(
    `\n${os.cpus().length} cores, Node ${process.version}; ${STREAMS} streams of ${MEMBERS} members\n`,
  );
  console.log(
    '| database | streams | edit → every stream: p50 | p99 | max | RSS idle | RSS with streams | per stream |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const perStream = ((r.openRssKb - r.idleRssKb) / r.streams).toFixed(1);
    console.log(
      `| ${r.db} | ${r.streams} (opened in ${(r.openMs / 1000).toFixed(1)} s) | ` +
        `${median(r.edits.map((e) => e.p50)).toFixed(1)} ms | ${median(r.edits.map((e) => e.p99)).toFixed(1)} ms | ` +
        `${median(r.edits.map((e) => e.max)).toFixed(1)} ms | ${(r.idleRssKb / 1024).toFixed(1)} MB | ` +
        `${(r.openRssKb / 1024).toFixed(1)} MB | ${perStream} kB |`,
    );
  }
  console.log('(medians over the edits)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

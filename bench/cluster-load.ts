/**
 * Two app servers behind nginx on PostgreSQL under load, with one of them restarted in the middle (issue #25;
 * results in docs/performance.md "Two app servers behind nginx").
 *
 *   node --import tsx bench/cluster-load.ts [--users 200] [--duration 60] [--think 2000] [--writes 0.2]
 *                                           [--restart-at 30] [--https-port 8453]
 *
 * - **cluster**: scripts/cluster/up.sh (the topology the proxy journey tests: a fresh database on the machine's
 *   PostgreSQL, two app servers from the build, Debian's nginx with a self-signed certificate) on its own ports
 *   (app servers 3421/3422, HTTPS `--https-port`), rate limits raised (one address plays every user);
 * - **seed**, through nginx like a browser: `--users` people sign in with the development sign-in form
 *   (`POST /oauth2/dev/google`, then `POST /api/token/reissue` with the refresh cookie), the first creates the
 *   workspace and 20 issues, the others join with the invite;
 * - **load** for `--duration` s: every user holds an event stream (`POST /api/events/ticket`, then
 *   `GET /api/events?ticket=`), reconnecting as the app does (docs/live-updates.md "In the browser": after an end or
 *   error, 1 s doubling to 30 s ±25 %, a new ticket, `lastEventId` = the last id received), and loops: a random
 *   think time (mean `--think` ms, uniform 0.5×–1.5×), then one request — a write with probability `--writes`
 *   (half a title change `PATCH /api/teams/{t}/issues/{id}` with a unique title, half a comment
 *   `POST /api/comments`), else a read (the issue list, an issue's detail, its comments or the unread count);
 * - **restart**: at `--restart-at` s, app server 2 gets SIGTERM (scripts/cluster/restart-one.sh stop) and is started
 *   again at once (start, waiting for readiness), while the load goes on;
 * - **report**: requests and errors, split into those the app's client logic retries (the event stream's reconnect;
 *   a request on a kept-alive connection that the proxy closed, which browsers resend) and those it does not (a
 *   user would see them); the requests nginx itself moved to the other server (its `X-Momentum-Upstream` names two);
 *   p50/p99 latency of reads and writes; events delivered vs expected: every workspace-wide event published during
 *   the load (the rows of `event_outbox` for everyone, read from the database afterwards; one per write answered
 *   2xx) must reach every stream, by id, counted after a drain of up to 10 s.
 * One process plays all users (its event loop parses every stream), so latencies include the client's share; the
 * machine may be shared (2 cores here). Needs nginx, openssl, curl and psql, like scripts/cluster/.
 */
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ClusterOptions,
  clusterDirFor,
  clusterDown,
  clusterUp,
  startAppServer,
  stopAppServer,
} from '../scripts/cluster/cluster';
import pg from 'pg';
import { option, percentile } from './support';

const USERS = Number(option('users', '200'));
const DURATION_S = Number(option('duration', '60'));
const THINK_MS = Number(option('think', '2000'));
const WRITES = Number(option('writes', '0.2'));
const RESTART_AT_S = Number(option('restart-at', String(Math.round(DURATION_S / 2))));
const HTTPS_PORT = Number(option('https-port', '8453'));
const ISSUES = 20;

const cluster: ClusterOptions = {
  clusterDir: clusterDirFor(`bench-${HTTPS_PORT}`),
  appPorts: [3421, 3422],
  httpsPort: HTTPS_PORT,
  httpPort: HTTPS_PORT - 363,
  env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_MEMBER_MAX: '1000000', LOG_LEVEL: 'warn' },
};
const BASE = `https://localhost:${HTTPS_PORT}`;
// Self-signed certificate of the test topology; keep-alive like a browser.
const agent = new https.Agent({ keepAlive: true, maxSockets: Infinity, rejectUnauthorized: false });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Thrown for a request that got no HTTP answer; `reused`: it was sent on a kept-alive connection. */
class NetworkError extends Error {
  constructor(
    message: string,
    readonly reused: boolean,
  ) {
    super(message);
  }
}

function request(
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${BASE}${path}`,
      {
        method,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', (error) => reject(new NetworkError(error.message, req.reusedSocket)));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', (error) => reject(new NetworkError(error.message, req.reusedSocket)));
    req.end(body);
  });
}

const json = (token: string | null, data?: unknown) => ({
  headers: {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(data === undefined ? {} : { 'content-type': 'application/json' }),
  },
  ...(data === undefined ? {} : { body: JSON.stringify(data) }),
});

/** Signs in with the development form through nginx; the access token. */
async function signIn(name: string, email: string): Promise<string> {
  const form = await request('POST', '/oauth2/dev/google', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email }).toString(),
  });
  const cookie = ([] as string[])
    .concat(form.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('refreshToken='));
  if (form.status !== 302 || !cookie) throw new Error(`sign-in of ${email}: ${form.status} ${form.body}`);
  const reissue = await request('POST', '/api/token/reissue', { headers: { cookie: cookie.split(';')[0]! } });
  if (reissue.status !== 200) throw new Error(`reissue of ${email}: ${reissue.status} ${reissue.body}`);
  return (JSON.parse(reissue.body) as { result: { accessToken: string } }).result.accessToken;
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)),
      )),
    );
  }
  return out;
}

// --- what the run records -----------------------------------------------------------------------------------------
const latencies = { read: [] as number[], write: [] as number[] };
const counts = { reads: 0, writes: 0, ok: 0, writesOk: 0, proxyRetried: 0 };
const notRetried: string[] = [];
const retriedByClient = { reusedConnection: 0, streamEnds: 0, streamErrors: 0, ticketErrors: 0 };
let stopping = false;

interface Stream {
  /** Outbox ids of the events received (`id:` lines). */
  ids: Set<string>;
  lastId: string | null;
  reconnects: number;
  /** A stream answered 200 at least once. */
  opened: boolean;
}

/** One user's event stream, reconnecting like src/features/live/liveConnection.ts until the run stops. */
async function holdStream(token: string, stream: Stream): Promise<void> {
  let attempt = 0;
  while (!stopping) {
    const openedAt = Date.now();
    try {
      const ticket = await request('POST', '/api/events/ticket', json(token));
      if (ticket.status !== 200) throw Object.assign(new Error(`ticket ${ticket.status}`), { ticket: true });
      const value = (JSON.parse(ticket.body) as { result: { ticket: string } }).result.ticket;
      const query = new URLSearchParams({
        ticket: value,
        ...(stream.lastId ? { lastEventId: stream.lastId } : {}),
      });
      await new Promise<void>((resolve, reject) => {
        const req = https.get(`${BASE}/api/events?${query}`, { agent }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new Error(`stream ${res.statusCode}`));
          }
          stream.opened = true;
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              let id: string | null = null;
              let data = '';
              for (const line of block.split('\n')) {
                if (line.startsWith('id: ')) id = line.slice(4);
                else if (line.startsWith('data: ')) data += line.slice(6);
              }
              if (id && data) {
                stream.lastId = id;
                stream.ids.add(id);
              }
            }
          });
          res.on('end', () => {
            retriedByClient.streamEnds++;
            resolve();
          });
          res.on('error', reject);
          const stop = setInterval(() => {
            if (stopping) {
              clearInterval(stop);
              req.destroy();
              resolve();
            }
          }, 250);
          res.on('close', () => clearInterval(stop));
        });
        req.on('error', reject);
      });
    } catch (error) {
      if (stopping) return;
      if ((error as { ticket?: boolean }).ticket) retriedByClient.ticketErrors++;
      else retriedByClient.streamErrors++;
    }
    if (stopping) return;
    stream.reconnects++;
    if (Date.now() - openedAt >= 10_000) attempt = 0;
    const delay = Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt++;
    await sleep(delay);
  }
}

interface Seeded {
  tokens: string[];
  teamId: number;
  issueIds: number[];
}

/** One request of the mix, timed and classified. */
async function act(user: number, seeded: Seeded, seq: number): Promise<void> {
  const token = seeded.tokens[user]!;
  const issueId = seeded.issueIds[Math.floor(Math.random() * seeded.issueIds.length)]!;
  const write = Math.random() < WRITES;
  let method: string;
  let path: string;
  let data: unknown;
  if (write) {
    if (Math.random() < 0.5) {
      method = 'PATCH';
      path = `/api/teams/${seeded.teamId}/issues/${issueId}`;
      data = { title: `부하 ${user}-${seq}-${randomBytes(2).toString('hex')}` };
    } else {
      method = 'POST';
      path = '/api/comments';
      data = { category: 'ISSUE', targetId: issueId, content: `부하 댓글 ${user}-${seq}` };
    }
  } else {
    method = 'GET';
    const pick = Math.random();
    path =
      pick < 0.4
        ? `/api/teams/${seeded.teamId}/issues`
        : pick < 0.7
          ? `/api/issues/${issueId}`
          : pick < 0.9
            ? `/api/comments?category=ISSUE&targetId=${issueId}`
            : '/api/alarms/unread-count';
  }
  if (write) counts.writes++;
  else counts.reads++;
  const started = performance.now();
  let answer: Answer;
  try {
    try {
      answer = await request(method, path, json(token, data));
    } catch (error) {
      // A browser resends a request whose kept-alive connection was closed before any answer came (the proxy's
      // idle close racing our reuse); so does this client, once.
      if (!(error instanceof NetworkError && error.reused)) throw error;
      retriedByClient.reusedConnection++;
      answer = await request(method, path, json(token, data));
    }
  } catch (error) {
    notRetried.push(`${method} ${path}: ${(error as Error).message}`);
    return;
  }
  const ms = performance.now() - started;
  const upstream = String(answer.headers['x-momentum-upstream'] ?? '');
  if (upstream.includes(',')) counts.proxyRetried++;
  if (answer.status >= 400) {
    notRetried.push(`${method} ${path} → ${answer.status} (${upstream}) ${answer.body.slice(0, 120)}`);
    return;
  }
  counts.ok++;
  if (write) counts.writesOk++;
  (write ? latencies.write : latencies.read).push(ms);
}

async function main(): Promise<void> {
  console.log(`cluster: starting (${cluster.clusterDir})`);
  await clusterDown(cluster);
  const state = await clusterUp(cluster);
  console.log(`cluster: ${state.publicUrl} → ${state.appPorts.join(', ')} (database ${state.database})`);
  try {
    // Seed through nginx.
    const seedStarted = performance.now();
    const owner = await signIn('부하 관리자', 'owner@load.example');
    const made = await request('POST', '/api/workspace', json(owner, { workspaceName: 'Load Co' }));
    if (made.status >= 300) throw new Error(`workspace: ${made.status} ${made.body}`);
    const ws = (
      JSON.parse(made.body) as {
        result: { inviteUrl: string; invitePassword: string; defaultTeamId: number };
      }
    ).result;
    const invite = { token: new URL(ws.inviteUrl).searchParams.get('token')!, password: ws.invitePassword };
    const issueIds = await inBatches(ISSUES, 5, async (i) => {
      const res = await request(
        'POST',
        `/api/teams/${ws.defaultTeamId}/issues`,
        json(owner, { title: `이슈 ${i}` }),
      );
      if (res.status !== 201) throw new Error(`issue: ${res.status} ${res.body}`);
      return (JSON.parse(res.body) as { result: { issueId: number } }).result.issueId;
    });
    const others = await inBatches(USERS - 1, 10, async (i) => {
      const token = await signIn(`사용자 ${i + 1}`, `user${i + 1}@load.example`);
      const joined = await request('POST', '/api/workspace/join', json(token, invite));
      if (joined.status >= 300) throw new Error(`join: ${joined.status} ${joined.body}`);
      return token;
    });
    const seeded: Seeded = { tokens: [owner, ...others], teamId: ws.defaultTeamId, issueIds };
    console.log(
      `seed: ${USERS} users signed in through nginx, ${ISSUES} issues (${Math.round(performance.now() - seedStarted)} ms)`,
    );

    // Streams, then the load.
    const streams: Stream[] = seeded.tokens.map(() => ({
      ids: new Set(),
      lastId: null,
      reconnects: 0,
      opened: false,
    }));
    const holders = seeded.tokens.map((token, i) => holdStream(token, streams[i]!));
    await sleep(3_000);
    const streamsOpen = streams.filter((s) => s.opened).length;
    console.log(
      `load: ${USERS} streams opened; ${DURATION_S} s of load, app server 2 restarted at ${RESTART_AT_S} s`,
    );
    const db = new pg.Client({ connectionString: `${state.pgUrl}/${state.database}` });
    await db.connect();
    const outboxMark = async () =>
      Number(
        (await db.query<{ id: string | null }>('select max(id)::text as id from event_outbox')).rows[0]?.id ??
          0,
      );
    const markBefore = await outboxMark();
    const loadStarted = Date.now();
    const until = loadStarted + DURATION_S * 1000;
    const restart = (async () => {
      await sleep(RESTART_AT_S * 1000);
      const at = (Date.now() - loadStarted) / 1000;
      const stopS = await stopAppServer(cluster, 2);
      const startedAt = performance.now();
      await startAppServer(cluster, 2);
      return { at, stopS, readyS: (performance.now() - startedAt) / 1000 };
    })();
    await Promise.all(
      seeded.tokens.map(async (_, user) => {
        let seq = 0;
        while (Date.now() < until) {
          await sleep(THINK_MS * (0.5 + Math.random()));
          if (Date.now() >= until) break;
          await act(user, seeded, seq++);
        }
      }),
    );
    const restarted = await restart;

    // Expected: the events for everyone published since the load began; drain until every stream has them, or 10 s.
    const published = (
      await db.query<{ id: string }>(
        'select id::text as id from event_outbox where id > $1 and member_id is null order by id',
        [markBefore],
      )
    ).rows.map((row) => row.id);
    await db.end();
    const drainUntil = Date.now() + 10_000;
    const missing = () =>
      streams.reduce((sum, s) => sum + published.filter((id) => !s.ids.has(id)).length, 0);
    while (Date.now() < drainUntil && missing() > 0) await sleep(500);
    stopping = true;
    await Promise.all(holders);

    const expected = published.length * streams.length;
    const lost = missing();
    const sortedRead = [...latencies.read].sort((x, y) => x - y);
    const sortedWrite = [...latencies.write].sort((x, y) => x - y);
    const sortedAll = [...latencies.read, ...latencies.write].sort((x, y) => x - y);
    const ms = (v: number) => `${Math.round(v)} ms`;
    const reconnects = streams.reduce((sum, s) => sum + s.reconnects, 0);
    console.log('\n## Result');
    console.log(
      `requests: ${counts.reads + counts.writes} (${counts.reads} reads, ${counts.writes} writes), ${counts.ok} answered 2xx; ` +
        `${counts.proxyRetried} moved by nginx to the other server`,
    );
    console.log(
      `errors not retried by the client: ${notRetried.length}${notRetried.length ? `\n  ${notRetried.slice(0, 20).join('\n  ')}` : ''}`,
    );
    console.log(
      `retried by client logic: ${retriedByClient.reusedConnection} requests resent on a closed kept-alive connection; ` +
        `event streams: ${retriedByClient.streamEnds} ended by the server, ${retriedByClient.streamErrors} errors, ` +
        `${retriedByClient.ticketErrors} ticket errors → ${reconnects} reconnects`,
    );
    console.log(
      `latency: all p50 ${ms(percentile(sortedAll, 50))} p99 ${ms(percentile(sortedAll, 99))}; ` +
        `reads p50 ${ms(percentile(sortedRead, 50))} p99 ${ms(percentile(sortedRead, 99))}; ` +
        `writes p50 ${ms(percentile(sortedWrite, 50))} p99 ${ms(percentile(sortedWrite, 99))}`,
    );
    console.log(
      `events: ${expected - lost} of ${expected} delivered (${published.length} events published for everyone × ` +
        `${streams.length} streams; ${counts.writesOk} writes answered 2xx; ${streamsOpen} streams open before the load)`,
    );
    console.log(
      `restart: SIGTERM to app server 2 at ${restarted.at.toFixed(1)} s, exited after ${restarted.stopS} s, ` +
        `ready again ${restarted.readyS.toFixed(1)} s after its start`,
    );
  } finally {
    stopping = true;
    agent.destroy();
    await clusterDown(cluster);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

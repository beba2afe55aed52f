import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../support/ports';
import { TEST_JWT_SECRET, tempDir } from '../support/test-app';

/**
 * SIGTERM (server/main.ts, server/lifecycle.ts; docs/operations.md "Shutdown"), on the real server process
 * (`node --import tsx server/main.ts`, embedded database in a temporary DATA_DIR): with an event stream open and a
 * request in flight (its body still arriving), SIGTERM → the stream gets a `retry` hint and ends, new connections
 * are refused, the request in flight completes, and the process exits 0 within 10 s.
 */

// Starting the server (tsx, a new embedded database) takes seconds, more on a loaded machine.
jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../../..');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection (no keep-alive). */
function request(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body) as { result: Record<string, unknown> };

/** Resolves true when a TCP connection to `port` is refused, false when it is accepted. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

let child: ChildProcess | undefined;
/** Sends the rest of the in-flight request's body. */
let finishBody: () => void = () => {};
let dataDir: string;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM: streams told to reconnect, in-flight request finished, new connections refused, exit 0 within 10 s', async () => {
  dataDir = tempDir('momentum-sigterm-');
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-build'),
      RATE_LIMIT_MAX: '100000',
      // The embedded database (a DATABASE_URL of the test run would point elsewhere).
      DATABASE_URL: undefined,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child!.once('exit', (code) => resolve({ code, at: performance.now() })),
  );

  // Ready: /readyz answers 200 (after the warm-up).
  const deadline = performance.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    const answer = await request(port, 'GET', '/readyz').catch(() => null);
    if (answer?.status === 200) break;
    if (performance.now() > deadline) throw new Error(`not ready:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A member with a workspace (development sign-in, as a person signs in locally).
  const signIn = await request(
    port,
    'POST',
    '/oauth2/dev/google',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ name: '김민수', email: 'sigterm@example.com' }).toString(),
  );
  const cookie = ([] as string[])
    .concat(signIn.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('refreshToken='))!;
  const token = json(await request(port, 'POST', '/api/token/reissue', { cookie })).result
    .accessToken as string;
  const bearer = { authorization: `Bearer ${token}` };
  const created = await request(
    port,
    'POST',
    '/api/workspace',
    { ...bearer, 'content-type': 'application/json' },
    JSON.stringify({ workspaceName: 'Sigterm' }),
  );
  expect(created.status).toBe(201);
  const teamId = json(created).result.defaultTeamId as number;
  const ticket = json(await request(port, 'POST', '/api/events/ticket', bearer)).result.ticket as string;

  // The open event stream.
  let streamText = '';
  const streamEnded = new Promise<void>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: `/api/events?ticket=${encodeURIComponent(ticket)}`, agent: false },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (streamText += chunk));
        res.on('end', resolve);
      },
    );
    req.on('error', reject);
  });
  while (!streamText.includes('retry: 3000')) await new Promise((resolve) => setTimeout(resolve, 20));

  // The request in flight: headers sent, half the body; the rest after SIGTERM.
  const body = JSON.stringify({ title: '종료 중에 만든 이슈' });
  const inFlight = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/teams/${teamId}/issues`,
        agent: false,
        headers: { ...bearer, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    // The rest is sent after SIGTERM (below).
    finishBody = () => req.end(body.slice(10));
  });
  // Let the server receive the headers (the request has begun).
  await new Promise((resolve) => setTimeout(resolve, 300));

  const signalled = performance.now();
  child.kill('SIGTERM');

  // The stream: a retry hint (0.5–1.5 s, after the opening `retry: 3000`), then its end.
  await streamEnded;
  const retries = [...streamText.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
  expect(retries).toHaveLength(2);
  expect(retries[1]).toBeGreaterThanOrEqual(500);
  expect(retries[1]).toBeLessThanOrEqual(1500);

  // No new connection while the request in flight still holds the process.
  let closedForNew = false;
  for (let i = 0; i < 100 && !closedForNew; i++) {
    closedForNew = await refused(port);
    if (!closedForNew) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(closedForNew).toBe(true);
  expect(child.exitCode).toBeNull();

  // The rest of the body: the request completes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  finishBody();
  const answer = await inFlight;
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body)).toMatchObject({ isSuccess: true });

  const { code, at } = await exited;
  expect(code).toBe(0);
  expect(at - signalled).toBeLessThan(10_000);
  expect(log).toMatch(/SIGTERM received/);
  expect(log).toMatch(/closed in \d+ ms/);
});

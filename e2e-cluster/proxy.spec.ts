import { type Browser, type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { readState, startAppServer, stopAppServer } from '../scripts/cluster/cluster';
import { api, enterWorkspace } from '../e2e/support';
import { clusterOptions } from './options';

/**
 * Issue #25, the production shape through the proxy (docs/deployment.md): two app servers on one PostgreSQL behind
 * nginx with HTTPS (scripts/cluster/up.sh, deploy/nginx/momentum.conf). Two people, each browser attached to a
 * different app server (the test topology's cookie `momentum_node`, scripts/cluster/up.sh):
 * - both sign in through the proxy (development sign-in, Secure cookies on https://localhost), A creates a workspace
 *   and an issue, B joins; comments typed in one browser appear live in the other across the two servers;
 * - B's app server gets SIGTERM mid-session while B is commenting: B's comment is saved, B's event stream ends and
 *   reconnects through nginx to the other server, a comment A makes while B is still reconnecting arrives (replay
 *   from the last event id), B's next comments are saved by the other server and reach A live;
 * - the stopped server starts again and B keeps working;
 * - no request of the app failed unless the app retries it (the event stream, which reconnects), no 5xx reached a
 *   browser, and after a reload both see every comment made before, during and after;
 * - plain HTTP is redirected to HTTPS, and the request id is passed on by nginx (or made by it) and echoed.
 */

interface Seen {
  method: string;
  path: string;
  status: number;
  upstream: string;
}

/**
 * Watches a page's own requests (not the test's `page.request` calls): every answer with the app server(s) nginx
 * tried (`X-Momentum-Upstream`, test topology), and every failure — split into what the app retries by itself (its
 * event stream reconnects with a new ticket) and what it does not (anything else: a lost write or read).
 */
function watchNetwork(page: Page, label: string) {
  const seen: Seen[] = [];
  const notRetried: string[] = [];
  const retried: string[] = [];
  let paused = false;
  const isStream = (url: string) => new URL(url).pathname === '/api/events';
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const entry = {
      method: response.request().method(),
      path: url.pathname,
      status: response.status(),
      upstream: response.headers()['x-momentum-upstream'] ?? '',
    };
    seen.push(entry);
    if (!paused && entry.status >= 400) {
      (isStream(response.url()) && entry.status === 401 ? retried : notRetried).push(
        `${label}: ${entry.method} ${entry.path} → ${entry.status} (${entry.upstream})`,
      );
    }
  });
  page.on('requestfailed', (request) => {
    if (paused) return;
    const line = `${label}: ${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`;
    (isStream(request.url()) ? retried : notRetried).push(line);
  });
  return {
    seen,
    notRetried,
    retried,
    /** Our own navigations abort the page's requests on purpose: not counted while paused. */
    pause: () => (paused = true),
    resume: () => (paused = false),
  };
}

/** The last app server nginx tried for an answer (`127.0.0.1:3412, 127.0.0.1:3411` → `127.0.0.1:3411`). */
const lastUpstream = (upstream: string) => upstream.split(',').pop()!.trim();

/** Types `text` into the detail's comment box and sends it; resolves with the answer to `POST /api/comments`. */
async function comment(page: Page, text: string): Promise<Response> {
  const box = page.getByRole('textbox', { name: '댓글 입력' });
  await box.fill(text);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/comments' && r.request().method() === 'POST',
      { timeout: 30_000 },
    ),
    box.locator('xpath=..').getByRole('button', { name: '확인' }).click(),
  ]);
  await expect(box).toHaveValue('', { timeout: 15_000 });
  return answer;
}

const commentText = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

async function pinnedContext(browser: Browser, baseURL: string, node: 1 | 2): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'momentum_node', value: String(node), url: baseURL }]);
  return context;
}

test('two app servers behind nginx: live across servers, one stopped with SIGTERM mid-session', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const options = clusterOptions();
  const state = readState(options.clusterDir);
  const [server1, server2] = state.appPorts.map((port) => `127.0.0.1:${port}`) as [string, string];

  // 1. Sign in through the proxy; A creates the workspace and an issue, B joins. A is attached to server 1, B to 2.
  const contextA = await pinnedContext(browser, baseURL!, 1);
  const a = await contextA.newPage();
  const created = await enterWorkspace(
    a,
    { name: '김민수', email: 'minsu@cluster.example' },
    { create: 'Cluster Co' },
  );
  const cookies = await contextA.cookies();
  const refresh = cookies.find((c) => c.name === 'refreshToken');
  expect(refresh?.secure, 'the refresh cookie is Secure behind https').toBe(true);
  const teamId = created.defaultTeamId;
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;
  expect(new URL(created.inviteUrl!).origin, 'links use PUBLIC_URL').toBe(new URL(baseURL!).origin);

  const contextB = await pinnedContext(browser, baseURL!, 2);
  const b = await contextB.newPage();
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@cluster.example' },
    { token, password: created.invitePassword! },
  );
  const issue = await api(a, 'POST', `/api/teams/${teamId}/issues`, { title: '프록시 뒤 두 서버' });
  expect(issue.status, JSON.stringify(issue.body)).toBe(201);
  const issueId = issue.body.result.issueId as number;

  // From here on every request of both apps is watched (onboarding's expected 404 "no workspace yet" is behind us).
  const netA = watchNetwork(a, 'A');
  const netB = watchNetwork(b, 'B');
  // Both on the issue's detail, each with an open event stream on its own app server.
  const detail = `/workspace/default/team/${teamId}/issue/${issueId}`;
  for (const [page, net] of [
    [a, netA],
    [b, netB],
  ] as const) {
    net.pause();
    await page.goto(detail);
    await expect(page.getByRole('textbox', { name: '제목' })).toHaveValue('프록시 뒤 두 서버');
    net.resume();
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  }
  const streamOf = (seen: Seen[]) => seen.filter((s) => s.path === '/api/events' && s.status === 200).at(-1);
  expect(lastUpstream(streamOf(netA.seen)!.upstream)).toBe(server1);
  expect(lastUpstream(streamOf(netB.seen)!.upstream)).toBe(server2);

  // 2. Live across the two servers, both ways.
  const a1 = await comment(a, 'A1 서버 1에서 쓴 댓글');
  expect(a1.status()).toBe(201);
  expect(lastUpstream(a1.headers()['x-momentum-upstream']!)).toBe(server1);
  await expect(commentText(b, 'A1 서버 1에서 쓴 댓글')).toBeVisible();
  const b1 = await comment(b, 'B1 서버 2에서 쓴 댓글');
  expect(b1.status()).toBe(201);
  expect(lastUpstream(b1.headers()['x-momentum-upstream']!)).toBe(server2);
  await expect(commentText(a, 'B1 서버 2에서 쓴 댓글')).toBeVisible();

  // 3. SIGTERM to B's server while B comments. B's reconnection is held at its ticket request, so A's next comment
  // is made while B has no stream at all; it must arrive once B's stream reopens (on server 1, replaying).
  let releaseTicket!: () => void;
  const ticketHeld = new Promise<void>((resolve) => (releaseTicket = resolve));
  await b.route('**/api/events/ticket', async (route) => {
    await ticketHeld;
    await route.continue();
  });
  const stopping = stopAppServer(options, 2);
  const b2 = await comment(b, 'B2 서버가 멈추는 중에 쓴 댓글');
  expect(b2.status()).toBe(201);
  const stopSeconds = await stopping;
  expect(stopSeconds, 'the app server exits within 10 s of SIGTERM').toBeLessThan(10.5);
  await expect(b.getByTestId('live-status')).toHaveAttribute('data-state', 'closed', { timeout: 30_000 });
  const a2 = await comment(a, 'A2 B가 다시 연결하는 동안 쓴 댓글');
  expect(a2.status()).toBe(201);
  releaseTicket();
  await expect(b.getByTestId('live-status')).toHaveAttribute('data-state', 'open', { timeout: 60_000 });
  await b.unroute('**/api/events/ticket');
  expect(lastUpstream(streamOf(netB.seen)!.upstream), "B's stream reconnected to the other server").toBe(
    server1,
  );
  await expect(commentText(b, 'A2 B가 다시 연결하는 동안 쓴 댓글')).toBeVisible();

  // B keeps working, now on server 1, and A sees it live.
  const b3 = await comment(b, 'B3 다른 서버로 넘어간 뒤 쓴 댓글');
  expect(b3.status()).toBe(201);
  expect(lastUpstream(b3.headers()['x-momentum-upstream']!)).toBe(server1);
  await expect(commentText(a, 'B3 다른 서버로 넘어간 뒤 쓴 댓글')).toBeVisible();

  // 4. The stopped server starts again (a rolling restart's second half); both keep working.
  await startAppServer(options, 2);
  const b4 = await comment(b, 'B4 서버가 다시 켜진 뒤 쓴 댓글');
  expect(b4.status()).toBe(201);
  await expect(commentText(a, 'B4 서버가 다시 켜진 뒤 쓴 댓글')).toBeVisible();
  const a3 = await comment(a, 'A3 마지막 댓글');
  expect(a3.status()).toBe(201);
  await expect(commentText(b, 'A3 마지막 댓글')).toBeVisible();

  // 5. Nothing failed that the app does not retry; nothing is lost after a reload.
  expect([...netA.notRetried, ...netB.notRetried]).toEqual([]);
  console.log(
    `cluster journey: server 2 exited ${stopSeconds} s after SIGTERM; retried by the app: ` +
      `${netA.retried.length + netB.retried.length} (${[...netA.retried, ...netB.retried].join('; ') || 'none'})`,
  );
  const all = [
    'A1 서버 1에서 쓴 댓글',
    'B1 서버 2에서 쓴 댓글',
    'B2 서버가 멈추는 중에 쓴 댓글',
    'A2 B가 다시 연결하는 동안 쓴 댓글',
    'B3 다른 서버로 넘어간 뒤 쓴 댓글',
    'B4 서버가 다시 켜진 뒤 쓴 댓글',
    'A3 마지막 댓글',
  ];
  for (const [page, net] of [
    [a, netA],
    [b, netB],
  ] as const) {
    net.pause();
    await page.reload();
    await expect(page.getByRole('textbox', { name: '제목' })).toHaveValue('프록시 뒤 두 서버');
    for (const text of all) await expect(commentText(page, text)).toHaveCount(1);
  }
  const saved = await api(a, 'GET', `/api/comments?category=ISSUE&targetId=${issueId}`);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.result.cnt).toBe(all.length);

  // 6. The proxy's other duties (deploy/nginx/momentum.conf): plain HTTP is redirected to HTTPS, the request id is
  // passed on (or made by nginx) and sent back by the app.
  const plain = await a.request.get(`http://localhost:${state.httpPort}/workspace?x=1`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers()['location']).toBe(`${baseURL}/workspace?x=1`);
  const traced = await a.request.get(state.healthPath, { headers: { 'X-Request-Id': 'journey-0001' } });
  expect(traced.headers()['x-request-id']).toBe('journey-0001');
  const made = await a.request.get(state.healthPath);
  expect(made.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  await contextA.close();
  await contextB.close();
});

#!/usr/bin/env node
/**
 * Lighthouse, mobile, signed in, on the issue list of a team with 2,000 issues (issue #21 "Proof": performance ≥ 90,
 * accessibility ≥ 95; the figures go in the docs — this is a measuring script, not a test). With `--login`, the
 * login route instead (issue #22: performance ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.02): a signed-out visitor's `/onboarding`,
 * no sign-in and no seeding, same browser flags, throttling and cold cache (docs/performance.md "Lighthouse").
 *
 *   npm run build && node scripts/lighthouse.mjs [--port 3850] [--issues 2000] [--runs 1] [--warm] [--keep] [--login]
 *                                                [--baseline DIR] [--baseline-port N]
 *
 * `--baseline DIR` (with `--login`): before → after in the same run. A second server on `--baseline-port` (default `--port` + 1) serves another
 * build's client (DIR: its `dist`, e.g. from a worktree of the previous commit, as STATIC_DIR), and the runs
 * alternate between the two (baseline first on odd runs, current first on even ones); each gets its own summary.
 * A Lighthouse run that fails (e.g. NO_NAVSTART on a loaded machine) is tried again, up to 3 times.
 *
 * 1. Starts the built server (`dist-server/main.js` on `dist/`) on `--port` with a fresh embedded database in a
 *    temporary DATA_DIR, NODE_ENV=development (so the development sign-in form exists) and a high rate limit.
 * 2. Starts headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH) with a fresh profile and a DevTools port,
 *    drives it with playwright-core (`connectOverCDP`): signs in with the development form ('구글로 계속하기' →
 *    name and e-mail), creates the workspace and a team through the API, and seeds the team with `--issues` issues
 *    (POST /api/teams/{id}/issues, 8 at a time; states, priorities, managers, goals and deadlines spread as in
 *    e2e/lists.spec.ts). Seeding 2,000 takes about a minute.
 * 3. Opens the team's issue list once (warms the server and leaves the app's persisted state as a returning member
 *    has it), parks the tab on about:blank, then runs Lighthouse 12 (`npx -y lighthouse@12`, Node 20) against the
 *    same browser (`--port`), mobile form factor with its default simulated throttling, keeping storage
 *    (`--disable-storage-reset`): the HttpOnly `refreshToken` cookie (path /api/token) and localStorage of the
 *    signed-in profile are what the page boots with, as on a member's phone. The HTTP cache is cleared before
 *    every run (`Network.clearBrowserCache`) unless `--warm` (a returning member with the hashed assets cached).
 * 4. Prints the performance and accessibility scores (median of `--runs`), the metrics, one line per run
 *    (performance, FCP, LCP, CLS, TBT), and every failed accessibility audit; the JSON reports stay in the temporary
 *    directory with `--keep`.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE (default `lighthouse@12`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
};
const PORT = Number(option('port', '3850'));
const ISSUES = Number(option('issues', '2000'));
const RUNS = Number(option('runs', '1'));
const DEBUG_PORT = Number(option('debug-port', String(PORT + 100)));
const KEEP = process.argv.includes('--keep');
/** Keep the HTTP cache between the warm-up and the runs (a returning member); default: cold cache every run. */
const WARM = process.argv.includes('--warm');
/** The login route, signed out (`/onboarding`), instead of the signed-in issue list. */
const LOGIN = process.argv.includes('--login');
/** Another build's `dist`, measured alternately with this one (`--login` only). */
const BASELINE = option('baseline', '');
const BASELINE_PORT = Number(option('baseline-port', String(PORT + 1)));
if (BASELINE && !LOGIN) {
  console.error('--baseline needs --login (the signed-in list seeds one database per server).');
  process.exit(1);
}
if (BASELINE && !fs.existsSync(path.join(BASELINE, 'index.html'))) {
  console.error(`--baseline ${BASELINE}: no index.html there.`);
  process.exit(1);
}
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? 'lighthouse@12';
const STATES = ['NONE', 'IN_PROGRESS', 'TODO', 'FINISH', 'REVIEW'];
const PRIORITIES = ['NONE', 'URGENT', 'HIGH', 'NORMAL', 'LOW'];

if (!fs.existsSync('dist/index.html') || !fs.existsSync('dist-server/main.js')) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-lighthouse-'));
const log = (...args) => console.log(`[lighthouse] ${args.join(' ')}`);

/**
 * The built server on `port` with a fresh database, serving `staticDir` (default: STATIC_DIR or ./dist); resolves
 * when /api/health answers.
 */
async function startServer(port = PORT, staticDir = undefined) {
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...(staticDir ? { STATIC_DIR: path.resolve(staticDir) } : {}),
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(work, `data-${port}`),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      GOOGLE_CLIENT_ID: '',
      KAKAO_CLIENT_ID: '',
      DATABASE_URL: '',
    },
  });
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('the server did not start in 120 s');
}

/** Runs `command` with `args`, resolving with its exit code. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const server = await startServer();
const baselineServer = BASELINE ? await startServer(BASELINE_PORT, BASELINE) : undefined;
let browser;
let chrome;
try {
  // Chromium started here (Lighthouse traces it over its DevTools port); playwright-core drives its default
  // profile for the sign-in and the seeding, so the cookie and localStorage are the ones Lighthouse's tab sees.
  chrome = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=ko-KR',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${path.join(work, 'profile')}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 60; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) break;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  const context = browser.contexts()[0];
  const page = context.pages()[0] ?? (await context.newPage());

  /** Signs in, seeds the team and warms the issue list (steps 2 and 3 above); returns the list's URL. */
  const prepareSignedIn = async () => {
    // Sign in with the development form, as e2e/support.ts signInWithDevForm does.
    await page.goto(`${BASE}/onboarding`);
    await page.getByRole('button', { name: '구글로 계속하기' }).click();
    await page.locator('#name').fill('김민수');
    await page.locator('#email').fill('minsu@lighthouse.example');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/onboarding\/workspace$/);

    const reissue = await page.request.post(`${BASE}/api/token/reissue`);
    const token = (await reissue.json()).result.accessToken;
    const api = async (method, url, data) => {
      const response = await page.request.fetch(`${BASE}${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      });
      const body = await response.json();
      if (response.status() >= 300)
        throw new Error(`${method} ${url}: ${response.status()} ${JSON.stringify(body)}`);
      return body.result;
    };
    const workspace = await api('POST', '/api/workspace', { workspaceName: 'Lighthouse' });
    await page.goto(`${BASE}/onboarding/loading`);
    await page.waitForURL(/\/workspace\/default\/team\/\d+\/issue$/);
    const members = await api('GET', '/api/workspace/setting/members');
    const me = members[0].memberId;
    const { teamId } = await api('POST', '/api/workspace/setting/teams', {
      teamName: '성능 측정 팀',
      memberId: [me],
    });
    log(`workspace ${workspace.defaultTeamId}, team ${teamId}: seeding ${ISSUES} issues…`);

    const goalIds = [];
    for (const title of ['출시 준비', 'API 정리', '가입 개선', '결제 안정화']) {
      goalIds.push((await api('POST', `/api/teams/${teamId}/goals`, { title })).goalId);
    }
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < ISSUES; i = next++) {
        await api('POST', `/api/teams/${teamId}/issues`, {
          title: i % 3 === 0 ? `로그인 리다이렉트 오류 ${i + 1}` : `이슈 ${i + 1}`,
          state: STATES[i % STATES.length],
          priority: PRIORITIES[(i * 3) % PRIORITIES.length],
          managersId: i % 2 ? [me] : [],
          goalId: i % 4 === 0 ? null : goalIds[i % goalIds.length],
          deadline:
            i % 5 === 0
              ? {}
              : { start: '2026-11-01', end: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}` },
        });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    const list = `${BASE}/workspace/team/${teamId}/issue`;
    await page.goto(list);
    await page.getByTestId('item-row').first().waitFor({ timeout: 30_000 });
    return list;
  };
  let url;
  if (LOGIN) {
    // A signed-out visitor: nothing stored, the login screen as it first appears.
    url = `${BASE}/onboarding`;
    for (const visit of [url, ...(BASELINE ? [`http://localhost:${BASELINE_PORT}/onboarding`] : [])]) {
      await page.goto(visit);
      await page.getByRole('button', { name: '구글로 계속하기' }).waitFor({ timeout: 30_000 });
    }
  } else {
    url = await prepareSignedIn();
  }
  await page.goto('about:blank');
  // Lighthouse alone on the DevTools port while it traces (the browser and its profile keep running).
  await browser.close();
  browser = undefined;

  const targets = [
    { label: BASELINE ? `current (${process.env.STATIC_DIR ?? 'dist'})` : '', url, reports: [] },
    ...(BASELINE
      ? [
          {
            label: `baseline (${BASELINE})`,
            url: `http://localhost:${BASELINE_PORT}/onboarding`,
            reports: [],
          },
        ]
      : []),
  ];
  /** One Lighthouse run of `target`, tried again (up to 3 times) when Lighthouse fails. */
  const measure = async (target, r) => {
    for (let attempt = 1; ; attempt++) {
      if (!WARM) {
        // A cold HTTP cache, as Lighthouse's own storage reset would leave it, but the session kept.
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
        const blank = await cdp.contexts()[0].newPage();
        const session = await blank.context().newCDPSession(blank);
        await session.send('Network.clearBrowserCache');
        await blank.close();
        await cdp.close();
      }
      const output = path.join(work, `report-${targets.indexOf(target)}-${r + 1}.json`);
      fs.rmSync(output, { force: true });
      const code = await run('npx', [
        '-y',
        LIGHTHOUSE,
        target.url,
        `--port=${DEBUG_PORT}`,
        '--form-factor=mobile',
        '--disable-storage-reset',
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ]);
      if (code === 0 && fs.existsSync(output)) {
        const report = JSON.parse(fs.readFileSync(output, 'utf8'));
        if (!report.runtimeError) {
          target.reports.push(report);
          return;
        }
      }
      if (attempt === 3) throw new Error(`lighthouse failed 3 times (exit code ${code})`);
      log(`run ${r + 1} of ${target.url} failed (exit code ${code}): trying again`);
    }
  };
  for (let r = 0; r < RUNS; r++) {
    const order = r % 2 === 0 ? [...targets].reverse() : targets;
    for (const target of order) await measure(target, r);
  }

  /** Bytes of JavaScript the page transferred (compressed, as served), prefetches included. */
  const jsTransfer = (rep) =>
    (rep.audits['network-requests']?.details?.items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  /** Prints the summary of one target's runs. */
  const summarize = ({ label, url, reports }) => {
    const score = (category) =>
      Math.round(median(reports.map((rep) => rep.categories[category].score)) * 100);
    const metric = (id) => median(reports.map((rep) => rep.audits[id]?.numericValue ?? Number.NaN));
    const last = reports[reports.length - 1];
    console.log('');
    console.log(
      `Lighthouse ${last.lighthouseVersion}, mobile (simulated throttling), ${RUNS} run(s), ${url}` +
        (label ? ` — ${label}` : ''),
    );
    console.log(`  final URL: ${last.finalDisplayedUrl}`);
    console.log(`  performance:   ${score('performance')}`);
    console.log(`  accessibility: ${score('accessibility')}`);
    console.log(
      `  FCP ${Math.round(metric('first-contentful-paint'))} ms · LCP ${Math.round(metric('largest-contentful-paint'))} ms` +
        ` · TBT ${Math.round(metric('total-blocking-time'))} ms · CLS ${metric('cumulative-layout-shift').toFixed(3)}` +
        ` · Speed Index ${Math.round(metric('speed-index'))} ms`,
    );
    console.log(
      `  HTTP cache: ${WARM ? 'warm (returning member)' : 'cold before every run'}\n` +
        `  per run: performance ${reports.map((rep) => Math.round(rep.categories.performance.score * 100)).join(', ')}` +
        ` · load average at the end ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs` +
        ' (simulated throttling multiplies the CPU time it observed: a busy machine lowers the score)',
    );
    reports.forEach((rep, i) => {
      const value = (id) => rep.audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `  run ${String(i + 1).padStart(2)}: performance ${Math.round(rep.categories.performance.score * 100)}` +
          ` · FCP ${Math.round(value('first-contentful-paint'))} ms · LCP ${Math.round(value('largest-contentful-paint'))} ms` +
          ` · CLS ${value('cumulative-layout-shift').toFixed(3)} · TBT ${Math.round(value('total-blocking-time'))} ms` +
          ` · JS ${(jsTransfer(rep) / 1024).toFixed(1)} KB`,
      );
    });
    const display = (id) => last.audits[id]?.displayValue ?? '';
    console.log(
      `  main-thread work ${display('mainthread-work-breakdown')} · JS boot-up ${display('bootup-time')}` +
        ` · transfer ${display('total-byte-weight')} · DOM ${display('dom-size')}` +
        ` · unused JS ${display('unused-javascript')}`,
    );
    const lcp = last.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    if (lcp) console.log(`  LCP element: ${lcp.selector} "${(lcp.nodeLabel ?? '').slice(0, 40)}"`);
    const failed = last.categories.accessibility.auditRefs
      .map((ref) => last.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary');
    for (const audit of failed) {
      const items = (audit.details?.items ?? [])
        .slice(0, 4)
        .map((item) => item.node?.selector ?? '')
        .join(', ');
      console.log(`  ✗ ${audit.id}: ${audit.title}${items ? ` — ${items}` : ''}`);
    }
    if (last.finalDisplayedUrl !== url) console.log(`  warning: the page did not stay at ${url}`);
  };
  for (const target of targets) summarize(target);
  if (KEEP) console.log(`  reports: ${work}`);
} finally {
  await browser?.close().catch(() => {});
  chrome?.kill('SIGTERM');
  server.kill('SIGTERM');
  baselineServer?.kill('SIGTERM');
  await sleep(500);
  if (!KEEP) fs.rmSync(work, { recursive: true, force: true });
}

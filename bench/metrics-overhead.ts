/**
 * What the metrics' request hook costs (docs/observability.md "Cost"): two servers (`server/main.ts`, PGlite on a
 * fresh data folder each) side by side — metrics off (no hook installed) and `METRICS_TOKEN` set (the
 * `http_request_duration_seconds` hook on every request) — and `GET /api/health` (the cheapest app route, the
 * "fixed cost of a request" of docs/performance.md) loaded with autocannon, `--repeat` rounds of `--duration` s,
 * alternating the servers. Medians of req/s and of the server's CPU time a request, and the on ÷ off ratio.
 *
 * `--phase inject`: the same in one process without the network — two apps (`buildApp`, in-memory PGlite), off and
 * on, `app.inject` of `GET /api/health` in alternating batches of 4,000; medians of the CPU time a request (µs).
 * Steadier on a busy machine; both apps pay the process-wide default metrics once the "on" app started them.
 *
 *   node --import tsx bench/metrics-overhead.ts [--phase server|inject] [--route /api/health] [--duration 5] [--repeat 3] [--connections 10]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appEnv, autocannon, freePort, median, option, processCpu, serverEnv, stopServer } from './support';

const DURATION = Number(option('duration', '5'));
const REPEAT = Number(option('repeat', '3'));
const CONNECTIONS = Number(option('connections', '10'));
const TOKEN = 'bench-metrics-token-0123456789';
/** The route loaded (`--route`; an unauthenticated GET answering 200). */
const ROUTE = option('route', '/api/health');

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
}

async function start(name: string, extra: Record<string, string>): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `momentum-bench-metrics-${name}-`));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...serverEnv(dir, null, port, 'info'), ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}${ROUTE}`)).ok) return { name, child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name}: not ready`);
}

if (option('phase', 'server') === 'inject') {
  await injectPhase();
  process.exit(0);
}

async function injectPhase(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-metrics-inject-'));
  const env = { ...appEnv(dir, null), DATABASE_URL: 'memory://' };
  const off = await buildApp(loadConfig(env));
  const on = await buildApp(loadConfig({ ...env, METRICS_TOKEN: TOKEN }));
  await Promise.all([off.ready(), on.ready()]);
  const batch = async (app: typeof on, n = 4000) => {
    const started = process.cpuUsage();
    for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: ROUTE });
    const used = process.cpuUsage(started);
    return (used.user + used.system) / n;
  };
  const runs: Record<'off' | 'on', number[]> = { off: [], on: [] };
  for (let i = 0; i < 2; i++) await Promise.all([batch(off, 1000), batch(on, 1000)]);
  for (let round = 0; round < Math.max(REPEAT, 5); round++) {
    runs.off.push(await batch(off));
    runs.on.push(await batch(on));
  }
  const offUs = median(runs.off);
  const onUs = median(runs.on);
  process.stdout.write(
    `app.inject GET ${ROUTE}, ${runs.off.length} batches of 4,000, medians: off ${offUs.toFixed(1)} µs, ` +
      `on ${onUs.toFixed(1)} µs CPU a request; on ÷ off ${(onUs / offUs).toFixed(3)} ` +
      `(+${(onUs - offUs).toFixed(2)} µs)\n`,
  );
  await Promise.all([off.close(), on.close()]);
}

const servers = [await start('off', {}), await start('on', { METRICS_TOKEN: TOKEN })];
try {
  const samples = new Map<string, { rps: number[]; cpuMs: number[] }>();
  for (const s of servers) await autocannon(`${s.base}${ROUTE}`, 'none', 2, CONNECTIONS);
  for (let round = 0; round < REPEAT; round++) {
    for (const s of servers) {
      const before = processCpu(s.child.pid!)!;
      const run = await autocannon(`${s.base}${ROUTE}`, 'none', DURATION, CONNECTIONS);
      const cpuMs = (processCpu(s.child.pid!)! - before) / run.total;
      const sample = samples.get(s.name) ?? { rps: [], cpuMs: [] };
      sample.rps.push(run.rps);
      sample.cpuMs.push(cpuMs);
      samples.set(s.name, sample);
      process.stdout.write(
        `round ${round + 1} ${s.name}: ${run.rps.toFixed(0)} req/s, ${cpuMs.toFixed(4)} ms CPU\n`,
      );
    }
  }
  const scrape = await fetch(`${servers[1]!.base}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const routeLabel = ROUTE.split('?')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const observed = new RegExp(
    `http_request_duration_seconds_count\\{[^}]*route="${routeLabel}"[^}]*\\} (\\d+)`,
  ).exec(await scrape.text());
  const m = (name: string, key: 'rps' | 'cpuMs') => median(samples.get(name)![key]);
  process.stdout.write(
    `\nGET ${ROUTE}, ${CONNECTIONS} connections, ${REPEAT} × ${DURATION} s, medians:\n` +
      `  metrics off: ${m('off', 'rps').toFixed(0)} req/s, ${m('off', 'cpuMs').toFixed(4)} ms CPU a request\n` +
      `  metrics on:  ${m('on', 'rps').toFixed(0)} req/s, ${m('on', 'cpuMs').toFixed(4)} ms CPU a request ` +
      `(${observed?.[1] ?? '?'} requests observed)\n` +
      `  on ÷ off: CPU ${(m('on', 'cpuMs') / m('off', 'cpuMs')).toFixed(3)}, ` +
      `req/s ${(m('on', 'rps') / m('off', 'rps')).toFixed(3)}\n`,
  );
} finally {
  for (const s of servers) await stopServer(s);
}

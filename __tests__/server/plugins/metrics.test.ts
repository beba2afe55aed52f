import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../../server/config';
import { countJob } from '../../../server/metrics';
import { openStream } from '../support/events';
import { deliverWebhook } from '../support/integrations';
import { testEnv, useTestApp } from '../support/test-app';
import { createWorkspaceWith } from '../support/workspaces';

/**
 * Prometheus metrics (docs/observability.md): who may read `/metrics` (off by default, a bearer token on the app's
 * port, or a separate internal port), and that the numbers an operator graphs move when the server works.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const WEBHOOK_SECRET = 'webhook-secret-for-metrics-0123';

/** One sample of the exposition `text`: `name{labels} value`, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]!] = pair[2]!;
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const run = useTestApp({ env: { METRICS_TOKEN: TOKEN, GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET } });

describe('exposure', () => {
  it('is off by default: /metrics is a 404 envelope like any unknown path', async () => {
    const off = await run.another();
    const res = await off.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'COMMON404', result: null });
    expect((await off.inject({ method: 'POST', url: '/metrics' })).statusCode).toBe(404);
    expect(off.metricsServer).toBeNull();
  });

  it('with METRICS_TOKEN, answers only the right bearer token (401 envelope otherwise)', async () => {
    const { app } = run;
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ isSuccess: false, code: 'COMMON401', result: null });
    expect(none.body).not.toContain('http_request_duration_seconds');

    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);

    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
    // The app's usual response headers (helmet's, the request id) are there too.
    expect(right.headers['x-content-type-options']).toBe('nosniff');
    expect(right.headers['x-request-id']).toBeDefined();
    // Node's process metrics are there too.
    expect(sample(right.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(right.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('with METRICS_PORT, serves /metrics only on the internal listener, without a token', async () => {
    const internal = await run.another({ env: { METRICS_PORT: '0' } });
    const main = await internal.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(main.statusCode).toBe(404);
    expect(main.json()).toMatchObject({ code: 'COMMON404' });

    const address = internal.metricsServer!.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address.port}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // The request to the main port above is in this app's histogram.
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/metrics', status_code: '404' }),
    ).toBe(1);

    const other = await fetch(`${base}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'COMMON404' });
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('with METRICS_PORT and METRICS_TOKEN, the internal listener asks for the token too', async () => {
    const both = await run.another({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    const { port } = both.metricsServer!.address() as AddressInfo;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const ok = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.status).toBe(200);
    await both.close();
    // Closing the app closes its listener.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(testEnv(env));
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('reports bad metrics settings by variable', () => {
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
    expect(problems({ METRICS_TOKEN: 'has a space in it, 1234567890' })).toEqual([
      'METRICS_TOKEN: must be printable ASCII without spaces',
    ]);
    expect(problems({ METRICS_PORT: '70000' })).toEqual(['METRICS_PORT: must be at most 65535']);
    expect(problems({ METRICS_PORT: 'nine' })).toEqual(['METRICS_PORT: must be a whole number']);
    expect(problems({ METRICS_HOST: '0.0.0.0' })).toEqual([
      'METRICS_HOST: only used with METRICS_PORT (the internal metrics listener); set METRICS_PORT',
    ]);
    expect(problems({ PORT: '3000', METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT: must differ from PORT (3000); the metrics listener is a separate port',
    ]);
    expect(problems({ METRICS_PORT: '9464', METRICS_HOST: 'not a host!' })[0]).toMatch(/^METRICS_HOST: /);
  });

  it('maps the variables to a mode (off unless a token or a port is set)', () => {
    expect(loadConfig(testEnv()).metrics).toEqual({
      mode: 'off',
      token: undefined,
      port: undefined,
      host: '127.0.0.1',
    });
    expect(loadConfig(testEnv({ METRICS_TOKEN: TOKEN })).metrics.mode).toBe('token');
    expect(loadConfig(testEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).metrics).toMatchObject({
      mode: 'port',
      port: 9464,
      host: '0.0.0.0',
    });
  });
});

describe('what the metrics show', () => {
  it('observes each request under its route pattern and status, never the raw URL', async () => {
    const { app } = run;
    const before = await scrape(app);
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, 'http_request_duration_seconds_count', labels) ?? 0;
    const detail = { method: 'GET', route: '/api/issues/:issueId', status_code: '401' };
    const unknown = { method: 'GET', route: '(unmatched)', status_code: '404' };

    await app.inject({ method: 'GET', url: '/api/issues/12345' });
    await app.inject({ method: 'GET', url: '/api/issues/67890' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing/secret-looking-path' });

    const after = await scrape(app);
    expect(count(after, detail) - count(before, detail)).toBe(2);
    expect(count(after, unknown) - count(before, unknown)).toBe(1);
    expect(after).not.toContain('12345');
    expect(after).not.toContain('secret-looking-path');
    // Buckets are cumulative: the +Inf bucket holds every observation.
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...detail, le: '+Inf' })).toBe(
      count(after, detail),
    );
  });

  it('counts published events by type, and shows the database pool and open streams', async () => {
    const { app } = run;
    const before = await scrape(app);
    const joined = (text: string) =>
      sample(text, 'momentum_events_published_total', { type: 'member.joined' }) ?? 0;
    const team = await createWorkspaceWith(app, 'metrics1', '관리자', ['동료']);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(app, team.owner);
    try {
      const after = await scrape(app);
      expect(joined(after) - joined(before)).toBe(1);
      expect(sample(after, 'momentum_event_streams_open')).toBe(1);
      // The embedded database is one connection; nothing is waiting between requests.
      const total = sample(after, 'momentum_db_pool_connections', { state: 'total' })!;
      if (run.testDb.database.kind === 'pglite') expect(total).toBe(1);
      else expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'momentum_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
      expect(sample(after, 'momentum_db_pool_waiting')).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('counts the reminder job runs, and a failing run as a failure', async () => {
    const { app } = run;
    const runs = (text: string, job: string) => sample(text, 'momentum_job_runs_total', { job }) ?? 0;
    const failures = (text: string, job: string) => sample(text, 'momentum_job_failures_total', { job }) ?? 0;
    const before = await scrape(app);
    await app.alarms.runReminder();
    await app.alarms.runReminder();
    const after = await scrape(app);
    expect(runs(after, 'deadline_reminder') - runs(before, 'deadline_reminder')).toBe(2);
    expect(failures(after, 'deadline_reminder')).toBe(failures(before, 'deadline_reminder'));

    await expect(
      countJob('deadline_reminder', async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    const failed = await scrape(app);
    expect(failures(failed, 'deadline_reminder') - failures(before, 'deadline_reminder')).toBe(1);
    // The event hub prunes the outbox once when it starts.
    expect(runs(failed, 'outbox_prune')).toBeGreaterThanOrEqual(1);
  });

  it('counts GitHub webhook deliveries by event and outcome', async () => {
    const { app } = run;
    const deliveries = (text: string, labels: Record<string, string>) =>
      sample(text, 'momentum_github_webhook_deliveries_total', labels) ?? 0;
    const before = await scrape(app);
    expect((await deliverWebhook(app, WEBHOOK_SECRET, 'ping', { zen: 'hi' })).statusCode).toBe(200);
    expect((await deliverWebhook(app, WEBHOOK_SECRET, 'star', { action: 'created' })).statusCode).toBe(200);
    const forged = await deliverWebhook(app, 'another-secret-0123456789', 'issues', { action: 'opened' });
    expect(forged.statusCode).toBe(401);
    const after = await scrape(app);
    const delta = (labels: Record<string, string>) => deliveries(after, labels) - deliveries(before, labels);
    expect(delta({ event: 'ping', outcome: 'unchanged' })).toBe(1);
    expect(delta({ event: 'star', outcome: 'ignored' })).toBe(1);
    // An unsigned sender's event name is not trusted as a label.
    expect(delta({ event: 'unverified', outcome: 'bad_signature' })).toBe(1);
    expect(deliveries(after, { event: 'issues' })).toBe(0);
  });
});

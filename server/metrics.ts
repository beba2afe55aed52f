import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process-wide Prometheus metrics (docs/observability.md "Metrics"): what modules count with a one-line `.inc()`
 * wherever it happens — events published, background job runs, GitHub webhook deliveries — plus Node's default
 * process metrics. They live in this module's own registry (never prom-client's global one), created once per module
 * instance, so building several apps in one process (Jest) never registers a name twice. The per-app metrics (request
 * durations, database pool, open event streams) are in the registry server/plugins/metrics.ts makes for each app;
 * `/metrics` answers both.
 *
 * Counters count for the whole process: in production one process runs one app, so they are that server's counts
 * (tests with several apps in one process see the sum).
 */
export const processRegistry = new Registry();

/** `momentum_events_published_total{type}`: live events written to the outbox (contract/events.ts types). */
export const eventsPublished = new Counter({
  name: 'momentum_events_published_total',
  help: 'Live events published (written to the event outbox), by event type',
  labelNames: ['type'] as const,
  registers: [processRegistry],
});

/** Background jobs counted by `countJob`. */
export type JobName = 'deadline_reminder' | 'outbox_prune';

/** `momentum_job_runs_total{job}`: runs started (failed ones included). */
export const jobRuns = new Counter({
  name: 'momentum_job_runs_total',
  help: 'Background job runs started (deadline_reminder: the daily reminder; outbox_prune: event outbox pruning)',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

/** `momentum_job_failures_total{job}`: runs that failed (threw). */
export const jobFailures = new Counter({
  name: 'momentum_job_failures_total',
  help: 'Background job runs that failed',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

/**
 * `momentum_github_webhook_deliveries_total{event, outcome}`: deliveries to `POST /api/github/webhook`. `event` is
 * the `X-GitHub-Event` of a delivery whose signature was checked (else `unverified`); `outcome` is the result's
 * outcome (`created`, `linked`, `updated`, `unchanged`, `duplicate`, `ignored`) or the refusal (`bad_signature`,
 * `malformed`, `not_configured`, `too_large`, `rate_limited`, `error`).
 */
export const webhookDeliveries = new Counter({
  name: 'momentum_github_webhook_deliveries_total',
  help: 'GitHub webhook deliveries received, by event and outcome',
  labelNames: ['event', 'outcome'] as const,
  registers: [processRegistry],
});

/** Runs `job` as one run of `name`: counts the run, and the failure when it throws (rethrown). */
export async function countJob<T>(name: JobName, job: () => Promise<T>): Promise<T> {
  jobRuns.inc({ job: name });
  try {
    return await job();
  } catch (error) {
    jobFailures.inc({ job: name });
    throw error;
  }
}

const WEBHOOK_EVENT = /^[a-z_]{1,64}$/;
const WEBHOOK_REFUSALS: Record<number, string> = {
  400: 'malformed',
  401: 'bad_signature',
  413: 'too_large',
  415: 'malformed',
  429: 'rate_limited',
  503: 'not_configured',
};

/**
 * Counts one answered GitHub webhook delivery from its response (`statusCode`, the serialized envelope `payload`):
 * a 200's `result.outcome`, else the refusal the status stands for. Never throws.
 */
export function countWebhookDelivery(eventHeader: unknown, statusCode: number, payload: unknown): void {
  let outcome = WEBHOOK_REFUSALS[statusCode] ?? (statusCode >= 500 ? 'error' : `status_${statusCode}`);
  if (statusCode === 200 && typeof payload === 'string') {
    const match = /"outcome":"([a-z]{1,20})"/.exec(payload);
    outcome = match?.[1] ?? 'unknown';
  }
  // Refused before the signature was checked: the event header is the sender's word only.
  const verified = ![401, 413, 415, 429, 503].includes(statusCode);
  const event =
    verified && typeof eventHeader === 'string' && WEBHOOK_EVENT.test(eventHeader)
      ? eventHeader
      : 'unverified';
  webhookDeliveries.inc({ event, outcome });
}

let defaultMetricsOn = false;

/**
 * Starts Node's default process metrics (CPU, memory, event loop lag, GC, handles; prom-client
 * `collectDefaultMetrics`) in `processRegistry`, once: only when metrics are enabled, so a server without them
 * runs no event-loop monitor.
 */
export function startDefaultMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}

import { defineConfig } from '@playwright/test';
import { clusterDirFor } from './scripts/cluster/cluster';
import { chromiumUse } from './e2e/chromium';

/**
 * The proxy journey (issue #25; e2e-cluster/): the production shape of docs/deployment.md on this machine, brought up
 * by scripts/cluster/up.sh in globalSetup — the machine's PostgreSQL (a fresh database), two app servers (the built
 * bundle, `npm run serve`'s command) on CLUSTER_APP_PORTS, Debian's nginx with deploy/nginx/momentum.conf and a
 * self-signed certificate on CLUSTER_HTTPS_PORT — and torn down in globalTeardown (the database dropped; the logs
 * copied to e2e/.artifacts/cluster/logs). Browsers are Debian's Chromium, as in playwright.config.ts.
 * `npm run test:cluster`.
 */
const httpsPort = Number(process.env.CLUSTER_HTTPS_PORT ?? 8443);
process.env.CLUSTER_HTTPS_PORT = String(httpsPort);
process.env.CLUSTER_HTTP_PORT ??= '8080';
process.env.CLUSTER_APP_PORTS ??= '3411 3412';
// Fixed per port, so the config, globalSetup, the worker and globalTeardown (separate processes) agree on it.
process.env.CLUSTER_DIR ??= clusterDirFor(`e2e-${httpsPort}`);

export default defineConfig({
  testDir: './e2e-cluster',
  outputDir: './e2e/.artifacts/cluster/results',
  globalSetup: './e2e-cluster/global-setup.ts',
  globalTeardown: './e2e-cluster/global-teardown.ts',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `https://localhost:${httpsPort}`,
    ignoreHTTPSErrors: true,
    ...chromiumUse,
  },
});

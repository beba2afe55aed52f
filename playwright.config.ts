import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser suite in Debian's Chromium (/usr/bin/chromium, no Playwright browser download). Playwright starts
 * the real server on the built SPA with a fresh embedded database (a new temporary DATA_DIR per run) and the
 * development sign-in (NODE_ENV=test, no OAuth client ids). Screenshots go to e2e/.artifacts/screenshots.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'test -f dist/index.html || npm run build; node --import tsx server/main.ts',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; the default (sign-in routes: 30 a minute) would throttle the suite.
      RATE_LIMIT_MAX: '2000',
      GOOGLE_CLIENT_ID: '',
      KAKAO_CLIENT_ID: '',
      DATABASE_URL: '',
    },
  },
});

import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumUse } from './e2e/chromium';

/**
 * Browser suite in Debian's Chromium (/usr/bin/chromium, no Playwright browser download). Playwright starts
 * the real server on the built SPA with a fresh embedded database (a new temporary DATA_DIR per run) and the
 * development sign-in (NODE_ENV=test, no OAuth client ids). Screenshots go to e2e/.artifacts/screenshots.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-e2e-'));

/**
 * GitHub and Slack are the local fake (scripts/fake-integrations.ts) on its own port, with a GitHub App key made
 * for this run: the app signs App JWTs with the private key, the fake verifies them with the public one.
 */
const fakePort = Number(process.env.E2E_FAKE_PORT ?? port + 90);
const fakeURL = `http://127.0.0.1:${fakePort}`;
const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPath = path.join(dataDir, 'github-app.pub.pem');
fs.writeFileSync(publicKeyPath, appKey.publicKey.export({ type: 'spki', format: 'pem' }));
const GITHUB_APP_ID = '31337';
/** The App's OAuth client: the install callback exchanges the installer's code with it (the fake checks both). */
const GITHUB_APP_CLIENT_ID = 'Iv1.e2eclient31337';
const GITHUB_APP_CLIENT_SECRET = 'e2e-github-client-secret';

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  /**
   * Three widths (issue #21 "Proof"): every spec runs on desktop (1440×900) as before; the responsive journey
   * (e2e/responsive.spec.ts) also runs on a phone (390×844, touch, device scale 3) and a tablet (768×1024). The
   * other specs stay desktop-only so CI time stays where it was.
   */
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      testMatch: /responsive\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
    {
      name: 'tablet',
      testMatch: /responsive\.spec\.ts$/,
      use: { viewport: { width: 768, height: 1024 }, hasTouch: true },
    },
  ],
  use: {
    baseURL,
    ...chromiumUse,
  },
  webServer: [
    {
      command: 'node --import tsx scripts/fake-integrations.ts',
      url: `${fakeURL}/__fake/records`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        FAKE_PORT: String(fakePort),
        APP_PUBLIC_URL: baseURL,
        FAKE_GITHUB_PUBLIC_KEY_PATH: publicKeyPath,
        GITHUB_APP_ID,
        GITHUB_APP_CLIENT_ID,
        GITHUB_APP_CLIENT_SECRET,
      },
    },
    {
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
        GITHUB_APP_ID,
        GITHUB_APP_PRIVATE_KEY: appKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        GITHUB_APP_CLIENT_ID,
        GITHUB_APP_CLIENT_SECRET,
        GITHUB_API_URL: fakeURL,
        GITHUB_WEB_URL: fakeURL,
        GITHUB_WEBHOOK_SECRET: 'e2e-webhook-secret-0123456789',
        SLACK_CLIENT_ID: 'e2e-slack-client',
        SLACK_CLIENT_SECRET: 'e2e-slack-secret',
        SLACK_API_URL: `${fakeURL}/api/`,
        SLACK_AUTHORIZE_URL: `${fakeURL}/oauth/v2/authorize`,
      },
    },
  ],
});

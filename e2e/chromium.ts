import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * What every browser suite shares (playwright.config.ts, playwright.cluster.config.ts): Debian's Chromium
 * (`/usr/bin/chromium`, or `CHROMIUM_PATH`) headless with no background traffic, Korean locale and Seoul time, a
 * 1440×900 desktop, traces and screenshots kept for failures.
 */
export const chromiumUse = {
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
} satisfies PlaywrightTestConfig['use'];

import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** The system Chromium (Debian's package, or CHROMIUM_PATH) when there is one; else Playwright's own browser. */
const systemChromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './e2e',
  // `npm run screenshots` (SCREENSHOTS=1) takes the README's pictures instead of running the tests.
  testMatch: process.env.SCREENSHOTS ? '**/*.shots.ts' : '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});

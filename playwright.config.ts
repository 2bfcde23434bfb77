import { defineConfig } from '@playwright/test';
import { systemBrowser } from './e2e/support/system-browser.mjs';
import { CHROMIUM_ARGS } from './walkthrough/load-playwright';

/**
 * The browser the tests launch (e2e/support/system-browser.mjs), written back to CHROMIUM_PATH so
 * what the tests start (the packed kit's Playwright run, `demo`, exported specs) launches the same one.
 */
const systemChromium = systemBrowser();
if (systemChromium) process.env.CHROMIUM_PATH = systemChromium;

/** Run only from the packed tarball, in a user's folder (package.spec.ts): running it here too would prove nothing more. */
const USER_FOLDER_ONLY = ['**/kit-any-order.spec.ts'];
const PACKAGE_SPEC = '**/package.spec.ts';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // A deadline, not a speed: on a shared two-core machine a page, its inspector and servers can take this long.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  // No retry: a test that fails once has failed, and a test that fails by chance is a defect to fix.
  // Recording a trace on every run cost the passing tests ~17 % of the browser tests' CPU, so none is
  // recorded; `npx playwright test --trace on e2e/x.spec.ts` records one for a failure being looked into.
  retries: 0,
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // `npm test` reads it at the end to say which files took the workers' time.
    ...(process.env.E2E_TIMES_FILE ? [['json', { outputFile: process.env.E2E_TIMES_FILE }] as const] : []),
  ],
  use: {
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: CHROMIUM_ARGS,
    },
  },
  // `npm run screenshots` (SCREENSHOTS=1) takes the README's pictures instead of running the tests.
  projects: process.env.SCREENSHOTS
    ? [{ name: 'screenshots', testMatch: '**/*.shots.ts', use: { viewport: { width: 1440, height: 900 } } }]
    : [
        // First in the queue: its serial run in a user's folder (pack, install, a Playwright run there) is the
        // longest single test; started last, as it was in the alphabetical order, it ran alone at the end.
        // Each of its tests runs the packed CLI from its installed bin (npx only where npx is the point), several times.
        { name: 'package', testMatch: PACKAGE_SPEC, timeout: 180_000, use: { viewport: { width: 1440, height: 900 } } },
        // One project: every page starts at 1440×900. What the window's size changes is checked at 1280×720
        // too by resizing the same page inside a test (e2e/support/window-sizes.ts): layout.spec.ts,
        // layout-reach.spec.ts (which trial-clicks every control the README lists with every panel folded and
        // open, which is why the connect, URL-flow and rules specs need no second size) and the accessibility
        // audit (the light theme at 1280×720, the dark at 1440×900); the README contract runs at 1280×720
        // alone (its specs' test.use), the smaller window being the harder one. A second project at 1280×720
        // ran those files again, a new page and session for every test at every size.
        {
          name: '1440x900',
          testMatch: '**/*.spec.ts',
          testIgnore: [...USER_FOLDER_ONLY, PACKAGE_SPEC],
          use: { viewport: { width: 1440, height: 900 } },
        },
      ],
});

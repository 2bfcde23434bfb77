/**
 * Playwright fixtures: `inspector` is the real inspector, started for each test against
 * the server the test names (or, with `inspectorShared`, kept by the worker and given a
 * fresh session for each test); `app` is its page, opened and (unless told not to
 * connect) connected. The browser is the one at CHROMIUM_PATH when that is set.
 */
import { test as base } from '@playwright/test';
import { InspectorPage } from './inspector-page.js';
import { canShare, InspectorPool } from './inspector-pool.js';
import { CONTROL_WAIT_MS } from './page-account.js';
import { startInspector, type Inspector, type InspectorTarget } from './start-inspector.js';

export type InspectorFixtures = {
  /** The MCP server under test (stdio command line or URL); the inspector's demo server when undefined. */
  inspectorTarget: InspectorTarget | undefined;
  /** Protocol version the client offers (`auto` when undefined). */
  inspectorProtocol: string | undefined;
  /** Further inspector command-line options (e.g. `['--timeout', '5']`, or `['--', 'node', 'server.js']`). */
  inspectorArgs: string[];
  /**
   * Share one inspector among a worker's tests with the same target, protocol and arguments:
   * before each test its sessions are ended and deleted and the start-up connection is made
   * again, so the page shows one new session. Faster; not for tests about the process itself
   * (start-up, output, stopping it) or what it remembers for the rest of a run. Off by default.
   */
  inspectorShared: boolean;
  /**
   * How long a kit method waits for a control it is about to use (a field, a button, a call in
   * the log) before failing with what the page shows, in milliseconds. 10 000 by default.
   */
  inspectorControlWaitMs: number;
  inspector: Inspector;
  app: InspectorPage;
};

type InspectorWorkerFixtures = { inspectorPool: InspectorPool };

export const test = base.extend<InspectorFixtures, InspectorWorkerFixtures>({
  // An existing Chromium (CHROMIUM_PATH) instead of Playwright's download, unless the config names a browser itself.
  launchOptions: [
    async ({ launchOptions }, use) => {
      const executablePath = process.env.CHROMIUM_PATH;
      await use(executablePath && !launchOptions.executablePath && !launchOptions.channel ? { ...launchOptions, executablePath } : launchOptions);
    },
    { scope: 'worker', box: true },
  ],
  inspectorTarget: [undefined, { option: true }],
  inspectorProtocol: [undefined, { option: true }],
  inspectorArgs: [[], { option: true }],
  inspectorShared: [false, { option: true }],
  inspectorControlWaitMs: [CONTROL_WAIT_MS, { option: true }],
  inspectorPool: [
    // Playwright reads a fixture's dependencies from this pattern: none, written as it requires.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pool = new InspectorPool();
      try {
        await use(pool);
      } finally {
        await pool.stop();
      }
    },
    { scope: 'worker' },
  ],
  inspector: async ({ inspectorTarget, inspectorProtocol, inspectorArgs, inspectorShared, inspectorPool }, use) => {
    const options = { target: inspectorTarget, protocol: inspectorProtocol, args: inspectorArgs };
    if (inspectorShared && canShare(inspectorArgs)) {
      await use(await inspectorPool.acquire(options));
      return;
    }
    const inspector = await startInspector(options);
    try {
      await use(inspector);
    } finally {
      await inspector.stop();
    }
  },
  app: async ({ page, inspector, inspectorArgs, inspectorControlWaitMs }, use) => {
    const app = new InspectorPage(page, inspector, { controlWaitMs: inspectorControlWaitMs });
    await app.open();
    if (!inspectorArgs.includes('--no-connect')) await app.waitConnected();
    await use(app);
  },
});

export { expect } from '@playwright/test';

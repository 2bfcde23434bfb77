/**
 * Playwright fixtures: `inspector` is the real inspector, started for each test against
 * the server the test names; `app` is its page, opened and (unless told not to connect)
 * connected.
 */
import { test as base } from '@playwright/test';
import { InspectorPage } from './inspector-page.js';
import { startInspector, type Inspector, type InspectorTarget } from './start-inspector.js';

export type InspectorFixtures = {
  /** The MCP server under test (stdio command line or URL); the inspector's demo server when undefined. */
  inspectorTarget: InspectorTarget | undefined;
  /** Protocol version the client offers (`auto` when undefined). */
  inspectorProtocol: string | undefined;
  /** Further inspector command-line options (e.g. `['--timeout', '5']`, or `['--', 'node', 'server.js']`). */
  inspectorArgs: string[];
  inspector: Inspector;
  app: InspectorPage;
};

export const test = base.extend<InspectorFixtures>({
  inspectorTarget: [undefined, { option: true }],
  inspectorProtocol: [undefined, { option: true }],
  inspectorArgs: [[], { option: true }],
  inspector: async ({ inspectorTarget, inspectorProtocol, inspectorArgs }, use) => {
    const inspector = await startInspector({ target: inspectorTarget, protocol: inspectorProtocol, args: inspectorArgs });
    try {
      await use(inspector);
    } finally {
      await inspector.stop();
    }
  },
  app: async ({ page, inspector, inspectorArgs }, use) => {
    const app = new InspectorPage(page, inspector);
    await app.open();
    if (!inspectorArgs.includes('--no-connect')) await app.waitConnected();
    await use(app);
  },
});

export { expect } from '@playwright/test';

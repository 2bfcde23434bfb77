/**
 * Playwright fixtures: `inspector` is the real proxy, started per test with the
 * arguments the test asks for; `app` is the page, opened at the URL it printed.
 */
import { test as base } from '@playwright/test';
import { InspectorPage } from './pages/inspector-page';
import { startInspector, type Inspector } from './support/processes';

type Fixtures = {
  /** Command-line arguments for the inspector (default: the demo server). */
  inspectorArgs: string[];
  inspector: Inspector;
  app: InspectorPage;
};

export const test = base.extend<Fixtures>({
  inspectorArgs: [[], { option: true }],
  inspector: async ({ inspectorArgs }, use) => {
    const inspector = await startInspector(inspectorArgs);
    await use(inspector);
    await inspector.stop();
  },
  app: async ({ page, inspector }, use) => {
    const app = new InspectorPage(page, inspector);
    await app.open();
    await use(app);
  },
});

export { expect } from '@playwright/test';

/**
 * Vitest's global setup installs e2e/node22 (Node 22 and mcp-use, e2e/support/node22.ts) once, before any
 * test file starts, when it is not installed yet. Three files need it (the mcp-use audit and tap tests,
 * and the judge's runtime errors); installed from one of their `beforeAll` hooks, a slow registry or a
 * loaded machine could run the install (6-10 s here, ~270 MB) past the hook's deadline and fail a test
 * that had nothing wrong with it, and two of them starting at once installed it twice. Here it has no
 * deadline. An install that fails (offline) stops nothing: the other tests run, and those three try
 * again and fail with npm's message. Playwright's setup does not install it: no browser test runs
 * mcp-use, and `npm test` runs both setups side by side. The bench, which runs no global setup,
 * installs it on first use.
 */
import { node22 } from './node22';

export default function setup(): void {
  try {
    node22();
  } catch (error) {
    console.warn(`${(error as Error).message}\nThe tests that run on Node 22 will try again.`);
  }
}

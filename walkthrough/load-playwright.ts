/**
 * Playwright is an optional peer dependency: only `elicitation-inspector demo` needs it.
 * Found as playwright-core, playwright or @playwright/test, whichever the project has.
 */
import type { BrowserType } from 'playwright-core';

export const MISSING_PLAYWRIGHT =
  'elicitation-inspector demo drives a browser with Playwright, which is not installed here.\n' +
  'Install it beside the inspector:  npm i -D playwright-core\n' +
  'and a browser if you have none:    npx playwright install chromium   (or set CHROMIUM_PATH to a Chromium)';

/**
 * Headless Chromium without the parts a walkthrough never uses: no GPU process (software GL
 * on a busy CI machine can stall a screenshot), no background fetches, updates or sync, and no
 * sandbox (containers and CI runners often cannot give Chromium one).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const CANDIDATES = ['playwright-core', 'playwright', '@playwright/test'];

/** Chromium from the first Playwright package that loads; undefined when none is installed. */
export async function loadChromium(load: (name: string) => Promise<unknown> = (name) => import(name)): Promise<BrowserType | undefined> {
  for (const name of CANDIDATES) {
    try {
      const loaded = await load(name);
      if (typeof loaded === 'object' && loaded !== null && 'chromium' in loaded) return loaded.chromium as BrowserType;
    } catch {
      // Not installed under this name: try the next one.
    }
  }
  return undefined;
}

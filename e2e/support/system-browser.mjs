// The browser the tests launch, in one place for playwright.config.ts and ensure-browser.mjs:
// CHROMIUM_PATH when set; else Debian's headless shell, the build Playwright itself runs headless
// tests in (0.5 s of CPU to load the page against 1.3 s for the full Chromium, when the browser
// was 43 % of a CI run's CPU); else the system Chromium. Undefined: Playwright's own, if any.
import { existsSync } from 'node:fs';

export const SYSTEM_BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function systemBrowser(env = process.env) {
  return env.CHROMIUM_PATH || SYSTEM_BROWSERS.find((path) => existsSync(path));
}

// Before the browser tests: find a Chromium, or get one where that is possible,
// or say exactly what to do. The same choice as playwright.config.ts (system-browser.mjs), then Playwright's own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { systemBrowser } from './system-browser.mjs';

const system = systemBrowser();
if (system) {
  console.log(`Browser tests use ${system}.`);
  process.exit(0);
}
if (existsSync(chromium.executablePath())) {
  console.log(`Browser tests use Playwright's Chromium at ${chromium.executablePath()}.`);
  process.exit(0);
}
console.log('No Chromium found; trying `npx playwright install chromium`…');
const install = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
if (install.status === 0 && existsSync(chromium.executablePath())) process.exit(0);
console.error(`
No browser for the end-to-end tests, and none could be downloaded here.
Install one, then run the tests again:
  Debian/Ubuntu:   sudo apt-get install -y chromium-headless-shell   (or chromium)
  Any machine:     npx playwright install chromium   (needs access to Playwright's download host)
  Or point at one: CHROMIUM_PATH=/path/to/chromium npm test
`);
process.exit(1);

/**
 * `npm run bench -- sessions`: opening a recorded session of 10k, 100k and 1M
 * entries in the page (from the page load to its last rows on screen, three times,
 * the median reported) and a filter over the whole of it (from typing to the
 * count changing, the first time), with the old
 * path beside it where it still exists: the whole log replayed over the socket.
 * A smaller session is opened first, untimed, so the first figure is not the
 * browser's cold start (its first page load, its first windowed session).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { InspectorClient } from '../support/inspector-client';
import { ROOT, type Inspector } from '../support/processes';
import { importSessionFile, writeSessionFile } from './session-upload';

type Report = (what: string, value: string, target?: string) => void;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

/** Opens timed per size; the median is reported. */
const OPENS_PER_SIZE = 3;
/** Entries of the untimed session opened first; windowed like the measured ones (WINDOWED_MIN_ENTRIES is 5,000). */
const WARM_UP_ENTRIES = 6000;

async function writeSession(count: number): Promise<string> {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  return writeSessionFile(join(ROOT, `.tmp/bench-session-${count}.jsonl`), count, `bench-${count}`);
}

/** Load the page and open the session of `count` entries, to its last rows on screen; how long that took. */
async function openInPage(inspector: Inspector, page: Page, count: number): Promise<number> {
  // Timed from the page load: the page shows the newest session by itself, and the generated ones all start
  // at the same moment, so this one may need its Open.
  const t0 = performance.now();
  await page.goto(inspector.url);
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const row = page
    .getByRole('dialog', { name: 'Sessions' })
    .getByRole('listitem')
    .filter({ hasText: `${count} entries` });
  const open = row.getByRole('button', { name: 'Open', exact: true });
  if (await open.count()) await open.click();
  else await page.keyboard.press('Escape');
  await page
    .getByRole('listbox', { name: 'Log entries' })
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${count}\\b`) })
    .and(page.locator(':not([aria-busy="true"])'))
    .waitFor({ timeout: 300_000 });
  return performance.now() - t0;
}

export async function bigSessions(inspector: Inspector, client: InspectorClient, page: Page, report: Report): Promise<void> {
  await importSessionFile(inspector, await writeSession(WARM_UP_ENTRIES));
  await openInPage(inspector, page, WARM_UP_ENTRIES);
  for (const count of [10_000, 100_000, 1_000_000]) {
    const label = `${count / 1000}k`.replace('1000k', '1M');
    const file = await writeSession(count);
    const sessionId = await importSessionFile(inspector, file);
    if (count <= 100_000) {
      // The old path, still used for live sessions: every entry sent over the socket.
      const t0 = performance.now();
      await client.send('subscribe', { sessionId, afterSeq: 0 });
      report(`${label} entries: replay the whole log over the socket (the old open)`, ms(performance.now() - t0));
      client.events.length = 0;
    }
    // Three opens, the median reported: on a shared machine one figure alone says more about the neighbours than the page.
    const opens: number[] = [];
    for (let i = 0; i < OPENS_PER_SIZE; i++) opens.push(await openInPage(inspector, page, count));
    const sorted = [...opens].sort((a, b) => a - b);
    report(
      `${label} entries: load the page and open it, to its last rows on screen (median of ${OPENS_PER_SIZE}: ${opens.map((x) => x.toFixed(0)).join(', ')})`,
      ms(sorted[Math.floor(OPENS_PER_SIZE / 2)]),
      '< 1 s, flat',
    );
    const filterMs = await page.evaluate(
      (total) =>
        new Promise<number>((resolve) => {
          const countLabel = document.querySelector('[aria-label="Entry count"]')!;
          const search = document.querySelector('[aria-label="Search log"]') as HTMLInputElement;
          const observer = new MutationObserver(() => {
            if (countLabel.textContent !== `${total} entries`) {
              observer.disconnect();
              resolve(performance.now() - t0);
            }
          });
          observer.observe(countLabel, { characterData: true, childList: true, subtree: true });
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          const t0 = performance.now();
          setter.call(search, 'call:c20-1 kind:call-start');
          search.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      count,
    );
    report(`${label} entries: filter the whole session (call:c20-1 kind:call-start), first time`, ms(filterMs), '< 100 ms at 100k');
  }
}

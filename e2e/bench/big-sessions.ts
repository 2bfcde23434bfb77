/**
 * `npm run bench -- sessions`: opening a recorded session of 10k, 100k and 1M
 * entries in the page (from the click on Open to its last rows on screen) and a
 * filter over the whole of it (from typing to the count changing), with the old
 * path beside it where it still exists: the whole log replayed over the socket.
 */
import { createReadStream, createWriteStream, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Page } from '@playwright/test';
import type { InspectorClient } from '../support/inspector-client';
import { ROOT, type Inspector } from '../support/processes';
import { syntheticLines } from './synthetic-session';

type Report = (what: string, value: string, target?: string) => void;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

async function writeSession(count: number): Promise<string> {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const file = join(ROOT, `.tmp/bench-session-${count}.jsonl`);
  const out = createWriteStream(file);
  for (const line of syntheticLines(count, `bench-${count}`))
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return file;
}

async function importFile(inspector: Inspector, file: string): Promise<string> {
  const response = await fetch(`http://${inspector.host}/api/sessions/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inspector.token}`, 'Content-Length': String(statSync(file).size) },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

export async function bigSessions(inspector: Inspector, client: InspectorClient, page: Page, report: Report): Promise<void> {
  for (const count of [10_000, 100_000, 1_000_000]) {
    const label = `${count / 1000}k`.replace('1000k', '1M');
    const file = await writeSession(count);
    const sessionId = await importFile(inspector, file);
    if (count <= 100_000) {
      // The old path, still used for live sessions: every entry sent over the socket.
      const t0 = performance.now();
      await client.send('subscribe', { sessionId, afterSeq: 0 });
      report(`${label} entries: replay the whole log over the socket (the old open)`, ms(performance.now() - t0));
      client.events.length = 0;
    }
    // Timed from the page load: the page shows the newest session by itself, and the generated ones all start
    // at the same moment, so this one may need its Open.
    const t1 = performance.now();
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
    report(`${label} entries: load the page and open it, to its last rows on screen`, ms(performance.now() - t1), '< 1 s, flat');
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

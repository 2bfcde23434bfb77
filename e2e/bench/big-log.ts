/**
 * `npm run bench -- big-log`: a session of 100k entries imported into the proxy, opened in the
 * page (replayed and rendered), the log rows it keeps in the DOM, the time from typing in a
 * filter to the count changing, and the proxy's memory across it. Prints figures, asserts nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, type Inspector } from '../support/processes';
import { openSession } from './open-session';
import { syntheticSession } from './synthetic-session';

type Report = (what: string, value: string, target?: string) => void;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rss = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

export async function bigLog(inspector: Inspector, page: Page, report: Report): Promise<void> {
  const file = join(ROOT, '.tmp/bench-100k.jsonl');
  writeFileSync(file, syntheticSession(100_000));
  const before = rss(inspector.process.pid!);
  const t0 = performance.now();
  const response = await fetch(`http://${inspector.host}/api/sessions/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inspector.token}` },
    body: readFileSync(file),
  });
  const { sessionId } = (await response.json()) as { sessionId: string };
  report('100k entries: import (parse and check every line)', ms(performance.now() - t0));

  await page.goto(inspector.url);
  const t1 = performance.now();
  await openSession(page, '100000 entries');
  await page.getByLabel('Entry count').filter({ hasText: '100000 entries' }).waitFor({ timeout: 120_000 });
  report('100k entries: open in the page (replay and render)', ms(performance.now() - t1));
  const domRows = await page.getByRole('listbox', { name: 'Log entries' }).getByRole('option').count();
  report('100k entries: log rows in the DOM', String(domRows), '< 200');

  /**
   * Time from the input event to the count on screen changing, measured in the
   * page (a Playwright round trip would add its own latency).
   */
  const filterTime = async (label: string, control: string, value: string) => {
    const elapsed = await page.evaluate(
      ([control, value]) =>
        new Promise<number>((resolve) => {
          const count = document.querySelector('[aria-label="Entry count"]')!;
          const before = count.textContent;
          const element = document.querySelector(`[aria-label="${control}"]`) as HTMLInputElement | HTMLSelectElement;
          const observer = new MutationObserver(() => {
            if (count.textContent !== before) {
              observer.disconnect();
              resolve(performance.now() - t0);
            }
          });
          observer.observe(count, { characterData: true, childList: true, subtree: true });
          const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
          const t0 = performance.now();
          setter.call(element, value);
          element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
        }),
      [control, value],
    );
    report(`100k entries: filter, ${label}`, ms(elapsed), '< 100 ms');
  };
  const log = page.getByRole('region', { name: 'Log' });
  const settle = () =>
    page
      .getByLabel('Entry count')
      .filter({ hasText: /^100000 entries$/ })
      .waitFor();
  await page.waitForTimeout(2000); // the search index is built in idle time after opening
  await filterTime('text search', 'Search log', 'ws-mrtr');
  await filterTime('text search, another', 'Search log', 'kyoto');
  await log.getByLabel('Search log').fill('');
  await settle();
  await filterTime('kind (findings & errors)', 'Kind', 'problems');
  await log.getByLabel('Kind').selectOption('all');
  await settle();
  await filterTime('method (tools/call)', 'Method', 'tools/call');
  report('100k entries: proxy memory after import and replay', `RSS ${mb(before)} → ${mb(rss(inspector.process.pid!))}`, 'growth < 200 MB');
  void sessionId;
}

/**
 * What a live session costs the page: its JS heap (after a forced collection) and the
 * entries it holds, at points through 10,000 elicitations answered by a rule while the
 * page watches the session. A recorded session is windowed (the page holds its outline
 * and the rows on screen); this is the figure to hold a live one to
 * (`npm run bench -- live-page`). Prints figures, asserts nothing.
 */
import type { Page } from '@playwright/test';
import type { InspectorClient } from '../support/inspector-client';
import { demoStdio, type Inspector } from '../support/processes';

type Report = (what: string, value: string, target?: string) => void;

const CHECKPOINTS = [0, 1000, 2500, 5000, 10_000];
/** Calls in flight at once: enough to keep the proxy busy, few enough that the page keeps up. */
const PARALLEL = 8;

export async function livePageMemory(inspector: Inspector, client: InspectorClient, page: Page, report: Report): Promise<void> {
  const sessionId = await client.open(
    { transport: 'stdio', ...demoStdio() },
    {
      protocol: '2025-11-25',
      rules: { enabled: true, rules: [{ answer: { action: 'accept', content: { confirm: true } } }] },
    },
  );
  await page.goto(inspector.url);
  await page.getByRole('status', { name: 'Connection status' }).filter({ hasText: 'Connected' }).waitFor();
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const entriesShown = async (atLeast: number) => {
    // The page has caught up once its count reaches what the proxy has written.
    await page.waitForFunction(
      (seq) => Number(/\d+/.exec(document.querySelector('[aria-label="Entry count"]')?.textContent?.replace(/,/g, '') ?? '')?.[0] ?? 0) >= seq,
      atLeast,
      { timeout: 600_000 },
    );
    return (await page.getByLabel('Entry count').textContent()) ?? '';
  };
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  let first: number | undefined;
  let answered = 0;
  for (const checkpoint of CHECKPOINTS) {
    while (answered < checkpoint) {
      const batch = Math.min(PARALLEL, checkpoint - answered);
      await Promise.all(Array.from({ length: batch }, (_, i) => client.call(sessionId, 'confirm_order', { item: `tea ${answered + i}` }).then((c) => c.end)));
      answered += batch;
      if (client.events.length > 20_000) client.events.splice(0, 10_000); // the bench client keeps what it needs, not the proxy
    }
    const shown = await entriesShown(client.events.at(-1)?.seq ?? 0);
    const used = await heap();
    first ??= used;
    report(`live session in the page: ${checkpoint} elicitations (${shown})`, `heap ${mib(used)} (+${mib(used - first)})`, 'flat once windowed');
  }
  await client.send('disconnect', { sessionId });
}

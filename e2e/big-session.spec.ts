/**
 * A 201k-entry session opened from a file: the page holds only the rows it shows,
 * asks the proxy for the rest as the list scrolls, and the proxy filters the whole
 * session, past what one of its answers holds. One test: generating and importing
 * the session is most of its CPU, and an inspector shared by a worker's tests keeps
 * no session from one test to the next.
 */
import { expect } from 'elicitation-inspector/playwright';
import { importSessionFile, writeSessionFile } from './bench/session-upload';
import { test } from './support/test';

test.use({ inspectorShared: true });

/** A slow proxy: the page's searches reach it 400 ms late, as on a busy machine, so a read that does not wait for the answer reads the last one's rows. */
const slowSearch = test.extend({
  page: async ({ page }, use) => {
    await page.routeWebSocket(/./, (socket) => {
      const proxy = socket.connectToServer();
      socket.onMessage((message) => {
        if (typeof message === 'string' && message.includes('"find-entries"')) setTimeout(() => proxy.send(message), 400);
        else proxy.send(message);
      });
    });
    await use(page);
  },
});

slowSearch('a 201k-entry session opens, scrolls to either end, finds a row by filter and counts matches past one answer', async ({ app, page, inspector }) => {
  test.slow(); // generating and importing 201k entries on a shared machine
  // Imported before the page opens it: what is under test is opening, not the import's check of every line.
  // Just past one find-entries answer (200,000 seqs), so a filter's matches come in two pages.
  const file = await writeSessionFile(test.info().outputPath('big.jsonl'), 201_000, 'big');
  await importSessionFile(inspector, file);
  const sessions = page.getByRole('dialog', { name: 'Sessions' });
  await page.getByRole('button', { name: /^Sessions/ }).click();
  await sessions.getByRole('listitem').filter({ hasText: '201000 entries' }).getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'Session ended' })).toContainText('Imported session, read-only.');
  await expect(app.log.getByLabel('Entry count')).toHaveText('201000 entries');
  // The server and its tools come from the session's outline, not from its whole log.
  await expect(page.getByLabel('Server', { exact: true })).toContainText(/\w/);

  const rows = app.logEntries.getByRole('option');
  // It opens at the end, like any log: the last entry is there, a real row, not a placeholder.
  const last = rows.filter({ hasText: /^201000\b/ });
  await expect(last).toBeVisible();
  await expect(last).not.toHaveAttribute('aria-busy', 'true');
  expect(await rows.count()).toBeLessThan(400);

  const scrollTo = (end: 'top' | 'bottom') =>
    app.logEntries.evaluate((list, to) => {
      const scroller = list.parentElement;
      if (scroller) scroller.scrollTop = to === 'top' ? 0 : scroller.scrollHeight;
    }, end);
  await scrollTo('top');
  const first = rows.filter({ hasText: /^1\b/ }).first();
  await expect(first).toBeVisible();
  await expect(first).toContainText('connecting');
  await scrollTo('bottom');
  await expect(last).toBeVisible();
  await expect(rows.filter({ hasText: 'Loading entry…' })).toHaveCount(0);

  // One call among thousands, by its id and kind: the proxy searches all 201k entries.
  await app.searchLog('call:c2000-1 kind:call-start');
  await expect(app.log.getByLabel('Entry count')).toHaveText('1 of 201000 entries');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('c2000-1');

  // Its story, asked of the proxy as well.
  await app.searchLog('call:c2000-1');
  await expect(app.log.getByLabel('Entry count')).toHaveText(/^([2-9]|\d\d+) of 201000 entries$/);
  await expect(rows.filter({ hasText: /tools\/call #\d+ result/ })).toBeVisible();
  await expect(rows.filter({ hasText: 'Loading entry…' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('big-session.png') });
  // Read at once, as a script reads: the kit waits for the proxy's answer to this search, not the rows of the last one.
  const found = await app.logEntryTexts('call:c2000-1 kind:call-start');
  expect(found).toHaveLength(1);
  expect(found[0]).toContain('c2000-1');

  // Every entry but the two session-state ones that open the recording: more matches than one answer holds.
  await app.searchLog('-kind:session-state');
  await expect(app.log.getByLabel('Entry count')).toHaveText('200998 of 201000 entries');
  // The list follows the end, as it does unfiltered: the newest match is there, a real row.
  await expect(last).toBeVisible();
  await expect(last).not.toHaveAttribute('aria-busy', 'true');
  await expect(rows.filter({ hasText: 'Loading entry…' })).toHaveCount(0);

  // The Calls view: the newest calls, listed by the proxy from their outlines; one opened reads its story.
  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await expect(app.log.getByRole('status', { name: 'Calls listed' })).toHaveText(/^Newest 200 of [\d,]{3,} calls$/);
  const calls = app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option');
  const finished = calls.filter({ hasText: 'result · ' }).first();
  await finished.click();
  await expect(finished).toHaveAttribute('aria-selected', 'true');
  const steps = app.log.getByRole('list', { name: 'Story steps' }).getByRole('listitem');
  await expect(steps.filter({ hasText: /tools\/call #\d+ result/ })).toBeVisible();
  await expect(steps.filter({ hasText: /c\d+-\d+ tools\/call \S+ timeout/ })).toHaveCount(1);
  // Older calls come a page at a time, on demand.
  await app.log.getByRole('button', { name: 'Older calls' }).click();
  await expect(app.log.getByRole('status', { name: 'Calls listed' })).toHaveText(/^Newest 400 of [\d,]{3,} calls$/);
  await page.screenshot({ path: test.info().outputPath('big-session-calls.png') });
});

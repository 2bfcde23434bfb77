/**
 * A live session past the page's window (5,000 entries): the page lets go of the old part
 * of its log and reads it from the proxy as it is shown; the first rows, a filter's matches
 * and the first call's story are all still there, and the session goes on as before.
 */
import { expect } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';

const target = targetStdio('chatty');
test.use({ inspectorArgs: ['--protocol', '2025-11-25', '--', target.command, ...target.args] });

test('a live session past 5,000 entries still shows its first rows, finds its first form and tells its first call’s story', async ({ app, page }) => {
  test.slow(); // 6,000 entries through the page on a shared machine
  // What the page asks the proxy: past the window it reads the rows it shows, rather than holding them.
  const asked = new Set<string>();
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => asked.add(String((JSON.parse(String(payload)) as { type?: unknown }).type))));
  await page.reload();
  await app.waitConnected();
  await app.callTool('chatter', { lines: 3 });
  await app.answer('Accept', { 'Keep them': true });
  expect(await app.callOutcome()).toMatchObject({ status: 'Completed', result: 'chatter: accept after 3 lines' });

  // One call of 6,000 log lines takes the session past the window; its form still reaches the person.
  await app.callTool('chatter', { lines: 6000 });
  await app.answer('Decline');
  expect(await app.callOutcome()).toMatchObject({ status: 'Completed', result: 'chatter: decline after 6000 lines' });
  await expect(app.log.getByLabel('Entry count')).toHaveText(/^60[2-9]\d entries$/);
  expect(asked).toContain('open-entries');

  const rows = app.logEntries.getByRole('option');
  await app.logEntries.evaluate((list) => list.parentElement?.scrollTo({ top: 0 }));
  await expect(rows.filter({ hasText: /^1\b/ }).first()).toContainText('connecting');
  await expect(rows.filter({ hasText: 'accept e1' })).toBeVisible();
  expect(asked).toContain('read-entries');

  await app.searchLog('kind:elicitation');
  await expect(app.log.getByLabel('Entry count')).toHaveText(/^2 of 60[2-9]\d entries$/);
  await expect(rows.first()).toContainText('Keep the 3 lines?');

  const story = await app.callStory('c1');
  expect(story.join('\n')).toContain('accept e1; {"keep":true}');
  expect(story.join('\n')).toContain('c1 ended: result');

  // A page opened on the long session reads it windowed from the start, and follows what comes next.
  await page.reload();
  await app.waitConnected();
  await app.showLog('Calls');
  await expect(app.log.getByRole('status', { name: 'Calls listed' })).toHaveText('Newest 2 of 2 calls');
  await app.callTool('chatter', { lines: 0 });
  await app.answer('Accept');
  expect(await app.callOutcome()).toMatchObject({ status: 'Completed', result: 'chatter: accept after 0 lines' });
  await expect(app.log.getByRole('status', { name: 'Calls listed' })).toHaveText('Newest 3 of 3 calls');
  expect(await app.callStory('c3')).toEqual(expect.arrayContaining([expect.stringContaining('c3 ended: result')]));
});

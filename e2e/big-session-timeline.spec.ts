/**
 * The time axis of a big recorded session: the page holds none of its log, so the
 * spans of the calls in view are read from the proxy, and zooming into one call
 * and clicking a span to reach its entries work as on a live session.
 */
import { expect } from 'elicitation-inspector/playwright';
import { importSessionFile, writeSessionFile } from './bench/session-upload';
import { test } from './support/test';

test('a 20k-entry session draws the spans of the calls in view, zooms to one call and leads from a span to its entries', async ({ app, page, inspector }) => {
  const file = await writeSessionFile(test.info().outputPath('big.jsonl'), 20_000, 'big-timeline');
  await importSessionFile(inspector, file);
  await page.getByRole('button', { name: /^Sessions/ }).click();
  await page
    .getByRole('dialog', { name: 'Sessions' })
    .getByRole('listitem')
    .filter({ hasText: '20000 entries' })
    .getByRole('button', { name: 'Open', exact: true })
    .click();
  await expect(app.log.getByLabel('Entry count')).toHaveText('20000 entries');
  // The recording was cut short with a call open: the file will never give it an end, so the call
  // says so, with no clock counting up since it was recorded and nothing to cancel.
  await expect(app.callStatus()).toHaveText('No end recorded');
  await expect(app.latestCall().getByLabel('Call duration')).toHaveCount(0);
  await expect(app.latestCall().getByRole('button', { name: 'Cancel call' })).toHaveCount(0);
  await expect(app.latestCall()).not.toContainText('waiting for your answer');
  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await expect(app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option').first()).toContainText('no end recorded');

  await app.log.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = app.log.getByRole('region', { name: 'Timeline', exact: true });
  await expect(timeline.getByRole('status', { name: 'Calls on the axis' })).toHaveText(/^Newest 200 of [\d,]{3,} calls, spans read for those in view$/);
  const rows = timeline.getByRole('list', { name: 'Calls on the time axis' }).getByRole('listitem');
  // The rows in view get their spans from the proxy: none stays a placeholder.
  await expect(rows.first()).toBeVisible();
  await expect(timeline.locator('[aria-busy="true"]')).toHaveCount(0);
  const zoomButtons = timeline.getByRole('button', { name: /^Zoom to c\d+-\d+ / });
  expect(await zoomButtons.count()).toBeGreaterThan(3);
  // The newest calls of a server-cancelled recording: a request on the axis, and a finished one with its result.
  const roundSpans = timeline.getByRole('button', { name: /^Round \d of c\d+-\d+, tools\/call #\d+/ });
  await expect(roundSpans.first()).toBeVisible();
  // The axis spans the calls as recorded: one the recording cut short ends with it, not at the time of viewing.
  await expect(timeline.getByText(/^\+\d+ h$/)).toHaveCount(0);
  // The page has the spans of the calls in view only: it shows each call's split, not one for the session.
  await expect(timeline.getByLabel('Time split of the session')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('big-session-timeline.png') });
  // The newest call, open when the recording stopped, is not "running" on the axis either.
  const openCall = timeline.getByRole('button', { name: /^Zoom to c\d+-\d+ .*, no end recorded, / });
  await expect(async () => {
    // The rows are virtualized, oldest first: scroll the list's own scroller to its end.
    await timeline.getByRole('list', { name: 'Calls on the time axis' }).evaluate((list) => {
      for (let el: Element | null = list; el; el = el.parentElement) {
        if (el.scrollHeight > el.clientHeight + 1) {
          el.scrollTop = el.scrollHeight;
          return;
        }
      }
    });
    await expect(openCall.last()).toBeVisible({ timeout: 1_000 });
  }).toPass();

  // Zoom to the newest call with an elicitation: its spans fill the axis.
  const withElicitation = timeline.getByRole('button', { name: /^Elicitation 1 of c\d+-\d+ / }).first();
  await expect(withElicitation).toBeVisible();
  const callId = /of (c\d+-\d+)/.exec((await withElicitation.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  expect(callId).not.toBe('');
  await timeline.getByRole('button', { name: new RegExp(`^Zoom to ${callId} `) }).click();
  const zoomed = timeline.getByRole('region', { name: `Timeline of ${callId}` });
  const elicitation = zoomed.getByRole('button', { name: new RegExp(`^Elicitation 1 of ${callId} waited for the person [\\d,]+ ms`) });
  await expect(elicitation).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('big-session-timeline-zoom.png') });

  // A span leads to its entries: the call's story in the list, searched by the proxy, its first entry selected.
  await elicitation.click();
  await expect(app.log.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.log.getByLabel('Entry count')).toHaveText(/^\d+ of 20000 entries$/);
  const selected = app.logEntries.getByRole('option', { selected: true });
  await expect(selected).toBeVisible();
  await expect(selected).toContainText('elicitation');
  await expect(app.logEntries.getByRole('option').filter({ hasText: 'Loading entry…' })).toHaveCount(0);
});

/**
 * The time axis on the demo server's two-step plan_trip, on both eras: the
 * person takes a known time over the second form, and the axis shows that wait
 * exactly as the log's own timestamps measure it, among the call's other spans.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventOf, LogEvent } from '../server/wire/events';
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorShared: true });

/**
 * How long the person "thinks" over the second form. The wait the log measures
 * runs from the proxy logging the request to the proxy receiving the answer: this
 * plus the form reaching the page and the click reaching the proxy, which on a
 * busy machine varies by seconds, so the figure is held to the log's timestamps
 * (exactly) and to this as a floor, never to a wall-clock ceiling.
 */
const THINK_MS = 1500;

/** The session's own record of the call: the session file the proxy writes as entries happen. */
function loggedEvents(dataDir: string): LogEvent[] {
  const file = readdirSync(dataDir).find((name) => name.endsWith('.jsonl'));
  if (!file) throw new Error(`no session file in ${dataDir}`);
  return readFileSync(join(dataDir, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as LogEvent);
}

const durationIn = (name: string | null) => Number(/ ([\d,]+) ms/.exec(name ?? '')?.[1]?.replaceAll(',', '') ?? Number.NaN);

for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
  test.describe(`plan_trip on ${protocol}`, () => {
    test.use({ inspectorArgs: ['--protocol', protocol] });

    test('the time axis shows how long the person took over a form, as the log timed it', async ({ app, page, inspector }, testInfo) => {
      await expect(app.protocolVersion).toHaveText(protocol);
      await app.runTool('plan_trip');
      await expect(app.elicitation()).toContainText('Step 1 of 2');
      await app.answer('Accept', { 'Departure date': '2027-04-02' });
      await expect(app.elicitation()).toContainText('Step 2 of 2');
      await app.field('Seat').selectOption({ label: 'Window' });
      await page.waitForTimeout(THINK_MS);
      await app.answer('Accept');
      await expect(app.callStatus()).toHaveText('Completed');

      await app.log.getByRole('tab', { name: 'Timeline' }).click();
      const timeline = app.log.getByRole('region', { name: 'Timeline', exact: true });
      await expect(timeline.getByRole('list', { name: 'Calls on the time axis' }).getByRole('listitem')).toHaveCount(1);
      await timeline.getByRole('button', { name: /^Zoom to c1 plan_trip, result, / }).click();
      const zoomed = timeline.getByRole('region', { name: 'Timeline of c1' });
      // Each round is a request in flight: three on 2026-07-28 (the first, then one per answered form), one on 2025.
      await expect(zoomed.getByRole('button', { name: /^Round \d of c1, tools\/call #/ })).toHaveCount(protocol === '2026-07-28' ? 3 : 1);
      await expect(zoomed.getByRole('button', { name: /^Elicitation 1 of c1 waited for the person [\d,]+ ms, then accept$/ })).toBeVisible();

      const second = zoomed.getByRole('button', { name: /^Elicitation 2 of c1 waited for the person [\d,]+ ms, then accept$/ });
      const shownMs = durationIn(await second.getAttribute('aria-label'));
      const events = loggedEvents(inspector.dataDir);
      const request = events.filter((e): e is EventOf<'elicitation'> => e.kind === 'elicitation' && e.callId === 'c1')[1];
      const answer = events.find((e): e is EventOf<'action'> => e.kind === 'action' && e.key === request?.key && e.action === 'accept');
      expect(request && answer, 'the log holds the second request and its answer').toBeTruthy();
      expect(shownMs).toBe(answer!.at - request.at);
      expect(shownMs).toBeGreaterThanOrEqual(THINK_MS);

      // The person's share holds both waits; the three shares add up to the call.
      const split = zoomed.getByRole('definition');
      const [serverMs, proxyMs, personMs, totalMs] = (await split.allTextContents()).map((text) => durationIn(` ${text}`));
      expect(personMs).toBeGreaterThanOrEqual(shownMs);
      expect(serverMs + proxyMs + personMs).toBe(totalMs);
      await page.screenshot({ path: testInfo.outputPath(`timeline-${protocol}.png`) });

      // A span leads to its entries: the elicitation's story, its request selected.
      await second.click();
      await expect(app.log.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
      await expect(app.log.getByLabel('Story filter', { exact: true })).toContainText(`Elicitation ${request.key} of c1`);
      await expect(app.logEntries.getByRole('option', { selected: true })).toBeVisible();
      await expect(app.entryDetails).toContainText('Step 2 of 2');
    });
  });
}

test.describe('two calls at once over stdio on 2025-11-25', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test("a URL flow no call could be tied to is the person's time in the call it ran in, not the server's", async ({ app, inspector }) => {
    await app.waitConnected();
    await app.runTool('collect_profile');
    const form = await app.nextForm();
    // c1 waits on its form while c2 asks for consent: over stdio nothing says which call the second request is for.
    await app.runTool('connect_account');
    const flow = await app.nextElicitation();
    expect(flow.mode).toBe('url');
    await flow.decline();
    await expect(app.callStatus()).toHaveText('Completed');
    await form.decline();

    const events = loggedEvents(inspector.dataDir);
    const untied = events.find((e): e is EventOf<'elicitation'> => e.kind === 'elicitation' && e.mode === 'url');
    expect(untied && untied.callId, 'the URL request is tied to no call').toBeUndefined();
    const answer = events.find((e): e is EventOf<'action'> => e.kind === 'action' && e.key === untied?.key && e.action === 'decline');
    const waitedMs = answer!.at - untied!.at;
    expect(waitedMs).toBeGreaterThan(0);

    await app.log.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = app.log.getByRole('region', { name: 'Timeline', exact: true });
    await timeline.getByRole('button', { name: /^Zoom to c2 connect_account, / }).click();
    const zoomed = timeline.getByRole('region', { name: 'Timeline of c2' });
    const wait = zoomed.getByRole('button', { name: /^Elicitation 1 during c2, not tied to a call, waited for the person [\d,]+ ms, then decline$/ });
    await expect(wait).toBeVisible();
    expect(durationIn(await wait.getAttribute('aria-label'))).toBe(waitedMs);
    const [serverMs, proxyMs, personMs, totalMs] = (await zoomed.getByRole('definition').allTextContents()).map((text) => durationIn(` ${text}`));
    expect(personMs).toBeGreaterThanOrEqual(waitedMs);
    expect(serverMs + proxyMs + personMs).toBe(totalMs);
  });
});

test('zoom in and out with the keyboard and the buttons', async ({ app }) => {
  await app.runTool('echo', { text: 'one' });
  await expect(app.result()).toContainText('one');
  await app.log.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = app.log.getByRole('region', { name: 'Timeline', exact: true });
  await expect(timeline.getByLabel('Time split of the session')).toBeVisible();
  await timeline.getByRole('button', { name: /^Zoom to c1 echo, / }).focus();
  await timeline.getByRole('button', { name: /^Zoom to c1 echo, / }).press('+');
  await expect(timeline.getByRole('region', { name: 'Timeline of c1' })).toBeVisible();
  await expect(timeline.getByRole('button', { name: 'One call' })).toHaveAttribute('aria-pressed', 'true');
  await timeline
    .getByRole('region', { name: 'Timeline of c1' })
    .getByRole('button', { name: /^Round 1 of c1/ })
    .press('Escape');
  await expect(timeline.getByRole('region', { name: 'Timeline of c1' })).toHaveCount(0);
  await timeline.getByRole('button', { name: 'One call' }).click();
  await expect(timeline.getByRole('region', { name: 'Timeline of c1' })).toBeVisible();
  await timeline.getByRole('button', { name: 'Whole session' }).click();
  await expect(timeline.getByRole('list', { name: 'Calls on the time axis' })).toBeVisible();
});

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("a call row's time split shows every figure whole", async ({ app }) => {
    await app.runTool('plan_trip');
    await app.answer('Accept', { 'Departure date': '2027-04-02' });
    await expect(app.elicitation()).toContainText('Step 2 of 2');
    await app.field('Seat').selectOption({ label: 'Window' });
    await app.answer('Accept');
    await expect(app.callStatus()).toHaveText('Completed');
    await app.log.getByRole('tab', { name: 'Timeline' }).click();
    const split = app.log.getByRole('region', { name: 'Timeline', exact: true }).getByLabel('Time split of c1');
    const box = (await split.boundingBox())!;
    for (const part of await split.getByRole('definition').all()) {
      const figure = (await part.boundingBox())!;
      expect(figure.x + figure.width, `${await part.textContent()} inside its row`).toBeLessThanOrEqual(box.x + box.width);
    }
  });
});

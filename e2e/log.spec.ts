/**
 * The log as an inspection tool: the story of a call, a reload that loses
 * nothing, a proxy killed mid-session, and session files exported and imported.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, InspectorPage } from 'elicitation-inspector/playwright';
import { everythingStdio, startInspector, stopProcess } from './support/processes';
import { test } from './support/test';

test.describe('server-everything', () => {
  // One inspector for the three: each reads the fresh session the kit makes before it.
  test.use({ inspectorShared: true, inspectorArgs: ['--', everythingStdio().command, ...everythingStdio().args] });

  test('the story of a call: request, elicitation, the Accept with its content, the result, in order', async ({ app }) => {
    await app.waitConnected();
    await app.runTool('trigger-elicitation-request');
    await app.answer('Accept', { String: 'Ada Lovelace' });
    await expect(app.result()).toContainText('User provided the requested information!');
    await app.log.getByRole('tab', { name: 'Calls' }).click();
    await app.log
      .getByRole('listbox', { name: 'Tool calls' })
      .getByRole('option', { name: /trigger-elicitation-request/ })
      .click();
    const steps = app.log.getByRole('list', { name: 'Story steps' }).getByRole('listitem');
    const texts = await steps.allTextContents();
    const at = (pattern: RegExp) => texts.findIndex((t) => pattern.test(t));
    const request = at(/tools\/call #\d+$/);
    const elicitation = at(/elicitation\/create/);
    const accept = at(/accept e\d+.*"name":"Ada Lovelace"/);
    const result = at(/ended: result/);
    expect(request).toBeGreaterThanOrEqual(0);
    expect(elicitation).toBeGreaterThan(request);
    expect(accept).toBeGreaterThan(elicitation);
    expect(result).toBeGreaterThan(accept);

    // From a step to the entry, and from the entry to the rest of its story.
    await steps.nth(accept).click();
    await expect(app.entryDetails).toContainText('"action": "accept"');
    await app.entryDetails.getByRole('button', { name: /^Story of c1/ }).click();
    await expect(app.log.getByLabel('Story filter', { exact: true })).toContainText('Story of c1');
    // The server's request and our answer; nothing from outside the call (the handshake, the tool list).
    await expect(app.logRow('elicitation/create')).toHaveCount(2);
    await expect(app.logRow('tools/list')).toHaveCount(0);
    await expect(app.logRow('initialize')).toHaveCount(0);
  });

  test('the entries follow the newest while the list is at the bottom, and stay where the person scrolled to', async ({ app }) => {
    await app.waitConnected();
    const count = app.log.getByLabel('Entry count');
    const entries = async () => Number(/^(\d+)/.exec((await count.textContent()) ?? '')?.[1] ?? 0);
    const row = (seq: number) => app.logEntries.getByRole('option').filter({ hasText: new RegExp(`^${seq}\\b`) });
    const scroller = app.logEntries.locator('xpath=..');
    const callOnce = async () => {
      const before = await entries();
      await app.callTool('echo', { message: 'follow me' });
      await expect.poll(entries).toBeGreaterThan(before + 2);
    };
    // More entries than the list has room for.
    for (let i = 0; i < 6; i++) await callOnce();
    await expect.poll(() => scroller.evaluate((el) => el.scrollHeight > el.clientHeight * 2)).toBe(true);
    await expect(row(await entries())).toBeInViewport();

    // Scrolled up to read the first entries, new ones do not pull the list away from them.
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await expect(row(1)).toBeInViewport();
    await callOnce();
    await expect(row(1)).toBeInViewport();
    await expect(row(await entries())).not.toBeInViewport();

    // Back at the bottom, it follows again.
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await callOnce();
    await expect(row(await entries())).toBeInViewport();
  });

  test('a page reloaded mid-flow shows the same state and can still answer', async ({ app, page }) => {
    await app.waitConnected();
    await app.runTool('trigger-elicitation-request');
    await expect(app.elicitation()).toBeVisible();
    const before = await app.log.getByLabel('Entry count').textContent();
    await page.reload();
    await app.waitConnected();
    await expect(app.log.getByLabel('Entry count')).toHaveText(before!);
    await expect(app.requests.getByLabel('Pending request count')).toHaveText('1');
    // The tool picked before the reload is still on screen, with its call: nothing to pick again.
    await expect(app.tools.getByRole('option', { name: 'trigger-elicitation-request', exact: true })).toHaveAttribute('aria-selected', 'true');
    await app.answer('Decline');
    await expect(app.result()).toContainText('User declined');
  });
});

test('a proxy killed mid-session (SIGKILL) loses no entry the page had shown', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'inspector-crash-'));
  const first = await startInspector([], { dataDir });
  const app = new InspectorPage(page, first);
  await app.open();
  await app.waitConnected();
  await app.runTool('collect_profile');
  await app.answer('Accept', { Email: 'crash@example.com' });
  await expect(app.result()).toContainText('collect_profile: accept');
  await app.runTool('plan_trip');
  await expect(app.elicitation()).toBeVisible();
  const shown = Number((await app.log.getByLabel('Entry count').textContent())!.match(/\d+/)![0]);
  await stopProcess(first.process, 'SIGKILL');

  const second = await startInspector(['--no-connect'], { dataDir });
  try {
    const again = new InspectorPage(page, second);
    await again.open();
    await page.getByRole('button', { name: /^Sessions/ }).click();
    const list = page.getByRole('dialog', { name: 'Sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Recorded')).toBeVisible();
    // The only session is shown already: with nothing live, the newest recorded one opens by itself.
    await expect(list.getByText('shown')).toBeVisible();
    await page.getByRole('button', { name: /^Sessions/ }).click();
    await expect(list).toHaveCount(0);
    await expect(page.getByRole('alert', { name: 'Session ended' })).toContainText('read-only');
    // Its log ends "ready", but its server died with the proxy: not "Connected", and nothing to reconnect or disconnect.
    await expect(again.connectionStatus).toHaveText('Disconnected');
    await expect(page.getByRole('button', { name: /^(Reconnect|Disconnect)$/ })).toHaveCount(0);
    const count = Number((await again.log.getByLabel('Entry count').textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThanOrEqual(shown);
    await again.log.getByRole('tab', { name: 'Calls' }).click();
    await expect(again.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option')).toHaveCount(2);
    // What nobody answered cannot be answered now.
    await expect(again.elicitation()).toHaveCount(0);
  } finally {
    await second.stop();
  }
});

test('export, import: the same views; a damaged file is refused, naming the line', async ({ app, page }) => {
  await app.waitConnected();
  await app.runTool('plan_trip');
  await app.answer('Accept', { 'Departure date': '2027-06-01' });
  await app.field('Seat').selectOption({ label: 'Aisle' });
  await app.answer('Accept');
  await expect(app.result()).toContainText('plan_trip: booked');
  const count = await app.log.getByLabel('Entry count').textContent();
  // The sessions list counts the live session's entries as the log does, not as of when it connected.
  await page.getByRole('button', { name: /^Sessions/ }).click();
  await expect(page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: 'shown' })).toContainText(`· ${count} ·`);
  await page.getByRole('button', { name: /^Sessions/ }).click();

  const downloadPromise = page.waitForEvent('download');
  await app.log.getByRole('button', { name: 'Export' }).click();
  const file = join(mkdtempSync(join(tmpdir(), 'inspector-export-')), 'session.jsonl');
  await (await downloadPromise).saveAs(file);
  expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('"format":"elicitation-inspector-session"');

  await page.getByRole('button', { name: /^Sessions/ }).click();
  await page.getByLabel('Import a session file').setInputFiles(file);
  await expect(page.getByRole('alert', { name: 'Session ended' })).toContainText('Imported session, read-only.');
  await expect(app.connectionStatus).toHaveText('Disconnected');
  await expect(page.getByRole('button', { name: /^(Reconnect|Disconnect)$/ })).toHaveCount(0);
  await expect(app.log.getByLabel('Entry count')).toHaveText(count!);
  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await expect(app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name: /plan_trip/ })).toBeVisible();
  await expect(app.log.getByRole('list', { name: 'Story steps' })).toContainText('ended: result');

  const lines = readFileSync(file, 'utf8').split('\n');
  lines[2] = lines[2].slice(0, 20);
  const damaged = file.replace('.jsonl', '-damaged.jsonl');
  writeFileSync(damaged, lines.join('\n'));
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const sessionsBefore = await page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem').count();
  await page.getByLabel('Import a session file').setInputFiles(damaged);
  await expect(page.getByRole('dialog', { name: 'Sessions' }).getByRole('alert')).toContainText('line 3: not valid JSON');
  await expect(page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(sessionsBefore);
});

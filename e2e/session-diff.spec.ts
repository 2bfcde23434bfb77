/**
 * Sessions compared in the page, and a session's HAR replayed in Chromium: the
 * booking server recorded before and after a change to one form's schema (the diff
 * names that field, by mouse and by keyboard, readable in both themes), two runs of
 * one flow (no difference, said plainly), and an HTTP session exported as HAR from
 * the Sessions dialog that answers the page's own request through Playwright's
 * routeFromHAR, with its server gone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, InspectorPage, startInspector, type Inspector } from 'elicitation-inspector/playwright';
import { runScenario } from '../server/scenarios/scenario-runner';
import { SessionRegistry } from '../server/registry/session-registry';
import { ScenarioSchema, type ScenarioInput } from '../server/wire/scenario';
import { startDemoHttp, targetStdio } from './support/processes';
import { test } from './support/test';

test.describe.configure({ mode: 'serial' });

const dataDir = mkdtempSync(join(tmpdir(), 'session-diff-page-'));
const ids = { before: '', again: '', changed: '', http: '' };
let inspector: Inspector;

/** Records one run into the data folder the inspector opens; returns its session id. */
async function record(registry: SessionRegistry, scenario: ScenarioInput): Promise<string> {
  const [report] = await runScenario(ScenarioSchema.parse(scenario), { registry });
  expect(report.status, report.error).toBe('passed');
  expect(report.sessionId, 'the run recorded a session').toBeDefined();
  return report.sessionId!;
}

const booking = (isChanged: boolean): ScenarioInput => ({
  protocol: '2025-11-25',
  server: { transport: 'stdio', ...targetStdio('table-booking', ...(isChanged ? ['--changed'] : [])), env: {} },
  steps: [
    { call: 'book_table', arguments: { day: 'Friday' }, elicitations: [{ answer: { action: 'accept', content: { name: 'Ada', guests: 3 } } }] },
    { call: 'opening_hours' },
  ],
});

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const registry = new SessionRegistry({ dataDir });
  const demo = await startDemoHttp();
  try {
    // Each its own server process: recorded side by side.
    [ids.before, ids.again, ids.changed, ids.http] = await Promise.all([
      record(registry, booking(false)),
      record(registry, booking(false)),
      record(registry, booking(true)),
      record(registry, {
        protocol: '2025-11-25',
        server: { transport: 'http', url: demo.url },
        steps: [{ call: 'echo', arguments: { text: 'from the HAR' } }],
      }),
    ]);
  } finally {
    await registry.closeAll('user');
    await demo.stop();
  }
  inspector = await startInspector({ dataDir, args: ['--no-connect'] });
});

test.afterAll(async () => {
  await inspector?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openSessions(app: InspectorPage) {
  await app.open();
  await app.page.getByRole('button', { name: /^Sessions/ }).click();
  return app.page.getByRole('dialog', { name: 'Sessions' });
}

/** The diff as axe-core sees it: no serious or critical rule broken (contrast in the theme on screen among them). */
async function expectAccessible(page: Page, theme: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include('dialog[open]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.failureSummary ?? ''}`);
  expect(serious, `the session diff, ${theme}`).toEqual([]);
}

test('two sessions picked in Sessions: the diff names the retyped field, in both themes; two runs of one flow show no difference', async ({ page }) => {
  const sessions = await openSessions(new InspectorPage(page, inspector));
  const row = (id: string) => sessions.getByRole('listitem', { name: `Session ${id}` });
  const sessionsButton = page.getByRole('button', { name: /^Sessions/ });
  await row(ids.before).getByRole('checkbox', { name: 'Pick to compare' }).check();
  await row(ids.changed).getByRole('checkbox', { name: 'Pick to compare' }).check();
  await sessions.getByRole('button', { name: 'Compare', exact: true }).click();

  const diff = page.getByRole('dialog', { name: 'Session diff' });
  const summary = diff.getByRole('status', { name: 'Diff summary' });
  const calls = diff.getByRole('list', { name: 'Compared calls' }).getByRole('listitem');
  // A server's first call pays its cold start on a busy machine: times compared past 10 s, so what is seen is what changed in the flow.
  const showChanged = async () => {
    await diff.getByLabel('Time threshold (ms)').fill('10000');
    await expect(summary).toHaveText('The sessions differ. 2 calls compared: 1 changed, 1 the same.');
    await expect(calls.nth(0)).toHaveAccessibleName('tools/call book_table: changed');
    await expect(calls.nth(0).getByRole('row')).toHaveText([/What\s*A\s*B/, /schema\s*elicitation 1: field "guests" retyped\s*integer\s*number/]);
    await expect(calls.nth(1)).toHaveAccessibleName('tools/call opening_hours: same');
  };
  await showChanged();
  await expectAccessible(page, 'light');

  // By keyboard: Escape closes the diff and gives focus back to Sessions; picks and Compare take Space and Enter.
  await page.keyboard.press('Escape');
  await expect(diff).toBeHidden();
  await expect(sessionsButton).toBeFocused();
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
  await sessionsButton.focus();
  await page.keyboard.press('Enter');
  await sessions.getByRole('button', { name: 'Compare', exact: true }).focus();
  await page.keyboard.press('Enter');
  await showChanged();
  await expectAccessible(page, 'dark');

  await page.keyboard.press('Escape');
  await expect(sessionsButton).toBeFocused();
  await page.keyboard.press('Enter');
  await row(ids.changed).getByRole('checkbox', { name: 'Pick to compare' }).focus();
  await page.keyboard.press('Space');
  await row(ids.again).getByRole('checkbox', { name: 'Pick to compare' }).focus();
  await page.keyboard.press('Space');
  await sessions.getByRole('button', { name: 'Compare', exact: true }).focus();
  await page.keyboard.press('Enter');
  await diff.getByLabel('Time threshold (ms)').fill('10000');
  await expect(summary).toHaveText('No difference. 2 calls compared: 0 changed, 2 the same. Times within 10000 ms.');
});

test('a session exported as HAR from Sessions answers a request in Chromium through routeFromHAR, its server gone', async ({ page, browser }) => {
  const sessions = await openSessions(new InspectorPage(page, inspector));
  const downloaded = page.waitForEvent('download');
  await sessions
    .getByRole('listitem', { name: `Session ${ids.http}` })
    .getByRole('button', { name: 'Export as HAR' })
    .click();
  const harFile = await (await downloaded).path();
  type HarEntry = {
    request: { method: string; url: string; postData?: { text: string }; headers: { name: string; value: string }[] };
    response: { status: number };
  };
  const har = JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: HarEntry[] } };
  const call = har.log.entries.find((entry) => entry.request.postData?.text.includes('"tools/call"'));
  expect(call, 'the HAR has the tools/call POST').toBeDefined();
  const { url, postData, headers } = call!.request;

  const context = await browser.newContext();
  try {
    await context.routeFromHAR(harFile, { notFound: 'abort' });
    const replay = await context.newPage();
    // A page of the server's origin, so its request is same-origin (the HAR answers it, not the page route).
    await replay.route(new URL('/', url).href, (route) => route.fulfill({ contentType: 'text/html', body: '<title>replay</title>' }));
    await replay.goto(new URL('/', url).href);
    const sent = Object.fromEntries(
      headers.filter(({ name }) => /^(content-type|accept|mcp-session-id|mcp-protocol-version)$/i.test(name)).map((h) => [h.name, h.value]),
    );
    const answer = await replay.evaluate(
      async ({ url, body, sent }) => {
        const response = await fetch(url, { method: 'POST', headers: sent, body });
        return { status: response.status, text: await response.text() };
      },
      { url, body: postData!.text, sent },
    );
    expect(answer.status).toBe(call!.response.status);
    expect(answer.text).toContain('from the HAR');
  } finally {
    await context.close();
  }
});

/**
 * Every control the locator table (docs/playwright.md) lists takes an ordinary mouse click,
 * with each panel of the page folded and open: nothing covers it, and the column it
 * sits in scrolls to it. Runs at 1280×720 and 1440×900 (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { expect, type InspectorPage } from 'elicitation-inspector/playwright';
import { clickEveryControl, controlProbes } from './support/control-walk';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

test.use({ inspectorShared: true });

const PROBES = controlProbes(readPlaywrightTable());

/** Always on screen once a form and a URL flow wait: the page's own controls and those of the requests. */
const ALWAYS = [
  "getByRole('button', { name: 'Connection', exact: true })",
  "getByRole('button', { name: 'Rules', exact: true })",
  "getByRole('button', { name: 'Run tool' })",
  ...['Tools', 'Prompts', 'Resources'].map((name) => `getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: '${name}' })`),
  "….getByRole('button', { name: 'Accept' })",
  "….getByRole('button', { name: 'Decline' })",
  "….getByRole('button', { name: 'Cancel' })",
  "getByLabel('Send without validating')",
  "getByRole('button', { name: 'Open', exact: true })",
  "getByRole('button', { name: 'Copy URL', exact: true })",
  "getByRole('button', { name: 'Show in log', exact: true })",
  "getByRole('button', { name: 'Fold URL flows' })",
  "getByRole('button', { name: 'Suspend timeout' })",
  "getByLabel('Search log')",
  "getByRole('tab', { name: 'Calls' })",
  "getByRole('button', { name: 'Export' })",
  "getByRole('separator', { name: 'Resize log' })",
  "getByRole('listbox', { name: 'Log entries' }).getByRole('option')",
  "getByRole('button', { name: /^Sessions/ })",
  "getByRole('button', { name: 'Run scenario' })",
  "getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })",
];
const CONNECTION = [
  "getByRole('radio', { name: 'SSE (legacy)' })",
  "getByLabel('Command', { exact: true })",
  "getByLabel('Working directory', { exact: true })",
  "getByText('Client settings')",
  "getByRole('button', { name: 'Reconnect', exact: true })",
  "getByRole('button', { name: 'Disconnect', exact: true })",
];
const CLIENT_SETTINGS = ["getByLabel('Protocol', { exact: true })", "getByLabel('URL mode')", "getByLabel('Max rounds')", 'getByLabel(/^Retry a -32042 call/)'];
const RULES = [
  "getByLabel('All rules on')",
  "getByRole('button', { name: 'Export rules' })",
  "….getByRole('checkbox', { name: 'On' })",
  "….getByRole('button', { name: 'Delete rule' })",
  "….getByLabel('Message pattern', { exact: true })",
  "….getByRole('button', { name: 'Add this rule' })",
];

test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

/** A form and a URL flow waiting on the person, the flow unfolded, so their controls are on screen too. */
async function withRequestsWaiting(app: InspectorPage) {
  await app.runTool('collect_profile');
  await expect(app.elicitation()).toBeVisible();
  await app.runTool('connect_account');
  await app.page.getByRole('region', { name: 'URL flows' }).getByRole('button', { name: 'Unfold URL flows' }).click();
  await expect(app.urlFlow().getByRole('button', { name: 'Open', exact: true })).toBeVisible();
}

async function expectClickable(page: Page, expected: string[], absent: string[] = []): Promise<void> {
  const clicked = await clickEveryControl(page, PROBES);
  for (const code of expected) expect(clicked, `${code} took a click`).toContain(code);
  for (const code of absent) expect(clicked, `${code} is folded away`).not.toContain(code);
}

test('with the URL flows folded for the form, their Unfold and the form’s answers take a click', async ({ app, page }) => {
  await app.runTool('collect_profile');
  await app.runTool('connect_account');
  await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
  const flowControls = ["getByRole('button', { name: 'Open', exact: true })", "getByRole('button', { name: 'Copy URL', exact: true })"];
  await expectClickable(
    page,
    ["getByRole('button', { name: 'Unfold URL flows' })", "….getByRole('button', { name: 'Accept' })", "getByLabel('Send without validating')"],
    flowControls,
  );
});

test('with Connection folded, every control takes a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await expectClickable(page, ALWAYS, [...CONNECTION, ...CLIENT_SETTINGS, ...RULES]);
});

test('with Connection open, every control takes a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await expectClickable(page, [...ALWAYS, ...CONNECTION], CLIENT_SETTINGS);
});

test('with Connection and its Client settings open, every control takes a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await page.getByRole('form', { name: 'Connection' }).getByText('Client settings').click();
  await expectClickable(page, [...ALWAYS, ...CONNECTION, ...CLIENT_SETTINGS]);
});

/** Rules open with one rule listed and the editor open for a second: the tallest the Rules panel gets. */
async function openRulesEditing(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await page.getByRole('region', { name: 'Rules', exact: true }).getByRole('button', { name: 'Add rule' }).click();
  const editor = page.getByRole('form', { name: 'Rule editor' });
  await editor.getByLabel('Rule name', { exact: true }).fill('layout');
  await editor.getByRole('button', { name: 'Add this rule' }).click();
  await page.getByRole('region', { name: 'Rules', exact: true }).getByRole('button', { name: 'Add rule' }).click();
}

test('with Rules open, a rule listed and its editor open, every control takes a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await openRulesEditing(page);
  await expectClickable(page, [...ALWAYS, ...RULES], CONNECTION);
});

test('with every panel open at once, every control takes a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await openRulesEditing(page);
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await page.getByRole('form', { name: 'Connection' }).getByText('Client settings').click();
  await expectClickable(page, [...ALWAYS, ...RULES, ...CONNECTION, ...CLIENT_SETTINGS]);
});

test('with the log dragged as tall as it goes and an entry open whole, every control still takes a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  const handle = page.getByRole('separator', { name: 'Resize log' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, 0, { steps: 5 });
  await page.mouse.up();
  await app.logEntries.getByRole('option').first().click();
  await expect(app.entryDetails).toBeVisible();
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await expectClickable(page, [...ALWAYS, ...CONNECTION, "getByRole('button', { name: 'Copy Entry JSON' })"]);
});

const RUN_TOOL = "getByRole('button', { name: 'Run tool' })";
/** With a prompt or a resource on screen, the middle column has no Run tool. */
const BESIDE_TOOLS = ALWAYS.filter((code) => code !== RUN_TOOL);

test('with a prompt on screen, its controls take a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await app.showFeatures('Prompts');
  await app.prompts.getByRole('option', { name: 'write_announcement', exact: true }).click();
  await expectClickable(page, [...BESIDE_TOOLS, "getByRole('button', { name: 'Get prompt' })"], [RUN_TOOL]);
});

test('with a resource template on screen, its controls take a click', async ({ app, page }) => {
  await withRequestsWaiting(app);
  await app.showFeatures('Resources');
  await app.resourceTemplates.getByRole('option', { name: 'secret_note', exact: true }).click();
  await expectClickable(page, [...BESIDE_TOOLS, "getByRole('button', { name: 'Read resource' })"], [RUN_TOOL]);
});

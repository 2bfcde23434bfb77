/**
 * Every control the locator table (docs/playwright.md) lists takes an ordinary mouse click,
 * with each panel of the page folded and open: nothing covers it, and the column it
 * sits in scrolls to it. One page walks every state, each at 1280×720 and at 1440×900
 * (the page resized between them, e2e/support/window-sizes.ts): the walk's clicks are
 * trials that change nothing, so a state needs no fresh page or session of its own.
 */
import type { Page } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import { clickEveryControl, controlProbes } from './support/control-walk';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';
import { atEachWindowSize, sizeName, sizesFromCurrent } from './support/window-sizes';

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

/**
 * At each window size, the page's own first: every control of `expected` takes a click, and
 * every one of `absent` is folded away.
 */
async function expectClickable(page: Page, expected: string[], absent: string[] = []): Promise<void> {
  await atEachWindowSize(
    page,
    async (size) => {
      const clicked = await clickEveryControl(page, PROBES);
      for (const code of expected) expect(clicked, `${code} took a click at ${sizeName(size)}`).toContain(code);
      for (const code of absent) expect(clicked, `${code} is folded away at ${sizeName(size)}`).not.toContain(code);
    },
    sizesFromCurrent(page),
  );
}

/** Rules open with one rule listed and the editor open for a second: the tallest the Rules panel gets. */
async function openRulesEditing(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await page.getByRole('region', { name: 'Rules', exact: true }).getByRole('button', { name: 'Add rule' }).click();
  const editor = page.getByRole('form', { name: 'Rule editor' });
  await editor.getByLabel('Rule name', { exact: true }).fill('layout');
  await editor.getByRole('button', { name: 'Add this rule' }).click();
  await page.getByRole('region', { name: 'Rules', exact: true }).getByRole('button', { name: 'Add rule' }).click();
}

/** Drag the log's bar to the top of the window: the log as tall as this window lets it be. */
async function dragLogToTop(page: Page): Promise<void> {
  const handle = page.getByRole('separator', { name: 'Resize log' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, 0, { steps: 5 });
  await page.mouse.up();
}

const RUN_TOOL = "getByRole('button', { name: 'Run tool' })";
/** With a prompt or a resource on screen, the middle column has no Run tool. */
const BESIDE_TOOLS = ALWAYS.filter((code) => code !== RUN_TOOL);

test('every control takes a click at both window sizes, with each panel folded and open', async ({ app, page }) => {
  // Eighteen walks of the whole table on one page, 1.5 to 2.6 minutes on a loaded two-core machine: a deadline, not a speed.
  test.setTimeout(480_000);
  const connection = page.getByRole('button', { name: 'Connection', exact: true });
  const clientSettings = page.getByRole('form', { name: 'Connection' }).getByText('Client settings');

  await test.step('with the URL flows folded for the form, their Unfold and the form’s answers take a click', async () => {
    await app.runTool('collect_profile');
    await app.runTool('connect_account');
    await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
    await expect(app.elicitation()).toBeVisible();
    const flowControls = ["getByRole('button', { name: 'Open', exact: true })", "getByRole('button', { name: 'Copy URL', exact: true })"];
    await expectClickable(
      page,
      ["getByRole('button', { name: 'Unfold URL flows' })", "….getByRole('button', { name: 'Accept' })", "getByLabel('Send without validating')"],
      flowControls,
    );
  });

  // From here on a form and a URL flow wait on the person, the flow unfolded, so their controls are on screen too.
  await page.getByRole('region', { name: 'URL flows' }).getByRole('button', { name: 'Unfold URL flows' }).click();
  await expect(app.urlFlow().getByRole('button', { name: 'Open', exact: true })).toBeVisible();

  await test.step('with Connection folded, every control takes a click', async () => {
    await expectClickable(page, ALWAYS, [...CONNECTION, ...CLIENT_SETTINGS, ...RULES]);
  });

  await test.step('with Connection open, every control takes a click', async () => {
    await connection.click();
    await expectClickable(page, [...ALWAYS, ...CONNECTION], CLIENT_SETTINGS);
  });

  await test.step('with Connection and its Client settings open, every control takes a click', async () => {
    await clientSettings.click();
    await expectClickable(page, [...ALWAYS, ...CONNECTION, ...CLIENT_SETTINGS]);
  });

  await test.step('with Rules open, a rule listed and its editor open, every control takes a click', async () => {
    // Client settings and Connection folded again by hand, as they were at first.
    await clientSettings.click();
    await connection.click();
    await expect(connection).toHaveAttribute('aria-expanded', 'false');
    await openRulesEditing(page);
    await expectClickable(page, [...ALWAYS, ...RULES], CONNECTION);
  });

  await test.step('with every panel open at once, every control takes a click', async () => {
    await connection.click();
    await clientSettings.click();
    await expectClickable(page, [...ALWAYS, ...RULES, ...CONNECTION, ...CLIENT_SETTINGS]);
  });

  // Every panel folded again: a prompt and a resource are looked at beside the requests alone.
  await clientSettings.click();
  await connection.click();
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Rules', exact: true })).toHaveAttribute('aria-expanded', 'false');

  await test.step('with a prompt on screen, its controls take a click', async () => {
    await app.showFeatures('Prompts');
    await app.prompts.getByRole('option', { name: 'write_announcement', exact: true }).click();
    await expectClickable(page, [...BESIDE_TOOLS, "getByRole('button', { name: 'Get prompt' })"], [RUN_TOOL]);
  });

  await test.step('with a resource template on screen, its controls take a click', async () => {
    await app.showFeatures('Resources');
    await app.resourceTemplates.getByRole('option', { name: 'secret_note', exact: true }).click();
    await expectClickable(page, [...BESIDE_TOOLS, "getByRole('button', { name: 'Read resource' })"], [RUN_TOOL]);
  });

  await test.step('with the log dragged as tall as it goes and an entry open whole, every control still takes a click', async () => {
    await app.showFeatures('Tools');
    await expect(page.getByRole('button', { name: 'Run tool' })).toBeVisible();
    await dragLogToTop(page);
    await app.logEntries.getByRole('option').first().click();
    await expect(app.entryDetails).toBeVisible();
    await connection.click();
    // As tall as it goes in each window: dragged again after each resize (the log keeps the height asked, within the window's bound).
    await atEachWindowSize(
      page,
      async (size) => {
        await dragLogToTop(page);
        const clicked = await clickEveryControl(page, PROBES);
        for (const code of [...ALWAYS, ...CONNECTION, "getByRole('button', { name: 'Copy Entry JSON' })"])
          expect(clicked, `${code} took a click at ${sizeName(size)}`).toContain(code);
      },
      sizesFromCurrent(page),
    );
  });
});

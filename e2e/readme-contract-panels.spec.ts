/**
 * The locator table's rows for the log, rules, scenarios, the keyboard and the theme, each
 * locator tried as written in docs/playwright.md on a real page (the rest of the table is
 * readme-contract.spec.ts's, which also checks that the two specs know every row).
 */
import { expect } from 'elicitation-inspector/playwright';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectEveryLocatorTried, PANEL_ROWS } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';
import { SMALL_WINDOW } from './support/window-sizes';

test.use({ inspectorShared: true });

const ROWS = readPlaywrightTable();
const coverage = emptyCoverage();

test.describe.configure({ mode: 'serial' });
// At 1280×720 only: the smaller window is the harder one for every locator to be on screen.
test.use({ inspectorArgs: ['--protocol', '2025-11-25'], viewport: SMALL_WINDOW });

test('the log: its controls, a call’s story, entries and one entry whole', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  await app.runTool('echo', { text: 'story' });
  await expect(app.result()).toContainText('story');
  const log = await readme.locate('the log', "getByRole('region', { name: 'Log' })");
  for (const label of ['Search log', 'Kind', 'Method', 'Entry count']) await readme.locate('the log', `getByLabel('${label}')`, { scope: log });
  await readme.locate('the log', "getByRole('button', { name: 'Search syntax' })", { scope: log });
  await readme.locate('the log', "getByRole('radiogroup', { name: 'Direction' })", { scope: log });
  await readme.locate('the log', "getByRole('button', { name: 'Export' })", { scope: log });
  await readme.locate('the log', "getByRole('separator', { name: 'Resize log' })");
  await (await readme.locate('the log', "getByRole('tab', { name: 'Calls' })", { scope: log })).click();
  await (await readme.locate("a call's story", "getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name: /^c1 / })", { scope: log })).click();
  await readme.locate("a call's story", "getByRole('list', { name: 'Story steps' }).getByRole('listitem')", { scope: log });
  await (await readme.locate('the log', "getByRole('tab', { name: 'Timeline' })", { scope: log })).click();
  const axis = await readme.locate('the time axis', "getByRole('region', { name: 'Timeline', exact: true })", { scope: log });
  await readme.locate('the time axis', "getByLabel('Time split of the session')", { scope: axis });
  await readme.locate('the time axis', "getByRole('list', { name: 'Calls on the time axis' }).getByRole('listitem')", { scope: axis });
  await (await readme.locate('the time axis', "getByRole('button', { name: /^Zoom to c1 / })", { scope: axis })).click();
  await readme.locate('the time axis', "getByRole('region', { name: 'Timeline of c1' })", { scope: axis });
  await readme.locate('the time axis', "getByLabel('Time split of c1')", { scope: axis });
  await readme.locate('the time axis', "getByRole('button', { name: /^Round 1 of c1, / })", { scope: axis });
  await (await readme.locate('the time axis', "getByRole('button', { name: 'Whole session' })", { scope: axis })).click();
  await (await readme.locate('the log', "getByRole('tab', { name: 'Entries' })", { scope: log })).click();
  await (await readme.locate('log entries', "getByRole('listbox', { name: 'Log entries' }).getByRole('option')")).first().click();
  await readme.locate('one entry whole', "getByRole('complementary', { name: 'Entry details' })");
  await readme.locate('one entry whole', "getByRole('button', { name: 'Copy Entry JSON' })");
});

test('audit a call: from its story, stopped part way, the verdicts so far and a link into a case story', async ({ app, page }) => {
  test.setTimeout(120_000);
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  await app.runTool('audit_careless');
  await app.answer('Accept', { Name: 'Ada', Email: 'ada@example.com', Plan: 'pro' });
  await expect(app.field('Create the account')).toBeVisible();
  await app.answer('Accept', { 'Create the account': true });
  await expect(app.result()).toContainText('audit_careless: account created');
  await app.callStory('audit_careless');
  await (await readme.locate('audit a call', "getByRole('button', { name: 'Audit this call' })", { scope: app.log })).click();
  const dialog = await readme.locate('audit a call', "getByRole('dialog', { name: /^Audit of / })");
  const progress = await readme.locate('audit a call', "getByRole('status', { name: 'Audit progress' })", { scope: dialog });
  // On 2025 over stdio the cases run one at a time: stopped after a few, the ones done are kept.
  await expect(progress).toHaveText(/^Running case ([3-9]|\d\d) of \d+/, { timeout: 60_000 });
  await (await readme.locate('audit a call', "getByRole('button', { name: 'Stop audit' })", { scope: dialog })).click();
  await expect(progress).toHaveText(/^Stopped: \d+ cases?(, \d+ failing)? of \d+$/);
  await readme.locate('audit a call', "getByRole('button', { name: 'Audit again' })", { scope: dialog });
  await readme.locate('audit a call', "getByRole('table', { name: 'Audit verdicts' })", { scope: dialog });
  await (await readme.locate('audit a call', "getByRole('link', { name: /^Open the story of / })", { scope: dialog })).first().click();
  await expect(dialog).toBeHidden();
  await expect(app.log.getByRole('region', { name: 'Story' })).toContainText('tools/call audit_careless');
});

test('rules: the panel, one rule, the editor; scenarios', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  await (await readme.locate('rules', "getByRole('button', { name: 'Rules', exact: true })")).click();
  const panel = await readme.locate('rules', "getByRole('region', { name: 'Rules', exact: true })");
  await readme.locate('rules', "getByLabel('All rules on')", { scope: panel });
  await readme.locate('rules', "getByRole('button', { name: 'Export rules' })", { scope: panel });
  await readme.locate('rules', "getByLabel('Rules summary')");
  await (await readme.locate('rules', "getByRole('button', { name: 'Add rule' })", { scope: panel })).click();
  const editor = await readme.locate('the rule editor', "getByRole('form', { name: 'Rule editor' })");
  await (await readme.locate('the rule editor', "….getByLabel('Answer', { exact: true })", { scope: editor })).selectOption({ label: 'Accept with content' });
  for (const label of [
    'Rule name',
    'Tool',
    'Server name',
    'Mode',
    'Message contains',
    'Message pattern',
    'Properties',
    'Round key',
    'Content (JSON)',
    'Delay (ms)',
  ])
    await readme.locate('the rule editor', `….getByLabel('${label}', { exact: true })`, { scope: editor });
  await editor.getByLabel('Rule name', { exact: true }).fill('contract');
  await (await readme.locate('the rule editor', "….getByRole('button', { name: 'Add this rule' })", { scope: editor })).click();
  await readme.locate('rules', "getByLabel('Import a rules file')", { scope: panel });

  const rule = await readme.locate('one rule', "getByRole('list', { name: 'Response rules' }).getByRole('listitem', { name: /^Rule 1\\b/ })");
  await readme.locate('one rule', "….getByRole('checkbox', { name: 'On' })", { scope: rule });
  await readme.locate('one rule', "….getByLabel('Answered this session')", { scope: rule });
  for (const name of ['Move rule up', 'Move rule down', 'Delete rule'])
    await readme.locate('one rule', `….getByRole('button', { name: '${name}' })`, { scope: rule });
  await (await readme.locate('one rule', "….getByRole('button', { name: 'Edit rule' })", { scope: rule })).click();
  await readme.locate('the rule editor', "….getByRole('button', { name: 'Save rule' })", { scope: editor });
  await (await readme.locate('the rule editor', "….getByRole('button', { name: 'Discard changes' })", { scope: editor })).click();

  await (await readme.locate('scenarios', "getByRole('button', { name: 'Run scenario' })")).click();
  const dialog = await readme.locate('scenarios', "getByRole('dialog', { name: 'Run scenario' })");
  await readme.locate('scenarios', "getByLabel('Scenario file')", { scope: dialog });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Sessions/ }).click();
  await readme.locate('scenarios', "getByRole('button', { name: 'Save as scenario' })", { scope: page.getByRole('dialog', { name: 'Sessions' }) });
});

test('the keyboard: the command palette and the shortcut list; the theme switch', async ({ app, page }) => {
  const readme = new ReadmeProbe(ROWS, page, coverage);
  await app.waitConnected();
  for (const name of ['System', 'Light', 'Dark'])
    await readme.locate('theme', `getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: '${name}' })`);
  await page.keyboard.press('Control+k');
  const palette = await readme.locate('keyboard', "getByRole('dialog', { name: 'Command palette' })");
  await readme.locate('keyboard', "getByRole('combobox', { name: 'Command' })", { scope: palette });
  await readme.locate('keyboard', "getByRole('listbox', { name: 'Commands' }).getByRole('option')", { scope: palette });
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('?');
  await readme.locate('keyboard', "getByRole('dialog', { name: 'Keyboard shortcuts' })");
});

test('every locator span of the rows this spec walks was tried on the page', () => {
  expectEveryLocatorTried(ROWS, PANEL_ROWS, coverage);
});

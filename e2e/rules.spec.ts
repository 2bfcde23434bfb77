/**
 * The Rules panel: add, edit, reorder, switch off, export and import response
 * rules, kept with the connection. What the rules then answer needs the rule
 * engine: rules-engine.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'elicitation-inspector/playwright';
import { RulesPanel } from './rules-panel';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('a rule added while connected belongs to the session and survives a reload', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'no profile', tool: 'collect_profile', answer: 'Decline', delayMs: 500 });
  await expect(rules.rule(1)).toContainText('tool collect_profile → decline after 500 ms');
  await expect(page.getByLabel('Rules summary')).toHaveText('1 of 1 on');

  await page.reload();
  await app.waitConnected();
  await rules.open();
  expect(await rules.names()).toEqual(['no profile']);
});

test('rules kept through a disconnect, and changed while nothing is live, go with the next connection', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'no profile', tool: 'collect_profile', answer: 'Decline' });
  await app.disconnect();
  // No session is live: the panel now holds the rules for the next connection.
  await expect(rules.panel).toContainText('Rules for the next connection');
  await rules.add({ name: 'then cancel', answer: 'Cancel' });
  const form = await app.openConnection();
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await app.waitConnected();
  await expect(rules.panel).toContainText('This session’s rules');
  expect(await rules.names()).toEqual(['no profile', 'then cancel']);
  // The new session was started with them: they are in its connect entry.
  await app.searchLog('then cancel');
  await expect(app.logRow(/connecting/)).toHaveCount(1);
});

test('rules switch off one by one and all at once, and stay so after a reload', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'first', answer: 'Decline' });
  await rules.add({ name: 'second', answer: 'Cancel' });
  await rules.rule(1).getByRole('checkbox', { name: 'On' }).uncheck();
  await expect(page.getByLabel('Rules summary')).toHaveText('1 of 2 on');
  await rules.panel.getByLabel('All rules on').uncheck();
  await expect(page.getByLabel('Rules summary')).toHaveText('2, all off');
  await page.reload();
  await app.waitConnected();
  await expect(page.getByLabel('Rules summary')).toHaveText('2, all off');
  await rules.open();
  await expect(rules.rule(1).getByRole('checkbox', { name: 'On' })).not.toBeChecked();
  await expect(rules.rule(2).getByRole('checkbox', { name: 'On' })).toBeChecked();
});

test('rules reorder from the keyboard (Alt+Up, Alt+Down) and with the buttons, the focus following the rule', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  for (const name of ['first', 'second', 'third']) await rules.add({ name, answer: 'Decline' });

  await rules.rule(3).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => rules.names()).toEqual(['first', 'third', 'second']);
  await expect(rules.rule(2)).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => rules.names()).toEqual(['third', 'first', 'second']);
  await expect(rules.list.getByRole('listitem', { name: 'Rule 1: third' })).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => rules.names()).toEqual(['first', 'third', 'second']);

  await rules.rule(1).getByRole('button', { name: 'Move rule down' }).click();
  await expect.poll(() => rules.names()).toEqual(['third', 'first', 'second']);
  await expect(rules.rule(2).getByRole('button', { name: 'Move rule down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => rules.names()).toEqual(['third', 'second', 'first']);
  // The last rule cannot go further down: the focus stays on the rule itself.
  await expect(rules.rule(3)).toBeFocused();
});

test('rules exported to a file import back the same', async ({ app, page }, testInfo) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'fill profile', tool: 'collect_profile', answer: 'Accept with content', content: '{"email": "ada@example.com"}' });
  await rules.add({ name: 'hold urls', mode: 'URL', answer: 'Never answer' });
  const downloading = page.waitForEvent('download');
  await rules.panel.getByRole('button', { name: 'Export rules' }).click();
  const download = await downloading;
  const file = testInfo.outputPath('rules.json');
  await download.saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as { version: number; rules: { name: string }[] };
  expect(exported.version).toBe(1);
  expect(exported.rules.map((r) => r.name)).toEqual(['fill profile', 'hold urls']);

  for (let i = 0; i < 2; i++) await rules.rule(1).getByRole('button', { name: 'Delete rule' }).click();
  await expect(rules.panel).toContainText('No rules yet');
  await rules.panel.getByLabel('Import a rules file').setInputFiles(file);
  await expect.poll(() => rules.names()).toEqual(['fill profile', 'hold urls']);
  await expect(rules.rule(1)).toContainText('accept {"email":"ada@example.com"}');
  await expect(rules.rule(2)).toContainText('URL mode → never answers');
});

test('a broken rules file is refused with its path and problem, and nothing is lost', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'keep me', answer: 'Decline' });
  const input = rules.panel.getByLabel('Import a rules file');
  await input.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"version": 1, "rules": [{"answer": {"action": "maybe"}}]}'),
  });
  await expect(rules.panel.getByRole('alert')).toContainText('broken.json: Not a rules file: rules.0.answer.action:');
  await expect(rules.panel.getByRole('alert')).toContainText('Nothing was changed.');
  await input.setInputFiles({ name: 'half.json', mimeType: 'application/json', buffer: Buffer.from('{"rules": [\n  {"answer": {"action": "decline"}},\n]}') });
  await expect(rules.panel.getByRole('alert')).toContainText('half.json: Not valid JSON: line 2, column 36: trailing comma: nothing follows it in the array.');
  expect(await rules.names()).toEqual(['keep me']);
});

test('content that is not a JSON object is caught in the editor, with what is wrong', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.open();
  await rules.panel.getByRole('button', { name: 'Add rule' }).click();
  await rules.fill({ name: 'bad content', answer: 'Accept with content', content: '{"email": ' });
  await expect(rules.editor.getByRole('alert')).toContainText('Not valid JSON');
  await rules.editor.getByRole('button', { name: 'Add this rule' }).click();
  await expect(rules.editor.getByRole('alert').last()).toContainText('Content is not valid JSON');
  await rules.fill({ content: '["a"]' });
  await expect(rules.editor.getByRole('alert').first()).toHaveText('Content must be a JSON object, such as {"name": "Ada"}.');
  await rules.fill({ content: '{"email": "ada@example.com"}' });
  await rules.editor.getByRole('button', { name: 'Add this rule' }).click();
  expect(await rules.names()).toEqual(['bad content']);

  // Edit it: the fields come back as saved.
  await rules.rule(1).getByRole('button', { name: 'Edit rule' }).click();
  await expect(rules.editor.getByLabel('Content (JSON)')).toHaveValue('{\n  "email": "ada@example.com"\n}');
  await rules.fill({ answer: 'Cancel' });
  await rules.editor.getByRole('button', { name: 'Save rule' }).click();
  await expect(rules.rule(1)).toContainText('→ cancel');
});

test('the open panel and its editor cover no other control', async ({ app, page }, testInfo) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'decline profiles', tool: 'collect_profile', answer: 'Decline', delayMs: 250 });
  await rules.add({ name: 'hold urls', mode: 'URL', answer: 'Never answer' });
  await rules.panel.getByRole('button', { name: 'Add rule' }).click();
  await rules.fill({ answer: 'Accept with content' });
  await page.screenshot({ path: testInfo.outputPath('rules-panel.png') });
  // Every control around it still takes a click (a trial click checks that nothing lies on top).
  await app.tools.getByRole('option', { name: 'echo', exact: true }).click();
  await page.getByRole('button', { name: 'Run tool' }).click({ trial: true });
  await app.log.getByRole('tab', { name: 'Calls' }).click({ trial: true });
  await rules.editor.getByRole('button', { name: 'Add this rule' }).scrollIntoViewIfNeeded();
  await rules.editor.getByRole('button', { name: 'Add this rule' }).click({ trial: true });
});

/**
 * A rules file given on the command line answers the demo server's form: the
 * person sees the call finish by itself, and the log says which rule answered.
 * Once that session has ended, the page lists the same rules for the next
 * Connect, and the session it opens answers by them.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'elicitation-inspector/playwright';
import { RulesPanel } from './rules-panel';
import { test } from './support/test';

const rulesFile = join(mkdtempSync(join(tmpdir(), 'rules-spec-')), 'rules.json');
writeFileSync(
  rulesFile,
  JSON.stringify({
    version: 1,
    rules: [{ name: 'confirm orders', match: { tool: 'confirm_order' }, answer: { action: 'accept', content: { note: 'ring twice' } } }],
  }),
);

test.use({ inspectorArgs: ['--rules', rulesFile] });

test('a form answered by a rule from --rules: the call finishes by itself, and the log names the rule', async ({ app, page }) => {
  await app.waitConnected();
  await app.runTool('confirm_order');
  await expect(app.result()).toContainText('confirm_order: confirmed');
  await expect(app.logEntries.getByRole('option', { name: /accept e1, answered by rule 1 \(confirm orders\)/ })).toBeVisible();
  if (process.env.RULES_SCREENSHOT) await page.screenshot({ path: process.env.RULES_SCREENSHOT, fullPage: true });
});

test('after the session made at start ends, the page lists the start rules for the next Connect, and they answer there', async ({ app, page }) => {
  await app.waitConnected();
  await app.disconnect();
  const rules = new RulesPanel(page);
  // Nothing is live: what the panel lists is what Connect will apply.
  await expect(page.getByLabel('Rules summary')).toHaveText('1 of 1 on');
  await rules.open();
  await expect(rules.panel).toContainText('Rules for the next connection');
  await expect(rules.rule(1)).toContainText('confirm orders');
  if (process.env.RULES_SCREENSHOT) await page.screenshot({ path: process.env.RULES_SCREENSHOT.replace(/(\.png)?$/, '-next.png'), fullPage: true });

  const form = await app.openConnection();
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await app.waitConnected();
  await expect(rules.panel).toContainText('This session’s rules');
  await expect(rules.rule(1)).toContainText('confirm orders');
  await app.runTool('confirm_order');
  await expect(app.result()).toContainText('confirm_order: confirmed');
  await expect(app.logEntries.getByRole('option', { name: /accept e1, answered by rule 1 \(confirm orders\)/ })).toBeVisible();
});

test('the start rules deleted before Connect: the page lists none, and the next session leaves the form to the person', async ({ app, page }) => {
  await app.waitConnected();
  await app.disconnect();
  const rules = new RulesPanel(page);
  await rules.open();
  await expect(rules.rule(1)).toContainText('confirm orders');
  await rules.rule(1).getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByLabel('Rules summary')).toHaveText('none');
  await expect(rules.list.getByRole('listitem')).toHaveCount(0);

  const form = await app.openConnection();
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await app.waitConnected();
  await expect(page.getByLabel('Rules summary')).toHaveText('none');
  await app.runTool('confirm_order');
  // No rule answers: the form waits for the person.
  const order = await app.nextForm();
  await order.decline();
  await expect(app.result()).toContainText('confirm_order: not confirmed');
});

/**
 * A rules file given on the command line answers the demo server's form: the
 * person sees the call finish by itself, and the log says which rule answered.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'elicitation-inspector/playwright';
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

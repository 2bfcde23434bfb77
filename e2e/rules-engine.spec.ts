/**
 * What a rule from the Rules panel answers, and how the page says so: on the
 * pending item, on the call, in the call's story and in the panel's counts.
 * These need the proxy's rule engine (server/rules/rule-engine.ts).
 */
import { expect } from 'elicitation-inspector/playwright';
import { RulesPanel } from './rules-panel';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('a rule declines a form after its delay; the item, the call, the story and the panel say which rule', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'no profile', tool: 'collect_profile', answer: 'Decline', delayMs: 3000 });
  await app.runTool('collect_profile');
  await expect(app.elicitation().getByRole('status', { name: 'Rule' })).toHaveText('Rule 1 (no profile) will decline in 3000 ms');
  await expect(app.callStatus()).toHaveText('Completed', { timeout: 20_000 });
  await expect(app.result()).toContainText('collect_profile: decline');
  await expect(app.latestCall().getByRole('list', { name: 'Answered by rules' })).toContainText('answered by rule 1 (no profile) after 3000 ms');

  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await expect(page.getByRole('list', { name: 'Story steps' })).toContainText('answered by rule 1 (no profile) after 3000 ms');

  await expect(rules.rule(1).getByLabel('Answered this session')).toHaveText('answered 1');
  await rules.rule(1).getByRole('button', { name: 'Show last answer in log' }).click();
  await expect(app.entryDetails).toContainText('"actor": "rule"');
});

test('a rule that never answers holds the request, and says so on it', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'hold', tool: 'collect_profile', answer: 'Never answer' });
  await app.runTool('collect_profile');
  await expect(app.elicitation().getByRole('status', { name: 'Rule' })).toHaveText('Rule 1 (hold) holds this: it never answers');
  await expect(app.callStatus()).toHaveText('Waiting on you');
  // The person can still answer it.
  await app.answer('Decline');
  await expect(app.callStatus()).toHaveText('Completed');
});

test('a rule whose content fails the schema is not sent; the finding shows on the item, which the person can still answer', async ({ app, page }) => {
  await app.waitConnected();
  const rules = new RulesPanel(page);
  await rules.add({ name: 'bad email', tool: 'collect_profile', answer: 'Accept with content', content: '{"email": "not an email"}' });
  await app.runTool('collect_profile');
  await expect(app.elicitation().getByRole('group', { name: 'Findings' })).toContainText('rule-content-invalid');
  await expect(app.elicitation().getByRole('group', { name: 'Findings' })).toContainText('Not sent: rule 1 (bad email)');
  await expect(app.elicitation().getByRole('group', { name: 'Findings' })).toContainText('The elicitation waits for a person.');
  await expect(app.elicitation().getByRole('status', { name: 'Rule' })).toHaveText(
    'Rule 1 (bad email) did not answer: its content fails the requested schema, so nothing was sent. Answer it yourself.',
  );
  await expect(app.callStatus()).toHaveText('Waiting on you');
  await app.answer('Cancel');
  await expect(app.callStatus()).toHaveText('Completed');
});

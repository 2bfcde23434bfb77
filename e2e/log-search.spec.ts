/**
 * The log search's filter syntax on a live demo session: keyed filters beside
 * free words, negation, problems shown under the field, and its help.
 */
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('filters narrow the log by method, status, call and kind, and a minus leaves entries out', async ({ app }) => {
  await app.waitConnected();
  await app.runTool('echo', { text: 'hello there' });
  await expect(app.callStatus()).toHaveText('Completed');
  await app.runTool('fail_with_error');
  await expect(app.callStatus()).toHaveText('Tool error');
  const search = app.log.getByLabel('Search log');
  const rows = app.logEntries.getByRole('option');

  await app.searchLog('method:tools/call');
  // Two calls: each request and its response, nothing else.
  await expect(rows).toHaveCount(4);
  for (const text of await rows.allTextContents()) expect(text).toContain('tools/call');

  await app.searchLog('method:tools/call status:error');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('isError');

  await app.searchLog('method:tools/call -status:error dir:in');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/tools\/call #\d+ result/);

  await app.searchLog('call:c2 kind:call-end');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('c2 ended: result (isError)');

  await app.searchLog('method:"tools/call" "hello there"');
  await expect(rows).toHaveCount(2);

  await app.searchLog('latency:>600000');
  await expect(app.log.getByLabel('Entry count')).toHaveText(/^0 of \d+ entries$/);
  await expect(search).not.toHaveAttribute('aria-invalid');
});

test('an unknown filter is named under the field, and the help lists the syntax and adds a filter', async ({ app }) => {
  await app.waitConnected();
  const search = app.log.getByLabel('Search log');
  await app.searchLog('colour:red kind:tools');
  const problem = app.log.getByText('Unknown filter "colour:". Filters are method:, kind:, dir:, status:, latency:, call:');
  await expect(problem).toBeVisible();
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(search).toHaveAccessibleDescription(/^Unknown filter "colour:"/);
  // The known term still filters.
  await expect(app.logEntries.getByRole('option')).toHaveCount(1);

  await app.searchLog('');
  await expect(problem).toHaveCount(0);
  await expect(search).not.toHaveAttribute('aria-invalid');
  await expect(search).toHaveAccessibleDescription(/Filters: method:, kind:, dir:, status:, latency:, call:/);

  const help = app.log.getByRole('button', { name: 'Search syntax' });
  await help.click();
  const syntax = app.log.getByRole('region', { name: 'Search syntax help' });
  await expect(syntax).toContainText('latency:>500');
  await syntax.getByRole('button', { name: 'kind:elicitation' }).click();
  await expect(search).toHaveValue('kind:elicitation');
  await help.focus();
  await help.press('Escape');
  await expect(syntax).toBeHidden();
  await expect(help).toHaveAttribute('aria-expanded', 'false');
});

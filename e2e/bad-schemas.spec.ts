/**
 * A `requestedSchema` outside the spec's flat subset is data like any other: the
 * page shows what it got, follows no `$ref`, runs no pattern that can hang, and
 * always leaves Decline, Cancel and Edit as JSON in reach, on both eras.
 */
import { expect } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

const target = targetStdio('bad-schemas');
const eras = [
  { protocol: '2025-11-25', version: '2025-11-25' },
  { protocol: 'auto', version: '2026-07-28' },
];

for (const { protocol, version } of eras) {
  test.describe(`bad schemas on ${version}`, () => {
    test.use({ inspectorArgs: ['--protocol', protocol, '--', target.command, ...target.args] });

    test('a $ref cycle, a remote $ref, a $ref to nothing, $defs and a nested object each show a form that can be declined', async ({ app, page }) => {
      await app.waitConnected();
      await expect(app.protocolVersion).toHaveText(version);
      const expected = {
        ref_cycle: 'schema-ref',
        remote_ref: 'schema-ref',
        missing_ref: 'schema-ref',
        defs_only: 'schema-definitions',
        nested_object: 'schema-nested-object',
      };
      for (const [tool, code] of Object.entries(expected)) {
        await app.runTool(tool);
        await expect(app.elicitation()).toContainText(`Schema ${tool}`);
        await expect(app.field('Name')).toBeVisible();
        await expect(app.elicitation().getByRole('group', { name: 'Findings' })).toContainText(code);
        await app.answer('Decline');
        await expect(app.result()).toContainText(`${tool}: `);
        await expect(app.result()).toContainText('decline');
      }
      await expect(page.getByRole('region', { name: 'Log' })).toBeVisible();
    });

    test('a pending $ref cycle survives a reload: the form is back, Edit as JSON and Cancel work, Disconnect is in reach', async ({ app, page }) => {
      await app.waitConnected();
      await app.runTool('ref_cycle');
      await expect(app.elicitation()).toContainText('Schema ref_cycle');
      await page.reload();
      await app.waitConnected();
      await expect(app.elicitation()).toContainText('Schema ref_cycle');
      await app.elicitation().getByLabel('Edit as JSON').check();
      await expect(app.elicitation().getByLabel('Content JSON')).toBeVisible();
      await app.answer('Cancel');
      await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');
      await app.disconnect();
    });

    test('a catastrophic pattern neither freezes the page nor the proxy', async ({ app }) => {
      await app.waitConnected();
      await app.runTool('slow_pattern');
      // 34 characters that almost match ^(a+)+$: 2^34 steps for a backtracking engine.
      const answer = `${'a'.repeat(33)}!`;
      await app.answer('Accept', { Word: answer });
      await expect(app.elicitation().getByRole('alert')).toContainText('1 field needs attention');
      // The proxy checks content sent as JSON: it answers, and goes on serving.
      await app.elicitation().getByLabel('Edit as JSON').check();
      await app
        .elicitation()
        .getByLabel('Content JSON')
        .fill(JSON.stringify({ word: answer }));
      await app.answer('Accept');
      await expect(app.elicitation().getByRole('alert')).toContainText('word must match pattern');
      await app.answer('Decline');
      await app.runTool('backreference');
      await expect(app.elicitation().getByRole('group', { name: 'Findings' })).toContainText('schema-pattern-not-enforced');
      await app.answer('Accept', { Twice: 'anything' });
      await expect(app.result()).toContainText('anything');
    });
  });
}

test.describe('tool arguments', () => {
  test.use({ inspectorArgs: ['--', target.command, ...target.args] });

  test('a catastrophic pattern in a tool inputSchema is checked without freezing the page', async ({ app, page }) => {
    await app.waitConnected();
    await app.runTool('slow_argument', { word: `${'a'.repeat(33)}!` });
    const tool = page.getByRole('region', { name: 'Tool', exact: true });
    await expect(tool).toContainText('must match pattern');
    await expect(app.calls.getByRole('listitem')).toHaveCount(0);
    await tool.getByLabel('word', { exact: true }).fill('aaa');
    await tool.getByRole('button', { name: 'Run tool' }).click();
    await expect(app.result()).toContainText('slow_argument: aaa');
  });
});

test.describe('selects without a default', () => {
  test.use({ inspectorArgs: ['--', target.command, ...target.args] });

  test('an untouched select is sent as absent; a required one blocks Accept until chosen', async ({ app }) => {
    await app.waitConnected();
    await app.runTool('size_select');
    await expect(app.field('Size')).toHaveValue('');
    await expect(app.field('Color')).toHaveValue('');
    await app.answer('Accept', { Name: 'Ada' });
    await expect(app.result()).toContainText('"name":"Ada"');
    await expect(app.result()).not.toContainText('"size"');
    await expect(app.result()).not.toContainText('"color"');

    await app.runTool('required_select');
    await expect(app.field('Size')).toHaveValue('');
    await app.answer('Accept');
    await expect(app.elicitation().getByRole('alert')).toContainText('1 field needs attention');
    await app.field('Size').selectOption({ label: 'Medium' });
    await app.answer('Accept');
    await expect(app.result()).toContainText('"size":"m"');
  });
});

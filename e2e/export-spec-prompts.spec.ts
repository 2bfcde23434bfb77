/**
 * Export as a Playwright test with prompts and resources: a demo session that gets a
 * prompt and reads a resource template (each asking first) exports as a test that
 * replays both with the kit's getPrompt / readResource, and that test passes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'elicitation-inspector/playwright';
import { exportSessionSpec, runExported } from './support/exported-spec';
import { ROOT } from './support/processes';
import { test } from './support/test';

test('a session with a prompt and a resource read exports as a test that replays both, and it passes', async ({ app, inspector }) => {
  test.setTimeout(300_000);
  expect(existsSync(join(ROOT, 'dist/playwright/playwright.mjs')), 'dist/ is missing: run `npm run build` first').toBe(true);
  await app.getPrompt('write_announcement', { topic: 'the launch' });
  await (await app.nextForm()).fill('Tone', 'formal');
  await app.answer('Accept');
  await expect(app.callStatus()).toHaveText('Completed');
  await app.readResource('secret_note', { name: 'q3 plan' });
  await (await app.nextForm()).accept({ 'Show the note': true });
  await expect(app.callStatus()).toHaveText('Completed');

  const source = exportSessionSpec(inspector.dataDir);
  expect(source).toContain('await app.getPrompt("write_announcement", {"topic":"the launch"});');
  expect(source).toContain('await app.readResource("secret_note", {"name":"q3 plan"});');
  expect(source).toContain('.toContain("Write a formal announcement about the launch.");');
  expect(source).toContain('.toContain("secret_note q3 plan: the meeting moved to Thursday');

  const run = runExported('prompts', source);
  expect(run.status, run.output).toBe(0);
  expect(run.output).toContain('1 passed');
});

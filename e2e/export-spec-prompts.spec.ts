/**
 * Export as a Playwright test with prompts and resources: a demo session that gets a
 * prompt and reads a resource template (each asking first) exports as a test that
 * replays both with the kit's getPrompt / readResource, and that test passes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'elicitation-inspector/playwright';
import { runExported } from './support/exported-spec';
import { ROOT } from './support/processes';

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

  const [file] = readdirSync(inspector.dataDir).filter((f) => f.endsWith('.jsonl'));
  const out = join(inspector.dataDir, 'replay.spec.ts');
  const exported = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'export-spec', join(inspector.dataDir, file), '--out', out], {
    encoding: 'utf8',
  });
  expect(exported.status, exported.stderr).toBe(0);
  const source = readFileSync(out, 'utf8');
  expect(source).toContain('await app.getPrompt("write_announcement", {"topic":"the launch"});');
  expect(source).toContain('await app.readResource("secret_note", {"name":"q3 plan"});');
  expect(source).toContain('.toContain("Write a formal announcement about the launch.");');
  expect(source).toContain('.toContain("secret_note q3 plan: the meeting moved to Thursday');

  const run = runExported('prompts', source);
  expect(run.status, run.output).toBe(0);
  expect(run.output).toContain('1 passed');
});

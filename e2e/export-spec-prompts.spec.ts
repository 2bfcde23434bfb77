/**
 * Export as a Playwright test with prompts and resources: a demo session that gets a
 * prompt and reads a resource template (each asking first) exports as a test that
 * replays both with the kit's getPrompt / readResource, and that test passes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'elicitation-inspector/playwright';
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

/** Run the exported spec with Playwright from a folder of its own under .tmp/ (it imports the built kit). */
function runExported(name: string, source: string): { status: number | null; output: string } {
  const dir = join(ROOT, '.tmp', `exported-${process.pid}-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.spec.ts`), source);
  const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: '.', workers: 1, outputDir: 'results', use: { launchOptions: { executablePath: ${JSON.stringify(chromium)}, args: ['--no-sandbox'] } } });
`,
  );
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
  const run = spawnSync(process.execPath, [cli, 'test', '--config', join(dir, 'playwright.config.ts'), '--reporter', 'line'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: '', FORCE_COLOR: '0' },
    timeout: 200_000,
  });
  rmSync(dir, { recursive: true, force: true });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

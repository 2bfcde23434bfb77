/**
 * Export as a Playwright test, end to end: a session recorded through the kit is
 * exported with the CLI, and the exported test, run by Playwright, passes against
 * the same server and fails, naming the call and the text, when the answer changes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'elicitation-inspector/playwright';
import { ROOT, targetStdio } from './support/processes';

const greeter = targetStdio('greeter');

test.use({ inspectorTarget: { ...greeter, env: { GREETING: 'Hello' } } });

/** Run one exported spec with Playwright, from a folder of its own under .tmp/ (it imports the built kit). */
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
    timeout: 150_000,
  });
  rmSync(dir, { recursive: true, force: true });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('a recorded session exported as a test passes against the same server, and fails readably when its answer changes', async ({ app, inspector }) => {
  test.setTimeout(300_000);
  expect(existsSync(join(ROOT, 'dist/playwright/playwright.mjs')), 'dist/ is missing: run `npm run build` first').toBe(true);
  await app.callTool('greet', { punctuation: '!' });
  await (await app.nextForm()).accept({ Name: 'Ada' });
  expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'Hello, Ada!' });

  const [file] = readdirSync(inspector.dataDir).filter((f) => f.endsWith('.jsonl'));
  const out = join(inspector.dataDir, 'replay.spec.ts');
  const exported = spawnSync(process.execPath, [join(ROOT, 'server/bin.mjs'), 'export-spec', join(inspector.dataDir, file), '--out', out], {
    encoding: 'utf8',
  });
  expect(exported.status, exported.stderr).toBe(0);
  const source = readFileSync(out, 'utf8');
  expect(source).toContain('await app.callTool("greet", {"punctuation":"!"});');
  expect(source).toContain('"GREETING":"Hello"');

  const same = runExported('same', source);
  expect(same.status, same.output).toBe(0);
  expect(same.output).toContain('1 passed');

  const changed = runExported('changed', source.replace('"GREETING":"Hello"', '"GREETING":"Howdy"'));
  expect(changed.status).toBe(1);
  expect(changed.output).toContain('the result of greet (c1)');
  expect(changed.output).toContain('Expected substring: "Hello, Ada!"');
  expect(changed.output).toContain('Received string:    "Howdy, Ada!"');
});

test('Export as Playwright test in the Sessions dialog downloads the test of that session', async ({ app, page }) => {
  await app.callTool('greet', { punctuation: '?' });
  await (await app.nextForm()).accept({ Name: 'Grace' });
  expect((await app.callOutcome()).result).toBe('Hello, Grace?');
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sessions' });
  const row = dialog.getByRole('listitem', { name: /^Session / }).first();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export as Playwright test', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^session-[0-9a-f]{8}\.spec\.ts$/);
  const source = readFileSync(await file.path(), 'utf8');
  expect(source).toContain('await app.callTool("greet", {"punctuation":"?"});');
  expect(source).toContain('toContain("Hello, Grace?")');
});

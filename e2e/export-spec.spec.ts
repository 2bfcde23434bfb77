/**
 * Export as a Playwright test, end to end: a session recorded through the kit is
 * exported with the CLI, and the exported test, run by Playwright, passes against
 * the same server and fails, naming the call and the text, when the answer changes.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'elicitation-inspector/playwright';
import { exportSessionSpec, runExported } from './support/exported-spec';
import { ROOT, TSX, targetStdio } from './support/processes';
import { test } from './support/test';

const greeter = targetStdio('greeter');

test.use({ inspectorTarget: { ...greeter, env: { GREETING: 'Hello' } } });

test('a recorded session exported as a test passes against the same server, and fails readably when its answer changes', async ({ app, inspector }) => {
  test.setTimeout(300_000);
  expect(existsSync(join(ROOT, 'dist/playwright/playwright.mjs')), 'dist/ is missing: run `npm run build` first').toBe(true);
  await app.callTool('greet', { punctuation: '!' });
  await (await app.nextForm()).accept({ Name: 'Ada' });
  expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'Hello, Ada!' });

  const source = exportSessionSpec(inspector.dataDir);
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

test('Export as Playwright test, as HAR and as OpenTelemetry in the Sessions dialog download that session', async ({ app, page }) => {
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
  // Beside it, the same session's HTTP exchanges as HAR (a stdio server has none: an empty, valid log).
  const har = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export as HAR', exact: true }).click();
  const harFile = await har;
  expect(harFile.suggestedFilename()).toMatch(/^session-[0-9a-f]{8}\.har$/);
  expect(JSON.parse(readFileSync(await harFile.path(), 'utf8'))).toMatchObject({ log: { version: '1.2', entries: [] } });
  // And its calls as OpenTelemetry traces: the greet call is a span.
  const otlp = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export as OpenTelemetry', exact: true }).click();
  const otlpFile = await otlp;
  expect(otlpFile.suggestedFilename()).toMatch(/^session-[0-9a-f]{8}\.otlp\.json$/);
  expect(readFileSync(await otlpFile.path(), 'utf8')).toContain('"name":"tools/call greet"');
});

test.describe('a project that moves', () => {
  // A project of its own under .tmp/ (its imports still resolve from the repository's node_modules).
  const place = join(ROOT, '.tmp', `portable-${process.pid}`);
  const project = join(place, 'shop');
  test.use({ inspectorTarget: { command: process.execPath, args: ['--import', TSX, join(project, 'server/greeter.ts')], cwd: project } });
  test.beforeAll(() => {
    mkdirSync(join(project, 'server'), { recursive: true });
    cpSync(join(ROOT, 'e2e/targets/greeter.ts'), join(project, 'server/greeter.ts'));
  });
  test.afterAll(() => rmSync(place, { recursive: true, force: true }));

  test('an exported test names the server once at the top, with paths relative to it, and passes after the project moves', async ({ app, inspector }) => {
    test.setTimeout(300_000);
    await app.callTool('greet', { punctuation: '.' });
    await (await app.nextForm()).accept({ Name: 'Ada' });
    expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'Hello, Ada.' });

    mkdirSync(join(project, 'tests'));
    const source = exportSessionSpec(inspector.dataDir, join(project, 'tests', 'replay.spec.ts'));
    expect(source).toMatch(
      /^const SERVER = \{ command: process\.execPath, args: \["--import","\.\.\/[^"]*loader\.mjs","server\/greeter\.ts"\], cwd: "\.\." \};$/m,
    );
    expect(source, 'no absolute path of the machine that recorded it').not.toContain(ROOT);

    const moved = join(place, 'shop-moved');
    renameSync(project, moved);
    const run = runExported('replay', source, join(moved, 'tests'));
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('1 passed');
  });
});

/**
 * Export as a Playwright test, end to end: sessions recorded through the kit are exported
 * with the CLI, and the exported tests, run by Playwright, pass against the same server
 * (a greeter, the demo's prompt and resource template, a project moved after recording)
 * and fail, naming the call and the text, when the answer changes. The exported tests are
 * written as the sessions are recorded and run in one Playwright run at the end, whose JSON
 * report says how each went: a run of its own for each cost a runner, a worker and a browser
 * each time (the export tests cost 29.6 s of CPU with four runs, 22.2 s with one).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'elicitation-inspector/playwright';
import { exportSessionSpec, runExportedSpecs } from './support/exported-spec';
import { ROOT, TSX, targetStdio } from './support/processes';
import { test } from './support/test';

const greeter = targetStdio('greeter');

test.describe('the Sessions dialog', () => {
  test.use({ inspectorTarget: { ...greeter, env: { GREETING: 'Hello' } } });

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
});

test.describe('exported tests, replayed in one Playwright run', () => {
  // Each test records a session and writes its exported test; the last one runs them all.
  test.describe.configure({ mode: 'serial' });
  // The run's folder, under .tmp/ so the exported tests' imports resolve from the repository's node_modules.
  const place = join(ROOT, '.tmp', `exported-${process.pid}`);
  /**
   * The exported tests' files, by their path in the run's folder. The one that fails sorts after the others: Playwright
   * runs the files in that order, and a failed test ends its worker (a new one and its browser: ~3 s of CPU).
   */
  const write = (path: string, source: string) => {
    mkdirSync(dirname(join(place, path)), { recursive: true });
    writeFileSync(join(place, path), source);
  };

  test.beforeAll(() => {
    expect(existsSync(join(ROOT, 'dist/playwright/playwright.mjs')), 'dist/ is missing: run `npm run build` first').toBe(true);
    rmSync(place, { recursive: true, force: true });
    mkdirSync(place, { recursive: true });
  });
  test.afterAll(() => rmSync(place, { recursive: true, force: true }));

  test.describe('a greeter', () => {
    test.use({ inspectorTarget: { ...greeter, env: { GREETING: 'Hello' } } });

    test('a recorded session exports as a test of its call, its answer and its server, and the same with the greeting changed', async ({ app, inspector }) => {
      await app.callTool('greet', { punctuation: '!' });
      await (await app.nextForm()).accept({ Name: 'Ada' });
      expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'Hello, Ada!' });

      const source = exportSessionSpec(inspector.dataDir);
      expect(source).toContain('await app.callTool("greet", {"punctuation":"!"});');
      expect(source).toContain('"GREETING":"Hello"');
      write('replays/same.spec.ts', source);
      write('with-another-greeting/changed.spec.ts', source.replace('"GREETING":"Hello"', '"GREETING":"Howdy"'));
    });
  });

  test.describe('the demo server', () => {
    test('a session with a prompt and a resource read exports as a test that replays both', async ({ app, inspector }) => {
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
      write('replays/prompts.spec.ts', source);
    });
  });

  test.describe('a project that moves', () => {
    // A project of its own beside the replays (its imports still resolve from the repository's node_modules).
    const project = join(place, 'shop');
    test.use({ inspectorTarget: { command: process.execPath, args: ['--import', TSX, join(project, 'server/greeter.ts')], cwd: project } });
    test.beforeAll(() => {
      mkdirSync(join(project, 'server'), { recursive: true });
      cpSync(join(ROOT, 'e2e/targets/greeter.ts'), join(project, 'server/greeter.ts'));
    });

    test('an exported test names the server once at the top, with paths relative to it, and the project moves after', async ({ app, inspector }) => {
      await app.callTool('greet', { punctuation: '.' });
      await (await app.nextForm()).accept({ Name: 'Ada' });
      expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'Hello, Ada.' });

      mkdirSync(join(project, 'tests'));
      const source = exportSessionSpec(inspector.dataDir, join(project, 'tests', 'replay.spec.ts'));
      expect(source).toMatch(
        /^const SERVER = \{ command: process\.execPath, args: \["--import","\.\.\/[^"]*loader\.mjs","server\/greeter\.ts"\], cwd: "\.\." \};$/m,
      );
      expect(source, 'no absolute path of the machine that recorded it').not.toContain(ROOT);
      // The spec stays where export-spec wrote it, in the project's tests/; the whole project moves.
      renameSync(project, join(place, 'shop-moved'));
    });
  });

  test('run by Playwright, the exported tests pass against the same server and after the move, and the changed one fails naming the call and the text', async () => {
    test.setTimeout(300_000);
    const run = await runExportedSpecs(place);
    const passed = (file: string) => {
      const tests = run.files.get(file);
      expect(tests, `${file} ran, in:\n${run.output}`).toHaveLength(1);
      expect(tests![0].status, tests![0].errors.join('\n')).toBe('passed');
    };
    passed('replays/same.spec.ts');
    passed('replays/prompts.spec.ts');
    passed('shop-moved/tests/replay.spec.ts');
    const changed = run.files.get('with-another-greeting/changed.spec.ts');
    expect(changed, `changed.spec.ts ran, in:\n${run.output}`).toHaveLength(1);
    expect(changed![0].status).toBe('failed');
    const error = changed![0].errors.join('\n');
    expect(error).toContain('the result of greet (c1)');
    expect(error).toContain('Expected substring: "Hello, Ada!"');
    expect(error).toContain('Received string:    "Howdy, Ada!"');
    // What the person running them reads: three passed and one failed, with the failure's text.
    expect(run.status).toBe(1);
    expect(run.output).toContain('1 failed');
    expect(run.output).toContain('3 passed');
    expect(run.output).toContain('Received string:    "Howdy, Ada!"');
  });
});

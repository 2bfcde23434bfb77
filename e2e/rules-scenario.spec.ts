/**
 * "Run scenario" and "Save as scenario" from the page: a broken file is refused
 * by name, a run shows its verdict, a session downloads as a scenario that the
 * proxy reads back as one.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'elicitation-inspector/playwright';
import { ScenarioSchema } from '../server/wire/scenario';
import { targetStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

const SCENARIO = { version: 1, name: 'echo once', steps: [{ call: 'echo', arguments: { text: 'hi' }, expect: { text: { contains: 'hi' } } }] };

test('a scenario file that is not JSON is refused by name before anything is sent', async ({ app, page }) => {
  await app.waitConnected();
  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"steps": [') });
  // Where and why, as `run` says it on the command line.
  await expect(dialog.getByRole('alert')).toContainText(
    'broken.json:1:12: not valid JSON (unexpected end of file: the array opened at line 1, column 11 is not closed).',
  );
});

test('running a scenario shows a verdict per run, and the session stays connected', async ({ app, page }) => {
  await app.waitConnected();
  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'echo.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(SCENARIO)) });
  const verdicts = dialog.getByRole('region', { name: 'Scenario runs' });
  await expect(verdicts.getByRole('status', { name: 'Verdict' }).first()).toHaveText('passed', { timeout: 30_000 });
  await expect(app.connectionStatus).toHaveText('Connected');
});

test('save as scenario downloads the session as a scenario file', async ({ app, page }) => {
  await app.waitConnected();
  await app.runTool('echo', { text: 'hi' });
  await expect(app.callStatus()).toHaveText('Completed');
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sessions' });
  const downloaded = page.waitForEvent('download', { timeout: 20_000 });
  await dialog
    .getByRole('listitem', { name: /^Session / })
    .first()
    .getByRole('button', { name: 'Save as scenario' })
    .click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^scenario-.*\.json$/);
  const scenario = ScenarioSchema.parse(JSON.parse(readFileSync(await download.path(), 'utf8')));
  expect(scenario.steps.map((step) => ('call' in step ? step.call : undefined))).toEqual(['echo']);
});

test('a form filled by hand, saved as a scenario, replays green: the server gets the same content, key order included', async ({ app, page }) => {
  await app.waitConnected();
  await app.callTool('collect_profile');
  const form = await app.nextForm();
  await form.fill('Email', 'ada@example.com');
  await form.fill('Age', 30);
  await form.accept();
  const outcome = await app.callOutcome();
  expect(outcome.status).toBe('Completed');
  expect(outcome.result).toContain('"age":30');

  await page.getByRole('button', { name: /^Sessions/ }).click();
  const sessions = page.getByRole('dialog', { name: 'Sessions' });
  const downloaded = page.waitForEvent('download', { timeout: 20_000 });
  await sessions
    .getByRole('listitem', { name: /^Session / })
    .first()
    .getByRole('button', { name: 'Save as scenario' })
    .click();
  const file = readFileSync(await (await downloaded).path());
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'profile.json', mimeType: 'application/json', buffer: file });
  const verdicts = dialog.getByRole('region', { name: 'Scenario runs' });
  const verdict = verdicts.getByRole('status', { name: 'Verdict' }).first();
  await expect(verdict).toHaveText(/^(passed|failed|error)$/, { timeout: 30_000 });
  await expect(verdicts).not.toContainText('text equals');
  await expect(verdict).toHaveText('passed');
});

test("a run's calls and its automatic retry are logged as the scenario's and the inspector's, and a delayed answer says its wait", async ({ app, page }) => {
  await app.waitConnected();
  const scenario = {
    version: 1,
    name: 'actors',
    protocol: '2025-11-25',
    steps: [
      { call: 'confirm_order', arguments: { item: 'tea' }, elicitations: [{ answer: { action: 'decline', delayMs: 500 } }] },
      { call: 'link_account_first', elicitations: [{ answer: { action: 'accept', markComplete: true } }] },
    ],
  };
  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'actors.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  const verdicts = dialog.getByRole('region', { name: 'Scenario runs' });
  await expect(verdicts.getByRole('status', { name: 'Verdict' }).first()).toHaveText(/^(passed|failed|error)$/, { timeout: 30_000 });
  await verdicts.getByRole('button', { name: 'Open its session' }).first().click();

  const first = await app.callStory('c1');
  expect(first.join('\n')).toMatch(/scenario\W+call c1/);
  expect(first.join('\n')).not.toMatch(/you\W+call c1/);
  expect(first.join('\n')).toMatch(/answered by scenario step 1 \(1\. tools\/call confirm_order\) after 500 ms/);
  const second = (await app.callStory('c2')).join('\n');
  expect(second).toMatch(/inspector\W+retry c2/);
  expect(second).not.toMatch(/you\W+retry/);
});

test('a run whose server dies part-way says it stopped, and how many steps never ran', async ({ app, page }) => {
  await app.waitConnected();
  const scenario = {
    version: 1,
    server: { transport: 'stdio', ...targetStdio('scenario-hostile') },
    protocol: '2025-11-25',
    steps: [{ call: 'die', elicitations: [{ answer: { action: 'accept', delayMs: 60_000 } }] }, { call: 'hang' }, { call: 'hang' }],
  };
  await page.getByRole('button', { name: 'Run scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run scenario' });
  await dialog.getByLabel('Scenario file').setInputFiles({ name: 'dies.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  const run = dialog.getByRole('region', { name: 'Scenario runs' }).getByRole('article', { name: 'Run on 2025-11-25' });
  await expect(run.getByRole('status', { name: 'Verdict' })).toHaveText('error', { timeout: 30_000 });
  await expect(run).toContainText('2025-11-25: stopped: The server process exited with code 9. (0 of 3 steps passed, 2 not run)');
});

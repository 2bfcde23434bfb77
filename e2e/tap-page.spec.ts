/**
 * A tapped session in the page: the host makes the calls and answers the forms, so the page offers
 * neither Run nor the answer buttons, and says who does. Found by docs/playwright.md's row for it.
 */
import { spawn } from 'node:child_process';
import { expect } from 'elicitation-inspector/playwright';
import { demoStdio, ROOT, watchStdout } from './support/processes';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectRowTried } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

// No start-up session of its own: the page opens on the tapped one, whenever the tap's record reaches the inspector.
test.use({ inspectorArgs: ['--no-connect'] });

const ROW = 'a tapped session ([Tap a real host](tap.md))';

test('a tapped session: the host named, no Run and no answer buttons, each saying the host acts', async ({ inspector, page }) => {
  const table = readPlaywrightTable();
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(table, page, coverage);
  const demo = demoStdio();
  const tap = spawn(process.execPath, ['server/bin.mjs', 'tap', '--data-dir', inspector.dataDir, '--', demo.command, ...demo.args], { cwd: ROOT });
  try {
    // The tap and its server start on a machine of any speed: these waits end when the host would see the answer.
    const stdout = watchStdout(tap);
    tap.stderr.resume();
    const write = (message: object) => tap.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
    const params = { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } }, clientInfo: { name: 'Page Host', version: '2.0' } };
    write({ id: 0, method: 'initialize', params });
    await stdout.until('"id":0');
    write({ method: 'notifications/initialized' });
    write({ id: 1, method: 'tools/list', params: {} });
    await stdout.until('"id":1');

    await page.goto(inspector.url);
    await expect(await readme.locate(ROW, "getByLabel('Host', { exact: true })")).toHaveText('Page Host 2.0, declares form');
    await expect(await readme.locate(ROW, "getByRole('note', { name: 'Host calls' })")).toHaveText(
      "Page Host 2.0 makes the calls: the session is tapped, so the inspector shows them here and in the log's Calls, and runs no tool itself.",
    );
    await expect(page.getByRole('button', { name: 'Run tool' })).toHaveCount(0);

    // The host calls a tool that asks: the form is shown, and answered by the host only.
    write({ id: 2, method: 'tools/call', params: { name: 'confirm_order', arguments: {} } });
    await stdout.until('elicitation/create');
    const form = page.getByRole('article', { name: /^Elicitation / });
    await expect(await readme.locate(ROW, "getByRole('article', { name: /^Elicitation / }).getByRole('note', { name: 'Host answers' })")).toContainText(
      'Page Host 2.0 answers this request',
    );
    await expect(form.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

    // The sessions dialog says which session is tapped, and for which host.
    await page.getByRole('button', { name: /^Sessions/ }).click();
    const listed = await readme.locate(
      ROW,
      "getByRole('dialog', { name: 'Sessions' }).getByRole('listitem', { name: /^Session tap-/ }).getByLabel('Host', { exact: true })",
    );
    await expect(listed).toHaveText('Page Host 2.0');
    await expect(page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem', { name: /^Session tap-/ })).toContainText('Tapped');
    expectRowTried(table, ROW, coverage);
  } finally {
    tap.stdin.end();
    if (tap.exitCode === null) await new Promise((resolve) => tap.once('exit', resolve));
  }
});

/**
 * A tapped session in the page: the host makes the calls, so the Tools panel offers none.
 */
import { spawn } from 'node:child_process';
import { expect, test } from 'elicitation-inspector/playwright';
import { demoStdio, ROOT } from './support/processes';

test('a tapped session offers no Run: the Tools panel says the host makes the calls', async ({ inspector, page }) => {
  const demo = demoStdio();
  const tap = spawn(process.execPath, ['server/bin.mjs', 'tap', '--data-dir', inspector.dataDir, '--', demo.command, ...demo.args], { cwd: ROOT });
  try {
    let stdout = '';
    tap.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    tap.stderr.resume();
    const write = (message: object) => tap.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
    const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'Page Host', version: '2.0' } };
    write({ id: 0, method: 'initialize', params });
    await expect.poll(() => stdout).toContain('"id":0');
    write({ method: 'notifications/initialized' });
    write({ id: 1, method: 'tools/list', params: {} });
    await expect.poll(() => stdout).toContain('"id":1');

    await page.goto(inspector.url);
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Page Host 2.0, declares no elicitation');
    await expect(page.getByRole('note', { name: 'Host calls' })).toHaveText(
      "Page Host 2.0 makes the calls: the session is tapped, so the inspector shows them (in the log's Calls) and runs no tool here.",
    );
    await expect(page.getByRole('button', { name: 'Run tool' })).toHaveCount(0);
  } finally {
    tap.stdin.end();
    if (tap.exitCode === null) await new Promise((resolve) => tap.once('exit', resolve));
  }
});

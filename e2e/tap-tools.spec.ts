/**
 * A tapped session's Tools panel: the host makes the calls, so the panel shows the host's calls
 * with the states a call of the inspector's own has, found by the same locators; the tool list
 * says the host has not listed the tools until it does, then shows what the server answered it,
 * a big session's (opened windowed, from its outline) as a small one's.
 */
import { expect } from 'elicitation-inspector/playwright';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { connectTappedHost } from './support/tapped-host';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

// No start-up session of its own: the page opens on the tapped one.
test.use({ inspectorArgs: ['--no-connect'] });

test("a tapped session's Tools: the host's calls with their states, and its tools once it lists them", async ({ inspector, page }, testInfo) => {
  const readme = new ReadmeProbe(readPlaywrightTable(), page, emptyCoverage());
  // The host takes its time to answer a form: until it does, the call waits on the host.
  let answer: (result: ElicitResult) => void = () => {};
  const { client: host, asked } = await connectTappedHost(inspector.dataDir, () => new Promise<ElicitResult>((resolve) => (answer = resolve)));
  try {
    await page.goto(inspector.url);
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Holding Host 1.32.2, declares form');
    await expect(page.getByText('Holding Host 1.32.2 has not listed the tools: they show here once it does.')).toBeVisible();
    await expect(page.getByText('This server lists no tools.')).toHaveCount(0);

    await host.callTool({ name: 'echo', arguments: { text: 'from the host' } });
    const calls = await readme.locate('its calls, newest first', "getByRole('list', { name: 'Calls' }).getByRole('listitem')");
    await expect(calls).toHaveCount(1);
    await expect(calls.first()).toContainText('echo');
    await readme.value("a call's state", calls.first().getByRole('status', { name: 'Call status' }), 'Completed');
    await expect(calls.first().getByRole('region', { name: 'Result' })).toContainText('from the host');

    const confirming = host.callTool({ name: 'confirm_order', arguments: { item: 'pizza' } });
    await expect.poll(() => asked.length).toBe(1);
    await expect(calls).toHaveCount(2);
    await expect(calls.first()).toContainText('confirm_order');
    await readme.value("a call's state", calls.first().getByRole('status', { name: 'Call status' }), 'Waiting on the host');
    // The host answers, not the person: nothing says the call waits on you, and there is nothing to cancel.
    await expect(calls.first().getByRole('button', { name: 'Cancel call' })).toHaveCount(0);
    answer({ action: 'accept', content: { confirm: true, note: 'from the host' } });
    await confirming;
    await readme.value("a call's state", calls.first().getByRole('status', { name: 'Call status' }), 'Completed');
    // For a person to look at: the run keeps it beside the test's other output.
    await page.screenshot({ path: testInfo.outputPath('tapped-tools-panel.png') });
    await testInfo.attach('tapped-tools-panel', { path: testInfo.outputPath('tapped-tools-panel.png'), contentType: 'image/png' });

    await host.listTools();
    await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'confirm_order', exact: true })).toBeVisible();
  } finally {
    await host.close();
  }
});

test('a big tapped session shows the tools its host listed, live or ended, opened from its outline', async ({ app, inspector, page }) => {
  test.slow(); // thousands of messages through the tap on a shared machine
  const { client: host } = await connectTappedHost(inspector.dataDir);
  try {
    await host.listTools();
    // Past WINDOWED_MIN_ENTRIES (5,000): each ping is two entries, the host's request and the server's answer.
    for (let batch = 0; batch < 26; batch++) await Promise.all(Array.from({ length: 100 }, () => host.ping()));
    // Opened once the session is that big: the page reads it windowed, its outline in place of its log.
    await page.goto(inspector.url);
    await expect(app.log.getByLabel('Entry count')).toHaveText(/^[5-9]\d{3} entries$/);
    const tools = page.getByRole('listbox', { name: 'Tools' });
    await expect(tools.getByRole('option', { name: 'confirm_order', exact: true })).toBeVisible();
    await expect(page.getByText('has not listed the tools')).toHaveCount(0);
  } finally {
    await host.close();
  }
  // Ended, and opened again from its file.
  await page.reload();
  await expect(page.getByRole('alert', { name: 'Session ended' })).toBeVisible();
  await expect(app.log.getByLabel('Entry count')).toHaveText(/^[5-9]\d{3} entries$/);
  await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'confirm_order', exact: true })).toBeVisible();
});

/**
 * The page follows a tapped session, with the inspector started as docs/tap.md says a person
 * starts it (its own demo session connected): a host on the classic SDK launches the tap in
 * front of the demo server, and the page shows that session at once while nothing was done in
 * its own; once a call was made there, it stays, and a notice offers the tapped one.
 */
import { expect } from 'elicitation-inspector/playwright';
import { connectTappedHost } from './support/tapped-host';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectRowTried } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

const ROW = 'a tapped session as it starts ([Tap a real host](tap.md#in-the-page))';

test("the page shows the host's tapped session when nothing was done in its own yet, and follows it live", async ({ app, inspector, page }) => {
  await expect(page.getByLabel('Server', { exact: true })).toHaveText('Elicitation demo server 0.1.0');
  const { client: host } = await connectTappedHost(inspector.dataDir);
  try {
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Holding Host 1.32.2, declares form');
    await expect(page.getByRole('button', { name: /^Sessions/ })).toHaveText('Sessions 2');
    await expect(page.getByRole('region', { name: 'New tapped session' })).toHaveCount(0);

    // Live: the host's call shows as it is made.
    await host.callTool({ name: 'echo', arguments: { text: 'from the host' } });
    const outcome = await app.callOutcome();
    expect(outcome.status).toBe('Completed');
    expect(outcome.result).toContain('from the host');
  } finally {
    await host.close();
  }
});

test('a tapped session that starts while a call was made in the shown session is announced, with Open', async ({ app, inspector, page }, testInfo) => {
  const table = readPlaywrightTable();
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(table, page, coverage);
  await app.callTool('echo', { text: 'mine' });
  expect((await app.callOutcome()).status).toBe('Completed');

  const { client: host } = await connectTappedHost(inspector.dataDir);
  try {
    const notice = await readme.locate(ROW, "getByRole('region', { name: 'New tapped session' })");
    await expect(notice).toContainText('Holding Host 1.32.2 started elicitation-demo through the tap');
    // The page stays on the session in use.
    await expect(page.getByLabel('Server', { exact: true })).toHaveText('Elicitation demo server 0.1.0');
    await expect(page.getByLabel('Host', { exact: true })).toHaveCount(0);

    await (await readme.locate(ROW, "….getByRole('button', { name: 'Open', exact: true })", { scope: notice })).click();
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Holding Host 1.32.2, declares form');
    await expect(notice).toHaveCount(0);

    await page.getByRole('button', { name: /^Sessions/ }).click();
    const tapped = page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem', { name: /^Session tap-/ });
    await expect(tapped).toContainText('Tapped');
    await expect(tapped.getByLabel('Host', { exact: true })).toHaveText('Holding Host 1.32.2');
    // For a person to look at: the run keeps it beside the test's other output.
    await page.screenshot({ path: testInfo.outputPath('sessions-list-with-a-tapped-session.png') });
    await testInfo.attach('sessions-list-with-a-tapped-session', {
      path: testInfo.outputPath('sessions-list-with-a-tapped-session.png'),
      contentType: 'image/png',
    });
    expectRowTried(table, ROW, coverage);
  } finally {
    await host.close();
  }
});

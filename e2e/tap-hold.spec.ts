/**
 * Hold and answer here, through the page: a host on the classic SDK launches the tap in front of
 * the demo server; the person turns the hold on, answers the server's form in the page, and the
 * tool's result the host gets carries that answer, while the host's own handler is never asked.
 * Found by docs/playwright.md's row for it.
 */
import { expect } from 'elicitation-inspector/playwright';
import { connectTappedHost } from './support/tapped-host';
import { emptyCoverage, ReadmeProbe } from './support/readme-probe';
import { expectRowTried } from './support/readme-rows';
import { readPlaywrightTable } from './support/readme-table';
import { test } from './support/test';

// No start-up session of its own: the page opens on the tapped one, whenever the tap's record reaches the inspector.
test.use({ inspectorArgs: ['--no-connect'] });

const ROW = 'hold and answer here ([Tap a real host](tap.md#hold-and-answer-here))';

test('hold and answer here: the form is answered in the page, the host never asked, the server gets the answer', async ({ inspector, page }) => {
  const table = readPlaywrightTable();
  const coverage = emptyCoverage();
  const readme = new ReadmeProbe(table, page, coverage);
  const { client: host, asked } = await connectTappedHost(inspector.dataDir, { action: 'decline' });
  try {
    await page.goto(inspector.url);
    await expect(page.getByLabel('Host', { exact: true })).toHaveText('Holding Host 1.32.2, declares form');
    const hold = await readme.locate(ROW, "getByRole('switch', { name: 'Hold and answer here' })");
    await expect(hold).not.toBeChecked();
    // The switch turns on once the tap has switched (its record says so), not at the click.
    await hold.click();
    await expect(hold).toBeChecked();

    const call = host.callTool({ name: 'confirm_order', arguments: { item: 'pizza' } });
    const form = page.getByRole('article', { name: /^Elicitation / });
    await expect(await readme.locate(ROW, "getByRole('article', { name: /^Elicitation / }).getByRole('note', { name: 'Held from the host' })")).toHaveText(
      'Held from Holding Host 1.32.2: the host never sees this request, and your answer goes to the server as if the host had sent it.',
    );
    await form.getByLabel('Note for the courier', { exact: true }).fill('ring twice');
    await form.getByRole('button', { name: 'Accept', exact: true }).click();

    const result = await call;
    expect(result.structuredContent).toEqual({ item: 'pizza', confirmed: true, note: 'ring twice' });
    expect(asked).toHaveLength(0);
    expectRowTried(table, ROW, coverage);
  } finally {
    await host.close();
  }
});

test('the hold switch says whether it is on, both ways', async ({ inspector, page }) => {
  const { client: host } = await connectTappedHost(inspector.dataDir);
  try {
    await page.goto(inspector.url);
    const hold = page.getByRole('switch', { name: 'Hold and answer here' });
    await expect(hold).toHaveAttribute('aria-checked', 'false');
    await expect(hold).not.toBeChecked();
    await hold.click();
    await expect(hold).toHaveAttribute('aria-checked', 'true');
    await expect(hold).toBeChecked();
    await hold.click();
    await expect(hold).toHaveAttribute('aria-checked', 'false');
    await expect(hold).not.toBeChecked();
  } finally {
    await host.close();
  }
});

/**
 * Nothing covers a control: each column scrolls on its own, the Tools list keeps
 * room under an open Connection form, and the log cannot be dragged over the page.
 * Runs at 1280×720 and 1440×900 (playwright.config.ts), clicking as a person does.
 */
import { expect, test } from 'elicitation-inspector/playwright';

test.beforeEach(async ({ app }) => {
  await app.waitConnected();
});

test('with Client settings open, Disconnect, Connect and the -32042 setting take a click', async ({ app, page }) => {
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByText('Client settings').click();
  const autoRetry = form.getByLabel(/^Retry a -32042 call/);
  await expect(autoRetry).toBeChecked();
  await autoRetry.click();
  await expect(autoRetry).not.toBeChecked();
  await form.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(app.connectionStatus).toHaveText('Disconnected');
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(app.connectionStatus).toHaveText('Connected');
});

test('the Tools list keeps room for several tools under an open Connection form', async ({ app, page }) => {
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await page.getByRole('form', { name: 'Connection' }).getByText('Client settings').click();
  const box = await app.tools.boundingBox();
  expect(box!.height).toBeGreaterThan(150);
  // The last tool too: the column scrolls to it.
  await app.tools.getByRole('option').last().click();
  await expect(page.getByRole('region', { name: 'Tool', exact: true }).getByRole('button', { name: 'Run tool' })).toBeVisible();
});

test('the log cannot be dragged over the page, and keeps its height across a reload', async ({ app, page }) => {
  const handle = page.getByRole('separator', { name: 'Resize log' });
  const start = (await handle.boundingBox())!;
  await page.mouse.move(start.x + 200, start.y + 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 200, 5, { steps: 5 });
  await page.mouse.up();
  const dragged = (await handle.boundingBox())!;
  expect(dragged.y).toBeLessThan(start.y);
  // Still a usable page above it: a tool can be picked and run.
  await app.runTool('echo', { text: 'above the log' });
  await expect(app.result()).toContainText('above the log');
  await page.reload();
  await app.waitConnected();
  await expect.poll(async () => Math.round((await handle.boundingBox())!.y)).toBe(Math.round(dragged.y));
});

/**
 * Nothing covers a control: each column scrolls on its own, the Tools list keeps
 * room under an open Connection form, and the log cannot be dragged over the page.
 * Runs at 1280×720 and 1440×900 (playwright.config.ts), clicking as a person does.
 */
import { expect, test } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';

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

test('open panels and the requests column’s width are remembered across a reload', async ({ app, page }) => {
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await page.getByRole('form', { name: 'Connection' }).getByText('Client settings').click();
  const bar = page.getByRole('separator', { name: 'Resize requests column' });
  const requests = page.getByRole('complementary', { name: 'Requests' });
  const widthBefore = (await requests.boundingBox())!.width;
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 2 + 120, box.y + 100, { steps: 5 });
  await page.mouse.up();
  const widthDragged = (await requests.boundingBox())!.width;
  expect(widthDragged).toBeLessThan(widthBefore - 60);

  await page.reload();
  await app.waitConnected();
  await expect(page.getByRole('region', { name: 'Rules', exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Connection' }).getByLabel(/^Retry a -32042 call/)).toBeVisible();
  await expect.poll(async () => Math.round((await requests.boundingBox())!.width)).toBe(Math.round(widthDragged));
  // Folded again by hand, folded after a reload too.
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await page.reload();
  await app.waitConnected();
  await expect(page.getByRole('button', { name: 'Rules', exact: true })).toHaveAttribute('aria-expanded', 'false');
});

test.describe('a crowded server: 100 tools, a 40-field form, a very long URL and unbroken words', () => {
  const crowded = targetStdio('crowded');
  test.use({ inspectorArgs: ['--', crowded.command, ...crowded.args] });

  test('long words wrap inside their column, and the form’s last field and its answers are in reach', async ({ app, page }) => {
    await app.runTool('long_url');
    await expect(app.urlFlow()).toBeVisible();
    await app.runTool('wide_form');
    const form = app.elicitation();
    await expect(form.getByLabel('Field 40', { exact: true })).toBeAttached();
    const column = (await page.getByRole('complementary', { name: 'Requests' }).boundingBox())!;
    for (const card of [form, app.urlFlow()]) {
      const text = card.getByText(/Supercalifragilistic/).first();
      const box = (await text.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width);
    }
    await form.getByLabel('Field 40', { exact: true }).click();
    await form.getByLabel('Field 2', { exact: true }).selectOption('large');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(app.callStatus()).toHaveText('Completed');
    await app.tools.getByRole('option', { name: 'long_description', exact: true }).click();
    const main = (await page.getByRole('main').boundingBox())!;
    const description = (await page
      .getByRole('region', { name: 'Tool', exact: true })
      .getByText(/no spaces/)
      .boundingBox())!;
    expect(description.x + description.width).toBeLessThanOrEqual(main.x + main.width);
    await app.tools.getByRole('option', { name: 'tool_097', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'tool_097' })).toBeVisible();
  });
});

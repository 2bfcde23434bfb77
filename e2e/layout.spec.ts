/**
 * Nothing covers a control: each column scrolls on its own, the Tools list keeps
 * room under an open Connection form, and the log cannot be dragged over the page.
 * Each test checks at 1280×720 and 1440×900 (some at 1024×768 too) on one page, resized
 * between them as a person resizes a window (e2e/support/window-sizes.ts), clicking as a person does.
 */
import { expect, type InspectorPage } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';
import { atEachWindowSize, sizeName } from './support/window-sizes';

test.use({ inspectorShared: true });

test.beforeEach(async ({ app }) => {
  await app.waitConnected();
});

/** The smallest window the page stays usable in (docs/page.md). */
const SMALLEST_WINDOW = { width: 1024, height: 768 };

test('under an open Connection form, the Tools list keeps room, and Disconnect, Connect and the -32042 setting take a click', async ({ app, page }) => {
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  const form = page.getByRole('form', { name: 'Connection' });
  await form.getByText('Client settings').click();
  const autoRetry = form.getByLabel(/^Retry a -32042 call/);
  await expect(autoRetry).toBeChecked();
  await atEachWindowSize(page, async (size) => {
    // Room for several tools under the form with its Client settings open, and the last one in reach: the column scrolls to it.
    await expect(app.tools.getByRole('option').first()).toBeVisible();
    const box = await app.tools.boundingBox();
    expect(box!.height, `the Tools list's height at ${sizeName(size)}`).toBeGreaterThan(150);
    await app.tools.getByRole('option').last().click();
    await expect(page.getByRole('region', { name: 'Tool', exact: true }).getByRole('button', { name: 'Run tool' })).toBeVisible();
    // The setting, Disconnect and Connect take a click (the setting flips whichever way the last size left it).
    const wasChecked = await autoRetry.isChecked();
    await autoRetry.click();
    await expect(autoRetry).toBeChecked({ checked: !wasChecked });
    await form.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(app.connectionStatus).toHaveText('Disconnected');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(app.connectionStatus).toHaveText('Connected');
  });
});

test('the log cannot be dragged over the page, and keeps its height across a reload', async ({ app, page }) => {
  const handle = page.getByRole('separator', { name: 'Resize log' });
  // The smaller window first: the log dragged as tall as 720 px allows still has room to grow at 900.
  await atEachWindowSize(page, async () => {
    const start = (await handle.boundingBox())!;
    await page.mouse.move(start.x + 200, start.y + 2);
    await page.mouse.down();
    await page.mouse.move(start.x + 200, 5, { steps: 5 });
    await page.mouse.up();
    const dragged = (await handle.boundingBox())!;
    expect(dragged.y).toBeLessThan(start.y);
    // A drag, not a text selection: nothing on the page is selected (as with the column handle).
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    // Still a usable page above it: a tool can be picked and run.
    await app.runTool('echo', { text: 'above the log' });
    await expect(app.result()).toContainText('above the log');
    await page.reload();
    await app.waitConnected();
    await expect.poll(async () => Math.round((await handle.boundingBox())!.y)).toBe(Math.round(dragged.y));
  });
});

test('open panels and the requests column’s width are remembered across a reload', async ({ app, page }) => {
  const rulesButton = page.getByRole('button', { name: 'Rules', exact: true });
  const connectionButton = page.getByRole('button', { name: 'Connection', exact: true });
  const clientSettings = page.getByRole('form', { name: 'Connection' }).getByText('Client settings');
  const bar = page.getByRole('separator', { name: 'Resize requests column' });
  const requests = page.getByRole('complementary', { name: 'Requests' });
  // The smaller window first: the column narrowed there still has room to narrow at the larger.
  await atEachWindowSize(page, async () => {
    await rulesButton.click();
    await connectionButton.click();
    await clientSettings.click();
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
    // Folded again by hand (Client settings and Connection too, for the next size to open them again), folded after a reload too.
    await rulesButton.click();
    await clientSettings.click();
    await connectionButton.click();
    await page.reload();
    await app.waitConnected();
    await expect(rulesButton).toHaveAttribute('aria-expanded', 'false');
    await expect(connectionButton).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('a crowded server: 100 tools, a 40-field form, a very long URL and unbroken words', () => {
  const crowded = targetStdio('crowded');
  test.use({ inspectorArgs: ['--', crowded.command, ...crowded.args] });

  test('long words wrap inside their column, the form’s last field and its answers are in reach, and tabbing down it the Accept bar covers nothing', async ({
    app,
    page,
  }) => {
    await test.step(`at ${sizeName(SMALLEST_WINDOW)}: tabbing down the form, the sticky Accept bar never covers the focused field or its label`, async () => {
      await page.setViewportSize(SMALLEST_WINDOW);
      await app.runTool('wide_form');
      const form = app.elicitation();
      await form.getByLabel('Field 1', { exact: true }).focus();
      for (let field = 2; field <= 12; field++) {
        await page.keyboard.press('Tab');
        await expect(form.getByLabel(`Field ${field}`, { exact: true })).toBeFocused();
        // What a person sees at the middle of the field and of its label is that field and that label, not the bar.
        const covered = await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement;
          return [el, ...Array.from(el.labels ?? [])].flatMap((part) => {
            const box = part.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2);
            return hit && part.contains(hit)
              ? []
              : [`${part.tagName} ${part.textContent?.trim() ?? ''} under ${hit?.textContent?.trim().slice(0, 30) ?? 'nothing'}`];
          });
        });
        expect(covered, `Field ${field}`).toEqual([]);
      }
      // Cancelled: the column holds no form again for the checks below.
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');
    });

    await app.runTool('long_url');
    await expect(app.urlFlow()).toBeVisible();
    await atEachWindowSize(page, async () => {
      await app.runTool('wide_form');
      const form = app.elicitation();
      await expect(form.getByLabel('Field 40', { exact: true })).toBeAttached();
      await page.getByRole('region', { name: 'URL flows' }).getByRole('button', { name: 'Unfold URL flows' }).click();
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
});

/** A URL flow waiting for consent, then a form: the case where the form used to get a sliver of the column. */
async function urlFlowThenForm(app: InspectorPage) {
  await app.runTool('connect_account');
  await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
  await app.runTool('collect_profile');
  await expect(app.elicitation()).toBeVisible();
}

async function expectFormInView(app: InspectorPage) {
  const form = app.elicitation();
  // Whole, on screen, without scrolling any column.
  await expect(form.getByLabel('Full name', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(form.getByRole('button', { name: 'Accept' })).toBeInViewport({ ratio: 1 });
}

test.describe('a form waiting beside a URL flow', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test('the URL flow folds to its host and status, and the form’s first field and Accept are on screen', async ({ app, page }) => {
    await urlFlowThenForm(app);
    const flows = page.getByRole('region', { name: 'URL flows' });
    // Each size starts with a flow waiting for consent and a form waiting beside it: the one the size before left.
    await atEachWindowSize(page, async () => {
      await expect(app.urlFlow()).toHaveText(/^localhost:\d+, Waiting for consent$/);
      await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
      await expect(flows.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
      await expectFormInView(app);

      // Unfolded by hand, it stays unfolded while that form waits, and folds for the next one.
      await flows.getByRole('button', { name: 'Unfold URL flows' }).click();
      await expect(flows.getByRole('button', { name: 'Open', exact: true })).toBeVisible();
      await app.elicitation().getByLabel('Email', { exact: true }).fill('ada@example.com');
      await expect(flows.getByRole('button', { name: 'Fold URL flows' })).toHaveAttribute('aria-expanded', 'true');
      await app.elicitation().getByRole('button', { name: 'Accept' }).click();
      await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');
      await expect(flows.getByRole('button', { name: 'Open', exact: true })).toBeVisible();
      await expect(flows.getByRole('button', { name: /Fold URL flows/ })).toHaveCount(0);
      await app.runTool('collect_profile');
      await expect(flows.getByRole('button', { name: 'Unfold URL flows' })).toHaveAttribute('aria-expanded', 'false');
      await expectFormInView(app);
    });

    await test.step(`at ${sizeName(SMALLEST_WINDOW)}: the form’s first field and Accept are on screen with a URL flow waiting`, async () => {
      await page.setViewportSize(SMALLEST_WINDOW);
      await expect(flows.getByRole('button', { name: 'Unfold URL flows' })).toHaveAttribute('aria-expanded', 'false');
      await expectFormInView(app);
    });
  });
});

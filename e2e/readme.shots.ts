/**
 * The README's pictures, taken from the real app against real servers:
 * `npm run screenshots` writes them to public/screenshots/. Not part of `npm test`.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as base, type InspectorPage } from 'elicitation-inspector/playwright';
import { everythingStdio, ROOT } from './support/processes';

const OUT = join(ROOT, 'public/screenshots');
const test = base.extend({});
test.use({ viewport: { width: 1600, height: 1000 } });

test.describe('server-everything', () => {
  test.use({ inspectorArgs: ['--', everythingStdio().command, ...everythingStdio().args] });

  test('the form for trigger-elicitation-request, caught before sending', async ({ app, page }) => {
    await app.waitConnected();
    await app.runTool('trigger-elicitation-request');
    await app.field('String').fill('Grace Hopper');
    await app.answer('Accept', { 'String with email format': 'grace@' });
    await expect(page.getByText('must be a valid email address')).toBeVisible();
    await page.screenshot({ path: join(OUT, 'form.png') });
  });
});

test.describe('the demo server on 2025-11-25', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test('URL flows: one completed through its consent page, one waiting for consent', async ({ app, page, context }) => {
    await app.waitConnected();
    await app.runTool('connect_account');
    const popupPromise = context.waitForEvent('page');
    await app.urlFlow().getByRole('button', { name: 'Open', exact: true }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: 'Approve' }).click();
    await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Completed');
    await popup.close();
    await app.runTool('lookalike_url');
    await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
    await page.screenshot({ path: join(OUT, 'url-flows.png') });
  });
});

test.describe('the demo server, Auto (2026-07-28)', () => {
  test('the story of a two-step flow', async ({ app, page }) => {
    await app.waitConnected();
    await bookTripAndRaiseLog(app, page, 288);
    await app.log.getByRole('tab', { name: 'Calls' }).click();
    await expect(app.log.getByRole('list', { name: 'Story steps' })).toContainText('ended: result');
    await page.screenshot({ path: join(OUT, 'story.png') });
  });
});

test.describe('the demo server in the dark theme', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a form and a URL flow waiting, dark', async ({ app, page }) => {
    await app.waitConnected();
    await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
    await app.runTool('connect_account');
    await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
    await app.runTool('plan_trip');
    await expect(app.elicitation()).toBeVisible();
    // Let the theme's colour transitions settle before the picture.
    await page.getByRole('heading', { name: 'plan_trip', exact: true }).hover();
    await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: join(OUT, 'dark.png'), animations: 'disabled' });
  });
});

for (const { width, height } of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the layout at ${width}×${height}`, () => {
    // The layout at its CSS size, drawn at a smaller device scale: at 1 these pictures came to 157-192 KB, and they live in git.
    test.use({ viewport: { width, height }, deviceScaleFactor: width > 1280 ? 0.8 : 0.9, inspectorArgs: ['--protocol', '2025-11-25'] });

    for (const theme of ['Light', 'Dark'] as const) {
      test(`a form and a URL flow waiting, the Rules panel open, ${theme.toLowerCase()}`, async ({ app, page }) => {
        await app.waitConnected();
        await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: theme }).click();
        await app.runTool('connect_account');
        await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
        await app.runTool('collect_profile');
        await expect(app.elicitation().getByRole('button', { name: 'Accept' })).toBeVisible();
        // Rules rather than Connection: the Connection form would show this checkout's paths.
        await page.getByRole('button', { name: 'Rules', exact: true }).click();
        await expect(page.getByRole('region', { name: 'Rules', exact: true })).toBeVisible();
        await page.getByRole('heading', { name: 'collect_profile', exact: true }).hover();
        await page.screenshot({ path: join(OUT, `layout-${width}-${theme.toLowerCase()}.png`), animations: 'disabled' });
      });
    }
  });
}

test.describe('the Timeline tab, Auto (2026-07-28)', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a two-round call on the time axis, zoomed to the call', async ({ app, page }) => {
    await app.waitConnected();
    await bookTripAndRaiseLog(app, page, 200);
    await app.log.getByRole('tab', { name: 'Timeline' }).click();
    const axis = app.log.getByRole('region', { name: 'Timeline', exact: true });
    await axis.getByRole('button', { name: /^Zoom to c1 / }).click();
    await expect(axis.getByRole('button', { name: /^Round 2 of c1, / })).toBeVisible();
    // The log alone: the rest of the page is in the layout pictures.
    await app.log.screenshot({ path: join(OUT, 'timeline.png'), animations: 'disabled' });
  });
});

/** Book plan_trip through both its forms, then drag the log `raisePx` taller so its story or axis has room. */
async function bookTripAndRaiseLog(app: InspectorPage, page: Page, raisePx: number): Promise<void> {
  await app.runTool('plan_trip');
  await app.field('Destination').selectOption('Kyoto');
  await app.answer('Accept', { 'Departure date': '2027-04-02' });
  await app.field('Seat').selectOption({ label: 'Window' });
  await app.answer('Accept');
  await expect(app.result()).toContainText('plan_trip: booked');
  const handle = page.getByRole('separator', { name: 'Resize log' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y - raisePx, { steps: 5 });
  await page.mouse.up();
}

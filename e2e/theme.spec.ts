/**
 * Dark mode: follows the system until a person picks Light or Dark, and the
 * pick is remembered per browser. Checked by the colour the page is painted.
 */
import type { Locator } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

// The theme is the browser's (a new context per test), not the inspector's: one inspector serves both.
test.use({ inspectorShared: true });

/** The relative luminance (0 black to 1 white) of an element's background (or its text), as painted. */
async function backgroundLuminance(element: Locator, part: 'backgroundColor' | 'color' = 'backgroundColor'): Promise<number> {
  return element.evaluate((el, property) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(el)[property];
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  }, part);
}

test('the page follows the system theme until Light or Dark is picked, and keeps the pick after a reload', async ({ app, page }) => {
  await app.waitConnected();
  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  const body = page.locator('body');
  const panel = page.getByRole('region', { name: 'Log' });
  await expect(theme.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => backgroundLuminance(panel)).toBeLessThan(0.05);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => backgroundLuminance(panel)).toBeGreaterThan(0.9);

  await theme.getByRole('radio', { name: 'Dark' }).click();
  await expect.poll(() => backgroundLuminance(body)).toBeLessThan(0.05);
  await page.reload();
  await app.waitConnected();
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => backgroundLuminance(panel)).toBeLessThan(0.05);

  // A pick holds against the system setting.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).click();
  await expect.poll(() => backgroundLuminance(panel)).toBeGreaterThan(0.9);
});

test("in the dark theme an entry's JSON is dark too, its text light", async ({ app, page }) => {
  await app.waitConnected();
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
  await app.logEntries.getByRole('option').first().click();
  const json = app.entryDetails.getByLabel('Entry JSON', { exact: true });
  await expect(json).toBeVisible();
  await expect.poll(() => backgroundLuminance(json)).toBeLessThan(0.05);
  expect(await backgroundLuminance(json, 'color')).toBeGreaterThan(0.8);
  // The light theme shows the same block dark as well: code reads light on dark in both.
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).click();
  await expect.poll(() => backgroundLuminance(json)).toBeLessThan(0.05);
  expect(await backgroundLuminance(json, 'color')).toBeGreaterThan(0.8);
});

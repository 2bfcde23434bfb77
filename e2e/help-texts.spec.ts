/**
 * The page's own words about what runs and what asks: the empty Pending requests
 * panel, the `?` list and the palette name prompts and resources beside tools,
 * since R runs whichever of them is on screen and all three can ask for input.
 */
import type { Page } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

const RUN_LABEL = 'Run the selected tool, prompt or resource';

/** Move the focus out of any field, so single-key shortcuts apply. */
async function leaveFields(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

test('the empty Pending requests, the ? list and the palette name prompts and resources too', async ({ app, page }) => {
  await app.waitConnected();
  await expect(app.requests).toContainText('No elicitation requests yet: call a tool, get a prompt or read a resource that asks for input.');

  await leaveFields(page);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText(RUN_LABEL);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await leaveFields(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  // Typed only once the palette has the focus, as a person would see it open first.
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type('Run the selected');
  await expect(palette.getByRole('option', { name: RUN_LABEL })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('palette-run.png') });
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // What the words promise: with a prompt on screen, R gets it (its form asks for a tone).
  await app.showFeatures('Prompts');
  await app.prompts.getByRole('option', { name: 'write_announcement', exact: true }).click();
  const prompt = page.getByRole('region', { name: 'Prompt', exact: true });
  await prompt.getByLabel('topic', { exact: true }).fill('the launch');
  await leaveFields(page);
  await page.keyboard.press('r');
  await expect(app.elicitation()).toBeVisible();
});

/**
 * Keyboard first: the demo session driven without a mouse event. Shortcuts, the
 * Ctrl-K palette, Enter in a form, Escape that cancels nothing, a URL flow consented to.
 */
import type { Page } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import { palette } from './support/palette';
import { test } from './support/test';

test.use({ inspectorShared: true });

/** Move the focus out of any field, so single-key shortcuts apply. */
async function leaveFields(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

test('pick a tool, run it, answer its form with Enter, and find the answer in the log, keyboard only', async ({ app, page }) => {
  await app.waitConnected();
  await palette(page, 'collect_profile');
  await expect(app.tools.getByRole('option', { name: 'collect_profile', exact: true })).toHaveAttribute('aria-selected', 'true');
  // As a person would, press R once the tool's form is on screen (it loads after the pick).
  await expect(page.getByRole('region', { name: 'Tool', exact: true }).getByRole('button', { name: 'Run tool' })).toBeVisible();

  await page.keyboard.press('r');
  const form = app.elicitation();
  await expect(form).toBeVisible();
  await leaveFields(page);
  await page.keyboard.press('n');
  await expect(form.getByLabel('Full name', { exact: true })).toBeFocused();

  // Escape cancels nothing: the request is still there, still pending.
  await page.keyboard.press('Escape');
  await expect(form).toBeVisible();
  await expect(app.requests.getByLabel('Pending request count')).toHaveText('1');

  // Enter on an invalid form sends nothing and says why; on a valid one it accepts.
  await page.keyboard.press('Tab');
  const email = form.getByLabel('Email', { exact: true });
  await expect(email).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form).toContainText('Not sent: 1 field needs attention.');
  // A shortcut key in a field is text.
  await page.keyboard.type('grace@example.com');
  await expect(email).toHaveValue('grace@example.com');
  await expect(app.log.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(app.result()).toContainText('grace@example.com');
  await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');

  await leaveFields(page);
  await page.keyboard.press('/');
  const search = app.log.getByLabel('Search log');
  await expect(search).toBeFocused();
  await page.keyboard.type('kind:action grace@example.com');
  await expect(app.logRow(/accept e\d+/)).toHaveCount(1);
  // The search holds a t, a c and an e: text there, not a switch of the log's view.
  await expect(search).toHaveValue('kind:action grace@example.com');
  await expect(app.log.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');

  await leaveFields(page);
  await page.keyboard.press('c');
  await expect(app.log.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('t');
  await expect(app.log.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.log.getByRole('region', { name: 'Timeline', exact: true }).getByRole('button', { name: /^Zoom to c1 / })).toBeVisible();
  await page.keyboard.press('e');
  await expect(app.log.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');

  // A call by typing its id: the log shows its story.
  await palette(page, 'c1');
  await expect(app.log.getByLabel('Story filter', { exact: true })).toContainText('Story of c1 (collect_profile)');
});

test('? lists the shortcuts, Escape closes only the list, and the palette switches the theme', async ({ app, page }) => {
  await app.waitConnected();
  await leaveFields(page);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const text of [
    'Run the selected tool',
    'Jump to the next pending elicitation',
    'Focus the log search',
    'Show the log’s Timeline',
    'Open the command palette',
  ])
    await expect(help).toContainText(text);
  // While the list is open its keys are its own: C does not switch the log.
  await page.keyboard.press('c');
  await expect(app.log.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // A key pressed the moment a dialog closes is the page's again. Escape cancels a dialog, which closes at
  // once, and its close event comes in a task of its own, which the browser may run after the next key's:
  // requestClose (what Escape does), then Ctrl-K where the focus is, before that close event.
  const closeThenCtrlK = (label: string) =>
    page.evaluate(async (label) => {
      const dialog = document.querySelector(`dialog[aria-label="${label}"]`);
      if (!(dialog instanceof HTMLDialogElement) || !dialog.open) throw new Error(`${label} is not open`);
      const closed = new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
      dialog.requestClose();
      await Promise.resolve(); // the end of Escape's task: what the page does at once with it is done
      (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }));
      await closed;
    }, label);
  const paletteDialog = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await closeThenCtrlK('Keyboard shortcuts');
  await expect(paletteDialog.getByRole('combobox', { name: 'Command' })).toBeFocused();
  // The palette itself, closed and opened again in one go: its late close event leaves the new one open.
  await closeThenCtrlK('Command palette');
  await expect(paletteDialog.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(paletteDialog).toBeHidden();

  await palette(page, 'theme dark');
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test.describe('on a 2025-11-25 connection, where Open is consent', () => {
  test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

  test('consent to a URL flow from the keyboard: N reaches its Open button, Enter opens it', async ({ app, page, context }) => {
    await app.waitConnected();
    await palette(page, 'connect_account');
    await page.keyboard.press('r');
    const flow = app.urlFlow();
    await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
    await leaveFields(page);
    await page.keyboard.press('n');
    const open = flow.getByRole('button', { name: 'Open', exact: true });
    await expect(open).toBeFocused();
    const consentPage = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const popup = await consentPage;
    await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for completion');
    await popup.getByRole('button', { name: 'Approve' }).press('Enter');
    await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Completed');
  });
});

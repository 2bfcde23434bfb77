import { expect, type Page } from '@playwright/test';

/** Pick a command palette item by typing, as a person does: Ctrl-K, the text, Enter. */
export async function palette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

/** Opening a session in the page, for the bench sections that show one. */
import type { Page } from '@playwright/test';

/** Show a session from the Sessions menu (it may be shown already: the page opens the newest by itself). */
export async function openSession(page: Page, rowText: string): Promise<void> {
  await page.getByRole('button', { name: /^Sessions/ }).click();
  const row = page.getByRole('dialog', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: rowText });
  await row.waitFor();
  const open = row.getByRole('button', { name: 'Open' });
  if (await open.count()) await open.click();
  else await page.keyboard.press('Escape');
}

/**
 * Where the focus goes, keyboard only: it never falls back to the page's body (where
 * the next Tab starts again at the top), and the Tools list is one Tab stop with
 * arrows inside it, however many tools the server lists.
 */
import { expect } from 'elicitation-inspector/playwright';
import { palette } from './support/palette';
import { targetStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('after Enter accepts a form, the focus goes into the next form, and then stays with the requests', async ({ app, page }) => {
  await app.waitConnected();
  await app.runTool('plan_trip');
  const form = app.elicitation();
  await expect(form).toContainText('Step 1 of 2');
  await form.getByLabel('Departure date', { exact: true }).fill('2027-04-02');
  await page.keyboard.press('Enter');
  await expect(form).toContainText('Step 2 of 2');
  // The second step's first field, as the first step's was: typing goes on in the form.
  await expect(form.getByLabel('Seat', { exact: true })).toBeFocused();
  await form.getByLabel('Seat', { exact: true }).selectOption({ label: 'Window' });
  await form.getByRole('button', { name: 'Accept' }).focus();
  await page.keyboard.press('Enter');
  await expect(app.callStatus()).toHaveText('Completed');
  await expect(app.requests.getByLabel('Pending request count')).toHaveText('0');
  // No form left: the next Tab goes on from the requests column to the log below it, not from the top of the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('separator', { name: 'Resize log' })).toBeFocused();
});

test('a tool picked in the palette has the focus in the Tools list, and Tab goes on to its form', async ({ app, page }) => {
  await app.waitConnected();
  await palette(page, 'collect_profile');
  const option = app.tools.getByRole('option', { name: 'collect_profile', exact: true });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(option).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Tool', exact: true }).getByRole('button', { name: 'Run tool' })).toBeFocused();
});

test.describe('a server with 100 tools', () => {
  const crowded = targetStdio('crowded');
  test.use({ inspectorArgs: ['--', crowded.command, ...crowded.args] });

  test('the Tools list is one Tab stop: arrows, Home and End move inside it, Enter picks', async ({ app, page }) => {
    await app.waitConnected();
    const options = app.tools.getByRole('option');
    await expect(options).toHaveCount(100);
    const filter = page.getByLabel('Filter tools');
    await filter.focus();
    await page.keyboard.press('Tab');
    await expect(options.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(options.last()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(options.nth(98)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(options.nth(98)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(options.first()).toBeFocused();
    // One press leaves the list, from wherever in it the focus is; Shift+Tab comes back to the same option.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('region', { name: 'Tool', exact: true }).getByRole('button', { name: 'Run tool' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(options.first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(filter).toBeFocused();
  });
});

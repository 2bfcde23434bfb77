/**
 * Everything a server sends is data: HTML in tool descriptions, elicitation
 * messages, field titles, option labels and results shows as literal text and
 * never runs.
 */
import { expect } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';

const target = targetStdio('html-text');
test.use({ inspectorArgs: ['--', target.command, ...target.args] });

test('server HTML is shown as text and never executed', async ({ app, page }) => {
  await app.waitConnected();
  await expect(page.getByLabel('Server', { exact: true })).toContainText('html<b>server</b>');
  await app.runTool('html_everywhere');
  const tool = page.getByRole('region', { name: 'Tool', exact: true });
  await expect(tool).toContainText('Description with <img src=x onerror="window.__pwned=1"><b>bold</b>');
  await expect(app.elicitation()).toContainText('Message with <img src=x');
  await expect(app.elicitation()).toContainText('<script>window.__pwned=2</script>');
  await expect(app.field('Title <img src=x onerror="window.__pwned=1"><b>bold</b><script>window.__pwned=2</script>')).toBeVisible();
  await expect(app.elicitation().getByRole('combobox').locator('option').nth(1)).toHaveText(/^Option <img/);
  await app.answer('Accept');
  await expect(app.result()).toContainText('Result <img src=x');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);
});

/**
 * The README's pictures, taken from the real app against real servers:
 * `npm run screenshots` writes them to public/screenshots/. Not part of `npm test`.
 */
import { join } from 'node:path';
import { expect, test as base } from './fixtures';
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

/**
 * A prompt list three pages deep, with hostile text, and one that changes while
 * connected (e2e/targets/paged-catalog.ts): More prompts follows nextCursor, the
 * markup and the SVG stay text, arguments are labelled by their titles, and
 * list_changed lists again at once, whichever tab is open.
 */
import { expect } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

test.use({ inspectorTarget: targetStdio('paged-catalog') });

for (const protocol of ['2026-07-28', '2025-11-25'] as const) {
  test.describe(protocol, () => {
    test.use({ inspectorProtocol: protocol });

    test('pages, hostile text shown as text, and a list that changes', async ({ app, page }) => {
      await app.showFeatures('Prompts');
      const more = page.getByRole('button', { name: 'More prompts' });
      await expect(app.prompts.getByRole('option')).toHaveCount(2);
      await more.click();
      await expect(app.prompts.getByRole('option')).toHaveCount(4);
      await more.click();
      await expect(app.prompts.getByRole('option')).toHaveCount(5);
      await expect(more).toHaveCount(0);
      // The markup is a name like any other, and the page is still whole.
      await expect(app.prompts.getByRole('option', { name: '<img src=x onerror=alert(1)>', exact: true })).toBeVisible();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);

      await app.prompts.getByRole('option', { name: 'prompt-1', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Prompt', exact: true });
      await expect(panel.getByLabel('Topic', { exact: true })).toHaveAttribute('aria-required', 'true');
      await expect(panel.getByLabel('Tone', { exact: true })).toBeVisible();
      await app.getPrompt('prompt-1', { Topic: 'tea', Tone: 'calm' });
      const messages = app.result().getByRole('list', { name: 'Prompt messages' });
      await expect(messages).toContainText('<b>prompt-1</b> as text, not markup');
      await expect(messages).toContainText(/Image \(image\/svg\+xml, \d+ bytes\) not shown\./);
      await expect(messages.getByRole('img')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('prompts-paged.png') });

      await app.runTool('add_prompt');
      await expect(app.result()).toHaveText('added added-1');
      // With the Tools tab still open, the notification is followed by a prompts/list of its own.
      const relistedAfterNotice = async () => {
        const rows = await app.logEntryTexts('prompts/list');
        const noticeAt = rows.findIndex((row) => row.includes('notifications/prompts/list_changed'));
        return noticeAt >= 0 && rows.slice(noticeAt + 1).some((row) => /prompts\/list #\d+/.test(row));
      };
      await expect.poll(relistedAfterNotice).toBe(true);
      await page.screenshot({ path: test.info().outputPath('prompts-relisted.png') });
      await app.showFeatures('Prompts');
      await expect(app.prompts.getByRole('option', { name: 'added-1', exact: true })).toBeVisible();
    });
  });
}

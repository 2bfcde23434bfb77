/**
 * An accessibility audit (axe-core) of every screen the suite shows, in both
 * themes: no serious or critical violation anywhere. Each theme is audited at one
 * window size: the light theme at 1280x720 (the smaller window reflows the columns;
 * tagged @small-window, which playwright.config.ts leaves out at 1440x900), the dark
 * theme at 1440x900 (it changes colours, not layout; tagged @one-window-size, left
 * out at 1280x720).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import type { InspectorPage } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorShared: true });

/** Scan the page as it stands (this spec runs at 1440x900 and at 1280x720); name each serious or critical rule with where it failed. */
async function audit(page: Page, screen: string): Promise<void> {
  await test.step(`audit: ${screen}`, async () => {
    {
      const viewport = page.viewportSize()!;
      const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} at ${v.nodes
              .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
              .slice(0, 3)
              .join(' | ')}`,
        );
      // Soft: one run names every screen's problems, not only the first.
      expect.soft(serious, `${screen} at ${viewport.width}x${viewport.height}`).toEqual([]);
    }
  });
}

async function useTheme(app: InspectorPage, theme: 'Light' | 'Dark'): Promise<void> {
  await app.waitConnected();
  await app.page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: theme }).click();
}

for (const theme of ['Light', 'Dark'] as const) {
  test.describe(`${theme} theme`, { tag: theme === 'Dark' ? ['@one-window-size'] : ['@small-window'] }, () => {
    test(`tools and the connection panel (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await audit(page, 'tools');
      await app.openConnection();
      await page.getByText('Client settings').click();
      await audit(page, 'connection panel with client settings');
    });

    test(`sessions, the palette and the shortcut list (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await page.getByRole('button', { name: /^Sessions/ }).click();
      await expect(page.getByRole('dialog', { name: 'Sessions' })).toBeVisible();
      await audit(page, 'sessions list');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Sessions' })).toBeHidden();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
      await page.keyboard.type('e');
      await audit(page, 'command palette');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await audit(page, 'keyboard shortcuts');
    });

    test(`a form with errors (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('collect_profile');
      await app.answer('Accept', { Email: 'not-an-email' });
      await expect(app.elicitation()).toContainText('Not sent');
      await audit(page, 'a form elicitation with errors');
    });

    test(`a request with findings (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('nested_schema');
      await expect(app.elicitation()).toBeVisible();
      await audit(page, 'findings on a request');
    });

    test(`URL flows (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('connect_account');
      await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
      await app.runTool('lookalike_url');
      await audit(page, 'URL flows');
    });

    test(`the log's Entries: a search problem, one entry whole (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('fail_with_error');
      await expect(app.callStatus()).toHaveText('Tool error');
      await app.searchLog('colour:red');
      await audit(page, 'the log, entries, a search problem');
      await app.searchLog('');
      await app.logEntries.getByRole('option').first().click();
      await expect(app.entryDetails).toBeVisible();
      await audit(page, 'one entry whole');
    });

    test(`an entry open with long JSON (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('echo', { text: 'a line longer than the details pane is wide '.repeat(20) });
      await expect(app.callStatus()).toHaveText('Completed');
      await app.searchLog('method:tools/call dir:in');
      await app.logEntries.getByRole('option').first().click();
      await expect(app.entryDetails).toBeVisible();
      await audit(page, 'an entry with long JSON');
    });

    test(`the Timeline with calls (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('echo', { text: 'one' });
      await expect(app.callStatus()).toHaveText('Completed');
      await app.runTool('fail_with_error');
      await expect(app.callStatus()).toHaveText('Tool error');
      await app.log.getByRole('tab', { name: 'Timeline' }).click();
      const timeline = app.log.getByRole('region', { name: 'Timeline', exact: true });
      await expect(timeline.getByRole('list', { name: 'Calls on the time axis' }).getByRole('listitem')).toHaveCount(2);
      await audit(page, 'the Timeline with calls');
      await timeline.getByRole('button', { name: /^Zoom to c1 / }).click();
      await expect(timeline.getByRole('region', { name: 'Timeline of c1' })).toBeVisible();
      await audit(page, 'the Timeline, one call');
    });

    test(`the log's Calls: a call's story (${theme})`, async ({ app, page }) => {
      await useTheme(app, theme);
      await app.runTool('fail_with_error');
      await expect(app.callStatus()).toHaveText('Tool error');
      await app.log.getByRole('tab', { name: 'Calls' }).click();
      await app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name: /^c1 / }).click();
      await audit(page, "the log, calls: a call's story");
    });
  });
}

// Accessible names do not depend on the window's size.
test("a call's story step and a log row read as sentences, their parts kept apart", { tag: '@one-window-size' }, async ({ app }) => {
  await app.waitConnected();
  await app.runTool('echo', { text: 'hi' });
  await expect(app.callStatus()).toHaveText('Completed');
  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name: /^c1 / }).click();
  const steps = app.log.getByRole('list', { name: 'Story steps' }).getByRole('button');
  // The response: its offset, its direction in words, its kind, then "result; 12 ms", not "result12 ms".
  await expect(steps.filter({ hasText: 'result' }).first()).toHaveAccessibleName(
    /^\+\S+ \S+ ?, from the server, response ?: tools\/call #\d+ result ?; \d+ ms$/,
  );
  await app.log.getByRole('tab', { name: 'Entries' }).click();
  await app.searchLog('method:tools/call dir:in');
  await expect(app.logEntries.getByRole('option').first()).toHaveAccessibleName(
    /^\d+ ?, [\d:.]+ ?, from the server, response ?: tools\/call #\d+ result ?; \d+ ms$/,
  );
});

/**
 * An accessibility audit (axe-core) of every screen the suite shows, in both
 * themes: no serious or critical violation anywhere. Each theme is audited at one
 * window size, on the same page: the light theme at 1280x720 (the smaller window
 * reflows the columns), the dark theme at 1440x900 (it changes colours, not layout).
 * A test sets a screen up once and audits it in each theme, the page switched and
 * resized between them (e2e/support/window-sizes.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import type { InspectorPage } from 'elicitation-inspector/playwright';
import { test } from './support/test';
import { LARGE_WINDOW, SMALL_WINDOW, sizeName, type WindowSize } from './support/window-sizes';

test.use({ inspectorShared: true });

type Theme = 'Light' | 'Dark';
/** Each theme with the window size it is audited at. */
const THEMES: readonly { theme: Theme; size: WindowSize }[] = [
  { theme: 'Light', size: SMALL_WINDOW },
  { theme: 'Dark', size: LARGE_WINDOW },
];

/** Scan the page as it stands; name each serious or critical rule with where it failed. */
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

/** The theme picked in the header, at its window size, its colours settled (a button's colour fades in 150 ms). */
async function useTheme(app: InspectorPage, theme: Theme, size: WindowSize): Promise<void> {
  await app.page.setViewportSize(size);
  const radio = app.page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: theme });
  await radio.click();
  await expect(radio).toBeChecked();
  await expect
    .poll(() => app.page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length), {
      message: `colours settled in the ${theme} theme`,
    })
    .toBe(0);
}

/** The screen as it stands, audited in each theme at its window size. */
async function auditEachTheme(app: InspectorPage, screen: string): Promise<void> {
  for (const { theme, size } of THEMES) {
    await useTheme(app, theme, size);
    await audit(app.page, `${screen} (${theme}, ${sizeName(size)})`);
  }
}

// Nothing here changes what the next screen shows: the tools, the connection panel and the dialogs, in each theme in turn.
test('tools, the connection panel, sessions, the palette and the shortcut list', async ({ app, page }) => {
  // Ten audits on one page, 40 to 85 seconds on a loaded two-core machine: a deadline, not a speed.
  test.setTimeout(240_000);
  for (const { theme, size } of THEMES) {
    await test.step(`${theme} theme at ${sizeName(size)}`, async () => {
      await useTheme(app, theme, size);
      await audit(page, 'tools');
      await app.openConnection();
      await page.getByText('Client settings').click();
      await audit(page, 'connection panel with client settings');
      // Folded again by hand, as a new page shows them.
      await page.getByText('Client settings').click();
      await page.getByRole('button', { name: 'Connection', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Connection', exact: true })).toHaveAttribute('aria-expanded', 'false');

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
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
    });
  }
});

test('a form with errors', async ({ app }) => {
  await app.runTool('collect_profile');
  await app.answer('Accept', { Email: 'not-an-email' });
  await expect(app.elicitation()).toContainText('Not sent');
  await auditEachTheme(app, 'a form elicitation with errors');
});

test('a request with findings', async ({ app }) => {
  await app.runTool('nested_schema');
  await expect(app.elicitation()).toBeVisible();
  await auditEachTheme(app, 'findings on a request');
});

test('URL flows', async ({ app }) => {
  await app.runTool('connect_account');
  await expect(app.urlFlow().getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
  await app.runTool('lookalike_url');
  await auditEachTheme(app, 'URL flows');
});

test("the log's Entries: a search problem, one entry whole", async ({ app }) => {
  await app.runTool('fail_with_error');
  await expect(app.callStatus()).toHaveText('Tool error');
  await app.searchLog('colour:red');
  await auditEachTheme(app, 'the log, entries, a search problem');
  await app.searchLog('');
  await app.logEntries.getByRole('option').first().click();
  await expect(app.entryDetails).toBeVisible();
  await auditEachTheme(app, 'one entry whole');
});

test("an entry open with long JSON, and that call's story step and log row read as sentences", async ({ app }) => {
  await app.runTool('echo', { text: 'a line longer than the details pane is wide '.repeat(20) });
  await expect(app.callStatus()).toHaveText('Completed');
  await app.searchLog('method:tools/call dir:in');
  await app.logEntries.getByRole('option').first().click();
  await expect(app.entryDetails).toBeVisible();
  await auditEachTheme(app, 'an entry with long JSON');

  // The same call, read as sentences: accessible names do not depend on the window's size or the theme, checked once.
  await test.step("a call's story step and a log row read as sentences, their parts kept apart", async () => {
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
});

test('the Timeline with calls', async ({ app }) => {
  await app.runTool('echo', { text: 'one' });
  await expect(app.callStatus()).toHaveText('Completed');
  await app.runTool('fail_with_error');
  await expect(app.callStatus()).toHaveText('Tool error');
  await app.log.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = app.log.getByRole('region', { name: 'Timeline', exact: true });
  await expect(timeline.getByRole('list', { name: 'Calls on the time axis' }).getByRole('listitem')).toHaveCount(2);
  await auditEachTheme(app, 'the Timeline with calls');
  await timeline.getByRole('button', { name: /^Zoom to c1 / }).click();
  await expect(timeline.getByRole('region', { name: 'Timeline of c1' })).toBeVisible();
  await auditEachTheme(app, 'the Timeline, one call');
});

test("the log's Calls: a call's story", async ({ app }) => {
  await app.runTool('fail_with_error');
  await expect(app.callStatus()).toHaveText('Tool error');
  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option', { name: /^c1 / }).click();
  await auditEachTheme(app, "the log, calls: a call's story");
});

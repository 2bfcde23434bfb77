/**
 * A shortcut pressed while the panel it drives is still loading is kept, not lost:
 * the tool's arguments form comes in its own chunk, and R pressed before it arrives
 * runs the tool once it is there. The chunk is held back by the test, so the order
 * is certain rather than a matter of timing.
 */
import { expect } from 'elicitation-inspector/playwright';
import { test as base } from './support/test';

base.use({ inspectorShared: true });

/** Held until the test lets it go: the page's request for the arguments form's chunk. */
type Gate = { release: () => void };

const test = base.extend<{ formChunkGate: Gate }>({
  formChunkGate: async ({ page }, use) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/tool-arguments-form-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await use({ release });
    release();
  },
  // The gate is set before the page opens: the chunk is fetched as soon as the page is idle.
  page: async ({ page }, use) => use(page),
});

test('R pressed while the arguments form is loading runs the tool once the form is there', async ({ formChunkGate, app, page }) => {
  await app.tools.getByRole('option', { name: 'fail_with_error', exact: true }).click();
  const tool = page.getByRole('region', { name: 'Tool', exact: true });
  await expect(tool.getByText('Loading the arguments form…')).toBeVisible();
  await page.keyboard.press('r');
  formChunkGate.release();
  await expect(tool.getByRole('button', { name: 'Run tool' })).toBeVisible();
  await expect(app.callStatus()).toHaveText('Tool error');
  await expect(app.calls.getByRole('listitem')).toHaveCount(1);
});

test('R pressed while loading is dropped when the person picks another tool before the form arrives', async ({ formChunkGate, app, page }) => {
  const runButton = page.getByRole('region', { name: 'Tool', exact: true }).getByRole('button', { name: 'Run tool' });
  await app.tools.getByRole('option', { name: 'unlock_bonus_tool', exact: true }).click();
  await expect(page.getByText('Loading the arguments form…')).toBeVisible();
  await page.keyboard.press('r');
  await app.tools.getByRole('option', { name: 'fail_with_error', exact: true }).click();
  formChunkGate.release();
  await expect(runButton).toBeVisible();
  // Back to the first tool: its form mounts again, and must not take the old R for a new one.
  await app.tools.getByRole('option', { name: 'unlock_bonus_tool', exact: true }).click();
  await expect(runButton).toBeVisible();
  await app.tools.getByRole('option', { name: 'fail_with_error', exact: true }).click();
  await expect(runButton).toBeVisible();
  await page.keyboard.press('r');
  await expect(app.callStatus()).toHaveText('Tool error');
  // One socket, commands in order: a stray run of unlock_bonus_tool would be in the log before this call.
  await app.log.getByRole('tab', { name: 'Calls' }).click();
  await expect(app.log.getByRole('listbox', { name: 'Tool calls' }).getByRole('option')).toHaveCount(1);
  await expect(app.tools.getByRole('option', { name: 'bonus_tool', exact: true })).toHaveCount(0);
});

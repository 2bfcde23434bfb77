/**
 * The audit from the page: a recorded call of the demo's careless and careful tools
 * audited from its story, the verdict table read (used for the careless tool, none
 * failing for the careful one), a case's story opened from its link, by keyboard too;
 * on a server that asks again, every answer a case sent after its own.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, type InspectorPage } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorProtocol: '2026-07-28' });

/** Calls the tool, answers its sign-up and its confirmation validly, and opens the call's story. */
async function recordCall(app: InspectorPage, tool: string): Promise<void> {
  await app.runTool(tool);
  await app.answer('Accept', { Name: 'Ada', Email: 'ada@example.com', Plan: 'pro' });
  // The confirmation is the next round's question: wait for it to replace the sign-up.
  await expect(app.field('Create the account')).toBeVisible();
  await app.answer('Accept', { 'Create the account': true });
  await expect(app.result()).toContainText(`${tool}: account created`);
  await app.callStory(tool);
}

/** The dialog as axe-core sees it: no serious or critical rule broken (contrast in the theme on screen among them). */
async function expectAccessible(page: Page, theme: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include('dialog[open]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.failureSummary ?? ''}`);
  expect(serious, `the audit dialog, ${theme}`).toEqual([]);
}

test('audit a recorded call from its story: the verdict table, a used verdict, a link into a case story', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.waitConnected();
  await recordCall(app, 'audit_careless');
  await app.log.getByRole('button', { name: 'Audit this call' }).click();
  const dialog = page.getByRole('dialog', { name: /^Audit of audit_careless/ });
  await expect(dialog).toBeVisible();
  const progress = dialog.getByRole('status', { name: 'Audit progress' });
  await expect(progress).toHaveText(/^Failed: the server used or broke on some cases: \d+ cases, \d+ failing$/, { timeout: 60_000 });

  const table = dialog.getByRole('table', { name: 'Audit verdicts' });
  const notAnOption = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'not-an-option' }) })
    .filter({ hasText: 'plan' });
  await expect(notAnOption).toContainText('"audit-not-an-option"');
  await expect(notAnOption).toContainText('used');
  await expect(notAnOption).toContainText('came:');
  await page.screenshot({ path: test.info().outputPath('audit-table.png') });
  await expectAccessible(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('audit-table-dark.png') });
  await expectAccessible(page, 'dark');

  // The link opens that case's call in its own session's story; the dialog has closed.
  const link = notAnOption.getByRole('link', { name: /^Open the story of not-an-option on plan: c\d+$/ });
  const caseCall = (await link.textContent())!;
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const story = app.log.getByRole('region', { name: 'Story' });
  await expect(story).toContainText(`tools/call audit_careless${caseCall}`);
  await expect(app.log.getByRole('list', { name: 'Story steps' })).toContainText('audit-not-an-option');
});

test('the careful tool: every case refused or handled; a call that asked nothing offers no audit', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.waitConnected();
  await recordCall(app, 'audit_careful');
  await app.log.getByRole('button', { name: 'Audit this call' }).click();
  const dialog = page.getByRole('dialog', { name: /^Audit of audit_careful/ });
  await expect(dialog.getByRole('status', { name: 'Audit progress' })).toHaveText(/^Passed: the server refused or handled every case: \d+ cases$/, {
    timeout: 60_000,
  });
  // The verdict and evidence column of each case's row, which starts with the verdict.
  const verdicts = await dialog.getByRole('table', { name: 'Audit verdicts' }).locator('tbody tr td:nth-child(4)').allTextContents();
  expect(verdicts.length).toBeGreaterThan(20);
  expect(verdicts.filter((cell) => !/^(refused|handled) /.test(cell))).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await app.callTool('echo', { text: 'hi' });
  await expect(app.result()).toContainText('hi');
  await app.callStory('echo');
  await expect(app.log.getByRole('button', { name: 'Audit this call' })).toHaveCount(0);
});

test.describe('a server that asks again until its question is answered right', () => {
  test.use({ inspectorTarget: targetStdio('careless-modern') });

  test('each case shows, beside the answer it sent, the cancel the audit sent when asked again', async ({ app, page }) => {
    test.setTimeout(120_000);
    await app.waitConnected();
    await app.runTool('delete_project');
    await app.answer('Accept', { 'Project name': 'acme' });
    await expect(app.result()).toContainText('delete_project: deleted');
    await app.callStory('delete_project');
    await app.log.getByRole('button', { name: 'Audit this call' }).click();
    const dialog = page.getByRole('dialog', { name: /^Audit of delete_project/ });
    await expect(dialog.getByRole('status', { name: 'Audit progress' })).toHaveText(/^(Passed|Failed): .*: \d+ cases/, { timeout: 60_000 });

    // The name typed in the recorded call is the valid answer every case changes one thing in, so the probe is not
    // asked again (a guess would be, each time a form of its own to audit), and an extra property beside the name is used.
    const rows = dialog.getByRole('table', { name: 'Audit verdicts' }).getByRole('row');
    const row = (caseId: string) => rows.filter({ has: page.getByRole('rowheader', { name: caseId, exact: true }) });
    await expect(row('very-long')).toHaveCount(1);
    await expect(row('extra-property')).toContainText(/used/);
    const veryLong = row('very-long');
    await expect(veryLong).toContainText('the server asked again');
    await expect(
      veryLong.getByRole('cell', { name: /^\{"action":"accept","content":\{"confirm":"LLLL.*then asked again: \{"action":"cancel"\}$/ }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('audit-sent-after.png') });
  });
});

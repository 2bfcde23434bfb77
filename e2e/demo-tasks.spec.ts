/**
 * The demo server's task tools in the page (2025-11-25, over stdio and Streamable
 * HTTP): prepare_report runs as a task the inspector polls, asks for a title
 * mid-task, and ends with a result that uses it; ask_as_client_task asks the
 * client to run its form as a task. Then what a person sees on the other paths:
 * decline, cancel, Tasks off, and 2026-07-28 (no tasks in its core protocol).
 */
import { expect, type InspectorPage } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { test as base } from './support/test';

// One inspector per worker and per target, with a fresh session for each test.
base.use({ inspectorShared: true });

const stdio = base.extend({ inspectorArgs: async ({}, use) => use(['--protocol', '2025-11-25']) });
const http = base.extend({ inspectorArgs: async ({ demoHttp }, use) => use(['--url', demoHttp.url, '--protocol', '2025-11-25']) });

/** Pick prepare_report, tick Run as task, and run it. */
async function runReportAsTask(app: InspectorPage): Promise<void> {
  await app.tools.getByRole('option', { name: 'prepare_report', exact: true }).click();
  await app.page
    .getByRole('region', { name: 'Tool', exact: true })
    .getByLabel(/^Run as task/)
    .check();
  await app.runTool('prepare_report', { topic: 'tea sales' });
}

const taskBadge = (app: InspectorPage) => app.latestCall().getByRole('status', { name: 'Task status' });

for (const { name, test } of [
  { name: 'stdio', test: stdio },
  { name: 'Streamable HTTP', test: http },
]) {
  test.describe(`demo task tools over ${name}, Tasks on`, () => {
    test.beforeEach(async ({ app }) => {
      await app.waitConnected();
      await switchOnAndReconnect(app, /^Tasks/);
    });

    test('prepare_report runs as a task (working, a question mid-task, a result with the answer); ask_as_client_task has the client run its form as a task', async ({
      app,
      page,
    }) => {
      await runReportAsTask(app);
      await expect(taskBadge(app)).toHaveText('task · working');
      await expect(app.elicitation().getByText('The report on tea sales is drafted. What should it be called, and who is it for?')).toBeVisible();
      await expect(taskBadge(app)).toHaveText('task · input_required');
      await app.field('Report title').fill('Tea in numbers');
      await app.field('Audience').selectOption('board');
      await page.screenshot({ path: test.info().outputPath(`report-task-${name.replace(/\W+/g, '-')}.png`) });
      await app.answer('Accept');
      await expect(app.result()).toHaveText('prepare_report: "Tea in numbers" on tea sales, for the board, is ready');
      await expect(taskBadge(app)).toHaveText('task · completed');
      const story = await app.callStory('prepare_report');
      expect(story.filter((step) => /task .* (working|input_required|completed)/.test(step)).length).toBeGreaterThanOrEqual(4);

      // The other way round, in the same session: the server asks the client to run the form as a task, and reads the answer from it.
      await app.runTool('ask_as_client_task');
      const form = app.elicitation();
      await expect(form.getByText('Pick a delivery slot (asked as a task: the server polls for your answer).')).toBeVisible();
      await expect(form.getByRole('status', { name: 'Task status' })).toHaveText('task · working');
      await app.field('Delivery slot').selectOption('evening');
      await page.screenshot({ path: test.info().outputPath(`client-task-${name.replace(/\W+/g, '-')}.png`) });
      await app.answer('Accept');
      await expect(app.result()).toContainText('ask_as_client_task: accept {"slot":"evening"}');
      await expect(app.result()).toContainText(/client task .*: working → completed/);
    });
  });
}

stdio.describe('demo task tools, the other paths (stdio, 2025-11-25)', () => {
  stdio(
    'declining the question mid-task ends the task with a result that says so; declining a client-run form tells the server decline; cancelling the call mid-task cancels the task and withdraws its question',
    async ({ app, page }) => {
      await switchOnAndReconnect(app, /^Tasks/);
      await runReportAsTask(app);
      await expect(app.elicitation()).toBeVisible();
      await app.answer('Decline');
      await expect(app.result()).toHaveText('prepare_report: stopped before the last step, no title (decline)');
      await expect(taskBadge(app)).toHaveText('task · completed');

      await app.runTool('ask_as_client_task');
      await expect(app.elicitation().getByRole('status', { name: 'Task status' })).toHaveText('task · working');
      await app.answer('Decline');
      await expect(app.result()).toContainText('ask_as_client_task: decline');

      await runReportAsTask(app);
      await expect(app.elicitation()).toBeVisible();
      await app.latestCall().getByRole('button', { name: 'Cancel call' }).click();
      await expect(app.callStatus()).toHaveText('Cancelled');
      await expect(app.elicitation()).toHaveCount(0);
      // The server's answer to tasks/cancel is the task, now cancelled: the badge says so.
      await expect(taskBadge(app)).toHaveText('task · cancelled');
      await page.screenshot({ path: stdio.info().outputPath('report-task-cancelled.png') });
      await app.searchLog('method:tasks/cancel');
      await expect(app.logRow(/tasks\/cancel/).first()).toBeVisible();
    },
  );

  stdio('with Tasks off, prepare_report runs as a plain call and ask_as_client_task says what the client lacks', async ({ app, page }) => {
    await app.runTool('prepare_report');
    await app.answer('Accept', { 'Report title': 'Plain' });
    await expect(app.result()).toHaveText('prepare_report: "Plain" on quarterly sales, for the team, is ready');
    await expect(taskBadge(app)).toHaveCount(0);
    await app.runTool('ask_as_client_task');
    await expect(app.callStatus()).toHaveText('Tool error');
    await expect(app.result()).toContainText('this client did not declare tasks.requests.elicitation.create');
    await page.screenshot({ path: stdio.info().outputPath('client-task-undeclared.png') });
  });
});

base.describe('demo task tools on 2026-07-28', () => {
  base('no Run as task, and each tool says which protocol it needs', async ({ app }) => {
    await expect(app.protocolVersion).toHaveText('2026-07-28');
    await app.runTool('prepare_report');
    await expect(app.page.getByRole('region', { name: 'Tool', exact: true }).getByLabel(/^Run as task/)).toHaveCount(0);
    await expect(app.callStatus()).toHaveText('Tool error');
    await expect(app.result()).toContainText('prepare_report needs protocol 2025-11-25: 2026-07-28 has no tasks in its core protocol');
    await app.runTool('ask_as_client_task');
    await expect(app.result()).toContainText('ask_as_client_task needs protocol 2025-11-25');
  });
});

/**
 * Task-augmented elicitation in the page, against server-everything (written by
 * others) over stdio and Streamable HTTP: switch Tasks on in Client settings and
 * reconnect; the server then offers trigger-elicitation-request-async, whose form
 * waits as a task the server polls; the answer is what the tool's result shows.
 */
import { expect } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { overEverythingHttp } from './support/everything-http';
import { everythingStdio, targetStdio } from './support/processes';
import { test as base } from './support/test';

base.use({ inspectorShared: true });

const TOOL = 'trigger-elicitation-request-async';

const stdio = base.extend({ inspectorArgs: async ({}, use) => use(['--', everythingStdio().command, ...everythingStdio().args]) });

const http = overEverythingHttp();

for (const { name, test } of [
  { name: 'stdio', test: stdio },
  { name: 'Streamable HTTP', test: http },
]) {
  test.describe(`server-everything over ${name}`, () => {
    test('the async elicitation runs as a task: its form is answered and the tool result shows the answer', async ({ app, page }) => {
      await app.waitConnected();
      await switchOnAndReconnect(app, /^Tasks/);
      await app.runTool(TOOL);
      const form = app.elicitation();
      await expect(form.getByText('Please provide inputs for the following fields (async task demo):')).toBeVisible();
      await expect(form.getByRole('status', { name: 'Task status' })).toHaveText('task · working');
      await app.field('Your Name').fill('Ada Lovelace');
      await app.field('Favorite Color').selectOption('Green');
      await page.screenshot({ path: test.info().outputPath(`task-form-${name.replace(/\W+/g, '-')}.png`) });
      const call = page.getByRole('region', { name: 'Tool', exact: true }).getByRole('list', { name: 'Calls' }).getByRole('listitem').first();
      await expect(call.getByRole('status', { name: 'Task status' })).toHaveText('task · working');
      await app.answer('Accept');
      await expect(app.result()).toContainText('[COMPLETED] User provided the requested information!');
      // The form is gone once answered: its task's end shows on the call.
      await expect(call.getByRole('status', { name: 'Task status' })).toHaveText('task · completed');
      await expect(app.result()).toContainText('- Name: Ada Lovelace');
      await expect(app.result()).toContainText('- Favorite Color: Green');
      // The story of the task is in the log: one entry per status (the list is virtual: search narrows it).
      await app.searchLog('kind:task-status');
      await expect(app.logRow(/task .* working/)).toHaveCount(1);
      await expect(app.logRow(/task .* completed/)).toHaveCount(1);
      expect((await app.callStory(TOOL)).filter((step) => /task .* (working|completed)/.test(step))).toHaveLength(2);
    });
  });
}

stdio.describe('a tool that requires tasks (server-everything over stdio)', () => {
  stdio('simulate-research-query runs as a task: its status, its clarification form, then its report', async ({ app, page }) => {
    await app.waitConnected();
    await switchOnAndReconnect(app, /^Tasks/);
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'simulate-research-query', exact: true }).click();
    const tool = page.getByRole('region', { name: 'Tool', exact: true });
    await expect(tool.getByLabel(/^Run as task/)).toBeChecked();
    await expect(tool.getByLabel(/^Run as task/)).toBeDisabled();
    await app.callTool('simulate-research-query', { topic: 'python', ambiguous: true });
    const call = tool.getByRole('list', { name: 'Calls' }).getByRole('listitem').first();
    await expect(call.getByRole('status', { name: 'Task status' })).toHaveText(/task · (working|input_required)/);
    await expect(app.elicitation().getByText(/could have multiple interpretations/)).toBeVisible();
    await page.screenshot({ path: stdio.info().outputPath('tool-task.png') });
    // Declined, the server goes on with its default interpretation.
    await app.answer('Decline');
    await expect(app.result()).toContainText('# Research Report: python');
    await expect(call.getByRole('status', { name: 'Task status' })).toHaveText('task · completed');
  });
});

base.describe('forms a server withdraws in a burst (tasks/cancel), started with --tasks', () => {
  base.use({ inspectorTarget: targetStdio('task-hostile'), inspectorProtocol: '2025-11-25', inspectorArgs: ['--tasks'] });

  base('each withdrawn form leaves a note; one Dismiss all clears them', async ({ app, page }) => {
    await app.waitConnected();
    await app.runTool('cancel_burst');
    await expect(app.result()).toHaveText('cancel_burst: 5 forms withdrawn');
    const requests = page.getByRole('region', { name: 'Pending requests' });
    const notes = requests.getByRole('status', { name: /^Elicitation .* closed$/ });
    await expect(notes).toHaveCount(3);
    await expect(notes.first()).toContainText('The server cancelled this request (The server cancelled this task (tasks/cancel)');
    await expect(requests).toContainText('5 requests closed unanswered, the last 3 shown');
    await page.screenshot({ path: base.info().outputPath('withdrawn-burst.png') });
    await requests.getByRole('button', { name: 'Dismiss all' }).click();
    await expect(notes).toHaveCount(0);
    await expect(requests).toContainText('No elicitation requests yet');
  });
});

/**
 * server-everything's trigger-url-elicitation (a server written by others): each
 * answer reaches it, nothing hangs waiting for a completion it never sends, and
 * its -32042 error path shows the prerequisite URL.
 */
import { expect } from 'elicitation-inspector/playwright';
import { everythingStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

const TOOL = 'trigger-url-elicitation';
// A loopback URL where nothing listens: consent can be given without any traffic leaving the machine.
const URL_ARG = 'http://127.0.0.1:9/authorize?state=e2e';

test.use({
  inspectorArgs: ['--', everythingStdio().command, ...everythingStdio().args],
  permissions: ['clipboard-read', 'clipboard-write'],
});

test.beforeEach(async ({ app }) => {
  await app.waitConnected();
  await expect(app.tools.getByRole('option', { name: TOOL, exact: true })).toBeVisible();
});

for (const [action, text] of [
  ['Copy URL', 'User completed the URL elicitation flow.'],
  ['Decline', 'User declined to open the URL'],
  ['Cancel', 'User cancelled the URL elicitation'],
] as const) {
  test(`${action} reaches the server, and the flow ends with the call`, async ({ app, page }) => {
    await app.runTool(TOOL, { url: URL_ARG });
    const flow = app.urlFlow();
    await expect(flow.getByLabel('Full URL')).toHaveText(URL_ARG);
    await flow.getByRole('button', { name: action, exact: true }).click();
    await expect(app.result()).toContainText(text);
    if (action === 'Copy URL') expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(URL_ARG);
    // This server sends no completion notification; the flow still finishes.
    await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText(
      action === 'Copy URL' ? 'Finished, no completion reported' : action === 'Decline' ? 'Declined' : 'Cancelled',
    );
  });
}

test('errorPath: the -32042 prerequisite is shown, and once done the call goes on', async ({ app }) => {
  await app.tools.getByRole('option', { name: TOOL, exact: true }).click();
  const tool = app.page.getByRole('region', { name: 'Tool', exact: true });
  await tool.getByLabel('url', { exact: true }).fill(URL_ARG);
  await tool.getByLabel('errorPath').check();
  await tool.getByRole('button', { name: 'Run tool' }).click();
  const prerequisite = app.urlFlow();
  await expect(prerequisite).toContainText('from a -32042 error');
  await expect(prerequisite.getByLabel('Full URL')).toHaveText('https://modelcontextprotocol.io');
  await expect(prerequisite).toContainText('Open this link to satisfy the prerequisite');
  await prerequisite.getByRole('button', { name: 'Copy URL' }).click();
  await prerequisite.getByRole('button', { name: 'Mark as done' }).click();
  // The retried call takes the request path: a second URL elicitation, for the URL we asked for.
  await expect(app.urlFlow().getByLabel('Full URL')).toHaveText(URL_ARG);
  await app.urlFlow().getByRole('button', { name: 'Decline' }).click();
  await expect(app.result()).toContainText('User declined to open the URL');
});

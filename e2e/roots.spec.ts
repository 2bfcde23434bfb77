/**
 * Roots from the page: switch them on in Client settings with a folder, reconnect,
 * and the demo server's list_roots sees it; edit the list while connected and
 * Send roots, and the next list_roots sees the edit (on 2025-11-25 the server is
 * told with notifications/roots/list_changed).
 */
import { expect } from 'elicitation-inspector/playwright';
import { overEverythingHttp } from './support/everything-http';
import { everythingStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

for (const protocol of ['auto', '2025-11-25'] as const) {
  test.describe(`roots, protocol ${protocol}`, () => {
    test.use({ inspectorArgs: ['--protocol', protocol] });

    test('declared roots answer the server, and an edit sent while connected answers the next request', async ({ app, page }) => {
      await app.waitConnected();
      const form = await app.openConnection();
      await form.getByText('Client settings').click();
      await form.getByLabel('Roots', { exact: true }).check();
      const folders = form.getByLabel('Root folders');
      await folders.fill('file:///home/ada/project project');
      await form.getByRole('button', { name: 'Reconnect', exact: true }).click();
      // Send roots shows once the new session is live and declares roots (the section stays as the person left it).
      await app.openConnection();
      await expect(form.getByRole('button', { name: 'Send roots' })).toBeVisible();
      await app.waitConnected();

      await app.runTool('list_roots');
      await expect(app.result()).toHaveText('list_roots: 1 root: project file:///home/ada/project');

      await app.openConnection();
      await folders.fill('file:///home/ada/project project\nhttps://example.com');
      await expect(form.getByText(/^Line 2: a root is a file:\/\/ URI/)).toBeVisible();
      await expect(form.getByRole('button', { name: 'Send roots' })).toBeDisabled();
      await folders.fill('file:///home/ada/project project\n/home/ada/my notes');
      await form.getByRole('button', { name: 'Send roots' }).click();
      if (protocol === '2025-11-25') {
        await app.searchLog('method:notifications/roots/list_changed');
        await expect(app.logEntries.getByRole('option')).toHaveCount(1);
      }
      await app.runTool('list_roots');
      await expect(app.calls.getByRole('listitem').first().getByRole('region', { name: 'Result' })).toHaveText(
        'list_roots: 2 roots: project file:///home/ada/project, file:///home/ada/my%20notes',
      );
      await page.screenshot({ path: test.info().outputPath('roots.png') });
    });
  });
}

// server-everything registers get-roots-list only for a client that declared roots when it connected:
// --roots declares them from the first connect, and the page runs the tool.
const PROJECT_URI = 'file:///home/ada/project';

test.describe('server-everything over stdio', () => {
  test.use({ inspectorArgs: ['--roots', PROJECT_URI, '--', everythingStdio().command, ...everythingStdio().args] });

  test('get-roots-list returns the roots given with --roots', async ({ app }) => {
    await app.runTool('get-roots-list');
    await expect(app.result()).toContainText('Current MCP Roots (1 total)');
    await expect(app.result()).toContainText(`URI: ${PROJECT_URI}`);
  });
});

const overHttp = overEverythingHttp(['--roots', PROJECT_URI]);

overHttp.describe('server-everything over Streamable HTTP', () => {
  overHttp('get-roots-list returns the roots given with --roots', async ({ app }) => {
    await app.runTool('get-roots-list');
    await expect(app.result()).toContainText(`URI: ${PROJECT_URI}`);
  });
});

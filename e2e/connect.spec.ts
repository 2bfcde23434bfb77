/**
 * Connecting from the page: to another server over Streamable HTTP with a
 * header, a command that fails to start, and disconnect/reconnect. The status's
 * exact words and the server's name beside it are readme-contract.spec.ts's.
 */
import { expect } from 'elicitation-inspector/playwright';
import { stopProcess } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

test('connect over Streamable HTTP: a 401 without the header, tools with it', async ({ app, authServer }) => {
  await app.waitConnected();
  const url = `http://127.0.0.1:${authServer.port}/mcp`;
  await app.connect({ transport: 'http', url });
  const ended = app.page.getByRole('alert', { name: 'Session ended' });
  await expect(ended).toContainText('HTTP 401');
  await app.connect({ transport: 'http', url, headers: 'Authorization: Bearer secret-token' });
  await app.waitConnected();
  await expect(app.tools.getByRole('option', { name: 'whoami' })).toBeVisible();
  await app.runTool('whoami');
  await expect(app.result()).toHaveText('you hold the token');
  // The header reached the server but not the log.
  await app.searchLog('secret-token');
  await expect(app.log).toContainText('0 of');
});

test('a command that cannot start says so, and the inspector stays usable', async ({ app }) => {
  await app.waitConnected();
  await app.connect({ transport: 'stdio', command: 'definitely-not-a-command', args: [] });
  await expect(app.page.getByRole('alert', { name: 'Session ended' })).toContainText('Could not start "definitely-not-a-command"');
  await expect(app.connectionStatus).toHaveText('Disconnected');
});

test('disconnect, then reconnect to the same server', async ({ app, page }) => {
  await app.waitConnected();
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(app.connectionStatus).toHaveText('Disconnected');
  await expect(page.getByRole('alert', { name: 'Session ended' })).toContainText('You disconnected.');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await app.waitConnected();
  await app.runTool('echo', { text: 'again' });
  await expect(app.result()).toContainText('again');
});

test.describe('the inspector killed', () => {
  // It kills its inspector: one of its own, not the worker's shared one.
  test.use({ inspectorShared: false });

  test('when the inspector goes away, the page says it lost it and is reconnecting, not the session’s last state', async ({ app, inspector }) => {
    await app.waitConnected();
    await stopProcess(inspector.process, 'SIGKILL');
    await expect(app.connectionStatus).toHaveText('Inspector lost, reconnecting…');
  });
});

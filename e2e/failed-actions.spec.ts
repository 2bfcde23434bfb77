/**
 * A button whose command fails says so where it was clicked. The proxy's reply
 * to these commands is replaced by an error on the page's WebSocket: real
 * failures (a server that stops answering tools/list, a call that ends between
 * render and click) are races a test cannot time.
 */
import { expect } from 'elicitation-inspector/playwright';
import { targetStdio } from './support/processes';
import { test } from './support/test';

const target = targetStdio('bad-schemas');
const FAILING = new Set(['list-tools', 'set-call-timer', 'cancel-call']);
test.use({ inspectorArgs: ['--protocol', '2025-11-25', '--', target.command, ...target.args] });

test('List again, Suspend timeout (call and form) and Cancel call show their failure in place', async ({ app, page }) => {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const command = JSON.parse(String(message)) as { type: string; id: number };
      if (!FAILING.has(command.type)) return server.send(message);
      ws.send(JSON.stringify({ type: 'reply', id: command.id, ok: false, error: { code: 'internal', message: `${command.type} failed on purpose` } }));
    });
    server.onMessage((message) => ws.send(message));
  });
  await page.reload();
  await app.waitConnected();

  await page.getByRole('button', { name: 'List again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'list-tools failed on purpose' })).toBeVisible();

  await app.runTool('required_select');
  await expect(app.elicitation()).toBeVisible();
  await app.elicitation().getByRole('button', { name: 'Suspend timeout' }).click();
  await expect(app.elicitation().getByRole('alert')).toContainText('set-call-timer failed on purpose');
  await app.latestCall().getByRole('button', { name: 'Suspend timeout' }).click();
  await expect(app.latestCall().getByRole('alert')).toContainText('set-call-timer failed on purpose');
  await app.latestCall().getByRole('button', { name: 'Cancel call' }).click();
  await expect(app.latestCall().getByRole('alert')).toContainText('cancel-call failed on purpose');
});

/** After a failed connect, the connection doctor says which step failed and what to do. */
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorArgs: ['--no-connect'] });

test('a missing command: the checklist stops at "Command found" with a hint', async ({ app, page }) => {
  await app.connect({ transport: 'stdio', command: 'no-such-mcp-server-xyz', args: ['--flag'] });
  const ended = page.getByRole('alert', { name: 'Session ended' });
  await expect(ended).toContainText('no-such-mcp-server-xyz');
  await ended.getByRole('button', { name: 'Check the connection' }).click();
  const checks = ended.getByRole('list', { name: 'Connection checks' });
  await expect(checks.getByRole('listitem')).toHaveCount(4);
  await expect(checks.getByRole('listitem', { name: /^Command found: failed\. "no-such-mcp-server-xyz" is not on the PATH/ })).toBeVisible();
  await expect(checks).toContainText('Install it, or give its full path as the command.');
  await expect(checks.getByRole('listitem', { name: /^MCP handshake: not tried\./ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('doctor.png') });
});

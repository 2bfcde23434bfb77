/**
 * Signing in from the page to a server behind OAuth (e2e/targets/oauth-server.ts
 * with its consent page): the Sign-in panel shows where the sign-in page is,
 * opens it only on a click, and the connection goes on by itself after Approve.
 */
import { expect, test as base } from 'elicitation-inspector/playwright';
import { startHttpTarget } from './support/processes';

const test = base.extend<{}, { oauthServer: { url: string } }>({
  oauthServer: [
    async ({}, use) => {
      const server = await startHttpTarget('oauth-server', '--consent');
      await use({ url: `http://127.0.0.1:${server.port}/mcp` });
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

test('sign in through the page: the sign-in page opens on a click, Approve there, and the session connects', async ({ app, page, oauthServer }, testInfo) => {
  await app.waitConnected();
  await app.connect({ transport: 'http', url: oauthServer.url });
  const panel = page.getByRole('region', { name: 'Sign-in' });
  await expect(panel.getByText('Waiting for you')).toBeVisible();
  await expect(panel.getByLabel('Sign-in host')).toContainText('127.0.0.1');
  await expect(panel.getByLabel('Authorization URL', { exact: true })).toContainText('/authorize?');
  await expect(panel.getByLabel('Sign-in facts')).toContainText('mcp:tools');
  await page.screenshot({ path: testInfo.outputPath('sign-in-waiting.png') });

  const [signInPage] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: 'Open sign-in page' }).click()]);
  await expect(signInPage.getByRole('heading', { name: /Allow Elicitation Inspector/ })).toBeVisible();
  await signInPage.getByRole('button', { name: 'Approve' }).click();
  await expect(signInPage.getByText('Signed in.')).toBeVisible();
  await signInPage.close();

  await app.waitConnected();
  await expect(panel.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(panel.getByLabel('Sign-in facts')).toContainText('Scopes granted');
  await app.runTool('whoami');
  await expect(app.result()).toHaveText('scopes: mcp:tools');
  await page.screenshot({ path: testInfo.outputPath('sign-in-done.png') });

  await panel.getByRole('button', { name: 'Sign out' }).click();
  await expect(panel.getByText('Signed out', { exact: true })).toBeVisible();
});

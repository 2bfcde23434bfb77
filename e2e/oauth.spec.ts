/**
 * Signing in from the page to a server behind OAuth (e2e/targets/oauth-server.ts
 * with its consent page): the Sign-in panel shows where the sign-in page is,
 * opens it only on a click, and the connection goes on by itself after Approve.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, InspectorPage } from 'elicitation-inspector/playwright';
import { test } from './support/test';
import { startHttpTarget, startInspector } from './support/processes';

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

test('the OAuth group of the Connection form: a pre-registered client typed in the page signs in, and its secret stays out of the page', async ({
  app,
  page,
  oauthServer,
}, testInfo) => {
  await app.waitConnected();
  const form = await app.openConnection();
  await form.getByRole('radio', { name: 'Streamable HTTP' }).click();
  await form.getByLabel('URL', { exact: true }).fill(oauthServer.url);
  await form.getByText(/^OAuth ·/).click();
  await form.getByLabel('OAuth client ID', { exact: true }).fill('pre-client');
  const secret = form.getByLabel('OAuth client secret', { exact: true });
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.fill('pre-secret');
  await expect(form.getByText('client pre-client')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('oauth-form.png') });
  await form.getByRole('button', { name: /^(Connect|Reconnect)$/ }).click();

  const panel = page.getByRole('region', { name: 'Sign-in' });
  // The authorization server is asked for the typed client, not a freshly registered one.
  await expect(panel.getByLabel('Authorization URL', { exact: true })).toContainText('client_id=pre-client');
  const [signInPage] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: 'Open sign-in page' }).click()]);
  await signInPage.getByRole('button', { name: 'Approve' }).click();
  await expect(signInPage.getByText('Signed in.')).toBeVisible();
  await signInPage.close();

  // The token exchange needs the secret (client_secret_post): a whoami that answers proves it reached the server.
  await app.waitConnected();
  await app.runTool('whoami');
  await expect(app.result()).toHaveText('scopes: mcp:tools');

  const again = await app.openConnection();
  await expect(again.getByLabel('OAuth client ID', { exact: true })).toHaveValue('pre-client');
  await expect(again.getByLabel('OAuth client secret', { exact: true })).toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('oauth-form-connected.png') });
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain('pre-secret');
  await panel.getByRole('button', { name: 'Sign out' }).click();
  await expect(panel.getByText('Signed out', { exact: true })).toBeVisible();
});

test('a restart with --keep-tokens: the session says it uses the kept tokens and offers Sign out, which forgets them', async ({ page, oauthServer }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'inspector-kept-'));
  const args = ['--url', oauthServer.url, '--keep-tokens'];
  const first = await startInspector(args, { dataDir });
  try {
    const app = new InspectorPage(page, first);
    await app.open();
    const panel = page.getByRole('region', { name: 'Sign-in' });
    const [signInPage] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: 'Open sign-in page' }).click()]);
    await signInPage.getByRole('button', { name: 'Approve' }).click();
    // Closed once the callback has answered: closing it mid-redirect could hang the close.
    await expect(signInPage.getByText('Signed in.')).toBeVisible();
    await signInPage.close();
    await app.waitConnected();
  } finally {
    await first.stop();
  }

  const second = await startInspector(args, { dataDir });
  try {
    const app = new InspectorPage(page, second);
    await app.open();
    await app.waitConnected();
    // The kept token works, so no 401 comes: the panel is there all the same.
    const panel = page.getByRole('region', { name: 'Sign-in' });
    await expect(panel.getByText('Signed in', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Sign-in status')).toContainText('kept in the data dir');
    await expect(panel.getByLabel('Sign-in facts')).toContainText('mcp:tools');
    await app.runTool('whoami');
    await expect(app.result()).toHaveText('scopes: mcp:tools');
    await panel.getByRole('button', { name: 'Sign out' }).click();
    await expect(panel.getByText('Signed out', { exact: true })).toBeVisible();
    expect(readFileSync(join(dataDir, 'oauth-tokens.json'), 'utf8')).not.toContain(oauthServer.url);
  } finally {
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('step-up in the page: the call a 403 insufficient_scope cut short runs again once the wider scope is approved', async ({ app, page, oauthServer }) => {
  await app.waitConnected();
  await app.connect({ transport: 'http', url: oauthServer.url });
  const panel = page.getByRole('region', { name: 'Sign-in' });
  await approveSignIn(page, panel);
  await app.waitConnected();

  await app.runTool('admin_report');
  await expect(panel.getByLabel('Sign-in facts')).toContainText('mcp:tools mcp:admin');
  await approveSignIn(page, panel);
  expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'admin report: all well' });
  await expect(app.calls.getByRole('listitem')).toHaveCount(1);
});

test('step-up the authorization server does not grant: the call ends "Scope refused", naming the scope', async ({ page }) => {
  const server = await startHttpTarget('oauth-server', '--consent', '--withhold-admin');
  const inspector = await startInspector(['--url', `http://127.0.0.1:${server.port}/mcp`]);
  try {
    const app = new InspectorPage(page, inspector);
    await app.open();
    const panel = page.getByRole('region', { name: 'Sign-in' });
    await approveSignIn(page, panel);
    await app.waitConnected();
    await app.runTool('admin_report');
    await expect(panel.getByLabel('Sign-in facts')).toContainText('mcp:tools mcp:admin');
    await approveSignIn(page, panel);
    const outcome = await app.callOutcome();
    expect(outcome.status).toBe('Scope refused');
    expect(outcome.result).toContain('insufficient_scope, asking for mcp:tools mcp:admin');
    await expect(app.result().getByText('Scope refused', { exact: true })).toBeVisible();
  } finally {
    await inspector.stop();
    await server.stop();
  }
});

/** Open the waiting sign-in's page from the panel and approve there. */
async function approveSignIn(page: Page, panel: Locator): Promise<void> {
  await expect(panel.getByText('Waiting for you')).toBeVisible();
  const [signInPage] = await Promise.all([page.context().waitForEvent('page'), panel.getByRole('button', { name: 'Open sign-in page' }).click()]);
  await signInPage.getByRole('button', { name: 'Approve' }).click();
  await expect(signInPage.getByText('Signed in.')).toBeVisible();
  await signInPage.close();
}

test('a revoked token in the page: the log says the token and its refresh were refused, and the refused refresh can be read', async ({ page }) => {
  const server = await startHttpTarget('oauth-server', '--consent');
  const origin = `http://127.0.0.1:${server.port}`;
  const inspector = await startInspector(['--url', `${origin}/mcp`]);
  try {
    const app = new InspectorPage(page, inspector);
    await app.open();
    const panel = page.getByRole('region', { name: 'Sign-in' });
    await approveSignIn(page, panel);
    await app.waitConnected();

    await fetch(`${origin}/test/revoke-all`, { method: 'POST' });
    await app.runTool('whoami');
    await expect(panel.getByText('Waiting for you')).toBeVisible();
    await panel.getByText(/^Steps/).click();
    const steps = panel.getByRole('list', { name: 'Sign-in steps' });
    await expect(steps).toContainText('refused The server refused the access token: HTTP 401 invalid_token');
    await expect(steps).toContainText('The refresh was refused by POST http://127.0.0.1');

    await app.searchLog('/token 400');
    await app
      .logRow(/POST .*\/token 400/)
      .first()
      .click();
    await expect(app.entryDetails).toContainText('invalid_grant');
    await expect(app.entryDetails).toContainText('The refresh token is unknown or revoked');
    await expect(app.entryDetails).toContainText('refresh_token=[redacted]');
  } finally {
    await inspector.stop();
    await server.stop();
  }
});

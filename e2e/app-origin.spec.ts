/**
 * The origin an MCP App runs on, as a person sees it: an app keeps what it stores in its own
 * origin's storage from one view to the next, and it cannot reach the inspector that shows it (its
 * window, its token, its storage, its API). server/integration/app-origin.test.ts checks the
 * second origin's own checks at the HTTP level.
 */
import type { Locator } from '@playwright/test';
import { expect } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { targetStdio } from './support/processes';
import { test } from './support/test';

const target = targetStdio('app-storage');
/** The app's document: the frame inside its sandbox, which is the App view's frame. */
const appDocument = (card: Locator, uri: string) =>
  card.getByRole('region', { name: 'App view' }).frameLocator(`iframe[title="App ${uri}"]`).frameLocator('iframe[title="App document"]');
test.use({ inspectorShared: true, inspectorArgs: ['--protocol', '2026-07-28', '--', target.command, ...target.args] });

test("an app keeps what it stores in its own origin's storage, from one view to the next", async ({ app }) => {
  await app.waitConnected();
  await switchOnAndReconnect(app, /^App-rendered forms/);
  for (const view of [1, 2]) {
    await app.runTool('storage_app');
    const frame = appDocument(app.elicitation(), 'ui://app-storage/storage');
    await expect(frame.locator('#local')).toHaveText(`local: view ${view}`);
    await expect(frame.locator('#session')).toHaveText('session: kept');
    await expect(frame.locator('#indexeddb')).toHaveText('indexeddb: stored');
    await app.answer('Decline');
    await expect(app.result()).toContainText('storage_app: ');
  }
});

test('an app cannot reach the inspector: not its page, its token, its storage or its API', async ({ app }) => {
  await app.waitConnected();
  await switchOnAndReconnect(app, /^App-rendered forms/);
  const page = new URL(app.page.url());
  const token = new URLSearchParams(page.hash.slice(1)).get('token') ?? '';
  expect(token).not.toBe('');
  // Were the page to keep its token in its own storage, the app would not read it there either.
  await app.page.evaluate((value) => localStorage.setItem('token-kept-by-the-page', value), token);
  await app.runTool('probe_app');
  const card = app.elicitation();
  const frame = appDocument(card, 'ui://app-storage/probe');
  await expect(frame.locator('#origin')).toHaveText(new RegExp(`^origin: http://127\\.0\\.0\\.1:\\d+ in http://127\\.0\\.0\\.1:\\d+ in ${page.origin}$`));
  const appOrigin = /^origin: (\S+)/.exec((await frame.locator('#origin').textContent()) ?? '')?.[1];
  expect(appOrigin).not.toBe(page.origin);
  await expect(frame.locator('#top')).toHaveText('top: blocked (SecurityError)');
  await expect(frame.locator('#api')).toHaveText('api: blocked');
  await expect(frame.locator('#storage')).toContainText('storage: {"local":{},"session":{},"cookie":"","name":""');
  await expect(frame.locator('body')).not.toContainText(token);
  await expect(card.getByRole('group', { name: 'Findings' })).toContainText(`was stopped by its CSP: connect-src ${page.origin}/api/health`);
  await app.answer('Decline');
  await expect(app.result()).toContainText('probe_app: ');
});

// A CSP cannot name an IPv6 address: on ::1 both origins are named `localhost`, which the browser resolves to ::1.
for (const host of ['::1', 'localhost']) {
  test.describe(`with --host ${host}`, () => {
    test.use({ inspectorShared: false, inspectorArgs: ['--host', host, '--protocol', '2026-07-28', '--', target.command, ...target.args] });

    test('an app view runs, on its own origin, in the page the inspector printed', async ({ app }) => {
      await app.waitConnected();
      await switchOnAndReconnect(app, /^App-rendered forms/);
      await app.runTool('probe_app');
      const card = app.elicitation();
      const frame = appDocument(card, 'ui://app-storage/probe');
      const page = new URL(app.page.url()).origin;
      await expect(frame.locator('#origin')).toHaveText(new RegExp(`^origin: (http://[^ ]+) in \\1 in ${page}$`));
      await app.answer('Decline');
      await expect(app.result()).toContainText('probe_app: ');
      expect(new URL(app.page.url()).hostname).toBe('localhost');
    });
  });
}

test.describe('a page opened at http://[::1]', () => {
  test.use({ inspectorShared: false, inspectorArgs: ['--host', '::1', '--protocol', '2026-07-28', '--', target.command, ...target.args] });

  test('is told to open the inspector at localhost to see an app, and keeps the form', async ({ app }) => {
    const printed = new URL(app.page.url());
    await app.page.goto(app.page.url().replace('//localhost:', '//[::1]:'));
    await app.waitConnected();
    await switchOnAndReconnect(app, /^App-rendered forms/);
    await app.runTool('storage_app');
    const card = app.elicitation();
    await expect(card.getByRole('status', { name: 'App view status' })).toContainText(
      `a Content-Security-Policy cannot name an IPv6 address, so the app's frame could not allow this page. Open it at http://localhost:${printed.port}/`,
    );
    await app.answer('Decline');
    await expect(app.result()).toContainText('storage_app: ');
  });
});

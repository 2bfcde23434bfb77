/**
 * URL-mode elicitation on the demo server (2025-11-25, stdio): consent, a real
 * consent page opened only on a click, completion by notification, the -32042
 * retry, and URLs that must not be opened blindly.
 */
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorShared: true });

test.use({ inspectorArgs: ['--protocol', '2025-11-25'] });

test.beforeEach(async ({ app }) => {
  await app.waitConnected();
});

test('Open → the consent page → Approve: completion, then the result, in that order, with times', async ({ app, context }) => {
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  await app.runTool('connect_account');
  const flow = app.urlFlow();
  await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for consent');
  await expect(flow.getByLabel('elicitationId')).toHaveText(/^[0-9a-f-]{36}$/);
  const url = (await flow.getByLabel('Full URL').textContent())!;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/consent\//);
  await expect(flow.getByLabel('Destination host')).toContainText('localhost');

  // Nothing fetched the URL before the click: not the page, not the proxy, not the demo server's own log.
  expect(requests.filter((r) => r.startsWith(url))).toEqual([]);
  await app.searchLog('consent site:');
  await expect(app.log).toContainText('0 of');

  const consentPage = context.waitForEvent('page');
  await flow.getByRole('button', { name: 'Open', exact: true }).click();
  const popup = await consentPage;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(url);
  await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Waiting for completion');
  await expect(flow.getByRole('list', { name: 'Timeline' })).toContainText('Accept sent to the server');
  await expect(flow.getByRole('list', { name: 'Timeline' })).toContainText('You opened the URL');

  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(popup.getByRole('heading', { name: 'Approved' })).toBeVisible();
  // The server answers right after its completion notification; on a busy machine the result may land a render later,
  // and the flow still says Completed once it has.
  await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Completed');
  await expect(flow.getByRole('list', { name: 'Timeline' })).toContainText('The tool call returned its result');
  await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Completed');
  const steps = await flow.getByRole('list', { name: 'Timeline' }).getByRole('listitem').allTextContents();
  const completion = steps.findIndex((s) => s.includes('notifications/elicitation/complete received'));
  const result = steps.findIndex((s) => s.includes('The tool call returned its result'));
  expect(completion).toBeGreaterThan(0);
  expect(result).toBeGreaterThan(completion);
  expect(steps.every((s) => /^\+\d+\.\d s/.test(s))).toBe(true);
  await app.tools.getByRole('option', { name: 'connect_account', exact: true }).click();
  await expect(app.result()).toContainText('connect_account: approved on the provider');
});

test('a javascript: URL cannot be opened and says why; it can still be declined', async ({ app }) => {
  await app.runTool('javascript_url');
  const flow = app.urlFlow();
  await expect(flow.getByRole('list', { name: 'URL checks' })).toContainText('Cannot be opened');
  await expect(flow.getByRole('list', { name: 'URL checks' })).toContainText('javascript:');
  await expect(flow.getByRole('button', { name: 'Open', exact: true })).toBeDisabled();
  await expect(flow.getByRole('button', { name: 'Copy URL' })).toBeDisabled();
  await flow.getByRole('button', { name: 'Decline' }).click();
  await expect(app.result()).toHaveText('javascript_url: decline');
  await app.log.getByLabel('Kind').selectOption('problems');
  await expect(app.logRow('url-scheme-refused')).toHaveCount(1);
});

test('a look-alike (IDN) host shows both its Unicode and its xn-- form', async ({ app }) => {
  await app.runTool('lookalike_url');
  const flow = app.urlFlow();
  await expect(flow.getByLabel('Destination host')).toContainText('xn--80ak6aa92e.com');
  await expect(flow.getByLabel('Destination host')).toContainText('аррӏе.com');
  await expect(flow.getByRole('list', { name: 'URL checks' })).toContainText('аррӏе.com');
  await expect(flow.getByRole('list', { name: 'URL checks' })).toContainText('xn--80ak6aa92e.com');
  await flow.getByRole('button', { name: 'Cancel' }).click();
  await expect(app.result()).toHaveText('lookalike_url: cancel');
});

test('-32042: the error’s URL elicitation, approved on its page, and the call retried to success', async ({ app, context }) => {
  await app.runTool('link_account_first');
  const flow = app.urlFlow();
  await expect(flow).toContainText('from a -32042 error');
  await expect(flow.getByLabel('elicitationId')).toHaveText('link-demo-account');
  const consentPage = context.waitForEvent('page');
  await flow.getByRole('button', { name: 'Open', exact: true }).click();
  const popup = await consentPage;
  await expect(flow.getByRole('list', { name: 'Timeline' })).toContainText('You consented (-32042: nothing is sent to the server)');
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result()).toHaveText('link_account_first: the account is linked, here are your 3 repositories');
  await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Completed');
  await app.searchLog('url-required-retry');
  await expect(app.logRow('url-required-retry')).toHaveCount(1);
});

test('a flow that never reports completion does not hang: it finishes with its call and can be dismissed', async ({ app, context }) => {
  await app.runTool('never_completes');
  const flow = app.urlFlow();
  const consentPage = context.waitForEvent('page');
  await flow.getByRole('button', { name: 'Open', exact: true }).click();
  await (await consentPage).close();
  await expect(app.result()).toContainText('completion will never be reported');
  await expect(flow.getByRole('status', { name: 'Flow status' })).toHaveText('Finished, no completion reported');
  await expect(flow.getByRole('list', { name: 'Timeline' })).not.toContainText('complete received');
  await flow.getByRole('button', { name: 'Dismiss' }).click();
  await expect(flow).toHaveCount(0);
});

test('from a flow to its log entries, and back', async ({ app }) => {
  await app.runTool('never_completes');
  const flow = app.urlFlow();
  const id = (await flow.getByLabel('elicitationId').textContent())!;
  await flow.getByRole('button', { name: 'Show in log' }).click();
  await expect(app.log.getByLabel('Story filter', { exact: true })).toContainText(/^Elicitation e\d+ of c1/);
  // The flow's entries: the server's request and the elicitation it became; nothing from outside it.
  await expect(app.logRow('elicitation/create')).toHaveCount(1);
  await expect(app.logRow(/url push for c1/)).toHaveCount(1);
  await expect(app.logRow('tools/list')).toHaveCount(0);
  await app.logRow('elicitation/create').first().click();
  await expect(app.entryDetails).toContainText(id);
  await app.entryDetails.getByRole('button', { name: /^Show elicitation/ }).click();
  await expect(flow).toBeInViewport();
});

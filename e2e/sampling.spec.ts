/**
 * Sampling from the page: switch it on in Client settings, reconnect, and a
 * server's sampling/createMessage waits under Pending requests with its messages;
 * the reply typed there is what the server gets.
 */
import { expect } from 'elicitation-inspector/playwright';
import { switchOnAndReconnect } from './support/client-settings';
import { overEverythingHttp } from './support/everything-http';
import { everythingStdio, targetStdio } from './support/processes';
import { test } from './support/test';

test.use({ inspectorShared: true });

test.describe('the demo server (2026-07-28 rounds)', () => {
  test('a sampling request shows its prompt, and the typed reply is the result', async ({ app, page }) => {
    await app.waitConnected();
    await switchOnAndReconnect(app, /^Sampling/);
    await app.runTool('ask_model');
    const card = page.getByRole('article', { name: /^Sampling request / });
    await expect(card.getByRole('list', { name: 'Messages' })).toContainText('Name a colour for a new logo.');
    await expect(card.getByLabel('System prompt')).toContainText('You are a terse design assistant.');
    await card.getByLabel('Reply', { exact: true }).fill('Teal.');
    await page.screenshot({ path: test.info().outputPath('sampling.png') });
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(app.result()).toHaveText('ask_model: elicitation-inspector said "Teal."');
  });
});

test.describe('server-everything over stdio', () => {
  test.use({ inspectorTarget: everythingStdio() });

  test('trigger-sampling-request gets the reply typed in the page', async ({ app, page }) => {
    await app.waitConnected();
    await switchOnAndReconnect(app, /^Sampling/);
    await app.callTool('trigger-sampling-request', { prompt: 'hello', maxTokens: 20 });
    const card = page.getByRole('article', { name: /^Sampling request / });
    await expect(card.getByRole('list', { name: 'Messages' })).toContainText('hello');
    await card.getByLabel('Reply', { exact: true }).fill('Hi from the page');
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(app.result()).toContainText('Hi from the page');
  });
});

// --sampling declares sampling from the first connect, so no Reconnect is needed.
const overHttp = overEverythingHttp(['--sampling']);

overHttp.describe('server-everything over Streamable HTTP', () => {
  overHttp('trigger-sampling-request gets the reply typed in the page', async ({ app, page }) => {
    await app.callTool('trigger-sampling-request', { prompt: 'hello over http', maxTokens: 20 });
    const card = page.getByRole('article', { name: /^Sampling request / });
    await expect(card.getByRole('list', { name: 'Messages' })).toContainText('hello over http');
    await card.getByLabel('Reply', { exact: true }).fill('Hi over HTTP');
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(app.result()).toContainText('Hi over HTTP');
  });
});

test.describe('a sampling request with a content type the spec does not know (2025-11-25)', () => {
  test.use({ inspectorTarget: targetStdio('client-requests'), inspectorProtocol: '2025-11-25' });

  test('it shows as refused with its finding, and the server is told which field is wrong in one line', async ({ app, page }) => {
    await app.waitConnected();
    await switchOnAndReconnect(app, /^Sampling/);
    await app.runTool('hologram_sampling');
    const note = page.getByRole('status', { name: /^Elicitation .* closed$/ });
    await expect(note).toContainText('Refused as malformed');
    await expect(note.getByRole('list', { name: 'Findings' })).toContainText(
      'messages[0].content.type is "hologram", which is not a sampling content type (text, image, audio, tool_use, tool_result).',
    );
    await expect(app.result()).toHaveText(
      'hologram_sampling: {"code":-32602,"message":"Invalid sampling request: messages[0].content.type is \\"hologram\\", which is not a sampling content type (text, image, audio, tool_use, tool_result)."}',
    );
    await page.screenshot({ path: test.info().outputPath('sampling-refused.png') });
  });
});

/**
 * The kit's sampling helper as a user's test drives it: the demo server's ask_model
 * sends sampling/createMessage (a 2026-07-28 round), the test reads the request and
 * replies with text, then declines the next one.
 */
import { expect } from 'elicitation-inspector/playwright';
import { test } from './support/test';

test.use({ inspectorArgs: ['--sampling'] });

test('a sampling request is read, answered with a text reply, and the next one declined', async ({ app }) => {
  await app.runTool('ask_model', { question: 'Name a colour for a kite.' });
  const first = await app.nextSamplingRequest();
  expect(await first.messages()).toEqual(['user: Name a colour for a kite.']);
  expect(await first.systemPrompt()).toBe('You are a terse design assistant.');
  await first.reply('Orange.');
  expect(await app.callOutcome()).toEqual({ status: 'Completed', result: 'ask_model: elicitation-inspector said "Orange."' });

  await app.runTool('ask_model');
  await (await app.nextSamplingRequest()).decline();
  await expect(app.result()).toHaveText('ask_model: the client did not reply');
});

/**
 * Response rules against servers written by others: server-everything over stdio
 * and Streamable HTTP, and a server on the classic SDK (1.x), through the real proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { everythingStdio, startEverything, targetStdio, type Started } from '../../e2e/support/processes';
import type { CommandParams } from '../wire/wire-client';
import { callAnswered, setRules } from '../../e2e/support/rules-support';

const suite = inspectorSuite();
const EVERYTHING_TOOL = 'trigger-elicitation-request';

async function everythingAnswers(target: CommandParams<'connect'>['target']) {
  const rules = {
    rules: [
      {
        match: { tool: EVERYTHING_TOOL, properties: ['name', 'email'] },
        answer: { action: 'accept' as const, content: { name: 'Grace Hopper', email: 'grace@example.com', integer: 7, untitledMultipleSelectEnum: ['Piano'] } },
      },
    ],
  };
  const sessionId = await suite.client.open(target, { rules });
  await suite.client.waitFor(() => suite.client.of('tools').some((t) => t.tools.some((tool) => tool.name === EVERYTHING_TOOL)), 15_000, 'the tool list');
  const accepted = await callAnswered(suite, sessionId, EVERYTHING_TOOL);
  expect(accepted.text).toMatch(/User provided the requested information[\s\S]*Name: Grace Hopper[\s\S]*Favorite Integer: 7/);
  expect(accepted.actions).toEqual([expect.objectContaining({ actor: 'rule', action: 'accept', rule: expect.objectContaining({ index: 1 }) })]);
  await setRules(suite, sessionId, { rules: [{ match: { server: 'no such server' }, answer: { action: 'accept' } }, { answer: { action: 'decline' } }] });
  const declined = await callAnswered(suite, sessionId, EVERYTHING_TOOL);
  expect(declined.text).toContain('User declined');
  expect(declined.actions[0]).toMatchObject({ actor: 'rule', rule: { index: 2 } });
  await setRules(suite, sessionId, { rules: [{ answer: { action: 'cancel', delayMs: 200 } }] });
  const cancelled = await callAnswered(suite, sessionId, EVERYTHING_TOOL);
  expect(cancelled.text).toContain('User cancelled');
  expect(cancelled.actions[0]).toMatchObject({ actor: 'rule', action: 'cancel', rule: { delayMs: 200 } });
  await suite.client.send('disconnect', { sessionId });
}

describe('server-everything', () => {
  let http: Started & { url: string };
  beforeAll(async () => {
    http = await startEverything('streamableHttp');
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('over stdio: a rule accepts with content, declines, cancels after a delay', async () => {
    await everythingAnswers({ transport: 'stdio', ...everythingStdio() });
  });

  it('over Streamable HTTP: the same', async () => {
    await everythingAnswers({ transport: 'http', url: http.url, headers: {} });
  });
});

describe('the classic SDK server', () => {
  it('form: the rule content is merged over the schema default and passes the server own validation; URL: consent and mark complete, then decline', async () => {
    const rules = {
      rules: [
        { match: { server: 'v1-classic', mode: 'form' as const }, answer: { action: 'accept' as const, content: { email: 'ada@example.com' } } },
        { match: { mode: 'url' as const }, answer: { action: 'accept' as const, markComplete: true } },
      ],
    };
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('v1-classic') }, { rules });
    const form = await callAnswered(suite, sessionId, 'ask_form');
    expect(JSON.parse(form.text.replace(/^ask_form: /, ''))).toEqual({ action: 'accept', content: { email: 'ada@example.com', count: 3 } });
    expect(form.actions[0]).toMatchObject({ actor: 'rule', rule: { index: 1 } });

    const url = await callAnswered(suite, sessionId, 'ask_url');
    expect(url.text).toMatch(/^ask_url: accept v1-/);
    expect(url.actions.map((a) => [a.actor, a.action])).toEqual([
      ['rule', 'accept'],
      ['rule', 'mark-done'],
    ]);

    await setRules(suite, sessionId, { rules: [{ match: { mode: 'url', message: 'Authorize' }, answer: { action: 'decline' } }] });
    const declined = await callAnswered(suite, sessionId, 'ask_url');
    expect(declined.text).toMatch(/^ask_url: decline/);
    expect(declined.ends).toEqual([expect.objectContaining({ outcome: 'answered', action: 'decline' })]);
    await suite.client.send('disconnect', { sessionId });
  });
});

/**
 * Real servers through the real proxy, over every transport: the demo server and
 * server-everything on stdio, server-everything on Streamable HTTP and on SSE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { resultText } from '../../e2e/support/inspector-client';
import { demoStdio, everythingStdio, startEverything, type Started } from '../../e2e/support/processes';

const suite = inspectorSuite();

const EVERYTHING_TOOL = 'trigger-elicitation-request';

async function answerEverythingForm(sessionId: string, action: 'accept' | 'decline' | 'cancel') {
  await suite.client.waitFor(
    () => suite.client.of('tools').some((t) => t.tools.some((tool) => tool.name === EVERYTHING_TOOL)),
    15_000,
    'the elicitation tool to be listed',
  );
  const { callId, end } = await suite.client.call(sessionId, EVERYTHING_TOOL);
  const elicitation = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
  expect(elicitation.mode).toBe('form');
  expect(Object.keys((elicitation.params.requestedSchema as { properties: object }).properties)).toHaveLength(13);
  await suite.client.send('answer-elicitation', {
    sessionId,
    key: elicitation.key,
    action,
    ...(action === 'accept' && { content: { name: 'Grace Hopper', email: 'grace@example.com', integer: 7, untitledMultipleSelectEnum: ['Piano'] } }),
  });
  return resultText(await end);
}

describe('stdio', () => {
  it('connects to the demo server, captures its stderr, and answers a form over 2026-07-28 rounds', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() });
    const ready = suite.client.of('session-state').find((e) => e.state === 'ready');
    expect(ready?.state === 'ready' && ready.protocolVersion).toBe('2026-07-28');
    expect((await suite.client.waitForEvent('stderr')).text).toContain('elicitation-demo: ready');
    const { callId, end } = await suite.client.call(sessionId, 'collect_profile');
    const elicitation = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    await suite.client.send('answer-elicitation', {
      sessionId,
      key: elicitation.key,
      action: 'accept',
      content: { name: 'Grace', email: 'grace@example.com', plan: 'pro', age: 40 },
    });
    const text = resultText(await end);
    expect(text).toContain('collect_profile: accept');
    // Numbers stay numbers on the wire.
    expect(JSON.parse(text.split('\n')[1])).toMatchObject({ age: 40, plan: 'pro' });
    await suite.client.send('disconnect', { sessionId });
  });

  it('server-everything on stdio: accept, decline and cancel each reach the server', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...everythingStdio() });
    const ready = suite.client.of('session-state').find((e) => e.state === 'ready');
    expect(ready?.state === 'ready' && ready.era).toBe('legacy');
    expect(await answerEverythingForm(sessionId, 'accept')).toMatch(
      /User provided the requested information[\s\S]*Name: Grace Hopper[\s\S]*Favorite Integer: 7/,
    );
    expect(await answerEverythingForm(sessionId, 'decline')).toContain('User declined');
    expect(await answerEverythingForm(sessionId, 'cancel')).toContain('User cancelled');
    await suite.client.send('disconnect', { sessionId });
  });
});

describe.each(['streamableHttp', 'sse'] as const)('server-everything over %s', (mode) => {
  let server: Started & { url: string };
  beforeAll(async () => {
    server = await startEverything(mode);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists tools, logs HTTP exchanges, and answers the form', async () => {
    const sessionId = await suite.client.open({
      transport: mode === 'sse' ? 'sse' : 'http',
      url: server.url,
      headers: { 'X-Test': 'yes', Authorization: 'Bearer not-logged' },
    });
    expect(await answerEverythingForm(sessionId, 'accept')).toContain('Name: Grace Hopper');
    expect(await answerEverythingForm(sessionId, 'decline')).toContain('User declined');
    const exchanges = suite.client.of('http');
    expect(exchanges.length).toBeGreaterThan(2);
    expect(exchanges.some((e) => e.method === 'POST' && e.status !== undefined && e.status < 300)).toBe(true);
    // Custom headers go out, and secrets never reach the log.
    expect(exchanges[0].requestHeaders['x-test']).toBe('yes');
    expect(exchanges[0].requestHeaders.authorization).toBe('[redacted]');
    expect(JSON.stringify(suite.client.events)).not.toContain('not-logged');
    await suite.client.send('disconnect', { sessionId });
  });
});

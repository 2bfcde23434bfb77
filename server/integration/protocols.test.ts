/**
 * Every protocol revision in use, against real servers: 2026-07-28 rounds driven
 * by the inspector, 2025-11-25 and 2025-06-18 clients, the classic SDK, and
 * findings for servers that break the revision they negotiated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventOf } from '../wire/events';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { resultText } from '../../e2e/support/inspector-client';
import { demoStdio, everythingStdio, startDemoHttp, startHttpTarget, targetStdio, type Started } from '../../e2e/support/processes';

const suite = inspectorSuite();

const ready = () => suite.client.of('session-state').find((e): e is Extract<EventOf<'session-state'>, { state: 'ready' }> => e.state === 'ready')!;
const findingCodes = () => suite.client.of('finding').map((f) => f.code);
const outbound = (method: string) => suite.client.of('rpc-out').filter((e) => e.message.method === method);

async function answerNext(
  sessionId: string,
  callId: string,
  answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> },
  after = 0,
) {
  const elicitation = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId && e.seq > after);
  await suite.client.send('answer-elicitation', { sessionId, key: elicitation.key, ...answer });
  return elicitation;
}

describe('2026-07-28, rounds driven by the inspector', () => {
  it('Auto negotiates 2026-07-28 with the demo server and shows each round, echoing requestState byte for byte', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() });
    expect(ready()).toMatchObject({ protocolVersion: '2026-07-28', era: 'modern' });
    const { callId, end } = await suite.client.call(sessionId, 'plan_trip');
    const first = await answerNext(sessionId, callId, { action: 'accept', content: { destination: 'Kyoto', departure: '2027-04-02' } });
    expect(first.origin).toEqual({ kind: 'mrtr', round: 1, inputKey: 'where' });
    const second = await answerNext(sessionId, callId, { action: 'accept', content: { seat: 'aisle' } }, first.seq);
    expect(second.origin).toEqual({ kind: 'mrtr', round: 2, inputKey: 'seat' });
    expect(resultText(await end)).toBe('plan_trip: booked 1 to Kyoto on 2027-04-02, aisle seat');

    const rounds = suite.client.of('call-round').filter((r) => r.callId === callId);
    expect(rounds.map((r) => [r.round, r.reason])).toEqual([
      [1, 'initial'],
      [2, 'input-responses'],
      [3, 'input-responses'],
    ]);
    expect(new Set(rounds.map((r) => r.rpcId)).size).toBe(3);
    const calls = outbound('tools/call').map((e) => e.message.params as Record<string, unknown>);
    // No requestState was sent back in round 2, because round 1 carried none; round 3 echoes round 2's exactly.
    expect(calls[1]).not.toHaveProperty('requestState');
    const stateFromServer = suite.client
      .of('rpc-in')
      .map((e) => (e.message.result as { requestState?: string } | undefined)?.requestState)
      .find(Boolean);
    expect(calls[2].requestState).toBe(stateFromServer);
    expect(calls[2].inputResponses).toEqual({ seat: { action: 'accept', content: { seat: 'aisle' } } });
    await suite.client.send('disconnect', { sessionId });
  });

  it('a tool with an outputSchema works through manual rounds; a schema that changes between rounds is a finding', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2026-07-28' });
    const order = await suite.client.call(sessionId, 'confirm_order', { item: 'coffee' });
    await answerNext(sessionId, order.callId, { action: 'accept', content: { confirm: true, note: 'ring twice' } });
    const orderEnd = await order.end;
    expect(orderEnd.outcome).toBe('result');
    expect(orderEnd.result?.structuredContent).toEqual({ item: 'coffee', confirmed: true, note: 'ring twice' });

    const shifting = await suite.client.call(sessionId, 'shifting_schema');
    const first = await answerNext(sessionId, shifting.callId, { action: 'accept', content: { name: 'Ada' } });
    await answerNext(sessionId, shifting.callId, { action: 'accept', content: { name: 'Ada', phone: '555' } }, first.seq);
    expect(resultText(await shifting.end)).toContain('"phone":"555"');
    expect(findingCodes()).toContain('schema-changed-between-rounds');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a polling URL flow: requestState-only rounds until the person approves, without giving up', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() });
    const { callId, end } = await suite.client.call(sessionId, 'url_poll');
    const flow = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(flow.mode).toBe('url');
    expect(flow.params.elicitationId).toBeUndefined();
    // "Done, retry" before approving: the server polls.
    await suite.client.send('answer-elicitation', { sessionId, key: flow.key, action: 'accept' });
    await suite.client.waitFor(
      () => suite.client.of('call-round').filter((r) => r.callId === callId && r.reason === 'request-state').length >= 2,
      20_000,
      'two polling rounds',
    );
    await approveOnConsentSite(String(flow.params.url));
    const result = await end;
    expect(resultText(result)).toBe('url_poll: payment approved');
    await suite.client.send('disconnect', { sessionId });
  });

  it('hitting the round limit ends the call with a clear error, not a hang', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { maxRounds: 3 });
    const { callId, end } = await suite.client.call(sessionId, 'url_poll');
    const flow = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    await suite.client.send('answer-elicitation', { sessionId, key: flow.key, action: 'accept' });
    const ended = await end;
    expect(ended.outcome).toBe('error');
    expect(ended.error?.message).toContain('Stopped after 3 rounds');
    await suite.client.send('disconnect', { sessionId });
  });

  it("the person's time between rounds is never cut off by the request timeout", async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { requestTimeoutMs: 1000 });
    const { callId, end } = await suite.client.call(sessionId, 'collect_profile');
    const elicitation = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    await new Promise((r) => setTimeout(r, 2000));
    await suite.client.send('answer-elicitation', {
      sessionId,
      key: elicitation.key,
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.com', plan: 'free' },
    });
    expect((await end).outcome).toBe('result');
    await suite.client.send('disconnect', { sessionId });
  });

  it('pinned to 2026-07-28, a legacy-only server is refused with the reason', async () => {
    const { sessionId } = await suite.client.send('connect', { target: { transport: 'stdio', ...everythingStdio() }, settings: { protocol: '2026-07-28' } });
    await suite.client.follow(sessionId);
    const closed = await suite.client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(closed.state === 'closed' && closed.error?.message).toMatch(/2026-07-28/);
  });

  it('a server that pushes elicitation/create on 2026-07-28 gets a finding (the SDK drops the request)', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('raw-protocol', 'push-on-2026') });
    expect(ready().protocolVersion).toBe('2026-07-28');
    const { end } = await suite.client.call(sessionId, 'push_anyway');
    await end;
    await suite.client.waitFor(() => findingCodes().includes('server-request-on-2026'), 10_000, 'the finding');
    expect(suite.client.of('elicitation')).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('2025 clients', () => {
  it('as 2025-06-18: declares elicitation: {} and flags URL mode and newer schema features', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('raw-protocol', '2025-06-18') }, { protocol: '2025-06-18' });
    const initialize = outbound('initialize')[0].message.params as { protocolVersion: string; capabilities: Record<string, unknown> };
    expect(initialize.protocolVersion).toBe('2025-06-18');
    expect(initialize.capabilities.elicitation).toEqual({});
    const { callId, end } = await suite.client.call(sessionId, 'old_and_new');
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(form.mode).toBe('form');
    expect(form.findings?.map((f) => f.code)).toContain('schema-newer-than-protocol');
    await suite.client.send('answer-elicitation', { sessionId, key: form.key, action: 'accept', content: { color: 'r', tags: ['a'] } });
    expect(resultText(await end)).toBe('old_and_new: url refused, form {"action":"accept","content":{"color":"r","tags":["a"]}}');
    expect(findingCodes()).toEqual(expect.arrayContaining(['url-mode-on-2025-06-18', 'schema-newer-than-protocol']));
    await suite.client.send('disconnect', { sessionId });
  });

  it('as 2025-11-25: the same write-once demo tools arrive as pushed requests', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' });
    expect(ready()).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy' });
    const { callId, end } = await suite.client.call(sessionId, 'confirm_order');
    const pushed = await answerNext(sessionId, callId, { action: 'accept', content: { confirm: true } });
    expect(pushed.origin.kind).toBe('push');
    expect((await end).result?.structuredContent).toEqual({ item: 'tea', confirmed: true });
    await suite.client.send('disconnect', { sessionId });
  });

  it('with no elicitation declared, the server cannot ask, and says so', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25', elicitation: { form: false, url: false } });
    expect((outbound('initialize')[0].message.params as { capabilities: object }).capabilities).toEqual({});
    const { end } = await suite.client.call(sessionId, 'collect_profile');
    const ended = await end;
    expect(JSON.stringify(ended)).toMatch(/does not support|capabilit/i);
    expect(suite.client.of('elicitation')).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a client-side timeout ends the call and closes its form; suspending it lets the person take longer', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25', requestTimeoutMs: 1500 });
    const slow = await suite.client.call(sessionId, 'collect_profile');
    const form = await suite.client.waitForEvent('elicitation', (e) => e.callId === slow.callId);
    const ended = await slow.end;
    expect(ended.outcome).toBe('timeout');
    expect((await suite.client.waitForEvent('elicitation-end', (e) => e.key === form.key)).outcome).toBe('call-ended');
    // The server was told.
    expect(outbound('notifications/cancelled').length).toBeGreaterThan(0);

    const patient = await suite.client.call(sessionId, 'collect_profile');
    const second = await suite.client.waitForEvent('elicitation', (e) => e.callId === patient.callId);
    await suite.client.send('set-call-timer', { sessionId, callId: patient.callId, suspended: true });
    await new Promise((r) => setTimeout(r, 2500));
    await suite.client.send('answer-elicitation', { sessionId, key: second.key, action: 'decline' });
    expect(resultText(await patient.end)).toBe('collect_profile: decline');
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('the classic SDK (@modelcontextprotocol/sdk 1.x)', () => {
  it('stdio: a form (validated by the server too) and a URL flow with its completion', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('v1-classic') });
    expect(ready()).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy' });
    const bad = await suite.client.call(sessionId, 'ask_form');
    const badForm = await suite.client.waitForEvent('elicitation', (e) => e.callId === bad.callId);
    expect(badForm.params.mode).toBe('form');
    await suite.client.send('answer-elicitation', { sessionId, key: badForm.key, action: 'accept', content: { email: 'nope' }, skipValidation: true });
    expect(JSON.stringify(await bad.end)).toMatch(/email/);

    const good = await suite.client.call(sessionId, 'ask_form');
    await answerNext(sessionId, good.callId, { action: 'accept', content: { email: 'ada@example.com', count: 2 } }, badForm.seq);
    expect(resultText(await good.end)).toBe('ask_form: {"action":"accept","content":{"email":"ada@example.com","count":2}}');

    const url = await suite.client.call(sessionId, 'ask_url');
    const flow = await answerNext(sessionId, url.callId, { action: 'accept' });
    expect(flow.mode).toBe('url');
    const complete = await suite.client.waitForEvent('url-complete', (e) => e.key === flow.key);
    expect(complete).toMatchObject({ source: 'notification', elicitationId: flow.params.elicitationId });
    await suite.client.send('disconnect', { sessionId });
  });

  it('legacy SSE', async () => {
    const server = await startHttpTarget('v1-classic', '--sse');
    try {
      const sessionId = await suite.client.open({ transport: 'sse', url: `http://127.0.0.1:${server.port}/sse`, headers: {} });
      const { callId, end } = await suite.client.call(sessionId, 'ask_form');
      await answerNext(sessionId, callId, { action: 'decline' });
      expect(resultText(await end)).toBe('ask_form: {"action":"decline"}');
      await suite.client.send('disconnect', { sessionId });
    } finally {
      await server.stop();
    }
  });
});

describe('the demo server over Streamable HTTP', () => {
  let demo: Started & { url: string };
  beforeAll(async () => {
    demo = await startDemoHttp();
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it.each([
    ['auto', '2026-07-28', 'mrtr'],
    ['2025-11-25', '2025-11-25', 'push'],
  ] as const)('%s: negotiates %s and the form flow works (%s)', async (protocol, version, originKind) => {
    const sessionId = await suite.client.open({ transport: 'http', url: demo.url, headers: {} }, { protocol });
    expect(ready().protocolVersion).toBe(version);
    const { callId, end } = await suite.client.call(sessionId, 'plan_trip');
    const first = await answerNext(sessionId, callId, { action: 'accept', content: { destination: 'Lisbon', departure: '2027-05-01' } });
    expect(first.origin.kind).toBe(originKind);
    await answerNext(sessionId, callId, { action: 'accept', content: { seat: 'window', meal: false } }, first.seq);
    expect(resultText(await end)).toBe('plan_trip: booked 1 to Lisbon on 2027-05-01, window seat');
    expect(suite.client.of('http').some((e) => e.requestHeaders['mcp-protocol-version'] === version)).toBe(true);
    await suite.client.send('disconnect', { sessionId });
  });
});

async function approveOnConsentSite(pageUrl: string): Promise<void> {
  const response = await fetch(`${pageUrl}/approve`, { method: 'POST' });
  expect(response.status).toBe(200);
}

describe('which call a pushed elicitation belongs to', () => {
  let demo: Started & { url: string };
  beforeAll(async () => {
    demo = await startDemoHttp();
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it('over Streamable HTTP, two interleaved calls: each elicitation is tied to its own call by the stream it arrived on', async () => {
    const sessionId = await suite.client.open({ transport: 'http', url: demo.url, headers: {} }, { protocol: '2025-11-25' });
    const trip = await suite.client.call(sessionId, 'plan_trip');
    const profile = await suite.client.call(sessionId, 'collect_profile');
    const first = await suite.client.waitFor(
      () => suite.client.of('elicitation').filter((e) => e.params.message === 'Step 1 of 2: where are you going?')[0],
      15_000,
      'the trip form',
    );
    const second = await suite.client.waitFor(
      () => suite.client.of('elicitation').filter((e) => String(e.params.message).includes('conference badge'))[0],
      15_000,
      'the profile form',
    );
    expect(first.callId).toBe(trip.callId);
    expect(second.callId).toBe(profile.callId);
    await suite.client.send('answer-elicitation', { sessionId, key: second.key, action: 'decline' });
    await suite.client.send('answer-elicitation', { sessionId, key: first.key, action: 'cancel' });
    expect(resultText(await profile.end)).toBe('collect_profile: decline');
    expect(resultText(await trip.end)).toBe('plan_trip: step 1 cancel');
    await suite.client.send('disconnect', { sessionId });
  });
});

/**
 * The 2026-07-28 version probe (`server/discover`) is traffic like any other: it
 * is logged on every transport with how it ended, it runs on the session's own
 * process, and servers that mishandle it still get a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogIndex } from '../../app/model/log-index';
import type { EventOf, LogEvent } from '../wire/events';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { resultText } from '../../e2e/support/inspector-client';
import { demoStdio, everythingStdio, startDemoHttp, startEverything, targetStdio, type Started } from '../../e2e/support/processes';

const suite = inspectorSuite();

const ready = () => suite.client.of('session-state').find((e): e is Extract<EventOf<'session-state'>, { state: 'ready' }> => e.state === 'ready')!;
/** `subscriptions/listen` (2026-07-28) stays open for the whole session by design: it carries the server's notifications. */
const unanswered = () => requestStates(suite.client.events).filter((r) => r.state !== 'answered' && r.method !== 'subscriptions/listen');
/**
 * The catalog's push can reach the script a moment before the log entry of the answer
 * that filled it (the tap logs what the transport read, and over SSE the SDK may act on
 * it first), so "every request answered" is awaited, not read once.
 */
const UNANSWERED_SETTLE_MS = 5_000;
const probes = () => suite.client.of('rpc-out').filter((e) => e.message.method === 'server/discover');

const idText = (id: unknown) => (typeof id === 'string' || typeof id === 'number' ? String(id) : '');

/** Open a session and wait until its tools are listed: every request of the connect is over by then. */
async function openAndList(target: Parameters<typeof suite.client.open>[0], settings: Parameters<typeof suite.client.open>[1] = {}): Promise<string> {
  const sessionId = await suite.client.open(target, settings);
  await suite.client.waitForEvent('tools');
  return sessionId;
}

/** What the log shows for each of our requests, as the page derives it: answered, how it ended, or still awaited. */
function requestStates(events: readonly LogEvent[]): { method: string; state: string }[] {
  const index = new LogIndex();
  for (const event of events) index.add(event, event.at, events);
  return events
    .filter((e): e is EventOf<'rpc-out'> => e.kind === 'rpc-out' && typeof e.message.method === 'string' && e.message.id !== undefined)
    .map((e) => {
      const pair = index.pairOf(e.seq)!;
      const state = pair.responseSeq ? 'answered' : pair.ended ? `${pair.ended}${pair.failure ? `: ${pair.failure}` : ''}` : 'awaiting response';
      return { method: String(e.message.method), state };
    });
}

describe('stdio', () => {
  it.each([
    ['the demo server (2026-07-28)', demoStdio(), '2026-07-28'],
    ['server-everything (2025 only)', everythingStdio(), '2025-11-25'],
    ['the classic SDK (2025 only)', targetStdio('v1-classic'), '2025-11-25'],
  ])('Auto with %s: the probe and its answer are both in the log, on the one server process', async (_name, target, version) => {
    const sessionId = await openAndList({ transport: 'stdio', ...target });
    expect(ready().protocolVersion).toBe(version);
    expect(probes()).toHaveLength(1);
    const probeId = probes()[0].message.id;
    expect(suite.client.of('rpc-in').filter((e) => e.message.id === probeId)).toHaveLength(1);
    expect(requestStates(suite.client.events)).toContainEqual({ method: 'server/discover', state: 'answered' });
    await expect.poll(unanswered, { timeout: UNANSWERED_SETTLE_MS }).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a server that exits when the probe comes before initialize is started again and spoken to in 2025-11-25, with a finding', async () => {
    const target = { transport: 'stdio' as const, ...targetStdio('legacy-strict', 'exits-before-initialize') };
    const sessionId = await openAndList(target);
    expect(ready()).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy' });
    expect(suite.client.of('finding').map((f) => f.code)).toContain('probe-ended-server');
    expect(requestStates(suite.client.events)).toContainEqual({ method: 'server/discover', state: 'fell-back' });
    expect(requestStates(suite.client.events).filter((r) => r.state === 'awaiting response')).toEqual([]);
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect(resultText(await end)).toMatch(/^whoami: pid \d+$/);

    // Reconnect remembers what the server speaks: no probe, one process.
    const { sessionId: again } = await suite.client.send('reconnect', { sessionId });
    await suite.client.follow(again);
    await suite.client.waitForEvent('tools');
    expect(ready().protocolVersion).toBe('2025-11-25');
    expect(probes()).toEqual([]);
    expect(suite.client.of('stderr').filter((e) => e.text.startsWith('legacy-strict: started'))).toHaveLength(1);
    await suite.client.send('disconnect', { sessionId: again });
  });
});

describe('stdio, a server that ignores requests it does not know', () => {
  it('Auto sends a ping after the unanswered probe, and on its answer initialize on the same process, with a finding', async () => {
    const target = { transport: 'stdio' as const, ...targetStdio('legacy-strict', 'ignores-discover') };
    const sessionId = await openAndList(target);
    expect(ready()).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy' });
    const wire = suite.client.events.flatMap((e) =>
      e.kind === 'rpc-out' || e.kind === 'rpc-in'
        ? [`${e.kind} ${'method' in e.message ? String(e.message.method) : 'answer'} ${idText(e.message.id)}`.trim()]
        : [],
    );
    expect(wire.slice(0, 5)).toEqual([
      'rpc-out server/discover server-discover-probe-1',
      'rpc-out ping ping-before-initialize-1',
      'rpc-in answer ping-before-initialize-1',
      'rpc-out initialize 0',
      'rpc-in answer 0',
    ]);
    // Nothing in the log answers the probe: it ended when initialize went out, and the finding says why.
    expect(requestStates(suite.client.events).slice(0, 2)).toEqual([
      { method: 'server/discover', state: 'fell-back' },
      { method: 'ping', state: 'answered' },
    ]);
    const [finding] = suite.client.of('finding').filter((f) => f.code === 'probe-unanswered');
    expect(finding.message).toContain('answered a ping but never the 2026-07-28 version probe');
    expect(finding.aboutSeq).toBe(probes()[0].seq);
    expect(suite.client.of('finding').map((f) => f.code)).not.toContain('probe-ended-server');
    expect(suite.client.of('stderr').filter((e) => e.text.startsWith('legacy-strict: started'))).toHaveLength(1);
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect(resultText(await end)).toMatch(/^whoami: pid \d+$/);
    await expect.poll(() => requestStates(suite.client.events).filter((r) => r.state === 'awaiting response'), { timeout: UNANSWERED_SETTLE_MS }).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('Streamable HTTP', () => {
  let demo: Started & { url: string };
  let everything: Started & { url: string };
  beforeAll(async () => {
    [demo, everything] = await Promise.all([startDemoHttp(), startEverything('streamableHttp')]);
  });
  afterAll(async () => {
    await Promise.all([demo?.stop(), everything?.stop()]);
  });

  it('Auto with a 2026-07-28 server: the probe is answered in the log', async () => {
    const sessionId = await openAndList({ transport: 'http', url: demo.url, headers: {} });
    expect(ready().protocolVersion).toBe('2026-07-28');
    const probeId = probes()[0].message.id;
    expect(suite.client.of('rpc-in').filter((e) => e.message.id === probeId)).toHaveLength(1);
    await expect.poll(unanswered, { timeout: UNANSWERED_SETTLE_MS }).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('Auto with a 2025-only server: the probe shows as failed with its HTTP status, not awaiting a response', async () => {
    const sessionId = await openAndList({ transport: 'http', url: everything.url, headers: {} });
    expect(ready().era).toBe('legacy');
    const probeId = probes()[0].message.id;
    const exchange = suite.client.of('http').find((e) => e.rpcIds?.includes(probeId as string));
    expect(exchange?.status).toBe(400);
    expect(requestStates(suite.client.events)).toContainEqual({ method: 'server/discover', state: 'failed: HTTP 400' });
    expect(requestStates(suite.client.events).filter((r) => r.method !== 'server/discover' && r.state !== 'answered')).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('SSE', () => {
  let everything: Started & { url: string };
  beforeAll(async () => {
    everything = await startEverything('sse');
  });
  afterAll(async () => {
    await everything?.stop();
  });

  it('Auto sends no probe over legacy SSE, and every request of the connect is answered in the log', async () => {
    const sessionId = await openAndList({ transport: 'sse', url: everything.url, headers: {} });
    expect(probes()).toEqual([]);
    expect(requestStates(suite.client.events).map((r) => r.method)).toEqual(expect.arrayContaining(['initialize', 'tools/list']));
    await expect.poll(unanswered, { timeout: UNANSWERED_SETTLE_MS }).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

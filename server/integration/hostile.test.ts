/**
 * A server that sends what no server should: messages nested 5,000 levels deep, a
 * 20 MB message, binary garbage, a flood. After each, the proxy is still up and
 * serving, every earlier entry is in the session file, the entry that could not
 * be kept whole says what was dropped and why, and no server process is left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { InspectorClient, resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio, ended, isAlive, startHttpTarget, targetStdio } from '../../e2e/support/processes';
import { deepJson, FLOOD_COUNT } from '../../e2e/targets/hostile-payloads';
import { MAX_EVENT_DEPTH } from '../wire/limits';
import { wsProtocols, wsUrl } from '../wire/protocol';

const suite = inspectorSuite();
const DEPTH_NOTE = `dropped: nested deeper than ${MAX_EVENT_DEPTH} levels`;

/** The session file's entries, checked to be whole and gap-free. */
function fileEntries(sessionId: string): Record<string, unknown>[] {
  const lines = readFileSync(join(suite.inspector.dataDir, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
  return entries;
}

/** The proxy is up, a new page connection works, and the demo server still answers a call through it. */
async function expectStillServing(): Promise<void> {
  expect(isAlive(suite.inspector.process.pid!)).toBe(true);
  const fresh = await InspectorClient.connect(suite.inspector);
  try {
    // Pinned: Auto would also start the SDK's version-probe process, doubling the cost of this check.
    const sessionId = await fresh.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25' });
    const { end } = await fresh.call(sessionId, 'echo', { text: 'still here' });
    expect(resultText(await end)).toContain('still here');
    await fresh.send('disconnect', { sessionId });
  } finally {
    fresh.close();
  }
}

/** Open the hostile stdio server, with its pid from its first stderr line. */
async function openHostile(scenario?: string) {
  const sessionId = await suite.client.open(
    { transport: 'stdio', ...targetStdio('hostile-stdio', ...(scenario ? [scenario] : [])) },
    { protocol: '2025-11-25' },
  );
  const line = await suite.client.waitForEvent('stderr', (e) => e.text.includes('hostile: pid'));
  return { sessionId, pid: Number(/pid (\d+)/.exec(line.text)![1]) };
}

/** Everything the page was shown is in the file, in the same order. */
function expectFileHasAllShown(sessionId: string): Record<string, unknown>[] {
  const entries = fileEntries(sessionId);
  const shown = suite.client.events.filter((e) => e.sessionId === sessionId);
  expect(entries.length).toBeGreaterThanOrEqual(shown.length);
  expect(entries.slice(0, shown.length).map((e) => e.kind)).toEqual(shown.map((e) => e.kind));
  return entries;
}

async function endSession(sessionId: string, pid: number): Promise<void> {
  await suite.client.send('disconnect', { sessionId });
  await suite.client.waitForEvent('session-state', (e) => e.sessionId === sessionId && e.state === 'closed');
  expect(await ended(pid)).toBe(true);
}

describe('a hostile stdio server', () => {
  it('a notification nested 5,000 levels deep is kept as an entry that says what was dropped', async () => {
    const { sessionId, pid } = await openHostile();
    const { end } = await suite.client.call(sessionId, 'deep_notification');
    expect(resultText(await end)).toContain('5,000-deep');
    const note = suite.client.of('rpc-in').find((e) => e.message.method === 'notifications/message');
    expect(note?.dropped?.reason).toBe('too-deep');
    expect(note?.dropped?.message).toContain(DEPTH_NOTE);
    const entries = expectFileHasAllShown(sessionId);
    expect(entries.find((e) => e.seq === note?.seq)).toMatchObject({
      kind: 'rpc-in',
      message: { method: 'notifications/message' },
      dropped: { reason: 'too-deep' },
    });
    await endSession(sessionId, pid);
    await expectStillServing();
  });

  it('a tool result nested 5,000 levels deep ends its call, with the deep part dropped', async () => {
    const { sessionId, pid } = await openHostile();
    const { end } = await suite.client.call(sessionId, 'deep_result');
    const callEnd = await end;
    expect(callEnd.outcome).toBe('result');
    expect(callEnd.dropped?.message).toContain(DEPTH_NOTE);
    expect(suite.client.of('rpc-in').find((e) => e.message.id !== undefined && e.dropped)?.dropped?.reason).toBe('too-deep');
    expectFileHasAllShown(sessionId);
    await endSession(sessionId, pid);
    await expectStillServing();
  });

  it('an initialize result nested 5,000 levels deep: the SDK refuses it, the entry says what was dropped', async () => {
    const { sessionId } = await suite.client.send('connect', {
      target: { transport: 'stdio', ...targetStdio('hostile-stdio', 'deep-initialize') },
      settings: { protocol: '2025-11-25' },
    });
    await suite.client.follow(sessionId);
    const pid = Number(/pid (\d+)/.exec((await suite.client.waitForEvent('stderr', (e) => e.text.includes('hostile: pid'))).text)![1]);
    const closed = await suite.client.waitForEvent('session-state', (e) => e.state === 'closed');
    expect(closed.state === 'closed' && closed.reason).toBe('connect-failed');
    const response = suite.client.of('rpc-in').find((e) => e.message.id === 0);
    expect(response?.dropped?.message).toContain(DEPTH_NOTE);
    expect(response?.message).toMatchObject({ result: { protocolVersion: '2025-11-25', serverInfo: { name: 'hostile' } } });
    expectFileHasAllShown(sessionId);
    expect(await ended(pid)).toBe(true);
    await expectStillServing();
  });

  it('a 9 MB message is kept as an entry that says how big it was', async () => {
    const { sessionId, pid } = await openHostile();
    const { end } = await suite.client.call(sessionId, 'big_message');
    const callEnd = await end;
    expect(callEnd.outcome).toBe('result');
    expect(callEnd.dropped?.reason).toBe('too-large');
    const response = suite.client.of('rpc-in').find((e) => e.dropped?.reason === 'too-large');
    expect(response?.dropped?.message).toMatch(/^dropped: 9\.0 MB, over the 8 MB budget .*rpc-in response #/);
    expectFileHasAllShown(sessionId);
    await endSession(sessionId, pid);
    await expectStillServing();
  });

  it('a 20 MB message: the SDK ends the connection, the proxy stays up and ends the server', async () => {
    const { sessionId, pid } = await openHostile();
    const { end } = await suite.client.call(sessionId, 'huge_message');
    expect((await end).outcome).toBe('error');
    expect(
      suite.client
        .of('sdk-error')
        .map((e) => e.message)
        .join(),
    ).toContain('exceeded maximum size');
    await suite.client.waitForEvent('session-state', (e) => e.sessionId === sessionId && e.state === 'closed');
    expectFileHasAllShown(sessionId);
    expect(await ended(pid)).toBe(true);
    await expectStillServing();
  });

  it('binary garbage and invalid UTF-8 on stdout: the call still completes', async () => {
    const { sessionId, pid } = await openHostile();
    const { end } = await suite.client.call(sessionId, 'garbage');
    expect(resultText(await end)).toContain('sent garbage');
    expectFileHasAllShown(sessionId);
    await endSession(sessionId, pid);
    await expectStillServing();
  });

  it('a flood of notifications is logged whole', async () => {
    const { sessionId, pid } = await openHostile();
    const { end } = await suite.client.call(sessionId, 'flood');
    expect(resultText(await end)).toContain(`flooded ${FLOOD_COUNT}`);
    const entries = expectFileHasAllShown(sessionId);
    expect(entries.filter((e) => e.kind === 'rpc-in' && (e.message as { method?: string }).method === 'notifications/message')).toHaveLength(FLOOD_COUNT);
    await endSession(sessionId, pid);
    await expectStillServing();
  });
});

describe('a hostile page command', () => {
  it('call-tool arguments nested 5,000 levels deep', async () => {
    const { sessionId, pid } = await openHostile();
    // Sent as text: neither the page nor this test could stringify such an object.
    const reply = await rawCommand(
      `{"type":"call-tool","id":1,"params":{"sessionId":${JSON.stringify(sessionId)},"name":"echo_depth","arguments":{"deep":${deepJson(5000)}}}}`,
    );
    const callId = (reply as { result?: { callId?: string } }).result?.callId;
    expect(callId).toBeDefined();
    const callEnd = await suite.client.waitForEvent('call-end', (e) => e.callId === callId);
    expect(callEnd.outcome).toBeDefined();
    const start = suite.client.of('call-start').find((e) => e.callId === callId);
    expect(start?.dropped?.message).toContain(DEPTH_NOTE);
    expectFileHasAllShown(sessionId);
    await endSession(sessionId, pid);
    await expectStillServing();
  });
});

/** Send one command as raw text on a connection of its own and return its reply. */
async function rawCommand(text: string): Promise<unknown> {
  const { host, origin, token } = suite.inspector;
  const ws = new WebSocket(wsUrl(host), wsProtocols(token), { origin });
  try {
    const reply = new Promise<unknown>((resolve) =>
      ws.on('message', (data) => {
        const push = JSON.parse((data as Buffer).toString('utf8')) as { type: string };
        if (push.type === 'reply') resolve(push);
      }),
    );
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(text);
    return await reply;
  } finally {
    ws.close();
  }
}

describe('a hostile HTTP server', () => {
  it('a tool result nested 5,000 levels deep over Streamable HTTP', async () => {
    const server = await startHttpTarget('hostile-http');
    try {
      const sessionId = await suite.client.open({ transport: 'http', url: `http://127.0.0.1:${server.port}/mcp`, headers: {} }, { protocol: '2025-11-25' });
      const { end } = await suite.client.call(sessionId, 'deep_result');
      expect((await end).dropped?.message).toContain(DEPTH_NOTE);
      expectFileHasAllShown(sessionId);
      await suite.client.send('disconnect', { sessionId });
    } finally {
      await server.stop();
    }
    await expectStillServing();
  });

  it('an initialize result nested 5,000 levels deep over Streamable HTTP', async () => {
    const server = await startHttpTarget('hostile-http', 'deep-initialize');
    try {
      const target = { transport: 'http' as const, url: `http://127.0.0.1:${server.port}/mcp`, headers: {} };
      const { sessionId } = await suite.client.send('connect', { target, settings: { protocol: '2025-11-25' } });
      await suite.client.follow(sessionId);
      await suite.client.waitForEvent('session-state', (e) => e.state === 'closed');
      expect(suite.client.of('rpc-in').find((e) => e.message.id === 0)?.dropped?.message).toContain(DEPTH_NOTE);
      expectFileHasAllShown(sessionId);
    } finally {
      await server.stop();
    }
    await expectStillServing();
  });
});

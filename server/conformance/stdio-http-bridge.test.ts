/**
 * The stdio server behind loopback Streamable HTTP that `conformance-server` gives the
 * suite: a real stdio server (the demo's), real HTTP requests, odd ones included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStdio } from '../../e2e/support/processes';
import { startStdioBridge, type StdioBridge } from './stdio-http-bridge';

let bridge: StdioBridge;
const notes: string[] = [];

beforeAll(async () => {
  bridge = await startStdioBridge(demoStdio(), (text) => notes.push(text));
});
afterAll(() => bridge.close());

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'bridge-test', version: '1.0.0' } },
};
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(bridge.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });

/** The JSON-RPC messages of an event stream's body. */
const events = (text: string) => [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>);

describe('the stdio HTTP bridge', () => {
  it('an initialize starts a server process and names its session; the answer comes on the stream, which then ends', async () => {
    const response = await post(JSON.stringify(initialize));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const sessionId = response.headers.get('mcp-session-id') ?? '';
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(events(await response.text())).toMatchObject([{ id: 1, result: { protocolVersion: '2025-11-25', serverInfo: {} } }]);

    expect((await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), { 'mcp-session-id': sessionId })).status).toBe(202);
    const listed = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { 'mcp-session-id': sessionId });
    expect(events(await listed.text())[0]).toMatchObject({
      id: 2,
      result: { tools: expect.arrayContaining([expect.objectContaining({ name: 'confirm_order' })]) },
    });

    expect((await fetch(bridge.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } })).status).toBe(200);
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }), { 'mcp-session-id': sessionId })).status).toBe(404);
  });

  it('what is not a message is refused with a JSON-RPC error, and the bridge keeps serving', async () => {
    for (const body of ['not json', '[]', '"text"', '{"jsonrpc":']) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    }
    expect((await post('{}', { 'mcp-session-id': 'nobody' })).status).toBe(404);
    expect((await fetch(bridge.url)).status).toBe(405);
    expect((await fetch(bridge.url.replace('/mcp', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(bridge.url, { method: 'PUT', body: '{}' })).status).toBe(405);
    const again = await post(JSON.stringify(initialize));
    expect(events(await again.text())[0]).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    expect(bridge.failure()).toBeUndefined();
  });
});

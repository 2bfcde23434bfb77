import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../wire/events';
import { sessionToHar } from './har';

const exchange = (url: string): LogEvent => ({
  seq: 1,
  at: 1_700_000_000_000,
  sessionId: 's',
  kind: 'http',
  method: 'GET',
  url,
  status: 200,
  durationMs: 5,
  requestHeaders: {},
});

describe('sessionToHar', () => {
  it('keeps the path and query as logged, whatever the case of the host', () => {
    const urls = ['http://LocalHost:8080/Mcp?token=[redacted]#x', 'http://127.0.0.1:9/mcp', 'http://Example.COM'].map(
      (url) => sessionToHar([exchange(url)], { name: 't', version: '1' }).log.entries[0].request.url,
    );
    expect(urls).toEqual(['http://localhost:8080/Mcp?token=%5Bredacted%5D#x', 'http://127.0.0.1:9/mcp', 'http://example.com']);
  });
});

describe("sessionToHar: a call's stream", () => {
  const base = { at: 1_700_000_000_000, sessionId: 's' };
  let seq = 0;
  const entry = (event: Record<string, unknown>) => ({ ...base, seq: ++seq, ...event }) as LogEvent;
  const post = (id: number) =>
    entry({
      kind: 'http',
      method: 'POST',
      url: 'http://127.0.0.1:9/mcp',
      status: 200,
      durationMs: 1,
      requestHeaders: {},
      responseHeaders: { 'content-type': 'text/event-stream' },
      rpcIds: [id],
    });
  const call = (id: number) => entry({ kind: 'rpc-out', message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'pay' } } });
  const push = (id: string) => [
    entry({ kind: 'rpc-in', message: { jsonrpc: '2.0', id, method: 'elicitation/create', params: { message: id } } }),
    entry({ kind: 'elicitation', key: id, callId: 'c', origin: { kind: 'push', rpcId: id }, mode: 'form', params: {}, serverName: 'x' }),
  ];
  const result = (id: number) => entry({ kind: 'rpc-in', message: { jsonrpc: '2.0', id, result: { content: [] } } });

  it("gives a retried call's request to the round it was made in, not to every round of the call", () => {
    const events = [
      entry({ kind: 'call-round', callId: 'c', round: 1, rpcId: 1, reason: 'initial' }),
      call(1),
      post(1),
      ...push('first'),
      result(1),
      entry({ kind: 'call-round', callId: 'c', round: 2, rpcId: 2, reason: 'url-required-retry' }),
      call(2),
      post(2),
      ...push('second'),
      result(2),
    ];
    const bodies = sessionToHar(events, { name: 't', version: '1' }).log.entries.map((e) => e.response.content.text ?? '');
    expect(bodies.map((body) => [...body.matchAll(/"message":"(\w+)"/g)].map((match) => match[1]))).toEqual([['first'], ['second']]);
  });

  it("gives each call its own server's request when the server's ids start again from 0 (a stateless server)", () => {
    const elicit = (callId: string, text: string) => [
      entry({ kind: 'rpc-in', message: { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: text } } }),
      entry({ kind: 'elicitation', key: text, callId, origin: { kind: 'push', rpcId: 0 }, mode: 'form', params: {}, serverName: 'x' }),
      entry({ kind: 'rpc-out', message: { jsonrpc: '2.0', id: 0, result: { action: 'decline' } } }),
    ];
    const events = [
      entry({ kind: 'call-start', callId: 'c1', method: 'tools/call', name: 'pay', timeoutMs: 0 }),
      entry({ kind: 'call-round', callId: 'c1', round: 1, rpcId: 1, reason: 'initial' }),
      call(1),
      post(1),
      ...elicit('c1', 'one'),
      result(1),
      entry({ kind: 'call-start', callId: 'c2', method: 'tools/call', name: 'pay', timeoutMs: 0 }),
      entry({ kind: 'call-round', callId: 'c2', round: 1, rpcId: 2, reason: 'initial' }),
      call(2),
      post(2),
      ...elicit('c2', 'two'),
      result(2),
    ];
    const streams = sessionToHar(events, { name: 't', version: '1' })
      .log.entries.filter((e) => e.request.postData?.text?.includes('tools/call'))
      .map((e) =>
        (e.response.content.text ?? '')
          .split('\n\n')
          .filter(Boolean)
          .map((part) => JSON.parse(part.replace(/^event: message\ndata: /, '')) as { id?: number; method?: string; params?: unknown }),
      );
    expect(streams.map((messages) => messages.map((m) => (m.method ? `${m.method} ${JSON.stringify(m.params)}` : `result of ${String(m.id)}`)))).toEqual([
      ['elicitation/create {"message":"one"}', 'result of 1'],
      ['elicitation/create {"message":"two"}', 'result of 2'],
    ]);
  });
});

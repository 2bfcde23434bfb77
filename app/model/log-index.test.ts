import { describe, expect, it } from 'vitest';
import type { LogEvent, NewLogEvent } from '@wire/events';
import { LogIndex } from './log-index';

/** Number events the way the proxy does, 10 ms apart. */
function recording(...events: NewLogEvent[]): LogEvent[] {
  return events.map((e, i) => ({ ...e, seq: i + 1, at: 1000 + i * 10, sessionId: 's' }));
}

const probe = { jsonrpc: '2.0', id: 'server-discover-probe-1', method: 'server/discover', params: {} };
const http: Extract<NewLogEvent, { kind: 'http' }> = {
  kind: 'http',
  method: 'POST',
  url: 'http://127.0.0.1:1/mcp',
  durationMs: 2,
  requestHeaders: {},
  rpcIds: ['server-discover-probe-1'],
};
const ready = { kind: 'session-state', state: 'ready', protocolVersion: '2025-11-25', era: 'legacy' } as const;

function indexed(events: LogEvent[]): LogIndex {
  const index = new LogIndex();
  for (const event of events) index.add(event, event.at, events);
  return index;
}

describe('LogIndex: the version probe never stays "awaiting response"', () => {
  it('a probe whose HTTP exchange failed is failed, with the status', () => {
    const index = indexed(recording({ kind: 'rpc-out', message: probe }, { ...http, status: 400 }, ready));
    expect(index.pairOf(1)).toMatchObject({ method: 'server/discover', ended: 'failed', failure: 'HTTP 400' });
  });

  it('an HTTP exchange that went well ends nothing: the response is still to come', () => {
    const index = indexed(recording({ kind: 'rpc-out', message: { ...probe, method: 'tools/list', id: 3 } }, { ...http, rpcIds: [3], status: 200 }));
    expect(index.pairOf(1)?.ended).toBeUndefined();
  });

  it('a probe left unanswered when the session became ready was given up by the negotiation', () => {
    const index = indexed(recording({ kind: 'rpc-out', message: probe }, ready));
    expect(index.pairOf(1)?.ended).toBe('fell-back');
  });

  it('the ping sent after an unanswered probe, left unanswered too (the server exited under the probe), was given up with it', () => {
    const ping = { jsonrpc: '2.0' as const, id: 'ping-before-initialize-1', method: 'ping' };
    const index = indexed(recording({ kind: 'rpc-out', message: probe }, { kind: 'rpc-out', message: ping }, ready));
    expect([index.pairOf(1)?.ended, index.pairOf(2)?.ended]).toEqual(['fell-back', 'fell-back']);
  });

  it('an answered probe is answered, whatever comes after', () => {
    const index = indexed(
      recording(
        { kind: 'rpc-out', message: probe },
        { kind: 'rpc-in', message: { jsonrpc: '2.0', id: probe.id, result: { supportedVersions: ['2026-07-28'] } } },
        ready,
      ),
    );
    expect(index.pairOf(1)).toMatchObject({ responseSeq: 2, latencyMs: 10 });
    expect(index.pairOf(1)?.ended).toBeUndefined();
  });
});

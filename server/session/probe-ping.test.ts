import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { PING_AFTER_MS, ProbePing, WAIT_AFTER_PING_MS } from './probe-ping';

afterEach(() => vi.useRealTimers());

/** A probe left unanswered, the ping sent after PING_AFTER_MS, then `answer` to that ping. */
function pingAnswered(answer: (id: string) => JSONRPCMessage) {
  vi.useFakeTimers();
  const sent: JSONRPCMessage[] = [];
  const ended: unknown[] = [];
  const ping = new ProbePing({ send: async (m) => void sent.push(m), endProbeWait: (id) => ended.push(id), onProbeAnsweredLate: () => undefined }, 1);
  ping.onProbeSent({ id: 'probe-1', params: { _meta: { era: 'x' } } });
  vi.advanceTimersByTime(PING_AFTER_MS);
  const pingId = (sent[0] as { id: string }).id;
  expect(ping.onInbound(answer(pingId)), "the ping's answer is kept from the SDK").toBe(true);
  vi.advanceTimersByTime(WAIT_AFTER_PING_MS + 10);
  return { ended, ping };
}

describe('ProbePing', () => {
  it('a ping answered (a 2025 server) ends the wait for the probe', () => {
    expect(pingAnswered((id) => ({ jsonrpc: '2.0', id, result: {} })).ended).toEqual(['probe-1']);
  });

  it('a ping refused as an unknown method (2026-07-28 has none) leaves the probe its wait', () => {
    const { ended, ping } = pingAnswered((id) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
    expect(ended).toEqual([]);
    expect(ping.onInbound({ jsonrpc: '2.0', id: 'probe-1', result: {} }), 'the probe reply goes on to the SDK').toBe(false);
  });

  it('any other error to the ping still says a 2025 server is there', () => {
    expect(pingAnswered((id) => ({ jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } })).ended).toEqual(['probe-1']);
  });
});

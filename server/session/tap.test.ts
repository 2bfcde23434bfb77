import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { TransportTap } from './tap';

/** The smallest transport: records what is sent, and lets the test deliver a message. */
function loopback() {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport = { start: async () => {}, close: async () => {}, send: async (message) => void sent.push(message) };
  return { transport, sent };
}

describe('TransportTap', () => {
  it('a handler that throws neither stops the message going out nor the one coming in from reaching the SDK', async () => {
    const { transport, sent } = loopback();
    new TransportTap(transport, {
      onOutbound: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
      onInbound: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    // The SDK chains a pre-set onmessage: ours first, then its own.
    const reachedSdk: JSONRPCMessage[] = [];
    const ours = transport.onmessage!;
    transport.onmessage = (message, extra) => {
      ours(message, extra);
      reachedSdk.push(message);
    };
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    transport.onmessage({ jsonrpc: '2.0', id: 1, result: {} });
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(reachedSdk).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });
});

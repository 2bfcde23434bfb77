import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

export type RpcId = string | number;

export type TapHandlers = {
  onOutbound(message: JSONRPCMessage): void;
  onInbound(message: JSONRPCMessage): void;
};

/**
 * Watches every JSON-RPC message on a transport instance, both ways.
 *
 * Patches the instance rather than wrapping or subclassing it: the SDK runs its
 * stdio version probe on a sibling process only for its own, unsubclassed
 * StdioClientTransport, and checks `hasPerRequestStream` on the instance.
 * Must be installed before `client.connect()`: Protocol.connect chains a
 * pre-set `onmessage`, calling ours first.
 */
export class TransportTap {
  /** JSON-RPC id of the most recent outbound request. The SDK sends synchronously inside `request()`, so reading this right after the call names that call's id. */
  lastRequestId: RpcId | undefined;

  constructor(transport: Transport, handlers: TapHandlers) {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ('method' in message && 'id' in message) this.lastRequestId = message.id as RpcId;
      handlers.onOutbound(message);
      return send(message, options);
    };
    transport.onmessage = (message) => handlers.onInbound(message);
  }
}

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
      watch(() => handlers.onOutbound(message), 'outbound');
      return send(message, options);
    };
    // The SDK's own handler runs after ours: if logging a message failed, the message must still reach it.
    transport.onmessage = (message) => watch(() => handlers.onInbound(message), 'inbound');
  }
}

/** Run a tap handler so that its failure is reported and never stops the traffic it watches. */
function watch(handler: () => void, direction: string): void {
  try {
    handler();
  } catch (error) {
    process.stderr.write(`elicitation-inspector: could not log an ${direction} message: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

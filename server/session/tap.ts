import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { interceptInbound, wrapSend } from './sdk-internals';

export type RpcId = string | number;

export type TapHandlers = {
  onOutbound(message: JSONRPCMessage): void;
  onInbound(message: JSONRPCMessage): void;
  /** Take an inbound message away from the SDK (after it is logged): true when the session answers it itself. */
  claim?(message: JSONRPCMessage): boolean;
  /** What an outbound message becomes before it is logged and sent (the person's language on each request); the message itself when nothing is added. */
  stamp?(message: JSONRPCMessage): JSONRPCMessage;
};

/**
 * Watches every JSON-RPC message on a transport instance, both ways.
 *
 * Patches the instance rather than wrapping it (see wrapSend). Must be
 * installed before `client.connect()`, so that the version probe's traffic is
 * seen too (see interceptInbound for why its reply needs more than a pre-set
 * `onmessage`).
 */
export class TransportTap {
  /** JSON-RPC id of the most recent outbound request. The SDK sends synchronously inside `request()` (see wrapSend), so reading this right after the call names that call's id. */
  lastRequestId: RpcId | undefined;

  constructor(transport: Transport, handlers: TapHandlers) {
    wrapSend(transport, (original) => {
      const message = handlers.stamp ? handlers.stamp(original) : original;
      if ('method' in message && 'id' in message) this.lastRequestId = message.id;
      watch(() => handlers.onOutbound(message), 'outbound');
      return message;
    });
    // The SDK's own handler runs after ours: if logging a message failed, the message must still reach it.
    interceptInbound(
      transport,
      (message) => watch(() => handlers.onInbound(message), 'inbound'),
      handlers.claim && ((message) => handlers.claim?.(message) === true),
    );
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

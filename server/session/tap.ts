import type { JSONRPCMessage, JSONRPCRequest, Transport } from '@modelcontextprotocol/client';
import { endProbeWait, interceptInbound, wrapSend, type HandOver } from './sdk-internals';

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
  /** Results that came without `resultType`, by request id, until taken (takeUntypedResult); only the latest few are kept. */
  private readonly untyped = new Map<RpcId, Record<string, unknown>>();
  private readonly waiters = new Set<{ match: (request: JSONRPCRequest) => boolean; resolve: (id: RpcId) => void }>();
  /** JSON-RPC id of the most recent outbound request. The SDK sends synchronously inside `request()` (see wrapSend), so reading this right after the call names that call's id. */
  lastRequestId: RpcId | undefined;
  private readonly handOver: HandOver;

  constructor(transport: Transport, handlers: TapHandlers) {
    wrapSend(transport, (original) => {
      const message = handlers.stamp ? handlers.stamp(original) : original;
      if ('method' in message && 'id' in message) {
        this.lastRequestId = message.id;
        for (const waiter of this.waiters) if (waiter.match(message)) waiter.resolve(message.id);
      }
      watch(() => handlers.onOutbound(message), 'outbound');
      return message;
    });
    // The SDK's own handler runs after ours: if logging a message failed, the message must still reach it.
    this.handOver = interceptInbound(
      transport,
      (message) => {
        this.keepIfUntyped(message);
        watch(() => handlers.onInbound(message), 'inbound');
      },
      handlers.claim && ((message) => handlers.claim?.(message) === true),
    );
  }

  /** End the SDK's wait for the version probe's reply, unanswered, without logging a reply the server never sent (see endProbeWait). */
  endProbeWait(probeId: RpcId): void {
    endProbeWait(this.handOver, probeId);
  }

  /**
   * The id of the next outbound request `match` accepts, for a request the SDK
   * sends only after awaiting something (callTool reads its caches first), when
   * lastRequestId cannot name it. `stop` drops the wait (the call failed unsent).
   */
  nextRequest(match: (request: JSONRPCRequest) => boolean): { id: Promise<RpcId>; stop: () => void } {
    let waiter: { match: (request: JSONRPCRequest) => boolean; resolve: (id: RpcId) => void } | undefined;
    const id = new Promise<RpcId>((resolve) => {
      waiter = {
        match,
        resolve: (sent) => {
          stop();
          resolve(sent);
        },
      };
      this.waiters.add(waiter);
    });
    const stop = () => void (waiter && this.waiters.delete(waiter));
    return { id, stop };
  }

  /**
   * The result of request `id` as it came, when it carried no `resultType`. On
   * 2026-07-28 the SDK refuses such a result, while the spec says a client takes
   * it as complete: the call runner answers with what came (call-runner.ts).
   */
  takeUntypedResult(id: RpcId): Record<string, unknown> | undefined {
    const result = this.untyped.get(id);
    this.untyped.delete(id);
    return result;
  }

  private keepIfUntyped(message: JSONRPCMessage): void {
    if (!('result' in message) || !('id' in message) || message.id === undefined || message.id === null) return;
    const { result } = message as { result: unknown };
    if (typeof result !== 'object' || result === null || 'resultType' in result) return;
    this.untyped.set(message.id, result as Record<string, unknown>);
    if (this.untyped.size > MAX_UNTYPED_KEPT) this.untyped.delete(this.untyped.keys().next().value as RpcId);
  }
}

/** Untyped results nobody took (a legacy server answers every request so) are dropped past this many. */
const MAX_UNTYPED_KEPT = 32;

/** Run a tap handler so that its failure is reported and never stops the traffic it watches. */
function watch(handler: () => void, direction: string): void {
  try {
    handler();
  } catch (error) {
    process.stderr.write(`elicitation-inspector: could not log an ${direction} message: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

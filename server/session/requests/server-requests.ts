import type { RaisedFinding } from '../../wire/finding-codes';
import type { RpcId } from '../tap';

/** Server requests whose carrying HTTP stream is remembered until an elicitation handler asks (see attribute). */
const CARRIERS_KEPT = 256;

/** What a server asked, exactly as it arrived, and what the inspector found wrong with it. */
export type ServerRequest = { params: Record<string, unknown>; findings: RaisedFinding[] };

/** A call of ours that may be waiting on the server. */
export type WaitingCall = { callId: string; isAwaitingServer: boolean; inFlightRpcId: RpcId | undefined };

/**
 * The server's own requests to this client (2025 era), from arrival until they are
 * answered or withdrawn, and which of our requests' HTTP response streams carried
 * them. Both are forgotten as soon as they have served: a long session answers
 * thousands of pings.
 */
export class ServerRequests {
  private readonly open = new Map<RpcId, ServerRequest>();
  /** Server request id → the ids of our requests whose HTTP response stream carried it. */
  private readonly carriers = new Map<string, string[]>();

  /** Requests still waiting for the client's answer. */
  get size(): number {
    return this.open.size;
  }

  received(id: RpcId, request: ServerRequest): void {
    this.open.set(id, request);
  }

  get(id: RpcId): ServerRequest | undefined {
    return this.open.get(id);
  }

  /** Answered by us, or withdrawn by the server (`notifications/cancelled`): nothing will ask for it again. */
  ended(id: RpcId): void {
    this.open.delete(id);
  }

  /** A server request seen on the response stream of our requests `forRequestIds` (Streamable HTTP). */
  carried(serverRequestId: RpcId, forRequestIds: RpcId[]): void {
    this.carriers.set(String(serverRequestId), forRequestIds.map(String));
    // Only elicitations take their entry; pings and other server requests would pile up on a long session.
    if (this.carriers.size > CARRIERS_KEPT) this.carriers.delete(this.carriers.keys().next().value!);
  }

  /**
   * Which call a pushed elicitation belongs to. Over Streamable HTTP it is the
   * call whose request's response stream carried it. Otherwise, with one call
   * waiting on the server it is that call; with several, nothing says which.
   */
  attribute(pushId: RpcId, calls: Iterable<WaitingCall>): string | undefined {
    const waiting = [...calls].filter((call) => call.isAwaitingServer);
    const carriers = this.carriers.get(String(pushId));
    this.carriers.delete(String(pushId));
    if (carriers) {
      const call = waiting.find((c) => c.inFlightRpcId !== undefined && carriers.includes(String(c.inFlightRpcId)));
      if (call) return call.callId;
    }
    return waiting.length === 1 ? waiting[0]?.callId : undefined;
  }

  clear(): void {
    this.open.clear();
    this.carriers.clear();
  }
}

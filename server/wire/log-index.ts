/**
 * Indexes over the event list, built incrementally as events arrive (never by
 * rescanning): JSON-RPC request/response pairs, and lower-cased search text,
 * computed on first search and then kept.
 */
import type { LogEvent } from './events';

export type Direction = 'out' | 'in';

export type RpcPair = {
  requestSeq: number;
  responseSeq?: number;
  method: string;
  direction: Direction;
  /** Response time in ms, when answered. */
  latencyMs?: number;
  /**
   * How a request that got no response ended: never a ghost "pending" once it is over.
   * `failed`: the HTTP exchange that carried it failed (see `failure`); `fell-back`: a
   * version probe the server never answered, or the ping that followed it before
   * `initialize`, given up when the session became ready.
   */
  ended?: 'cancelled' | 'timeout' | 'session-closed' | 'failed' | 'fell-back';
  /** Why a `failed` request failed: `HTTP 400`, or the network error. */
  failure?: string;
  callId?: string;
};

export class LogIndex {
  /** By request seq and by response seq. */
  private readonly pairs = new Map<number, RpcPair>();
  private readonly open = new Map<string, RpcPair>();
  /** When each unanswered request was sent: latency needs it, and the proxy indexes a file without keeping its events. */
  private readonly requestAt = new Map<RpcPair, number>();
  private readonly searchText: string[] = [];
  /** Every JSON-RPC method seen, for the method filter. */
  readonly methods = new Set<string>();
  private indexed = 0;

  /** `events` is no longer needed (a request's time is kept while it is open); the parameter stays for callers that pass it. */
  add(event: LogEvent, at = event.at, _events?: readonly LogEvent[]): void {
    if (event.kind === 'call-round') {
      const pair = this.open.get(`out:${String(event.rpcId)}`);
      if (pair) pair.callId = event.callId;
      return;
    }
    if (event.kind === 'call-end' && (event.outcome === 'timeout' || event.outcome === 'cancelled')) {
      for (const pair of this.open.values()) if (pair.callId === event.callId && !pair.ended) pair.ended = event.outcome;
      return;
    }
    if (event.kind === 'session-state' && event.state === 'closed') {
      for (const pair of this.open.values()) pair.ended ??= 'session-closed';
      return;
    }
    if (event.kind === 'session-state' && event.state === 'ready') {
      // Negotiation is over: the SDK no longer waits for a probe it sent, nor the session for the ping it sent after one
      // (the only ping that can be open when the session becomes ready: any other is sent once it is).
      for (const pair of this.open.values())
        if ((pair.method === 'server/discover' || pair.method === 'ping') && pair.direction === 'out') pair.ended ??= 'fell-back';
      return;
    }
    if (event.kind === 'http') {
      // A request whose POST failed gets no JSON-RPC response (a 2025-only server answers the version probe with HTTP 400).
      const failure = event.status !== undefined && event.status >= 400 ? `HTTP ${event.status}` : event.error;
      if (!failure) return;
      for (const id of event.rpcIds ?? []) {
        const pair = this.open.get(`out:${String(id)}`);
        if (pair && !pair.ended) {
          pair.ended = 'failed';
          pair.failure = failure;
        }
      }
      return;
    }
    if (event.kind !== 'rpc-out' && event.kind !== 'rpc-in') return;
    const message = event.message;
    const direction: Direction = event.kind === 'rpc-out' ? 'out' : 'in';
    const id = message.id;
    const hasId = typeof id === 'string' || typeof id === 'number';
    if (typeof message.method === 'string') {
      this.methods.add(message.method);
      if (hasId) {
        const pair: RpcPair = { requestSeq: event.seq, method: message.method, direction };
        this.pairs.set(event.seq, pair);
        const key = `${direction}:${String(id)}`;
        // An id used again replaces the earlier request, which can no longer be answered.
        const earlier = this.open.get(key);
        if (earlier) this.requestAt.delete(earlier);
        this.open.set(key, pair);
        this.requestAt.set(pair, at);
      } else if (message.method === 'notifications/cancelled') {
        // A cancel travels the same way as the request it cancels.
        const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
        const pair = this.open.get(`${direction}:${String(requestId)}`);
        if (pair) pair.ended ??= 'cancelled';
      }
      return;
    }
    if (!hasId) return;
    // A response travels the other way from its request.
    const key = `${direction === 'in' ? 'out' : 'in'}:${String(id)}`;
    const pair = this.open.get(key);
    if (!pair) return;
    this.open.delete(key);
    pair.responseSeq = event.seq;
    const requestAt = this.requestAt.get(pair);
    this.requestAt.delete(pair);
    pair.latencyMs = requestAt === undefined ? undefined : at - requestAt;
    this.pairs.set(event.seq, pair);
  }

  pairOf(seq: number): RpcPair | undefined {
    return this.pairs.get(seq);
  }

  /** Build search text ahead of the first search, while `hasTime()` says there is time; true when done. */
  warmSearch(events: readonly LogEvent[], hasTime: () => boolean): boolean {
    while (this.indexed < events.length && hasTime()) {
      const end = Math.min(events.length, this.indexed + 500);
      while (this.indexed < end) this.searchText.push(JSON.stringify(events[this.indexed++]).toLowerCase());
    }
    return this.indexed >= events.length;
  }

  /** Lower-cased JSON of every event, extended to the current length on demand. */
  textOf(events: readonly LogEvent[], seq: number): string {
    this.warmSearch(events, () => true);
    return this.searchText[seq - 1] ?? '';
  }
}

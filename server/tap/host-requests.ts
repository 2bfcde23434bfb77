/**
 * The host's requests a tap follows until the server answers them, by JSON-RPC id: which handshake
 * or call each one is. Bounded: past MAX_PENDING_HOST_REQUESTS the oldest is let go (a host sending
 * new ids forever, answered by no one, must not grow the tap's memory without end), and the first
 * time that happens the recorder is told, so its record can say so once.
 */
type RpcId = string | number;

export const MAX_PENDING_HOST_REQUESTS = 10_000;

/** `isNextPage`: a `tools/list` with a cursor, whose answer adds to the pages before it. */
export type FollowedRequest<Call> = { method: string; call?: Call; isNextPage?: boolean };

export class HostRequests<Call extends { callId: string }> {
  private readonly requests = new Map<RpcId, FollowedRequest<Call>>();
  private hasDropped = false;

  constructor(private readonly onFirstDrop: (oldest: RpcId) => void) {}

  /** Follow a request until its answer; an id used again is the newest request under it. */
  follow(id: RpcId, request: FollowedRequest<Call>): void {
    this.requests.delete(id);
    this.requests.set(id, request);
    if (this.requests.size <= MAX_PENDING_HOST_REQUESTS) return;
    const [oldest] = this.requests.keys();
    this.requests.delete(oldest);
    if (this.hasDropped) return;
    this.hasDropped = true;
    this.onFirstDrop(oldest);
  }

  get(id: RpcId): FollowedRequest<Call> | undefined {
    return this.requests.get(id);
  }

  /** The request the server has answered, no longer followed. */
  take(id: RpcId): FollowedRequest<Call> | undefined {
    const request = this.requests.get(id);
    if (request) this.requests.delete(id);
    return request;
  }

  /** Every call still waiting, oldest first, no longer followed: the connection is over. */
  takeCalls(): Call[] {
    const calls = [...this.requests.values()].flatMap((request) => (request.call ? [request.call] : []));
    this.requests.clear();
    return calls;
  }

  /** The call a pushed elicitation most likely belongs to: on stdio, the newest call still waiting for its result. */
  newestCall(): string | undefined {
    let latest: string | undefined;
    for (const request of this.requests.values()) if (request.call) latest = request.call.callId;
    return latest;
  }
}

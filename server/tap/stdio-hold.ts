/**
 * Hold and answer here, in the stdio relay: while the hold is on, the server's output is passed
 * to the host a whole line at a time, and a line that is a form `elicitation/create` request is
 * kept back instead (a URL flow still goes to the host); the inspector's answer to it is written to the server's stdin between two of the
 * host's lines, as the host would have written it. Off (the default), the server's bytes go to
 * the host as they arrive, untouched; the hold only ever switches at a line's end.
 */
import type { Writable } from 'node:stream';

type RpcId = string | number;

export class StdioHold {
  private isOn = false;
  /** Bytes of the server's current line, not yet passed on (only while on). */
  private pending: Buffer[] = [];
  /** The server's last byte passed on was not a line's end: the hold may not start before it is. */
  private isServerMidLine = false;
  private isHostMidLine = false;
  /** Answers waiting for the host to finish the line it is writing. */
  private readonly toServer: string[] = [];
  private readonly held = new Map<RpcId, Buffer>();

  constructor(
    private readonly toHost: Writable,
    private readonly serverStdin: Writable,
  ) {}

  get isHolding(): boolean {
    return this.isOn;
  }

  /** Whether the server's request with this id is being held from the host. */
  isHeld(rpcId: RpcId): boolean {
    return this.held.has(rpcId);
  }

  /** A chunk of the server's stdout; returns false when the host's side is full (pause the server until it drains). */
  fromServer(chunk: Buffer): boolean {
    if (!this.isOn) {
      this.isServerMidLine = chunk.length > 0 ? chunk[chunk.length - 1] !== 0x0a : this.isServerMidLine;
      return this.toHost.write(chunk);
    }
    let from = 0;
    let isRoomy = true;
    if (this.isServerMidLine) {
      // The hold came on in the middle of a line: that line goes on as it was.
      const end = chunk.indexOf(0x0a);
      if (end === -1) return this.toHost.write(chunk);
      isRoomy = this.toHost.write(chunk.subarray(0, end + 1));
      this.isServerMidLine = false;
      from = end + 1;
    }
    for (let end = chunk.indexOf(0x0a, from); end !== -1; end = chunk.indexOf(0x0a, from)) {
      this.pending.push(chunk.subarray(from, end + 1));
      const line = Buffer.concat(this.pending);
      this.pending = [];
      from = end + 1;
      const id = heldRequestId(line);
      if (id !== undefined) this.held.set(id, line);
      else isRoomy = this.toHost.write(line) && isRoomy;
    }
    if (from < chunk.length) this.pending.push(Buffer.from(chunk.subarray(from)));
    return isRoomy;
  }

  /** A chunk of the host's stdin, after it was written to the server: an answer waiting for a line's end goes now. */
  hostWrote(chunk: Buffer): void {
    if (chunk.length > 0) this.isHostMidLine = chunk[chunk.length - 1] !== 0x0a;
    if (!this.isHostMidLine) for (const line of this.toServer.splice(0)) this.serverStdin.write(line);
  }

  /** Switch the hold; off, the held requests go to the host (the keys the caller knows them by are its own). Returns their ids. */
  set(isOn: boolean): RpcId[] {
    if (isOn === this.isOn) return [];
    this.isOn = isOn;
    if (isOn) return [];
    const released = [...this.held.keys()];
    for (const line of this.held.values()) this.toHost.write(line);
    this.held.clear();
    for (const part of this.pending.splice(0)) {
      this.toHost.write(part);
      this.isServerMidLine = true;
    }
    return released;
  }

  /** Answer a held request as the host would have; false when it is not held (any more). */
  answer(rpcId: RpcId, result: Record<string, unknown>): boolean {
    if (!this.held.delete(rpcId)) return false;
    const line = JSON.stringify({ jsonrpc: '2.0', id: rpcId, result }) + '\n';
    if (this.isHostMidLine) this.toServer.push(line);
    else this.serverStdin.write(line);
    return true;
  }

  /** The server withdrew a request: a held one is no longer to be answered. */
  forget(rpcId: RpcId): void {
    this.held.delete(rpcId);
  }
}

/** The id of a line that is the server's `elicitation/create` request, the one kind the hold keeps back. */
function heldRequestId(line: Buffer): RpcId | undefined {
  // Cheap first: most lines are not elicitations, and parsing a big result is not.
  if (line.indexOf('elicitation/create') === -1) return undefined;
  try {
    const message = JSON.parse(line.toString('utf8')) as unknown;
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
    const { method, id, params } = message as Record<string, unknown>;
    if (method !== 'elicitation/create') return undefined;
    // A URL flow is the host's to open: the page answers forms only, so it goes on to the host.
    if (typeof params === 'object' && params !== null && (params as Record<string, unknown>).mode === 'url') return undefined;
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

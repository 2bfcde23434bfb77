/**
 * Auto's version probe on stdio, for a server that never answers it: rather than
 * wait out the probe's timeout (half the connect timeout, 15 s), ask the server
 * whether it is there. 2025 revisions allow `ping` before `initialize`; a server
 * that answers the ping (with a result, or an error other than "method not
 * found", which only a server without ping, a 2026-07-28 one, gives) but not the
 * probe sent before it does not speak 2026-07-28, and the connect goes on with
 * `initialize` on the same process.
 *
 * The ping carries the probe's own `_meta` envelope. A server that speaks both
 * eras on stdio picks its era from the first message after `server/discover`:
 * a bare ping would make it drop the 2026-07-28 session it just answered the
 * probe for (the SDK's `serveStdio` does), while one that claims 2026-07-28
 * keeps it. To a 2025 server `_meta` is only request metadata.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { RpcId } from './tap';

/**
 * How long the probe may go unanswered before the ping goes out. A server that
 * is up and answers server/discover does so well within it, so it never sees a
 * ping; one still starting gets the ping queued behind the probe, which is harmless.
 */
export const PING_AFTER_MS = 250;
/**
 * How long after the ping's answer the probe may still be answered: at least
 * this, and at least as long as the ping took. A stdio server that reads its
 * requests in order has answered the probe before the ping by then; one that
 * handles requests concurrently (the SDK's two-era server does) can answer the
 * ping first, by however long a busy machine delays the other reply: a ping that
 * waited for the server to start says how busy it is. Too short a wait takes a
 * 2026-07-28 server for a 2025 one, and its `initialize` is then refused.
 */
export const WAIT_AFTER_PING_MS = 200;

export type ProbePingIo = {
  /** Send a message through the tapped transport, so it is logged like any other. */
  send(message: JSONRPCMessage): Promise<void>;
  /** End the SDK's wait for the probe's reply (see TransportTap.endProbeWait). */
  endProbeWait(probeId: RpcId): void;
  /** The probe was answered after its wait was ended, at any time in the session: the server may speak 2026-07-28 after all. */
  onProbeAnsweredLate(): void;
};

export class ProbePing {
  /** True once the ping was answered and the probe still was not: the SDK's wait was ended. */
  hasEndedWait = false;
  /** True when the probe's reply came after the wait was ended (a server that answers out of order, slowly). */
  isProbeAnsweredLate = false;
  private probeId: RpcId | undefined;
  private probeMeta: unknown;
  private pingId: RpcId | undefined;
  private pingSentAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isOver = false;

  constructor(
    private readonly io: ProbePingIo,
    /** Distinguishes this connect's ping from another's in the log. */
    private readonly attempt: number,
  ) {}

  /** The probe went out: the ping follows if it is still unanswered after PING_AFTER_MS. */
  onProbeSent(probe: { id: RpcId; params?: Record<string, unknown> }): void {
    if (this.isOver || this.probeId !== undefined) return;
    this.probeId = probe.id;
    this.probeMeta = probe.params?._meta;
    this.timer = setTimeout(() => this.sendPing(), PING_AFTER_MS);
  }

  /** Anything else sent (initialize, once the SDK decided by itself) ends the probe's window: nothing more to do. */
  onOtherOutbound(message: JSONRPCMessage): void {
    if ('id' in message && message.id === this.pingId && this.pingId !== undefined) return;
    if (this.probeId !== undefined) this.stop();
  }

  /**
   * Every message the server sent. Returns true for what the SDK must not see: the ping's answer (the SDK
   * never sent the ping), and a probe reply that comes after its wait was ended (the SDK has had one).
   */
  onInbound(message: JSONRPCMessage): boolean {
    if ('method' in message || !('id' in message)) return false;
    if (this.probeId !== undefined && message.id === this.probeId) {
      this.isProbeAnsweredLate = this.hasEndedWait;
      this.stop();
      if (this.hasEndedWait) this.io.onProbeAnsweredLate();
      return this.hasEndedWait;
    }
    if (this.pingId === undefined || message.id !== this.pingId) return false;
    // 2026-07-28 has no ping: a server that says it does not know the method is no 2025 server (every
    // 2025 revision requires ping), but a 2026-07-28 one slow to answer the probe; keep waiting for it.
    const isUnknownMethod = 'error' in message && (message.error as { code?: unknown }).code === -32601;
    if (!this.isOver && !isUnknownMethod) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.endWait(), Math.max(WAIT_AFTER_PING_MS, Date.now() - this.pingSentAt));
    }
    return true;
  }

  /** The attempt is over (connected, failed, or the process closed): no ping, no ending, from now on. */
  stop(): void {
    this.isOver = true;
    clearTimeout(this.timer);
  }

  private sendPing(): void {
    if (this.isOver) return;
    this.pingId = `ping-before-initialize-${this.attempt}`;
    this.pingSentAt = Date.now();
    // A failed write means the process is gone: the SDK's probe window sees the close and decides.
    const ping: JSONRPCMessage = { jsonrpc: '2.0', id: this.pingId, method: 'ping', ...(isObject(this.probeMeta) && { params: { _meta: this.probeMeta } }) };
    this.io.send(ping).catch(() => undefined);
  }

  private endWait(): void {
    if (this.isOver || this.probeId === undefined) return;
    this.hasEndedWait = true;
    this.stop();
    this.io.endProbeWait(this.probeId);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

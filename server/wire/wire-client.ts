/**
 * The client side of the inspector's WebSocket, once for every client: the page
 * (the browser's WebSocket) and scripts and tests (the `ws` package). It knows
 * the protocol, not the platform: the socket comes from a factory, so nothing
 * here needs a DOM or Node.
 */
import type { ClientCommandInput, CommandResults, CommandType, ServerPush } from './commands';
import { WireFailure } from './errors';
import type { WireError } from './events';
import { MAX_WS_MESSAGE_BYTES } from './limits';
import { parseServerPush } from './pushes';
import { wsProtocols } from './protocol';

/** A handler type checked in both directions, so a platform's richer event type still fits. */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** What the client needs of a WebSocket; the browser's and the `ws` package's both have it. */
export type SocketLike = {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
  send(text: string): void;
  close(): void;
};

// Timers are in every runtime this runs on (browsers, Node), though in neither's types alone.
declare function setTimeout(callback: () => void, delayMs: number): unknown;
declare function clearTimeout(handle: unknown): void;

/** WebSocket.OPEN, the same number on every platform. */
const OPEN = 1;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
/** How long a command sent while the socket opens (or reopens) waits for it before it fails. */
const OPEN_WAIT_MS = 10_000;

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'refused' | 'closed';
export type CommandParams<T extends CommandType> = Extract<ClientCommandInput, { type: T }>['params'];

export type WireClientOptions = {
  url: string;
  token: string;
  openSocket: (url: string, protocols: string[]) => SocketLike;
  onPush: (push: ServerPush) => void;
  onState?: (state: SocketState) => void;
  /** A push that cannot be read and matches no command: nobody is waiting for it, so only this hears of it. */
  onUnreadable?: (message: string) => void;
  /** When given, a socket that drops after opening is opened again, after a backoff this timer waits out. */
  reconnectAfter?: (reopen: () => void, delayMs: number) => void;
};

/**
 * What a command rejects with: a WireFailure, whose message is the sentence a person reads (the page
 * shows it as it is), naming the command it failed for, for a script's own report.
 */
export class CommandFailure extends WireFailure {
  constructor(readonly command: CommandType) {
    super('internal', `${command} failed`);
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: CommandFailure) => void; error: CommandFailure };

/**
 * Sends commands, matches replies by id, hands pushes on parsed. A reply that can
 * never come (the socket closed) rejects with an error created when the command
 * was sent, so its stack points at the caller.
 */
export class WireClient {
  private socket: SocketLike | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private retryMs = FIRST_RETRY_MS;
  private isClosedByUs = false;
  /** Commands sent while the socket was opening: each is told whether it opened. */
  private readonly waitingForOpen = new Set<(isOpen: boolean) => void>();
  state: SocketState = 'connecting';

  constructor(private readonly options: WireClientOptions) {}

  /** The socket this client uses now (a reconnect replaces it). */
  get currentSocket(): SocketLike | undefined {
    return this.socket;
  }

  open(): SocketLike {
    const socket = this.options.openSocket(this.options.url, wsProtocols(this.options.token));
    this.socket = socket;
    let isOpened = false;
    socket.onopen = () => {
      isOpened = true;
      this.retryMs = FIRST_RETRY_MS;
      this.setState('open');
    };
    socket.onmessage = (message) => this.receive(String(message.data));
    // Every error is followed by a close, which does the work; unheard, `ws` would throw it.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      for (const waiting of this.pending.values())
        fail(waiting, { code: 'transport-closed', message: 'The connection to the inspector closed before it answered.' });
      this.pending.clear();
      if (this.isClosedByUs) return this.setState('closed');
      // A handshake refused outright (bad token) never opens; retrying will not help.
      if (!isOpened && this.state === 'connecting') return this.setState('refused');
      const { reconnectAfter } = this.options;
      if (!reconnectAfter) return this.setState('closed');
      this.setState('reconnecting');
      reconnectAfter(() => {
        if (!this.isClosedByUs) this.open();
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    };
    return socket;
  }

  /**
   * Send a command and wait for its reply. Sent while the socket is opening or reopening (a click
   * just after the page loaded, a proxy restarting), it waits up to OPEN_WAIT_MS for the socket.
   */
  send<T extends CommandType>(type: T, params: CommandParams<T>): Promise<CommandResults[T]> {
    const id = this.nextId++;
    const error = new CommandFailure(type);
    return new Promise<CommandResults[T]>((resolve, reject) => {
      const waiting: Pending = { resolve: resolve as (value: unknown) => void, reject, error };
      const notConnected = () => fail(waiting, { code: 'transport-closed', message: 'Not connected to the inspector.' });
      if (this.socket?.readyState === OPEN) return this.write(id, type, params, waiting);
      if (this.isClosedByUs || (this.state !== 'connecting' && this.state !== 'reconnecting')) return notConnected();
      const timer = setTimeout(() => {
        this.waitingForOpen.delete(settle);
        notConnected();
      }, OPEN_WAIT_MS);
      const settle = (isOpen: boolean) => {
        clearTimeout(timer);
        if (isOpen && this.socket?.readyState === OPEN) this.write(id, type, params, waiting);
        else notConnected();
      };
      this.waitingForOpen.add(settle);
    });
  }

  private write(id: number, type: CommandType, params: unknown, waiting: Pending): void {
    let text: string;
    try {
      text = JSON.stringify({ type, id, params });
    } catch (cause) {
      // Nested too deep to be written out (or not JSON at all): nothing is sent.
      const reason = cause instanceof Error ? cause.message : String(cause);
      return fail(waiting, { code: 'invalid-command', message: `Not sent: this cannot be written as JSON (${reason}).` });
    }
    // The proxy closes a socket that sends more than it accepts: refuse here, with a reason, and keep the connection.
    const bytes = text.length * 3 <= MAX_WS_MESSAGE_BYTES ? text.length : utf8Bytes(text);
    if (bytes > MAX_WS_MESSAGE_BYTES) {
      const message = `Not sent: this is ${(bytes / 1024 / 1024).toFixed(1)} MB; the inspector accepts at most ${MAX_WS_MESSAGE_BYTES / 1024 / 1024} MB in one message.`;
      return fail(waiting, { code: 'invalid-command', message });
    }
    this.pending.set(id, waiting);
    this.socket?.send(text);
  }

  close(): void {
    this.isClosedByUs = true;
    this.socket?.close();
    this.settleWaiting(false);
  }

  private receive(text: string): void {
    const parsed = parseServerPush(text);
    if (!parsed.ok) {
      // A reply we can still match fails its command with the reason, where the person sees it; the rest goes on.
      const waiting = parsed.replyId === undefined ? undefined : this.pending.get(parsed.replyId);
      if (waiting && parsed.replyId !== undefined) {
        this.pending.delete(parsed.replyId);
        fail(waiting, { code: 'internal', message: parsed.message });
      } else this.options.onUnreadable?.(parsed.message);
      return;
    }
    const { push } = parsed;
    if (push.type !== 'reply') return this.options.onPush(push);
    const waiting = this.pending.get(push.id);
    if (!waiting) return;
    this.pending.delete(push.id);
    if (push.ok) waiting.resolve(push.result);
    else fail(waiting, push.error);
  }

  private setState(state: SocketState): void {
    this.state = state;
    this.options.onState?.(state);
    if (state !== 'connecting' && state !== 'reconnecting') this.settleWaiting(state === 'open');
  }

  private settleWaiting(isOpen: boolean): void {
    const waiting = [...this.waitingForOpen];
    this.waitingForOpen.clear();
    for (const settle of waiting) settle(isOpen);
  }
}

/** Reject with the error made when the command was sent (its stack is the caller's), now saying what went wrong. */
function fail(waiting: Pending, wireError: WireError): void {
  waiting.reject(Object.assign(waiting.error, { wireError, message: wireError.message }));
}

/** The UTF-8 size of a string, without TextEncoder (not in every runtime's standard library, nor in this module's). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

import type { ClientCommandInput, CommandResults, CommandType, ServerPush } from '@wire/commands';
import type { WireError } from '@wire/events';
import { MAX_WS_MESSAGE_BYTES } from '@wire/limits';
import { parseServerPush } from '@wire/pushes';

export const WS_PROTOCOL = 'elicitation-inspector';

export class CommandFailed extends Error {
  constructor(readonly wireError: WireError) {
    super(wireError.message);
  }
}

type Params<T extends CommandType> = Extract<ClientCommandInput, { type: T }>['params'];
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; error: CommandFailed };

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'refused';

/**
 * The page's side of the WebSocket: sends commands, matches replies by id, hands
 * pushes to a listener, and reconnects with backoff. A reply that can never come
 * (the socket closed) rejects with an error created when the command was sent,
 * so its stack points at the caller.
 */
export class InspectorConnection {
  private ws: WebSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private retryMs = 250;
  private closedByUs = false;
  state: SocketState = 'connecting';

  constructor(
    private readonly token: string,
    private readonly onPush: (push: ServerPush) => void,
    private readonly onState: (state: SocketState) => void,
  ) {}

  open(): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
    const ws = new WebSocket(url, [WS_PROTOCOL, `token.${this.token}`]);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.retryMs = 250;
      this.setState('open');
    };
    ws.onmessage = (message) => {
      const parsed = parseServerPush(String(message.data));
      if (!parsed.ok) {
        // A reply we can still match fails its command with the reason, where the person sees it; the page goes on.
        const waiting = parsed.replyId === undefined ? undefined : this.pending.get(parsed.replyId);
        if (waiting && parsed.replyId !== undefined) {
          this.pending.delete(parsed.replyId);
          waiting.reject(Object.assign(waiting.error, { wireError: { code: 'internal', message: parsed.message }, message: parsed.message }));
        } else console.error(parsed.message);
        return;
      }
      const push = parsed.push;
      if (push.type === 'reply') {
        const waiting = this.pending.get(push.id);
        if (!waiting) return;
        this.pending.delete(push.id);
        if (push.ok) waiting.resolve(push.result);
        else waiting.reject(Object.assign(waiting.error, { wireError: push.error, message: push.error.message }));
        return;
      }
      this.onPush(push);
    };
    ws.onclose = () => {
      for (const waiting of this.pending.values()) {
        waiting.reject(Object.assign(waiting.error, { message: 'The connection to the inspector closed before it answered.' }));
      }
      this.pending.clear();
      if (this.closedByUs) return;
      // A handshake refused outright (bad token) never opens; retrying will not help.
      if (!opened && this.state === 'connecting') {
        this.setState('refused');
        return;
      }
      this.setState('reconnecting');
      setTimeout(() => this.open(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  send<T extends CommandType>(type: T, params: Params<T>): Promise<CommandResults[T]> {
    const id = this.nextId++;
    const error = new CommandFailed({ code: 'internal', message: `${type} failed` });
    return new Promise<CommandResults[T]>((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(Object.assign(error, { wireError: { code: 'transport-closed', message: 'Not connected to the inspector.' }, message: 'Not connected to the inspector.' }));
        return;
      }
      const refuse = (message: string) => reject(Object.assign(error, { wireError: { code: 'invalid-command', message }, message }));
      let text: string;
      try {
        text = JSON.stringify({ type, id, params });
      } catch (cause) {
        // Nested too deep for the browser to write out (or not JSON at all): nothing is sent.
        refuse(`Not sent: this cannot be written as JSON (${cause instanceof Error ? cause.message : String(cause)}).`);
        return;
      }
      // The proxy closes a socket that sends more than it accepts: refuse here, with a reason, and keep the connection.
      const bytes = text.length * 3 <= MAX_WS_MESSAGE_BYTES ? text.length : new TextEncoder().encode(text).length;
      if (bytes > MAX_WS_MESSAGE_BYTES) {
        refuse(`Not sent: this is ${(bytes / 1024 / 1024).toFixed(1)} MB; the inspector accepts at most ${MAX_WS_MESSAGE_BYTES / 1024 / 1024} MB in one message.`);
        return;
      }
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, error });
      this.ws.send(text);
    });
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }

  private setState(state: SocketState): void {
    this.state = state;
    this.onState(state);
  }
}

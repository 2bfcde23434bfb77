/**
 * The inspector's WebSocket from Node: the wire's one client (server/wire/wire-client.ts) on
 * the `ws` package. `openWireClient` opens it and waits for the handshake; `InspectorSocket`
 * is what the shared-inspector pool keeps open: the `sessions` pushes and a wait on them.
 */
import WebSocket from 'ws';
import type { CommandResults, CommandType, ServerPush, SessionSummary } from '../server/wire/commands.js';
import { wsUrl } from '../server/wire/protocol.js';
import { WireClient, type CommandParams, type WireClientOptions } from '../server/wire/wire-client.js';

/** Where the inspector listens, and who the socket says it is. */
export type InspectorAddress = { host: string; origin: string; token: string };

/**
 * Opens a WireClient on a `ws` socket to the inspector; `opened` settles with the handshake, and a
 * refusal rejects with its HTTP status (a bad token: 401), which only `ws` reports. No reconnect: a
 * socket that drops stays closed, and its client fails every command at once.
 */
export function openWireClient(
  inspector: InspectorAddress,
  options: Pick<WireClientOptions, 'onPush' | 'onState' | 'onUnreadable'> & { headers?: Record<string, string> },
): { client: WireClient; opened: Promise<void> } {
  let opening: WebSocket | undefined;
  const { onPush, onState, onUnreadable, headers } = options;
  const client = new WireClient({
    url: wsUrl(inspector.host),
    token: inspector.token,
    openSocket: (url, protocols) => (opening = new WebSocket(url, protocols, { origin: inspector.origin, headers })),
    onPush,
    onState,
    onUnreadable,
  });
  // The client listens from here on: the proxy's first pushes can come in the same packet as the handshake.
  client.open();
  const socket = opening;
  if (!socket) throw new Error('The wire client opened no socket.');
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    // Heard, a refusal leaves the handshake to the listener: the close below ends it.
    socket.once('unexpected-response', (_request, response) => reject(new Error(`The inspector refused the socket: HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  }).catch((error: unknown) => {
    client.close();
    throw error;
  });
  return { client, opened };
}

/** The few commands the fixture sends to an inspector it shares between tests: enough to end its sessions and start a fresh one. */
export class InspectorSocket {
  /** The newest `sessions` push; undefined until the first arrives (the proxy sends one on every connect). */
  sessions: SessionSummary[] | undefined;
  /** Each wait's check, run on every `sessions` push and every change of the socket's state. */
  private readonly waiters = new Set<() => void>();
  /** The last push the client could not read: a wait that fails says so, since it may have been the list it waited for. */
  private unreadable: string | undefined;
  private readonly client: WireClient;
  private readonly opened: Promise<void>;

  private constructor(inspector: InspectorAddress) {
    const { client, opened } = openWireClient(inspector, {
      onPush: (push) => this.receive(push),
      onState: () => this.checkWaiters(),
      onUnreadable: (message) => (this.unreadable = message),
    });
    this.client = client;
    this.opened = opened;
  }

  static async open(inspector: InspectorAddress): Promise<InspectorSocket> {
    const socket = new InspectorSocket(inspector);
    await socket.opened;
    return socket;
  }

  isOpen(): boolean {
    return this.client.state === 'open';
  }

  /** Send a command; rejects with a `CommandFailure` (the command, the proxy's code and reason) when it fails. */
  send<T extends CommandType>(type: T, params: CommandParams<T>): Promise<CommandResults[T]> {
    return this.client.send(type, params);
  }

  /** Wait for a `sessions` push that passes `isWanted`; fails at once when the socket is or becomes closed. */
  waitForSessions(isWanted: (sessions: SessionSummary[]) => boolean, timeoutMs: number): Promise<SessionSummary[]> {
    return new Promise((resolve, reject) => {
      const end = (outcome: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        outcome();
      };
      const check = () => {
        const { sessions } = this;
        if (!this.isOpen()) end(() => reject(new Error(`The socket to the inspector is closed; ${this.lastListed()}`)));
        else if (sessions && isWanted(sessions)) end(() => resolve(sessions));
      };
      const timer = setTimeout(
        () => end(() => reject(new Error(`The inspector did not list the sessions expected within ${timeoutMs} ms; ${this.lastListed()}`))),
        timeoutMs,
      );
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.client.close();
  }

  private lastListed(): string {
    const listed = this.sessions?.map(({ sessionId, isLive }) => ({ sessionId, isLive }));
    return `it last listed ${JSON.stringify(listed)}${this.unreadable ? `; ${this.unreadable}` : ''}`;
  }

  private receive(push: ServerPush): void {
    if (push.type !== 'sessions') return;
    this.sessions = push.sessions;
    this.checkWaiters();
  }

  private checkWaiters(): void {
    for (const check of this.waiters) check();
  }
}

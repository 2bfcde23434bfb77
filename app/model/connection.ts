import type { CommandResults, CommandType, ServerPush } from '@wire/commands';
import { WireFailure } from '@wire/errors';
import type { CommandParams, SocketState, WireClient } from '@wire/wire-client';

export type { SocketState };

/** How long to wait before fetching the socket's code again when the fetch failed (the proxy restarting). */
const RETRY_LOAD_MS = 1000;

/**
 * The page's side of the WebSocket. The client behind it (wire-socket.ts, with the
 * zod schemas every push is checked against) is fetched when `open` is called, at
 * start, so the page paints without waiting for it; the socket opens as soon as it
 * is there, and no push is read before it. A command sent before then waits for it,
 * and then for the socket to open, as any command sent while it opens does (see
 * WireClient.send). Commands that fail reject with a `WireFailure`.
 */
export class InspectorConnection {
  private client: WireClient | undefined;
  private opening: Promise<WireClient> | undefined;
  private isClosed = false;

  constructor(
    private readonly token: string,
    private readonly onPush: (push: ServerPush) => void,
    private readonly onState: (state: SocketState) => void,
  ) {}

  open(): void {
    this.opening ??= import('./wire-socket').then(
      ({ openWireClient }) => {
        this.client = openWireClient(this.token, this.onPush, this.onState);
        if (this.isClosed) this.client.close();
        return this.client;
      },
      (error: unknown) => {
        console.error('The page could not load its connection code; trying again.', error);
        this.opening = undefined;
        setTimeout(() => this.isClosed || this.open(), RETRY_LOAD_MS);
        throw error;
      },
    );
    void this.opening.catch(() => undefined);
  }

  send<T extends CommandType>(type: T, params: CommandParams<T>): Promise<CommandResults[T]> {
    if (this.client) return this.client.send(type, params);
    const notConnected = () => new WireFailure('transport-closed', 'Not connected to the inspector.');
    if (!this.opening) return Promise.reject(notConnected());
    return this.opening.then(
      (client) => client.send(type, params),
      () => Promise.reject(notConnected()),
    );
  }

  close(): void {
    this.isClosed = true;
    this.client?.close();
  }
}

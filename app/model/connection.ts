import type { ServerPush } from '@wire/commands';
import { wsUrl } from '@wire/protocol';
import { WireClient, type SocketState } from '@wire/wire-client';

export type { SocketState };

/**
 * The page's side of the WebSocket: the shared wire client on the browser's
 * WebSocket, at the address the page was served from, reconnecting with backoff.
 * Commands that fail reject with a `WireFailure`.
 */
export class InspectorConnection extends WireClient {
  constructor(token: string, onPush: (push: ServerPush) => void, onState: (state: SocketState) => void) {
    super({
      url: wsUrl(location.host, location.protocol === 'https:'),
      token,
      openSocket: (url, protocols) => new WebSocket(url, protocols),
      onPush,
      onState,
      onUnreadable: (message) => console.error(message),
      reconnectAfter: (reopen, delayMs) => void setTimeout(reopen, delayMs),
    });
  }
}

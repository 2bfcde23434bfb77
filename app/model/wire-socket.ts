import type { ServerPush } from '@wire/commands';
import { wsUrl } from '@wire/protocol';
import { WireClient, type SocketState } from '@wire/wire-client';

/**
 * The shared wire client on the browser's WebSocket, at the address the page was
 * served from, reconnecting with backoff. It parses every push with the wire's zod
 * schemas, so it is fetched beside the first paint (connection.ts), not before it.
 */
export function openWireClient(token: string, onPush: (push: ServerPush) => void, onState: (state: SocketState) => void): WireClient {
  const client = new WireClient({
    url: wsUrl(location.host, location.protocol === 'https:'),
    token,
    openSocket: (url, protocols) => new WebSocket(url, protocols),
    onPush,
    onState,
    onUnreadable: (message) => console.error(message),
    reconnectAfter: (reopen, delayMs) => void setTimeout(reopen, delayMs),
  });
  client.open();
  return client;
}

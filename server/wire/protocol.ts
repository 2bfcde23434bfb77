/**
 * Where and how a client opens the inspector's WebSocket: the path, the
 * subprotocol both sides agree on, and the token carried as a second
 * subprotocol (a browser cannot set headers on a WebSocket handshake, and a
 * token in the URL would end up in logs and history).
 */
export const WS_PATH = '/ws';
export const WS_PROTOCOL = 'elicitation-inspector';
export const WS_TOKEN_PREFIX = 'token.';

/** The subprotocols a client offers: the proxy picks WS_PROTOCOL and reads the token from the other. */
export function wsProtocols(token: string): string[] {
  return [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${token}`];
}

/** The socket's URL for a proxy at `host` (name:port). */
export function wsUrl(host: string, isSecure = false): string {
  return `${isSecure ? 'wss' : 'ws'}://${host}${WS_PATH}`;
}

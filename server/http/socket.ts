import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseClientCommand, type ServerPush } from '../wire/commands';
import { EVENT_SCHEMA_VERSION, type LogEvent } from '../wire/events';
import type { SessionRegistry } from '../session/session-registry';
import { CommandError, runCommand } from './commands';
import { isAllowedHost, isAllowedOrigin, tokensEqual, WS_PROTOCOL, wsToken, type OriginPolicy } from './security';

/** Events per message when replaying a backlog: big enough to be quick, small enough to keep the page responsive. */
const REPLAY_CHUNK = 2000;
export const WS_PATH = '/ws';

export type SocketOptions = {
  registry: SessionRegistry;
  token: string;
  policy: () => OriginPolicy;
  version: string;
  /** Called when the number of connected pages changes. */
  onClientCount?: (count: number) => void;
};

/**
 * The page's one connection: commands in, replies and events out. The upgrade is
 * refused unless Host, Origin and token all check out; nothing is spawned or
 * read before that.
 */
export function attachWebSocket(server: Server, options: SocketOptions): { close(): void; clientCount(): number } {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  const clients = new Set<WebSocket>();

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuse(request, options);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.add(ws);
      options.onClientCount?.(clients.size);
      serve(ws, options);
      ws.on('close', () => {
        clients.delete(ws);
        options.onClientCount?.(clients.size);
      });
    });
  });

  const broadcastSessions = () => {
    const push: ServerPush = { type: 'sessions', sessions: options.registry.list() };
    const text = JSON.stringify(push);
    for (const ws of clients) ws.send(text);
  };
  const unsubscribe = options.registry.onChange(broadcastSessions);

  return {
    close() {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      wss.close();
    },
    clientCount: () => clients.size,
  };
}

function refuse(request: IncomingMessage, options: SocketOptions): string | undefined {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== WS_PATH) return '404 Not Found';
  const policy = options.policy();
  if (!isAllowedHost(request.headers.host, policy)) return '403 Forbidden';
  // Browsers always send Origin on a WebSocket handshake; a page elsewhere cannot fake it.
  if (!isAllowedOrigin(request.headers.origin, request.headers.host, policy)) return '403 Forbidden';
  if (!tokensEqual(wsToken(request.headers['sec-websocket-protocol']), options.token)) return '401 Unauthorized';
  return undefined;
}

function serve(ws: WebSocket, options: SocketOptions): void {
  const send = (push: ServerPush) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(push));
  };
  let unsubscribe: (() => void) | undefined;

  const subscribe = (sessionId: string, afterSeq: number): number => {
    unsubscribe?.();
    const session = options.registry.get(sessionId)!;
    const log = session.log;
    const backlog = log.since(afterSeq);
    for (let i = 0; i < backlog.length; i += REPLAY_CHUNK) {
      send({ type: 'events', sessionId, events: backlog.slice(i, i + REPLAY_CHUNK) });
    }
    let lastSent = backlog.length ? backlog[backlog.length - 1].seq : afterSeq;
    // Listeners are told in flush batches; skip anything the backlog already carried.
    unsubscribe = log.subscribe((events: LogEvent[]) => {
      const fresh = events.filter((e) => e.seq > lastSent);
      if (!fresh.length) return;
      lastSent = fresh[fresh.length - 1].seq;
      send({ type: 'events', sessionId, events: fresh });
    });
    return lastSent;
  };

  send({ type: 'hello', version: options.version, eventSchemaVersion: EVENT_SCHEMA_VERSION });
  send({ type: 'sessions', sessions: options.registry.list() });

  ws.on('message', async (data) => {
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      send({ type: 'reply', id: -1, ok: false, error: { code: 'invalid-command', message: 'Not JSON.' } });
      return;
    }
    const parsed = parseClientCommand(raw);
    if (!parsed.ok) {
      send({ type: 'reply', id: parsed.id ?? -1, ok: false, error: parsed.error });
      return;
    }
    const { command } = parsed;
    try {
      const result = await runCommand(command, { registry: options.registry, subscribe });
      send({ type: 'reply', id: command.id, ok: true, result });
    } catch (error) {
      const wireError =
        error instanceof CommandError ? error.wireError : { code: 'internal' as const, message: error instanceof Error ? error.message : String(error) };
      send({ type: 'reply', id: command.id, ok: false, error: wireError });
    }
  });
  ws.on('close', () => unsubscribe?.());
}

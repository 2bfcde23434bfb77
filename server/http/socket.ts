import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { parseClientCommand, type ServerPush } from '../wire/commands';
import { WireFailure, toWireError } from '../wire/errors';
import { EVENT_SCHEMA_VERSION } from '../wire/events';
import { MAX_WS_MESSAGE_BYTES } from '../wire/limits';
import { WS_PATH, WS_PROTOCOL } from '../wire/protocol';
import type { StoredEvent } from '../store/session-file';
import type { SessionRegistry } from '../registry/session-registry';
import { pageOrigin } from './app-origin';
import { runCommand } from './commands';
import { isAllowedHost, isAllowedOrigin, tokensEqual, wsToken, type OriginPolicy } from './security';

/** How much replay may wait in the socket's send buffer before reading more from disk. */
const REPLAY_BUFFER_BYTES = 4 * 1024 * 1024;

export type SocketOptions = {
  registry: SessionRegistry;
  token: string;
  policy: () => OriginPolicy;
  /** The inspector's URL: the page origin of a client that sends no Origin. */
  url: string;
  /** The second origin app views are served on (app-origin.ts). */
  appOrigin: string;
  version: string;
  /** Called when the number of connected pages changes. */
  onClientCount?: (count: number) => void;
};

/**
 * The page's one connection: commands in, replies and events out. The upgrade is
 * refused unless Host, Origin and token all check out; nothing is spawned or
 * read before that.
 */
export function webSocketUpgrades(options: SocketOptions): {
  upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  close(): void;
  clientCount(): number;
} {
  const wss = new WebSocketServer({
    noServer: true,
    // A larger frame closes that socket (1009) with an 'error' on it, handled in serve(); the page refuses to send one.
    maxPayload: MAX_WS_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  const clients = new Set<WebSocket>();

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets mid-handshake makes the raw socket emit 'error'; unheard, that would end the process.
    socket.on('error', (error) => reportSocketError('handshake', error));
    const refusal = refuse(request, options);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.add(ws);
      options.onClientCount?.(clients.size);
      serve(ws, options, pageOrigin(request.headers.origin, options.url));
      ws.on('close', () => {
        clients.delete(ws);
        options.onClientCount?.(clients.size);
      });
    });
  };

  let standing = options.registry.standing;
  const broadcastSessions = () => {
    const push: ServerPush = { type: 'sessions', sessions: options.registry.list() };
    const text = JSON.stringify(push);
    for (const ws of clients) ws.send(text);
    // The rules that stand changed (a person changed a session's rules): every page shows them for its next Connect.
    if (options.registry.standing === standing) return;
    standing = options.registry.standing;
    if (!standing) return;
    const rules = JSON.stringify({ type: 'standing-rules', rules: standing } satisfies ServerPush);
    for (const ws of clients) ws.send(rules);
  };
  const unsubscribe = options.registry.onChange(broadcastSessions);

  return {
    upgrade,
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

function serve(ws: WebSocket, options: SocketOptions, origin: string): void {
  const sendRaw = (text: string) => {
    if (ws.readyState === ws.OPEN) ws.send(asciiJson(text));
  };
  const send = (push: ServerPush) => sendRaw(JSON.stringify(push));
  let unsubscribe: (() => void) | undefined;

  /**
   * Replay a session from `afterSeq`, then follow it. New events that arrive while
   * older ones are still being read from disk wait in a buffer, so the page gets
   * every event once, in order.
   */
  const subscribe = async (sessionId: string, afterSeq: number): Promise<number> => {
    unsubscribe?.();
    const source = options.registry.source(sessionId);
    if (!source) throw new WireFailure('not-found', `No session ${sessionId}.`);
    let lastSent = afterSeq;
    // Events go out as they were stored: no parse, no stringify, live or on a 100k-entry replay.
    const deliver = (events: StoredEvent[]) => {
      const fresh = events.filter((e) => e.seq > lastSent);
      if (!fresh.length) return;
      lastSent = fresh[fresh.length - 1].seq;
      sendRaw(`{"type":"events","sessionId":${JSON.stringify(sessionId)},"events":[${fresh.map((e) => e.json).join(',')}]}`);
    };
    let buffered: StoredEvent[] | undefined = [];
    const stop = source.subscribe((events) => (buffered ? buffered.push(...events) : deliver(events)));
    unsubscribe = stop;
    for await (const chunk of source.read(afterSeq, source.lastSeq)) {
      if (unsubscribe !== stop || ws.readyState !== ws.OPEN) return lastSent; // the page moved on, or went away, meanwhile
      deliver(chunk);
      // A page reads slower than a file: wait for it rather than queueing the whole session in memory.
      while (ws.readyState === ws.OPEN && ws.bufferedAmount > REPLAY_BUFFER_BYTES) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const pending = buffered;
    buffered = undefined;
    deliver(pending);
    return lastSent;
  };

  send({ type: 'hello', version: options.version, eventSchemaVersion: EVENT_SCHEMA_VERSION });
  send({ type: 'sessions', sessions: options.registry.list() });
  if (options.registry.configured) send({ type: 'configured', configured: options.registry.configured.summary() });
  const standing = options.registry.standing;
  if (standing) send({ type: 'standing-rules', rules: standing });

  // Invalid frames (over maxPayload, bad UTF-8, unmasked, a reserved opcode) arrive here; ws then closes the socket.
  // Without this listener the 'error' event would end the process, and every page and session with it.
  ws.on('error', (error) => reportSocketError('a page socket', error));
  ws.on('message', (data) => void handleMessage(data).catch((error: unknown) => reportSocketError('a command', error)));

  const handleMessage = async (data: WebSocket.RawData): Promise<void> => {
    let raw: unknown;
    try {
      raw = JSON.parse(frameText(data));
    } catch {
      // Not JSON (or, in principle, too deep for the parser): the page gets a typed reply, the socket stays open.
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
      const result = await runCommand(command, { registry: options.registry, subscribe, pageOrigin: origin, appOrigin: options.appOrigin });
      send({ type: 'reply', id: command.id, ok: true, result });
    } catch (error) {
      send({ type: 'reply', id: command.id, ok: false, error: toWireError(error) });
    }
  };
  ws.on('close', () => unsubscribe?.());
}

function reportSocketError(where: string, error: unknown): void {
  process.stderr.write(`elicitation-inspector: WebSocket: ${where}: ${error instanceof Error ? error.message : String(error)}\n`);
}

/**
 * JSON with every non-ASCII character written as a \u escape. Same value once
 * parsed, but browsers take their fast path for ASCII-only WebSocket text: a
 * single "é" in a megabyte frame otherwise halves the rate a page can receive at.
 */
export function asciiJson(json: string): string {
  // eslint-disable-next-line no-control-regex -- the test is "anything outside ASCII", controls included
  return /[^\x00-\x7f]/.test(json) ? json.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/** A text frame's payload as a string, whichever of its shapes `ws` hands over. */
function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data))).toString('utf8');
}

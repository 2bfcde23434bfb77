/**
 * The HTTP relay: a loopback reverse proxy in front of one Streamable HTTP or HTTP+SSE server.
 * Each request goes to the server at the same path, its headers passed through (Host set to the
 * server's, hop-by-hop ones dropped), its body streamed as it arrives; each response comes back
 * the same way, every chunk written as it arrives, so a stream is never held back. The one
 * change: an old-transport `endpoint` event that names the server's own origin is made to name
 * the relay, or the host would post past it. The watcher gets copies only after they are on
 * their way, and its failures never reach the host.
 */
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { redactUrl } from '../wire/redact';
import { EndpointRewriter } from './endpoint-rewriter';

/** A request body kept for the record up to this size; a longer one is relayed whole and noted. */
export const MAX_RECORDED_BODY = 64 * 1024 * 1024;

/** Headers that belong to one hop (RFC 9110 §7.6.1), not to the exchange: never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

export type ExchangeStart = {
  method: string;
  /** Path and query, as the host asked the relay and the relay asks the server. */
  path: string;
  /** The host's request headers (lower-case names; repeated ones joined), as sent. */
  headers: Record<string, string>;
};

export type ResponseHead = { status: number; headers: Record<string, string>; durationMs: number };

/** What one exchange's record is told, in this order: the request, then the answer or the failure. */
export type ExchangeWatcher = {
  /** The request body, whole (undefined when it was longer than MAX_RECORDED_BODY; `bytes` says how long). */
  requestEnded(body: Buffer | undefined, bytes: number): void;
  responded(head: ResponseHead): void;
  /** A chunk of the response body as the server sent it (still content-encoded). */
  responseChunk(chunk: Buffer): void;
  /** `complete`: the server ended it; `host-closed`: the host went away first; `server-broke`: it broke off. */
  responseEnded(how: 'complete' | 'host-closed' | 'server-broke'): void;
  /** The server could not be reached, or failed before answering: the host got a 502. */
  failed(error: string, durationMs: number): void;
};

export type HttpRelayOptions = {
  upstream: URL;
  /** 0 for any free port. */
  port: number;
  watch: (start: ExchangeStart) => ExchangeWatcher;
  /** Where the relay's own notes go (a 502, a record that failed). */
  note: (text: string) => void;
};

export type HttpRelay = { server: Server; origin: string; close: () => Promise<void> };

export async function startHttpRelay(options: HttpRelayOptions): Promise<HttpRelay> {
  const { upstream } = options;
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  // A connection per request to the server. Node's default agent keeps connections open and reuses
  // them; a server that closes an idle one (Node's own after 5 s) at the moment the relay reuses it
  // resets it, and the host got a 502 for a request the server never saw (seen under load, after a
  // long stream). The host's own connection to the relay is kept alive as the host asks.
  const agent = upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: false }) : new HttpAgent({ keepAlive: false });
  let origin = '';
  const server = createServer((req, res) => {
    try {
      relay(req, res);
    } catch (error) {
      // A bug here must cost one exchange, never the tap: the host gets a 502 (or a cut stream).
      options.note(`could not relay ${req.method} ${redactUrl(req.url ?? '/')}: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('elicitation-inspector tap: could not relay this request.\n');
    }
  });
  const safely = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      options.note(`could not record ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  function relay(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    // Another name for the loopback address is a page trying DNS rebinding, never a host.
    if (!isOwnHost(req.headers.host, origin)) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(`elicitation-inspector tap: requests must be addressed to ${origin}.\n`);
      return;
    }
    const forwarded = forwardedHeaders(req.rawHeaders, upstream.host);
    let watcher: ExchangeWatcher | undefined;
    safely('a request', () => (watcher = options.watch({ method, path, headers: recordOf(forwarded) })));
    const tell = (what: string, fn: (w: ExchangeWatcher) => void) => watcher && safely(what, () => fn(watcher!));

    const outgoing = send(new URL(path, upstream), { method, headers: forwarded, agent });
    let isAnswered = false;
    const fail = (error: Error) => {
      if (isAnswered) return;
      isAnswered = true;
      const durationMs = Math.round(performance.now() - started);
      tell('a failure', (w) => w.failed(error.message, durationMs));
      if (res.headersSent) return void res.destroy();
      const text = `elicitation-inspector tap: the server at ${upstream.origin} did not answer (${error.message}).\n`;
      options.note(`${method} ${redactUrl(path)}: 502, ${error.message}`);
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
    };
    outgoing.on('error', fail);

    // The request body: forwarded chunk by chunk, copied for the record.
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      outgoing.write(chunk);
      bytes += chunk.length;
      if (bytes <= MAX_RECORDED_BODY) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => {
      outgoing.end();
      tell('a request body', (w) => w.requestEnded(bytes <= MAX_RECORDED_BODY ? Buffer.concat(chunks, bytes) : undefined, bytes));
    });

    outgoing.on('response', (incoming) => {
      isAnswered = true;
      const status = incoming.statusCode ?? 502;
      const headers = recordOf(backHeaders(incoming.rawHeaders));
      tell('a response', (w) => w.responded({ status, headers, durationMs: Math.round(performance.now() - started) }));
      const rewrites = method === 'GET' && headers['content-type']?.includes('text/event-stream') && !headers['content-encoding'];
      res.writeHead(status, incoming.statusMessage, backHeaders(incoming.rawHeaders));
      res.flushHeaders();
      const endpoints = rewrites ? new EndpointRewriter(upstream.origin, origin) : undefined;
      let isDone = false;
      incoming.on('data', (chunk: Buffer) => {
        res.write(endpoints ? endpoints.push(chunk) : chunk);
        tell('a response chunk', (w) => w.responseChunk(chunk));
      });
      incoming.on('end', () => {
        if (endpoints) res.write(endpoints.end());
        res.end();
        isDone = true;
        tell('the end of a response', (w) => w.responseEnded('complete'));
      });
      incoming.on('error', () => {
        if (isDone) return;
        isDone = true;
        res.destroy();
        tell('a broken response', (w) => w.responseEnded('server-broke'));
      });
      res.on('close', () => {
        if (isDone) return;
        isDone = true;
        // The host went away mid-stream: the server sees it go, as it would without the relay.
        incoming.destroy();
        tell('a closed response', (w) => w.responseEnded('host-closed'));
      });
    });
    req.on('error', () => outgoing.destroy());
    // A host gone mid-write is seen by 'close' above; the error itself is nobody's to handle.
    res.on('error', () => {});
    res.on('close', () => {
      if (!isAnswered) outgoing.destroy();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, origin, close };
}

/** The Host header a request must carry: the relay's own loopback address (by IP or as localhost). */
function isOwnHost(host: string | undefined, origin: string): boolean {
  if (!host) return false;
  const port = new URL(origin).port;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

/** The host's raw headers as the server gets them: names and repeats kept, Host the server's, hop-by-hop ones left out. */
function forwardedHeaders(raw: string[], upstreamHost: string): string[] {
  const out = ['Host', upstreamHost];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name === 'host' || HOP_BY_HOP.has(name)) continue;
    out.push(raw[i], raw[i + 1]);
  }
  return out;
}

/** Raw headers as the record keeps them: lower-case names, repeated ones joined. */
function recordOf(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    out[name] = out[name] === undefined ? raw[i + 1] : `${out[name]}, ${raw[i + 1]}`;
  }
  return out;
}

/** The server's raw response headers as the host gets them, hop-by-hop ones left out. */
function backHeaders(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (HOP_BY_HOP.has(raw[i].toLowerCase())) continue;
    out.push(raw[i], raw[i + 1]);
  }
  return out;
}

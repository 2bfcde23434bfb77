/**
 * What the HTTP tap records of each exchange, and in which session. A host connection is a
 * session: on Streamable HTTP, from its `initialize` to its DELETE, found again by its
 * `Mcp-Session-Id`; on the old HTTP+SSE transport, its GET stream (from the `endpoint` event
 * to the stream's end) and the POSTs to that endpoint. Requests that carry neither (a stateless
 * server, a 2026-07-28 host) go to the newest session without an id. Messages are read from
 * copies: a JSON body whole, an event stream event by event, decoded first when compressed.
 *
 * A host may send anything, ids it made up included: an id the tap has not seen the server issue
 * opens a session only once the server accepts the request carrying it (a 2xx: a session begun
 * before the tap started), and at most MAX_LIVE_RECORDINGS are open at once, the one idle longest
 * ended first, with a note saying why. Ended sessions are let go, so memory stays bounded.
 */
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { ExchangeStart, ExchangeWatcher, ResponseHead } from './http-relay';
import { HttpRecording, type HttpEntry } from './http-recording';
import type { TapEndReason } from './tap-recorder';
import { SseReader } from './sse-reader';

/** The bodies kept in an `http` entry (not JSON-RPC, or an error answer) are cut here, as a driven session cuts them. */
const BODY_LIMIT_CHARS = 16_000;

/** The most host connections recorded at once; past it, the one idle longest is ended (its record says why). */
export const MAX_LIVE_RECORDINGS = 100;
/**
 * The most sessions opened for ids the tap never saw issued, in one run: a server that accepts any
 * id (one that ignores them) would otherwise get a file for each id a host makes up.
 */
export const MAX_ADOPTED_RECORDINGS = 100;

type RpcId = string | number;

export class HttpExchanges {
  private readonly bySessionId = new Map<string, HttpRecording>();
  /** Old-transport sessions by the endpoint (path and query) their stream named. */
  private readonly byEndpoint = new Map<string, HttpRecording>();
  private sessionless: HttpRecording | undefined;
  /** Every session still open, the one used longest ago first. */
  private readonly all = new Set<HttpRecording>();
  /** Requests whose session id the server refused (made up, or long gone): relayed, never recorded. */
  private refusedIds = 0;
  private adoptedCount = 0;

  constructor(
    private readonly dataDir: string,
    private readonly upstream: URL,
    private readonly onSession: (recording: HttpRecording) => void = () => {},
    /** A session's closing entry is written (`--otlp` sends it then). */
    private readonly onEnded: ((recording: HttpRecording) => void) | undefined = undefined,
    /** The tap's own lines (stderr): what is relayed but not recorded. */
    private readonly note: (text: string) => void = () => {},
  ) {}

  /** How many sessions are open now (tests read it: it never passes MAX_LIVE_RECORDINGS). */
  get liveCount(): number {
    return this.all.size;
  }

  /** Whether requests with this session id already go to an open session. */
  knows(sessionId: string): boolean {
    return this.bySessionId.has(sessionId);
  }

  /**
   * The server accepted a request with a session id the tap had not seen it issue: that session
   * began before the tap did, and is recorded from here on. Refused (a 4xx, 5xx): nothing is recorded.
   */
  adopt(sessionId: string, isAccepted: boolean): HttpRecording | undefined {
    const known = this.bySessionId.get(sessionId);
    if (known) return this.used(known);
    if (isAccepted && this.adoptedCount < MAX_ADOPTED_RECORDINGS) {
      this.adoptedCount++;
      return this.open('http', (r) => this.bySessionId.set(sessionId, r));
    }
    if (isAccepted) {
      if (this.adoptedCount++ === MAX_ADOPTED_RECORDINGS) {
        this.note(
          `${MAX_ADOPTED_RECORDINGS} sessions begun before the tap (ids it never saw the server issue) are recorded already: requests with other such ids are relayed, not recorded.`,
        );
      }
      return undefined;
    }
    if (this.refusedIds++ === 0) {
      this.note(
        'a request carried a session id the server refused (made up, or of a session that ended): it was relayed, and requests like it are not recorded.',
      );
    }
    return undefined;
  }

  /** Every session still open ends (the tap is stopping). */
  endAll(reason: TapEndReason): void {
    for (const recording of this.all) recording.end(reason);
    this.all.clear();
  }

  watch(start: ExchangeStart): ExchangeWatcher {
    return new ExchangeCopy(this, start);
  }

  /** The session a request belongs to, opened when it starts one; undefined for a GET whose stream will tell. */
  route(start: ExchangeStart, messages: Record<string, unknown>[]): HttpRecording | undefined {
    const sessionId = start.headers['mcp-session-id'];
    // An id not known when the request came is the server's to accept first (ExchangeCopy asks adopt once it has answered).
    if (sessionId) {
      const known = this.bySessionId.get(sessionId);
      return known ? this.used(known) : undefined;
    }
    const endpoint = this.byEndpoint.get(start.path);
    if (endpoint) return this.used(endpoint);
    if (messages.some((m) => m.method === 'initialize')) {
      if (this.sessionless && !this.sessionless.ended) this.close(this.sessionless, 'replaced');
      return this.open('http', (r) => (this.sessionless = r));
    }
    // A GET without an id may be the old transport's stream: its first event tells (see ExchangeCopy.event).
    if (start.method === 'GET') return undefined;
    if (start.method === 'DELETE') return this.sessionless && !this.sessionless.ended ? this.sessionless : undefined;
    return this.sessionlessFor();
  }

  /** The session of a stream that turned out not to be the old transport's: the newest without an id. */
  sessionlessFor(): HttpRecording {
    if (this.sessionless && !this.sessionless.ended) return this.used(this.sessionless);
    return this.open('http', (r) => (this.sessionless = r));
  }

  /** The server named the session an `initialize` opened: later requests carry that id. */
  named(recording: HttpRecording, sessionId: string): void {
    this.bySessionId.set(sessionId, recording);
    if (this.sessionless === recording) this.sessionless = undefined;
  }

  /** An old-transport stream said where to post: a session of its own. */
  openLegacy(endpointPath: string): HttpRecording {
    return this.open('sse', (r) => this.byEndpoint.set(endpointPath, r));
  }

  close(recording: HttpRecording, reason: TapEndReason): void {
    recording.end(reason);
    this.all.delete(recording);
    // An ended session is let go: a request with its id again is the server's to accept.
    for (const map of [this.bySessionId, this.byEndpoint]) for (const [key, value] of map) if (value === recording) map.delete(key);
    if (this.sessionless === recording) this.sessionless = undefined;
  }

  private open(transport: 'http' | 'sse', register: (recording: HttpRecording) => void): HttpRecording {
    if (this.all.size >= MAX_LIVE_RECORDINGS) {
      const [idlest] = this.all;
      idlest.note(
        `The tap stopped recording this connection: more than ${MAX_LIVE_RECORDINGS} host connections were open at once, and this one had been idle longest. Its traffic is still relayed.`,
      );
      this.close(idlest, 'proxy-exit');
    }
    const recording = new HttpRecording(this.dataDir, this.upstream, transport, this.onEnded);
    this.all.add(recording);
    register(recording);
    this.onSession(recording);
    return recording;
  }

  /** A session in use now: the last to be ended for room. */
  private used(recording: HttpRecording): HttpRecording {
    this.all.delete(recording);
    this.all.add(recording);
    return recording;
  }

  get upstreamUrl(): URL {
    return this.upstream;
  }
}

/** One exchange's copy, told by the relay in order: request body, response head, chunks, end (or a failure). */
class ExchangeCopy implements ExchangeWatcher {
  private recording: HttpRecording | undefined;
  private entry: HttpEntry;
  private isJsonRpc = false;
  private sentInitialize = false;
  private decoder: Transform | undefined;
  private body: { chunks: Buffer[]; bytes: number; keep: 'message' | 'text' } | undefined;
  private sse: SseReader | undefined;
  private status = 0;
  /** A session id the tap had not seen the server issue when the request came: the server's answer says whether it is one. */
  private readonly unconfirmedId: string | undefined;
  /** The request's part of the record, kept until the server has answered an unconfirmed id. */
  private pendingRequest: (() => void) | undefined;

  constructor(
    private readonly exchanges: HttpExchanges,
    private readonly start: ExchangeStart,
  ) {
    this.entry = { method: start.method, url: new URL(start.path, exchanges.upstreamUrl).href, durationMs: 0, requestHeaders: start.headers };
    const sessionId = start.headers['mcp-session-id'];
    if (sessionId && !exchanges.knows(sessionId)) this.unconfirmedId = sessionId;
  }

  requestEnded(body: Buffer | undefined, bytes: number): void {
    const text = body?.toString('utf8') ?? '';
    const messages = text ? jsonRpcMessages(text) : [];
    this.isJsonRpc = messages.length > 0;
    this.sentInitialize = messages.some((m) => m.method === 'initialize');
    const rpcIds = messages.flatMap((m) => (m.method !== undefined && isRpcId(m.id) ? [m.id] : []));
    if (rpcIds.length) this.entry.rpcIds = rpcIds;
    const record = () => {
      this.recording?.learn(this.start.headers);
      if (body === undefined) this.recording?.overlong('host', bytes);
      else if (this.isJsonRpc) this.recording?.fromHost(text);
      else if (text) this.entry.requestBody = cut(text);
    };
    if (this.unconfirmedId === undefined) {
      this.recording = this.exchanges.route(this.start, messages);
      record();
    } else if (this.status === 0) this.pendingRequest = record;
    else record();
  }

  responded(head: ResponseHead): void {
    this.status = head.status;
    this.entry = { ...this.entry, status: head.status, durationMs: head.durationMs, responseHeaders: head.headers };
    if (this.unconfirmedId !== undefined) {
      this.recording = this.exchanges.adopt(this.unconfirmedId, head.status >= 200 && head.status < 300);
      this.pendingRequest?.();
      this.pendingRequest = undefined;
    }
    const sessionId = head.headers['mcp-session-id'];
    if (sessionId && this.sentInitialize && this.recording) this.exchanges.named(this.recording, sessionId);
    const type = head.headers['content-type'] ?? '';
    const isOk = head.status >= 200 && head.status < 300;
    if (type.includes('text/event-stream') && isOk) {
      this.sse = new SseReader(
        (event) => this.event(event.event, event.data),
        (chars) => this.recording?.overlong('server', chars),
      );
    } else if (isOk && this.isJsonRpc && type.includes('json')) this.body = { chunks: [], bytes: 0, keep: 'message' };
    else if (!isOk || !this.isJsonRpc) this.body = { chunks: [], bytes: 0, keep: 'text' };
    // An entry that keeps its body waits for it; the others are logged now, before the messages they carry.
    if (this.body?.keep !== 'text') this.recording?.exchange(this.entry);
    const decode = decoderFor(head.headers['content-encoding']);
    if (decode) {
      this.decoder = decode;
      decode.on('data', (chunk: Buffer) => this.take(chunk));
      decode.on('error', () => (this.decoder = undefined));
    }
  }

  responseChunk(chunk: Buffer): void {
    if (this.decoder) this.decoder.write(chunk);
    else this.take(chunk);
  }

  responseEnded(how: 'complete' | 'host-closed' | 'server-broke'): void {
    const finish = () => {
      this.sse?.end();
      if (this.body) {
        const text = Buffer.concat(this.body.chunks, this.body.bytes).toString('utf8');
        if (this.body.keep === 'message') {
          if (this.body.bytes > MAX_MESSAGE_BYTES) this.recording?.overlong('server', this.body.bytes);
          else if (text.trim()) this.recording?.fromServer(text);
        } else {
          if (text) this.entry.responseBody = cut(text);
          this.recording?.exchange(this.entry);
        }
      }
      const recording = this.recording;
      if (!recording || recording.ended) return;
      const isOk = this.status >= 200 && this.status < 300;
      if (this.start.method === 'DELETE' && isOk) this.exchanges.close(recording, 'transport-closed');
      // The old transport's stream is its connection: when it ends, so does the session.
      else if (recording.transport === 'sse' && this.start.method === 'GET')
        this.exchanges.close(recording, how === 'host-closed' ? 'transport-closed' : 'server-exit');
    };
    if (this.decoder) {
      this.decoder.once('end', finish);
      this.decoder.once('error', finish);
      this.decoder.end();
    } else finish();
  }

  failed(error: string, durationMs: number): void {
    this.entry = { ...this.entry, durationMs, error };
    this.recording?.exchange(this.entry);
  }

  private take(chunk: Buffer): void {
    if (this.sse) return this.sse.push(chunk);
    if (!this.body) return;
    this.body.bytes += chunk.length;
    const cap = this.body.keep === 'message' ? MAX_MESSAGE_BYTES : BODY_LIMIT_CHARS * 4;
    if (this.body.bytes <= cap) this.body.chunks.push(Buffer.from(chunk));
  }

  private event(type: string, data: string): void {
    if (type === 'endpoint' && this.start.method === 'GET' && !this.recording) {
      const endpoint = new URL(data.trim(), new URL(this.start.path, 'http://tap.invalid'));
      this.recording = this.exchanges.openLegacy(`${endpoint.pathname}${endpoint.search}`);
      this.recording.learn(this.start.headers);
      this.recording.exchange(this.entry);
      return;
    }
    // Only `message` events carry JSON-RPC; the SDKs ignore others, and so does the record.
    if (type !== 'message' || !data.trim()) return;
    if (!this.recording) {
      this.recording = this.exchanges.sessionlessFor();
      this.recording?.exchange(this.entry);
    }
    this.recording?.fromServer(data);
  }
}

/** The largest JSON body read whole for the record. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** The JSON-RPC messages of a body (one, or a batch); none when it is not JSON-RPC. */
function jsonRpcMessages(text: string): Record<string, unknown>[] {
  if (!text.includes('"jsonrpc"')) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const messages = list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m));
    return messages.some((m) => 'jsonrpc' in m) ? messages : [];
  } catch {
    // Not JSON: the exchange is kept as text.
    return [];
  }
}

const isRpcId = (id: unknown): id is RpcId => typeof id === 'string' || typeof id === 'number';

function cut(text: string): string {
  return text.length > BODY_LIMIT_CHARS ? `${text.slice(0, BODY_LIMIT_CHARS)}… (cut at ${BODY_LIMIT_CHARS} characters)` : text;
}

/**
 * A session's HTTP exchanges as a HAR 1.2 file, for a browser's network panel or
 * any HAR viewer. Everything in it is read from the log as it was written there:
 * URLs, headers and bodies carry the log's redaction, never more. The log keeps a
 * JSON-RPC body as its rpc-out and rpc-in entries rather than on the exchange, so
 * those bodies are put back from the entries that carry the exchange's ids (a
 * notification or an answer to the server has none: each POST without ids takes the next one sent).
 * A POST answered with an event stream gets every message the log ties to that stream, in the
 * order they came: the server's requests made during the request (an elicitation names its call,
 * whose round in flight names its id), progress for its token, then the responses.
 */
import type { Entry, Har, Header } from 'har-format';
import type { EventOf, JsonRpcMessage, LogEvent } from '../wire/events';
import { idKey, StoryIndex } from '../wire/story-index';

/** The entries a HAR is made of; a reader keeps only these from a long file. */
export function isHarEntry(event: LogEvent): boolean {
  return (
    event.kind === 'http' ||
    event.kind === 'rpc-out' ||
    event.kind === 'rpc-in' ||
    event.kind === 'call-round' ||
    (event.kind === 'elicitation' && event.origin.kind === 'push')
  );
}

export function sessionToHar(events: readonly LogEvent[], creator: { name: string; version: string }): Har {
  const requests = new Map<string, JsonRpcMessage>();
  const streams = new StreamMessages(events);
  for (const event of events) {
    // The client's requests: the server's own requests share no id space with these.
    if (event.kind === 'rpc-out' && isRequest(event.message)) requests.set(idKey(event.message.id), event.message);
  }
  // The client's other messages (notifications, its answers to the server's requests) carry no id of its own: each is
  // logged as it is sent, its exchange when the response comes, so each POST without ids takes the oldest not yet taken.
  const others: JsonRpcMessage[] = [];
  const entries: { entry: Entry; startedAt: number }[] = [];
  for (const event of events) {
    if (event.kind === 'rpc-out' && !isRequest(event.message)) others.push(event.message);
    if (event.kind !== 'http') continue;
    const isOther = event.method === 'POST' && !event.rpcIds?.length && event.requestBody === undefined;
    const other = isOther ? others.shift() : undefined;
    entries.push({ entry: entryOf(event, requests, streams, other ? [other] : []), startedAt: event.at - event.durationMs });
  }
  // HAR 1.2 lists entries by start; the log writes an exchange when its response headers come, and a
  // request answered late (a call waiting on a person) is logged after requests that started later.
  entries.sort((a, b) => a.startedAt - b.startedAt);
  return { log: { version: '1.2', creator, entries: entries.map(({ entry }) => entry) } };
}

function entryOf(event: EventOf<'http'>, requests: Map<string, JsonRpcMessage>, streams: StreamMessages, other: JsonRpcMessage[]): Entry {
  const ids = (event.rpcIds ?? []).map(idKey);
  const asked = pick(requests, ids);
  const sent = event.requestBody ?? rpcBody(asked) ?? rpcBody(other);
  const isOk = event.status !== undefined && event.status >= 200 && event.status < 300;
  const responseType = header(event.responseHeaders, 'content-type') ?? '';
  const isStream = responseType.includes('text/event-stream');
  const carried = isOk ? streams.of(asked, isStream) : [];
  const received = event.responseBody ?? (carried.length ? (isStream ? sseBody(carried) : rpcBody(carried)) : undefined);
  const notes = [
    event.error && `Failed: ${event.error}`,
    event.requestBody === undefined && sent !== undefined && 'JSON-RPC request body put back from the session log.',
    event.responseBody === undefined &&
      received !== undefined &&
      (isStream
        ? "The stream's messages put back from the session log, in the order they came: the server's requests made for this request, its progress, the responses (log messages are in the log)."
        : 'JSON-RPC responses put back from the session log.'),
  ].filter((note): note is string => typeof note === 'string');
  const started = event.at - event.durationMs;
  return {
    startedDateTime: new Date(started).toISOString(),
    time: event.durationMs,
    request: {
      method: event.method,
      url: harUrl(event.url),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headers(event.requestHeaders),
      queryString: queryOf(event.url),
      headersSize: -1,
      bodySize: sent === undefined ? 0 : Buffer.byteLength(sent),
      ...(sent !== undefined && { postData: { mimeType: header(event.requestHeaders, 'content-type') ?? 'application/json', text: sent } }),
    },
    response: {
      status: event.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headers(event.responseHeaders ?? {}),
      content: {
        size: received === undefined ? 0 : Buffer.byteLength(received),
        mimeType: responseType || 'x-unknown',
        ...(received !== undefined && { text: received }),
      },
      redirectURL: header(event.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    // The log measures the time to the response headers, as one wait; the rest is not measured.
    timings: { send: 0, wait: event.durationMs, receive: 0 },
    ...(notes.length && { comment: notes.join(' ') }),
  };
}

function pick(messages: Map<string, JsonRpcMessage>, ids: string[]): JsonRpcMessage[] {
  return ids.flatMap((id) => {
    const message = messages.get(id);
    return message ? [message] : [];
  });
}

/**
 * The messages from the server that the log ties to the requests of one POST. Streamable HTTP (2025
 * era) sends a server's request made while handling ours on our request's stream: the inspector logs
 * it as an elicitation of the call it belongs to, and the call's rounds name the requests it sent.
 */
class StreamMessages {
  /** Every message from the server, in the order it came. */
  private readonly received: JsonRpcMessage[] = [];
  /** Our request id → the places in `received` of the messages for it: its response, the server's requests made for it. */
  private readonly byId = new Map<string, number[]>();
  private readonly byProgressToken = new Map<string, number[]>();

  constructor(events: readonly LogEvent[]) {
    // The server's request ids are its own, and a server may use one again (a stateless one starts from 0 on
    // each POST): which request of ours a request of its was made for is the story's, linked in the order logged.
    const story = new StoryIndex();
    for (const event of events) story.add(event);
    for (const event of events) {
      if (event.kind !== 'rpc-in') continue;
      const { message } = event;
      const place = this.received.push(message) - 1;
      if (message.method === 'notifications/progress') {
        const token = progressTokenOf(message);
        if (token !== undefined) add(this.byProgressToken, token, place);
      } else if (isRequest(message)) {
        // Made during the round of its elicitation's call that was in flight (a retry is a new POST).
        const round = story.roundOf(event.seq);
        if (round !== undefined) add(this.byId, idKey(round), place);
      } else if (!('method' in message) && 'id' in message) add(this.byId, idKey(message.id), place);
    }
  }

  /** The messages of the stream that answered `asked`, in the order they came; without a stream, only the responses. */
  of(asked: JsonRpcMessage[], isStream: boolean): JsonRpcMessage[] {
    const places = new Set<number>();
    for (const request of asked) {
      for (const place of this.byId.get(idKey(request.id)) ?? []) places.add(place);
      const token = progressTokenOf(request);
      if (isStream && token !== undefined) for (const place of this.byProgressToken.get(token) ?? []) places.add(place);
    }
    return [...places]
      .sort((x, y) => x - y)
      .map((place) => this.received[place])
      .filter((message) => isStream || !('method' in message));
  }
}

function add(index: Map<string, number[]>, key: string, place: number): void {
  const places = index.get(key);
  if (places) places.push(place);
  else index.set(key, [place]);
}

/** A request's `_meta.progressToken`, or a progress notification's `progressToken`, as a key (1 and "1" are two tokens). */
function progressTokenOf(message: JsonRpcMessage): string | undefined {
  const params = message.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const record = params as { progressToken?: unknown; _meta?: { progressToken?: unknown } };
  const token = message.method === 'notifications/progress' ? record.progressToken : record._meta?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? idKey(token) : undefined;
}

function isRequest(message: JsonRpcMessage): boolean {
  return 'method' in message && 'id' in message;
}

function rpcBody(messages: JsonRpcMessage[]): string | undefined {
  if (!messages.length) return undefined;
  return JSON.stringify(messages.length === 1 ? messages[0] : messages);
}

function sseBody(messages: JsonRpcMessage[]): string {
  return messages.map((message) => `event: message\ndata: ${JSON.stringify(message)}\n\n`).join('');
}

function headers(record: Record<string, string>): Header[] {
  return Object.entries(record).map(([name, value]) => ({ name, value }));
}

function header(record: Record<string, string> | undefined, name: string): string | undefined {
  if (!record) return undefined;
  const found = Object.keys(record).find((key) => key.toLowerCase() === name);
  return found === undefined ? undefined : record[found];
}

/**
 * The logged URL as a URI: the log's `[redacted]` marks are percent-encoded after the
 * host (a HAR viewer wants a URI; `queryString` shows the values decoded, as logged).
 */
function harUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url; // a URL the log could not keep whole: as logged
  }
  // The path, query and fragment as logged (a redaction marker in them stays readable), after the
  // authority as written: URL lower-cases the host, so it cannot be searched for in the raw text.
  const authorityStart = url.indexOf('//') + 2;
  const pathStart = url.slice(authorityStart).search(/[/?#]/);
  const rest = pathStart === -1 ? '' : url.slice(authorityStart + pathStart);
  return `${parsed.protocol}//${parsed.host}${rest.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`;
}

function queryOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return []; // a URL the log could not keep whole (cut or redacted): no query to list
  }
}

/**
 * A session's HTTP exchanges as a HAR 1.2 file, for a browser's network panel or
 * any HAR viewer. Everything in it is read from the log as it was written there:
 * URLs, headers and bodies carry the log's redaction, never more. The log keeps a
 * JSON-RPC body as its rpc-out and rpc-in entries rather than on the exchange, so
 * those bodies are put back from the entries that carry the exchange's ids (a
 * notification or an answer to the server has none: each POST without ids takes the next one sent).
 */
import type { Entry, Har, Header } from 'har-format';
import type { EventOf, JsonRpcMessage, LogEvent } from '../wire/events';

/** The entries a HAR is made of; a reader keeps only these from a long file. */
export function isHarEntry(event: LogEvent): boolean {
  return event.kind === 'http' || event.kind === 'rpc-out' || event.kind === 'rpc-in';
}

export function sessionToHar(events: readonly LogEvent[], creator: { name: string; version: string }): Har {
  const requests = new Map<string, JsonRpcMessage>();
  const responses = new Map<string, JsonRpcMessage>();
  for (const event of events) {
    // The client's requests and the server's answers to them: the server's own requests share no id space with these.
    if (event.kind === 'rpc-out' && isRequest(event.message)) requests.set(idOf(event.message), event.message);
    if (event.kind === 'rpc-in' && !('method' in event.message) && 'id' in event.message) responses.set(idOf(event.message), event.message);
  }
  // The client's other messages (notifications, its answers to the server's requests) carry no id of its own: each is
  // logged as it is sent, its exchange when the response comes, so each POST without ids takes the oldest not yet taken.
  const others: JsonRpcMessage[] = [];
  const entries: Entry[] = [];
  for (const event of events) {
    if (event.kind === 'rpc-out' && !isRequest(event.message)) others.push(event.message);
    if (event.kind !== 'http') continue;
    const isOther = event.method === 'POST' && !event.rpcIds?.length && event.requestBody === undefined;
    const other = isOther ? others.shift() : undefined;
    entries.push(entryOf(event, requests, responses, other ? [other] : []));
  }
  return { log: { version: '1.2', creator, entries } };
}

function entryOf(event: EventOf<'http'>, requests: Map<string, JsonRpcMessage>, responses: Map<string, JsonRpcMessage>, other: JsonRpcMessage[]): Entry {
  const ids = (event.rpcIds ?? []).map(String);
  const sent = event.requestBody ?? rpcBody(pick(requests, ids)) ?? rpcBody(other);
  const isOk = event.status !== undefined && event.status >= 200 && event.status < 300;
  const answers = isOk ? pick(responses, ids) : [];
  const responseType = header(event.responseHeaders, 'content-type') ?? '';
  const received = event.responseBody ?? (answers.length ? (responseType.includes('text/event-stream') ? sseBody(answers) : rpcBody(answers)) : undefined);
  const notes = [
    event.error && `Failed: ${event.error}`,
    event.requestBody === undefined && sent !== undefined && 'JSON-RPC request body put back from the session log.',
    event.responseBody === undefined &&
      received !== undefined &&
      'JSON-RPC responses put back from the session log (a stream carried them; other messages on it are in the log).',
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

function isRequest(message: JsonRpcMessage): boolean {
  return 'method' in message && 'id' in message;
}

function idOf(message: JsonRpcMessage): string {
  return String(message.id);
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

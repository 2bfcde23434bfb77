import type { FetchLike } from '@modelcontextprotocol/client';
import { redactHeaders } from '../wire/target';
import { fetchWithoutDefaultLanguage } from './accept-language';
import type { RpcId } from './tap';

export type HttpExchange = {
  method: string;
  url: string;
  status?: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  rpcIds?: RpcId[];
  requestBody?: string;
  responseBody?: string;
  error?: string;
};

/** Bodies longer than this are kept cut, saying so: enough for any OAuth document or error. */
export const BODY_LIMIT_CHARS = 16_000;
/** How long the log waits for a body it keeps; a server that sends headers and then nothing must not hold the entry. */
const BODY_WAIT_MS = 5_000;

/** A server→client request seen on the response stream of one of our POSTs: it belongs to that POST's request. */
export type StreamRequest = { serverRequestId: RpcId; forRequestIds: RpcId[] };

/**
 * A fetch that reports each HTTP exchange the SDK's HTTP transports make:
 * method, URL, status, time to headers, headers with secrets redacted, and the
 * JSON-RPC ids in the request body. JSON-RPC bodies are not copied (the JSON-RPC
 * tap already logs every message); the bodies of every other exchange (OAuth's
 * documents, registration, token requests) and of error answers are, read from a
 * copy (redact.ts hides their credentials). It also reads a copy of each POST's event stream,
 * only to learn which of our requests a server's own request arrived under
 * (Streamable HTTP sends it on that request's stream).
 */
export function tappedFetch(
  onExchange: (exchange: HttpExchange) => void,
  base: FetchLike = fetchWithoutDefaultLanguage(),
  onStreamRequest?: (seen: StreamRequest) => void,
): FetchLike {
  return async function tappedFetch(input, init) {
    const started = performance.now();
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = typeof input === 'string' ? input : input.href;
    const requestHeaders = redactHeaders(headersToRecord(init?.headers));
    const rpcIds = typeof init?.body === 'string' ? idsInBody(init.body) : undefined;
    const sentText = bodyText(init?.body);
    const isJsonRpc = sentText !== undefined && isJsonRpcBody(sentText);
    const requestBody = sentText && !isJsonRpc ? cut(sentText) : undefined;
    try {
      let response = await base(input, init);
      const isStream = response.headers.get('content-type')?.includes('text/event-stream');
      const keepsBody = !isStream && (!isJsonRpc || response.status >= 400);
      const responseBody = keepsBody ? await readBody(response.clone()) : undefined;
      if (onStreamRequest && method === 'POST' && rpcIds?.length && isStream && response.body) {
        const [forSdk, forUs] = response.body.tee();
        void watchStream(forUs, rpcIds, onStreamRequest);
        response = new Response(forSdk, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      onExchange({
        method,
        url,
        status: response.status,
        durationMs: round(performance.now() - started),
        requestHeaders,
        responseHeaders: redactHeaders(headersToRecord(response.headers)),
        rpcIds,
        ...(requestBody && { requestBody }),
        ...(responseBody && { responseBody }),
      });
      return response;
    } catch (error) {
      onExchange({
        method,
        url,
        durationMs: round(performance.now() - started),
        requestHeaders,
        rpcIds,
        ...(requestBody && { requestBody }),
        error: String(error),
      });
      throw error;
    }
  };
}

function headersToRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function idsInBody(body: string): RpcId[] | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    // Only requests: a response we post carries the server's id, from the other id space.
    const ids = messages
      .map((m) => (typeof m === 'object' && m !== null && 'id' in m && 'method' in m ? (m as { id: unknown }).id : undefined))
      .filter((id): id is RpcId => typeof id === 'string' || typeof id === 'number');
    return ids.length ? ids : undefined;
  } catch {
    // Not JSON: nothing to correlate, and the body is the SDK's, not ours to judge.
    return undefined;
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function bodyText(body: RequestInit['body'] | undefined): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

function isJsonRpcBody(body: string): boolean {
  if (!body.includes('"jsonrpc"')) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
    return messages.some((m) => typeof m === 'object' && m !== null && 'jsonrpc' in m);
  } catch {
    // Not JSON at all: not a JSON-RPC body.
    return false;
  }
}

function cut(text: string): string {
  return text.length > BODY_LIMIT_CHARS ? `${text.slice(0, BODY_LIMIT_CHARS)}… (cut at ${BODY_LIMIT_CHARS} characters)` : text;
}

/** Up to BODY_LIMIT_CHARS of a response copy's body, waiting at most BODY_WAIT_MS; never throws. */
async function readBody(copy: Response): Promise<string | undefined> {
  if (!copy.body) return undefined;
  const reader = copy.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), BODY_WAIT_MS)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next === 'timeout') return `${text}… (no more within ${BODY_WAIT_MS / 1000} s)`;
      if (next.done) return text || undefined;
      text += decoder.decode(next.value, { stream: true });
      if (text.length > BODY_LIMIT_CHARS) return cut(text);
    }
  } catch {
    // The body broke off: what arrived is what there is, and the SDK reports the break from its own copy.
    return text || undefined;
  } finally {
    clearTimeout(timer);
    void reader.cancel().catch(() => {
      // Already closed or errored: nothing left to release.
    });
  }
}

/** Read SSE `data:` lines for JSON-RPC requests (a method and an id). Never throws: a broken stream is the SDK's to report. */
async function watchStream(body: ReadableStream<Uint8Array>, forRequestIds: RpcId[], onStreamRequest: (seen: StreamRequest) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        // Only requests matter here; a response (a large tool result, say) is left to the SDK to parse.
        if (!line.startsWith('data:') || !line.includes('"method"')) continue;
        try {
          const message = JSON.parse(line.slice(5)) as { method?: unknown; id?: unknown };
          if (typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')) {
            onStreamRequest({ serverRequestId: message.id, forRequestIds });
          }
        } catch {
          // Not JSON (a keep-alive, a partial multi-line event): nothing to learn from it.
        }
      }
    }
  } catch {
    // The stream was aborted or broke; the SDK sees the same and reports it.
  }
}

import type { FetchLike } from '@modelcontextprotocol/client';
import { redactHeaders } from '../wire/target';
import type { RpcId } from './tap';

export type HttpExchange = {
  method: string;
  url: string;
  status?: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  rpcIds?: RpcId[];
  error?: string;
};

/**
 * A fetch that reports each HTTP exchange the SDK's HTTP transports make:
 * method, URL, status, time to headers, headers with secrets redacted, and the
 * JSON-RPC ids in the request body. Bodies are not copied: the JSON-RPC tap
 * already logs every message.
 */
export function tappedFetch(onExchange: (exchange: HttpExchange) => void, base: FetchLike = fetch): FetchLike {
  return async function tappedFetch(input, init) {
    const started = performance.now();
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = typeof input === 'string' ? input : input.href;
    const requestHeaders = redactHeaders(headersToRecord(init?.headers));
    const rpcIds = typeof init?.body === 'string' ? idsInBody(init.body) : undefined;
    try {
      const response = await base(input, init);
      onExchange({
        method,
        url,
        status: response.status,
        durationMs: round(performance.now() - started),
        requestHeaders,
        responseHeaders: redactHeaders(headersToRecord(response.headers)),
        rpcIds,
      });
      return response;
    } catch (error) {
      onExchange({ method, url, durationMs: round(performance.now() - started), requestHeaders, rpcIds, error: String(error) });
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
    const ids = messages
      .map((m) => (typeof m === 'object' && m !== null && 'id' in m ? (m as { id: unknown }).id : undefined))
      .filter((id): id is RpcId => typeof id === 'string' || typeof id === 'number');
    return ids.length ? ids : undefined;
  } catch {
    // Not JSON: nothing to correlate, and the body is the SDK's, not ours to judge.
    return undefined;
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

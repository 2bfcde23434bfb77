/**
 * Rule 1 of redact.ts for one log entry, by kind. Apart from redact.ts, which knows
 * strings, URLs and headers but not entries, so events.ts can use it without a circle.
 */
import type { NewLogEvent, RpcError, WireError } from './events';
import { redactBody, redactHeaders, redactUrl, redactUrlsInText } from './redact';

/** How deep error details are walked; deeper parts are left as they are. */
const MAX_DETAIL_DEPTH = 8;

/**
 * Rule 1 for one entry, by kind: the fields where the inspector records URLs,
 * headers and its own (or the SDK's) error text. JSON-RPC messages, stderr and
 * elicitations pass untouched (rule 2 still applies to them).
 */
export function redactEvent(event: NewLogEvent): NewLogEvent {
  switch (event.kind) {
    case 'http':
      return {
        ...event,
        url: redactUrl(event.url),
        requestHeaders: redactHeaders(event.requestHeaders),
        ...(event.responseHeaders && { responseHeaders: redactHeaders(event.responseHeaders) }),
        ...(event.requestBody !== undefined && { requestBody: redactBody(event.requestBody) }),
        ...(event.responseBody !== undefined && { responseBody: redactBody(event.responseBody) }),
        ...(event.error !== undefined && { error: redactUrlsInText(event.error) }),
      };
    case 'sdk-error':
      return { ...event, message: redactUrlsInText(event.message) };
    case 'proxy-error':
      return { ...event, error: redactWireError(event.error) };
    case 'session-state':
      return event.state === 'closed' && event.error ? { ...event, error: redactWireError(event.error) } : event;
    case 'call-end':
      // A WireError (string code) is the proxy's own text; a JSON-RPC error (number code) is the server's.
      return event.error && isWireError(event.error) ? { ...event, error: redactWireError(event.error) } : event;
    default:
      return event;
  }
}

function isWireError(error: WireError | RpcError): error is WireError {
  return typeof error.code === 'string';
}

function redactWireError(error: WireError): WireError {
  return {
    ...error,
    message: redactUrlsInText(error.message),
    ...(error.detail !== undefined && { detail: mapStrings(error.detail, redactUrlsInText, MAX_DETAIL_DEPTH) }),
  };
}

/** Each string in `value` (keys too) through `map`, `depth` levels down; deeper parts are left as they are. */
function mapStrings(value: unknown, map: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return map(value);
  if (depth === 0 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[map(key)] = mapStrings(item, map, depth - 1);
  return out;
}

/**
 * The JSON-RPC messages of one call, found by id. Our requests and the server's
 * requests have ids of their own (each side numbers its own), so a response is
 * matched to a request going the other way.
 */
import type { EventOf, LogEvent } from '@wire/events';
import { idKey } from '@wire/story-index';

type Message = EventOf<'rpc-in'> | EventOf<'rpc-out'>;

export type MessageIndex = {
  /** Requests the inspector sent (each round of the call). */
  ourRequests: Map<string, Message>;
  /** The server's responses to them. */
  serverResponses: Map<string, Message>;
  /** Requests the server sent (2025 pushed elicitation/create). */
  serverRequests: Map<string, Message>;
  /** Our responses to those. */
  ourResponses: Map<string, Message>;
  /** notifications/cancelled we sent, by the id of the request they cancel. */
  cancelsSent: Map<string, Message>;
};

export function indexMessages(events: readonly LogEvent[]): MessageIndex {
  const index: MessageIndex = {
    ourRequests: new Map(),
    serverResponses: new Map(),
    serverRequests: new Map(),
    ourResponses: new Map(),
    cancelsSent: new Map(),
  };
  for (const event of events) {
    if (event.kind !== 'rpc-in' && event.kind !== 'rpc-out') continue;
    const { message } = event;
    const isOurs = event.kind === 'rpc-out';
    const hasId = message.id !== undefined && message.id !== null;
    const method = typeof message.method === 'string' ? message.method : undefined;
    let target: Map<string, Message> | undefined;
    let key = idKey(message.id);
    if (method && hasId) target = isOurs ? index.ourRequests : index.serverRequests;
    else if (hasId) target = isOurs ? index.ourResponses : index.serverResponses;
    else if (isOurs && method === 'notifications/cancelled' && message.params && typeof message.params === 'object' && 'requestId' in message.params) {
      target = index.cancelsSent;
      key = idKey(message.params.requestId);
    }
    // The first one counts: a server that answers twice does not move the end of a request.
    if (target && !target.has(key)) target.set(key, event);
  }
  return index;
}

/** "1,502 ms": whole milliseconds with a thousands separator, the same in every locale. */
export function formatMs(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ms`;
}

/** A duration where room is short (inside a span, a call row's split): milliseconds up to 10 s, then seconds ("12.3 s"). */
export function formatShortMs(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  return whole < 10_000 ? formatMs(whole) : `${(whole / 1000).toFixed(1)} s`;
}

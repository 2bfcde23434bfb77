/**
 * SEP-2792 on the way out: the person's language (the Language setting, an
 * `Accept-Language` value) on every request the client sends, whoever made it (the version
 * probe, initialize, lists, calls, input_required retries), as
 * `params._meta["io.modelcontextprotocol/acceptLanguage"]`. Over HTTP the
 * transport also sends the same characters as `Accept-Language` (client-factory.ts),
 * which the proposal asks to agree exactly with the `_meta` value; with no
 * language, no HTTP request carries the header at all.
 */
import type { FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import { ACCEPT_LANGUAGE_META_KEY } from '../wire/proposals';

/** The request with the language added to its `params._meta` (kept whatever else `_meta` holds); notifications and responses as they are. */
export function withAcceptLanguage(message: JSONRPCMessage, language: string): JSONRPCMessage {
  if (!language || !('method' in message) || !('id' in message)) return message;
  const params: Record<string, unknown> = message.params ?? {};
  const meta = typeof params._meta === 'object' && params._meta !== null ? (params._meta as Record<string, unknown>) : {};
  return { ...message, params: { ...params, _meta: { ...meta, [ACCEPT_LANGUAGE_META_KEY]: language } } };
}

/** The language a request asked for, if it carries one (what the server saw). */
export function acceptLanguageOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta: unknown = Reflect.get(params, '_meta');
  if (typeof meta !== 'object' || meta === null) return undefined;
  const value: unknown = Reflect.get(meta, ACCEPT_LANGUAGE_META_KEY);
  return typeof value === 'string' ? value : undefined;
}

/** Where Node's fetch (undici) keeps the dispatcher it sends every request through, set when its fetch first loads. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

type Dispatcher = { dispatch: (options: { headers?: unknown }, handler: unknown) => boolean };

/** Request headers as undici hands them to a dispatcher (a record, or a flat name, value list) without `accept-language`. */
function withoutAcceptLanguage(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    const kept: unknown[] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() !== 'accept-language') kept.push(headers[i], headers[i + 1]);
    return kept;
  }
  if (typeof headers !== 'object' || headers === null) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'accept-language'));
}

function isDispatcher(value: unknown): value is Dispatcher {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'dispatch') === 'function';
}

/** A dispatcher in front of `inner` (the caller's, else Node's own) that drops the `Accept-Language` fetch added. */
function languageFreeDispatcher(inner: Dispatcher | undefined): Dispatcher {
  return {
    dispatch(options, handler) {
      // Read at dispatch time: Node's fetch sets its global dispatcher when it first loads, which is before this runs.
      const target = inner ?? (Reflect.get(globalThis, GLOBAL_DISPATCHER) as Dispatcher | undefined);
      if (!target) throw new Error("Node's fetch has no dispatcher to send the request through");
      return target.dispatch({ ...options, headers: withoutAcceptLanguage(options.headers) }, handler);
    },
  };
}

/**
 * Node's fetch, minus the `Accept-Language: *` it adds to any request that names no
 * language (the Fetch standard lets a user agent add one; undici always does). A
 * client that sends no preference sends no header, as SEP-2792 and the Language
 * setting's "empty sends none" mean; a request that names one keeps it as given.
 */
export function fetchWithoutDefaultLanguage(base: FetchLike = fetch): FetchLike {
  return function fetchWithoutDefaultLanguage(input, init) {
    if (new Headers(init?.headers).has('accept-language')) return base(input, init);
    const own: unknown = init === undefined ? undefined : Reflect.get(init, 'dispatcher');
    return base(input, { ...init, dispatcher: languageFreeDispatcher(isDispatcher(own) ? own : undefined) } as RequestInit);
  };
}

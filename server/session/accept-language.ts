/**
 * SEP-2792 on the way out: the person's language (the Language setting, one
 * BCP 47 tag) on every request the client sends, whoever made it (the version
 * probe, initialize, lists, calls, input_required retries), as
 * `params._meta["io.modelcontextprotocol/acceptLanguage"]`. Over HTTP the
 * transport also sends the same bytes as `Accept-Language` (client-factory.ts),
 * which the proposal asks to be a byte-for-byte mirror of the `_meta` value.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
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

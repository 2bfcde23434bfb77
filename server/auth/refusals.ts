/**
 * What the log says when a server refuses what the inspector sent during OAuth:
 * the resource server refusing the access token (401 invalid_token, as after a
 * revocation), an authorization server refusing a refresh (invalid_grant), a
 * registration or a token request. Read from the logged exchange (its status,
 * its challenge header, its body), in the server's own words.
 */
import type { EventOf } from '../wire/events';
import { redactUrl } from '../wire/redact';

/** What is read of a logged HTTP exchange. */
export type LoggedExchange = Pick<EventOf<'http'>, 'method' | 'url' | 'status' | 'requestHeaders' | 'responseHeaders' | 'requestBody' | 'responseBody'>;

type RefusalStep = { step: 'refused'; message: string; detail: Record<string, unknown> };

/** The `refused` step for this exchange, or undefined when it refused nothing (or another entry already says it). */
export function describeRefusal(exchange: LoggedExchange): RefusalStep | undefined {
  if (exchange.status === undefined || exchange.status < 400) return undefined;
  const { error, description } = oauthErrorOf(exchange);
  const said = `HTTP ${exchange.status}${error ? ` ${error}` : ''}${description ? ` (${description})` : ''}`;
  // The step-up entry says this one.
  if (exchange.status === 403 && error === 'insufficient_scope') return undefined;
  if (exchange.status === 401 && (!error || error === 'invalid_token')) {
    // Without a token it is the challenge that starts a sign-in, not a refusal.
    if (exchange.requestHeaders.authorization === undefined) return undefined;
    return { step: 'refused', message: `The server refused the access token: ${said}.`, detail: { status: exchange.status, ...(error && { error }) } };
  }
  if (!error) return undefined;
  const url = redactUrl(exchange.url);
  const isRefresh = /(^|&)grant_type=refresh_token(&|$)/.test(exchange.requestBody ?? '');
  return {
    step: 'refused',
    message: `${isRefresh ? 'The refresh was refused' : 'Refused'} by ${exchange.method} ${url}: ${said}.`,
    detail: { status: exchange.status, error, ...(description && { description }), url },
  };
}

/** The OAuth error of a refusal: the JSON body's `error` (RFC 6749), else the WWW-Authenticate challenge's (RFC 6750). */
function oauthErrorOf(exchange: LoggedExchange): { error?: string; description?: string } {
  try {
    const parsed: unknown = JSON.parse(exchange.responseBody ?? '');
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string') {
      const description = 'error_description' in parsed && typeof parsed.error_description === 'string' ? parsed.error_description : undefined;
      return { error: parsed.error, ...(description && { description }) };
    }
  } catch {
    // No JSON body (or none kept): the challenge header may still say.
  }
  const challenge = exchange.responseHeaders?.['www-authenticate'] ?? '';
  const error = /\berror="([^"]*)"/.exec(challenge)?.[1];
  const description = /\berror_description="([^"]*)"/.exec(challenge)?.[1];
  return { ...(error && { error }), ...(description && { description }) };
}

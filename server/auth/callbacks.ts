/**
 * The one place an authorization server's redirect comes back to: the proxy's
 * `/oauth/callback` route (loopback, the port the proxy runs on) hands the
 * query to whichever sign-in is waiting for that `state`. A state is 256
 * random bits, used once; an unknown one is refused, so a page elsewhere
 * cannot push a code of its choosing into a session.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const CALLBACK_PATH = '/oauth/callback';

let callbackOrigin: string | undefined;
const waiting = new Map<string, (params: URLSearchParams) => void>();

/** Set by the proxy once it listens; unset (headless runs) the redirect is followed by the proxy itself. */
export function setCallbackOrigin(origin: string | undefined): void {
  callbackOrigin = origin?.replace(/\/$/, '');
}

/** The redirect URI the inspector registers: its own callback, or a port-less loopback one for headless runs. */
export function callbackUrl(): string {
  return `${callbackOrigin ?? 'http://127.0.0.1'}${CALLBACK_PATH}`;
}

/** No page can follow the authorization URL: the run has to complete it without a person. */
export function isHeadless(): boolean {
  return callbackOrigin === undefined;
}

/** Wait for the redirect that carries `state`; returns a function that stops waiting. */
export function awaitCallback(state: string, deliver: (params: URLSearchParams) => void): () => void {
  waiting.set(state, deliver);
  return () => void waiting.delete(state);
}

export type CallbackOutcome = 'delivered' | 'no-state' | 'unknown-state';

/** Hand a redirect's query to the sign-in that waits for its state (once). */
export function deliverCallback(params: URLSearchParams): CallbackOutcome {
  const state = params.get('state');
  if (!state) return 'no-state';
  const match = findState(state);
  if (match === undefined) return 'unknown-state';
  const deliver = waiting.get(match);
  waiting.delete(match);
  deliver?.(params);
  return 'delivered';
}

/** Compares digests in constant time, so response timing says nothing about a waiting state. */
function findState(given: string): string | undefined {
  const givenDigest = createHash('sha256').update(given).digest();
  let found: string | undefined;
  for (const state of waiting.keys()) {
    if (timingSafeEqual(createHash('sha256').update(state).digest(), givenDigest)) found = state;
  }
  return found;
}

/**
 * The authorization step of a sign-in: the person opens the authorization URL
 * and the authorization server redirects back to the proxy's callback
 * (callbacks.ts), or, in a headless run, the proxy follows the URL itself
 * (headless-approve.ts). Either way the redirect's query comes back.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { awaitCallback, callbackUrl } from './callbacks';
import { approveWithoutPerson } from './headless-approve';

/** How long a sign-in may wait for the person before the connect gives up. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

export type RedirectWait = {
  /** The redirect's query: a code, or the authorization server's error. */
  params: Promise<URLSearchParams>;
  /** Stop waiting for the person (the session ended); rejects `params`. Does nothing once it has come. */
  stop: () => void;
};

export function awaitRedirect(url: URL, state: string, headless: boolean, fetchFn: FetchLike): RedirectWait {
  if (headless) return { params: approveWithoutPerson(url, callbackUrl(), fetchFn), stop: () => {} };
  let stop = () => {};
  const params = new Promise<URLSearchParams>((resolve, reject) => {
    const timer = setTimeout(() => end(new Error(`No sign-in within ${SIGN_IN_TIMEOUT_MS / 60_000} minutes.`)), SIGN_IN_TIMEOUT_MS);
    timer.unref();
    const unregister = awaitCallback(state, (query) => {
      clearTimeout(timer);
      resolve(query);
    });
    const end = (reason: Error) => {
      clearTimeout(timer);
      unregister();
      reject(reason);
    };
    stop = () => end(new Error('The session ended before the sign-in finished.'));
  });
  return { params, stop };
}

/**
 * Completing an authorization without a person, for headless runs: request the
 * authorization URL as a browser would, follow its redirects, and stop at the
 * one that comes back to our redirect URI. Works when the authorization server
 * approves at once (a test server, a pre-approved client); a login or consent
 * page ends it with a sentence saying so.
 */
import type { FetchLike } from '@modelcontextprotocol/client';

const MAX_REDIRECTS = 10;

export class HeadlessSignInError extends Error {}

export async function approveWithoutPerson(authorizationUrl: URL, redirectUri: string, fetchFn: FetchLike): Promise<URLSearchParams> {
  const expected = new URL(redirectUri);
  let next = authorizationUrl;
  for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
    const response = await fetchFn(next, { redirect: 'manual' });
    // Only the headers matter; the body would otherwise hold the connection open.
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, next);
      // Loopback redirect URIs match on any port (RFC 8252), so compare host and path.
      if (target.hostname === expected.hostname && target.pathname === expected.pathname) return target.searchParams;
      next = target;
      continue;
    }
    const what = response.status === 200 ? 'a page (a login or consent screen)' : `HTTP ${response.status}`;
    throw new HeadlessSignInError(
      `The authorization server answered with ${what} at ${next.origin}${next.pathname}, not a redirect back: a run without a person cannot sign in there. Sign in once from the page with "Keep tokens", or use client credentials.`,
    );
  }
  throw new HeadlessSignInError(`The authorization server redirected more than ${MAX_REDIRECTS} times without coming back to the inspector.`);
}

/**
 * What a 401 or 403 says about signing in: the challenge in its
 * WWW-Authenticate header, and whether the server says where to sign in
 * (asked through the doctor's discovery, sign-in-discovery.ts, which is the one
 * the SDK's auth() runs, so the two never disagree about a server), in the
 * words of the sign-in's `challenge` entry.
 */
import { extractWWWAuthenticateParams, type FetchLike, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { discoverSignIn } from './sign-in-discovery';

export type Challenge = { status: number; resourceMetadataUrl?: URL; scope?: string; error?: string };

/** The challenge of a refused response; undefined for any other status. */
export function readChallenge(response: Response): Challenge | undefined {
  if (response.status !== 401 && response.status !== 403) return undefined;
  return { status: response.status, ...extractWWWAuthenticateParams(response) };
}

/** The challenge's parameters as the SDK's auth() takes them. */
export function challengeParams(challenge: Challenge | undefined): { resourceMetadataUrl?: URL; scope?: string } {
  return {
    ...(challenge?.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
    ...(challenge?.scope && { scope: challenge.scope }),
  };
}

export type ChallengeReading = {
  hasMetadata: boolean;
  /** A 2025-03-26 server's own authorization server, when that is where to sign in (legacy-discovery.ts). */
  legacyState?: OAuthDiscoveryState;
  /** The `challenge` entry that says what was found. */
  entry: { message: string; scopeAsked?: string };
};

/** Whether the server that answered `challenge` says where to sign in. */
export async function readSignInChallenge(serverUrl: string, challenge: Challenge | undefined, fetchFn: FetchLike): Promise<ChallengeReading> {
  const status = challenge?.status ?? 401;
  const resourceMetadataUrl = challenge?.resourceMetadataUrl;
  const scopeAsked = challenge?.scope;
  const found = await discoverSignIn(new URL(serverUrl), { ...(resourceMetadataUrl && { resourceMetadataUrl }), fetchFn });
  if (!found.hasMetadata) {
    return {
      hasMetadata: false,
      entry: {
        message: `The server answered HTTP ${status} and publishes no OAuth protected-resource metadata (${found.why}), so it takes its token some other way.`,
      },
    };
  }
  if (found.legacy)
    return { hasMetadata: true, legacyState: found.state, entry: { message: `The server answered HTTP ${status}. ${found.legacy}`, scopeAsked } };
  const servers = found.state.resourceMetadata?.authorization_servers?.join(', ') ?? 'none named';
  return {
    hasMetadata: true,
    entry: { message: `The server answered HTTP ${status} and says where to sign in (authorization server: ${servers}).`, scopeAsked },
  };
}

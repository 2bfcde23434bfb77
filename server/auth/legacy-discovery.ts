/**
 * A 2025-03-26 server publishes no protected-resource metadata (RFC 9728 came
 * with 2025-06-18): it is its own authorization server, at its origin, with its
 * RFC 8414 metadata at `/.well-known/oauth-authorization-server` there (or, with
 * none, the default `/authorize`, `/token` and `/register`, which the SDK's
 * auth() falls back to by itself). This finds that metadata for a sign-in.
 *
 * Such servers often name an `issuer` other than the origin the metadata was
 * read from, which RFC 8414 §3.3 forbids and the SDK refuses. An issuer on the
 * same origin is taken, and the sign-in says so: the server is then its own
 * authorization server whatever it calls itself, so no other server's metadata
 * can be mixed in. An issuer on another origin is refused, as the SDK would.
 */
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  type FetchLike,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/client';

export type LegacyDiscovery = { found: true; state: OAuthDiscoveryState; message: string } | { found: false; why: string };

export async function discoverLegacySignIn(serverUrl: URL, fetchFn: FetchLike): Promise<LegacyDiscovery> {
  try {
    await discoverOAuthProtectedResourceMetadata(serverUrl, {}, fetchFn);
    return { found: false, why: 'the server publishes protected-resource metadata, so it is no 2025-03-26 server' };
  } catch {
    // No protected-resource metadata: the 2025-03-26 rules apply.
  }
  const origin = new URL('/', serverUrl).href;
  let metadata;
  try {
    metadata = await discoverAuthorizationServerMetadata(origin, { fetchFn, skipIssuerValidation: true });
  } catch (error) {
    return { found: false, why: error instanceof Error ? error.message : String(error) };
  }
  if (!metadata) return { found: false, why: `no authorization server metadata at ${origin}` };
  const where = `${origin}.well-known/oauth-authorization-server`;
  const state: OAuthDiscoveryState = { authorizationServerUrl: origin, authorizationServerMetadata: metadata };
  if (metadata.issuer === origin || metadata.issuer === origin.slice(0, -1)) {
    return {
      found: true,
      state,
      message: `No protected-resource metadata: as a 2025-03-26 server, it is its own authorization server (metadata at ${where}).`,
    };
  }
  if (!URL.canParse(metadata.issuer) || new URL(metadata.issuer).origin !== serverUrl.origin) {
    return { found: false, why: `the metadata at ${where} names the issuer ${JSON.stringify(metadata.issuer)}, on another origin (RFC 8414 §3.3)` };
  }
  return {
    found: true,
    state,
    message:
      `No protected-resource metadata: as a 2025-03-26 server, it is its own authorization server. Its metadata at ${where} ` +
      `names the issuer ${metadata.issuer}, not ${origin} as RFC 8414 §3.3 requires; taken, since it is on the server's own origin.`,
  };
}

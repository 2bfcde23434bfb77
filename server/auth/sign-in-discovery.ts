/**
 * What a sign-in would find before it asks anyone anything: the server's
 * protected-resource metadata (RFC 9728), its authorization server's metadata
 * (RFC 8414), and how this client could register there. The same SDK discovery
 * the sign-in's auth() runs, described in the words of the sign-in's own log
 * (describeMetadata), so the doctor and the Sign-in panel say the same thing.
 */
import { discoverOAuthServerInfo, type FetchLike, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { discoverLegacySignIn } from './legacy-discovery';
import { describeMetadata } from './oauth-steps';

export type SignInDiscovery =
  | { hasMetadata: false; why: string }
  | {
      hasMetadata: true;
      state: OAuthDiscoveryState;
      /** How this client can register: dynamic registration, a client ID metadata document, or only a client the server already knows. */
      registration: 'dynamic' | 'metadata-document' | 'pre-registered';
      /** The sign-in's own sentence for what it found, then how it would register. */
      summary: string;
      /** A 2025-03-26 server, its own authorization server (legacy-discovery.ts): what the sign-in says about it. */
      legacy?: string;
    };

const REGISTRATION_TEXT: Record<'dynamic' | 'metadata-document' | 'pre-registered', string> = {
  dynamic: 'The inspector can register itself (dynamic client registration).',
  'metadata-document': 'The inspector can sign in with a client ID metadata document (--oauth-client-metadata-url); no dynamic registration.',
  'pre-registered': 'No dynamic registration: sign in with a client the server already knows (--oauth-client-id).',
};

export async function discoverSignIn(serverUrl: URL, options: { resourceMetadataUrl?: URL; fetchFn?: FetchLike } = {}): Promise<SignInDiscovery> {
  let info: Awaited<ReturnType<typeof discoverOAuthServerInfo>> | undefined;
  let why = 'no protected-resource metadata';
  try {
    info = await discoverOAuthServerInfo(serverUrl, options);
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  let state: OAuthDiscoveryState;
  let legacy: string | undefined;
  if (info?.resourceMetadata) {
    state = {
      authorizationServerUrl: info.authorizationServerUrl,
      resourceMetadata: info.resourceMetadata,
      authorizationServerMetadata: info.authorizationServerMetadata,
      ...(options.resourceMetadataUrl && { resourceMetadataUrl: options.resourceMetadataUrl.href }),
    };
  } else {
    // Without protected-resource metadata, a 2025-03-26 server is its own authorization server when its
    // origin publishes the metadata; with none there either, it takes its token some other way (a 401 stands).
    const found = await discoverLegacySignIn(serverUrl, options.fetchFn ?? fetch);
    if (!found.found) return { hasMetadata: false, why: info ? why : `${why}; ${found.why}` };
    state = found.state;
    legacy = found.message;
  }
  const server = state.authorizationServerMetadata;
  const registration = server?.registration_endpoint
    ? 'dynamic'
    : server && 'client_id_metadata_document_supported' in server && server.client_id_metadata_document_supported === true
      ? 'metadata-document'
      : 'pre-registered';
  const summary = `${legacy ?? describeMetadata(state).message} ${REGISTRATION_TEXT[registration]}`;
  return { hasMetadata: true, state, registration, summary, ...(legacy && { legacy }) };
}

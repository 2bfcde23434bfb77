/**
 * What a sign-in would find before it asks anyone anything: the server's
 * protected-resource metadata (RFC 9728), its authorization server's metadata
 * (RFC 8414), and how this client could register there. The same SDK discovery
 * the sign-in's auth() runs, described in the words of the sign-in's own log
 * (describeMetadata), so the doctor and the Sign-in panel say the same thing.
 */
import { discoverOAuthServerInfo, type FetchLike, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
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
    };

const REGISTRATION_TEXT: Record<'dynamic' | 'metadata-document' | 'pre-registered', string> = {
  dynamic: 'The inspector can register itself (dynamic client registration).',
  'metadata-document': 'The inspector can sign in with a client ID metadata document (--oauth-client-metadata-url); no dynamic registration.',
  'pre-registered': 'No dynamic registration: sign in with a client the server already knows (--oauth-client-id).',
};

export async function discoverSignIn(serverUrl: URL, options: { resourceMetadataUrl?: URL; fetchFn?: FetchLike } = {}): Promise<SignInDiscovery> {
  let info: Awaited<ReturnType<typeof discoverOAuthServerInfo>>;
  try {
    info = await discoverOAuthServerInfo(serverUrl, options);
  } catch (error) {
    return { hasMetadata: false, why: error instanceof Error ? error.message : String(error) };
  }
  // Without protected-resource metadata the SDK guesses the server's own origin as the authorization
  // server; the sign-in treats that server as not using OAuth (a 401 stands), and so does this.
  if (!info.resourceMetadata) return { hasMetadata: false, why: 'no protected-resource metadata' };
  const state: OAuthDiscoveryState = {
    authorizationServerUrl: info.authorizationServerUrl,
    resourceMetadata: info.resourceMetadata,
    authorizationServerMetadata: info.authorizationServerMetadata,
    ...(options.resourceMetadataUrl && { resourceMetadataUrl: options.resourceMetadataUrl.href }),
  };
  const server = info.authorizationServerMetadata;
  const registration = server?.registration_endpoint
    ? 'dynamic'
    : server && 'client_id_metadata_document_supported' in server && server.client_id_metadata_document_supported === true
      ? 'metadata-document'
      : 'pre-registered';
  return { hasMetadata: true, state, registration, summary: `${describeMetadata(state).message} ${REGISTRATION_TEXT[registration]}` };
}

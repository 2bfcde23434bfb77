/** What the log says about discovery and tokens: the facts a person checks, never a secret. */
import type { OAuthDiscoveryState, StoredOAuthTokens } from '@modelcontextprotocol/client';

type StepText = { message: string; scopeGranted?: string; expiresAt?: number; detail?: Record<string, unknown> };

export function describeMetadata(state: OAuthDiscoveryState): StepText {
  const resource = state.resourceMetadata;
  const server = state.authorizationServerMetadata;
  const detail: Record<string, unknown> = {
    authorizationServer: state.authorizationServerUrl,
    ...(state.resourceMetadataUrl && { resourceMetadataUrl: state.resourceMetadataUrl }),
    ...(resource && { resource: resource.resource, scopesSupported: resource.scopes_supported }),
    ...(server && {
      issuer: server.issuer,
      authorizationEndpoint: server.authorization_endpoint,
      tokenEndpoint: server.token_endpoint,
      registrationEndpoint: server.registration_endpoint,
      grantTypes: server.grant_types_supported,
      codeChallengeMethods: server.code_challenge_methods_supported,
      clientIdMetadataDocument: 'client_id_metadata_document_supported' in server ? server.client_id_metadata_document_supported : undefined,
    }),
  };
  const found = [
    resource ? 'protected-resource metadata' : undefined,
    server ? 'authorization-server metadata' : 'no authorization-server metadata (default endpoints)',
  ]
    .filter(Boolean)
    .join(' and ');
  return { message: `Found ${found} at ${state.authorizationServerUrl}.`, detail: withoutUndefined(detail) };
}

export function describeTokens(tokens: StoredOAuthTokens, savedAt: number, isRefresh: boolean): StepText {
  const expiresAt = typeof tokens.expires_in === 'number' ? savedAt + tokens.expires_in * 1000 : undefined;
  const expiry = expiresAt === undefined ? 'no expiry given' : `expires in ${tokens.expires_in} s`;
  const scope = tokens.scope ? `scope ${tokens.scope}` : 'no scope named';
  const refresh = tokens.refresh_token ? 'with a refresh token' : 'no refresh token';
  return {
    message: `${isRefresh ? 'Tokens refreshed' : 'Signed in'}: ${scope}, ${expiry}, ${refresh}.`,
    ...(tokens.scope && { scopeGranted: tokens.scope }),
    ...(expiresAt !== undefined && { expiresAt }),
    detail: { tokenType: tokens.token_type, hasRefreshToken: Boolean(tokens.refresh_token) },
  };
}

/**
 * Tokens an earlier sign-in left (in memory for a Reconnect, or in the data dir with
 * keepTokens): in use from the first request, so no 401 comes and nothing else says so.
 */
export function describeKeptTokens(tokens: StoredOAuthTokens, savedAt: number | undefined, where: 'memory' | 'file', now: number): StepText {
  const expiresAt = typeof tokens.expires_in === 'number' && savedAt !== undefined ? savedAt + tokens.expires_in * 1000 : undefined;
  const expiry =
    expiresAt === undefined
      ? 'no expiry given'
      : expiresAt > now
        ? `expires in ${Math.round((expiresAt - now) / 1000)} s`
        : 'expired (renewed when the server asks)';
  const scope = tokens.scope ? `scope ${tokens.scope}` : 'no scope named';
  const from = where === 'file' ? 'kept in the data dir by an earlier run (--keep-tokens)' : 'kept from an earlier session of this server';
  return {
    message: `Using the tokens ${from}, no sign-in asked: ${scope}, ${expiry}. Sign out forgets them.`,
    ...(tokens.scope && { scopeGranted: tokens.scope }),
    ...(expiresAt !== undefined && { expiresAt }),
    detail: { tokenType: tokens.token_type, hasRefreshToken: Boolean(tokens.refresh_token), keptIn: where, ...(savedAt !== undefined && { savedAt }) },
  };
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

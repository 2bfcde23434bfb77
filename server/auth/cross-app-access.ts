/**
 * Cross-app access (SEP-990, Enterprise-Managed Authorization): the person's
 * ID token from the enterprise identity provider is exchanged there for an
 * authorization grant (an ID-JAG, RFC 8693 token exchange) naming this MCP
 * server's authorization server and resource; that server's authorization
 * server then turns the grant into tokens (RFC 7523 JWT bearer grant). Both
 * requests are the SDK's; this chooses between a given token endpoint and
 * the one the identity provider's metadata names.
 */
import { discoverAndRequestJwtAuthGrant, requestJwtAuthorizationGrant, type FetchLike } from '@modelcontextprotocol/client';
import type { IdpOptions } from '../wire/oauth';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export type GrantRequest = { authorizationServer: string; resource: string; scope: string | undefined; fetchFn: FetchLike };

/** The authorization grant (a JWT) the identity provider issues for this server's authorization server and resource. */
export async function requestAuthorizationGrant(idp: IdpOptions, request: GrantRequest): Promise<string> {
  const common = {
    audience: request.authorizationServer,
    resource: request.resource,
    idToken: idp.idToken,
    clientId: idp.clientId,
    ...(idp.clientSecret && { clientSecret: idp.clientSecret }),
    ...(request.scope && { scope: request.scope }),
    fetchFn: request.fetchFn,
  };
  const result = idp.tokenEndpoint
    ? await requestJwtAuthorizationGrant({ ...common, tokenEndpoint: idp.tokenEndpoint })
    : await discoverAndRequestJwtAuthGrant({ ...common, idpUrl: idp.issuer ?? '' });
  return result.jwtAuthGrant;
}

/** Where the exchange goes, for the log. */
export function idpWhere(idp: IdpOptions): string {
  return idp.tokenEndpoint ?? `the token endpoint of ${idp.issuer ?? 'the identity provider'}`;
}

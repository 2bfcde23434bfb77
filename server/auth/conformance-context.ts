/**
 * The OAuth options the MCP conformance suite hands its client for a scenario
 * (MCP_CONFORMANCE_CONTEXT: a pre-registered client's id and its secret or
 * private key, an enterprise identity provider's ID token for cross-app access,
 * and the scenario's name, which says whether the grant is client credentials).
 */
import { z } from 'zod';
import type { OAuthOptions } from '../wire/oauth';

const ContextSchema = z
  .object({
    name: z.string().optional(),
    client_id: z.string().min(1),
    client_secret: z.string().min(1).optional(),
    private_key_pem: z.string().min(1).optional(),
    signing_algorithm: z.string().min(1).optional(),
    idp_id_token: z.string().min(1).optional(),
    idp_client_id: z.string().min(1).optional(),
    idp_client_secret: z.string().min(1).optional(),
    idp_issuer: z.string().min(1).optional(),
    idp_token_endpoint: z.string().min(1).optional(),
  })
  .loose();

/** MCP_CONFORMANCE_CONTEXT as JSON; undefined when it is absent or not JSON (the scenario then hands over nothing). */
export function parseConformanceContext(json: string | undefined): unknown {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

export function oauthFromConformanceContext(json: string | undefined, scenario: string): OAuthOptions | undefined {
  // No context, or not JSON: the scenario gives no client, and the flow registers one itself.
  const context = ContextSchema.safeParse(parseConformanceContext(json));
  if (!context.success) return undefined;
  const given = context.data;
  const isMachine = (given.name ?? scenario).startsWith('auth/client-credentials');
  const idp = given.idp_id_token &&
    given.idp_client_id &&
    (given.idp_issuer || given.idp_token_endpoint) && {
      idToken: given.idp_id_token,
      clientId: given.idp_client_id,
      ...(given.idp_client_secret && { clientSecret: given.idp_client_secret }),
      ...(given.idp_issuer && { issuer: given.idp_issuer }),
      ...(given.idp_token_endpoint && { tokenEndpoint: given.idp_token_endpoint }),
    };
  return {
    clientId: given.client_id,
    ...(given.client_secret && { clientSecret: given.client_secret }),
    ...(given.private_key_pem && { privateKey: given.private_key_pem }),
    ...(given.signing_algorithm && { signingAlgorithm: given.signing_algorithm }),
    grant: idp ? 'cross_app_access' : isMachine ? 'client_credentials' : 'authorization_code',
    ...(idp && { idp }),
    keepTokens: false,
  };
}

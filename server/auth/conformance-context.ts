/**
 * The OAuth options the MCP conformance suite hands its client for a scenario
 * (MCP_CONFORMANCE_CONTEXT: a pre-registered client's id and secret, and the
 * scenario's name, which says whether the grant is client credentials).
 */
import { z } from 'zod';
import type { OAuthOptions } from '../wire/oauth';

const ContextSchema = z.object({ name: z.string().optional(), client_id: z.string().min(1), client_secret: z.string().min(1).optional() }).loose();

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
  const isMachine = (context.data.name ?? scenario).startsWith('auth/client-credentials');
  return {
    clientId: context.data.client_id,
    ...(context.data.client_secret && { clientSecret: context.data.client_secret }),
    grant: isMachine ? 'client_credentials' : 'authorization_code',
    keepTokens: false,
  };
}

/** OAuth 2.1 for HTTP and SSE targets: the options a target carries, and what the log says about each step. */
import { z } from 'zod';
import { REDACTED } from './redact';

export const OAuthOptionsSchema = z.object({
  /** A client id the authorization server already knows; without one the inspector registers itself (or uses clientMetadataUrl). */
  clientId: z.string().min(1).optional(),
  /** The pre-registered client's secret. Lives only in the proxy's memory; summaries show it redacted. */
  clientSecret: z.string().min(1).optional(),
  /** An https URL of a client ID metadata document, used as the client id where the authorization server supports it. */
  clientMetadataUrl: z.string().optional(),
  /** `client_credentials` signs in as a machine (clientId and clientSecret), with no person and no redirect. */
  grant: z.enum(['authorization_code', 'client_credentials']).default('authorization_code'),
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope: z.string().optional(),
  /** Keep tokens in the data dir (file mode 0600) for the next run; by default they live in memory only. */
  keepTokens: z.boolean().default(false),
});
export type OAuthOptions = z.infer<typeof OAuthOptionsSchema>;

/** The `detail.oauthError` of a call's `unauthorized` end when the server refused it for scope (HTTP 403 insufficient_scope). */
export const SCOPE_REFUSED = 'insufficient_scope';

/** A call's error that is a scope refusal: the server wants a wider scope than the token carries, and no sign-in granted it. */
export function isScopeRefusal(error: { code: string | number; detail?: unknown } | undefined): boolean {
  const detail = error?.detail;
  return error?.code === 'unauthorized' && typeof detail === 'object' && detail !== null && 'oauthError' in detail && detail.oauthError === SCOPE_REFUSED;
}

export function summarizeOAuth(options: OAuthOptions): OAuthOptions {
  return options.clientSecret ? { ...options, clientSecret: REDACTED } : options;
}

export const OAuthStepSchema = z.enum([
  /** The server answered 401 (or 403) and says where to sign in. */
  'challenge',
  /** Protected-resource and authorization-server metadata found. */
  'metadata',
  /** The client is known to the authorization server: registered now, pre-registered, or a metadata document URL. */
  'registration',
  /** A person must open the authorization URL (or a headless run follows it). */
  'authorize',
  /** The authorization server redirected back to the inspector's callback. */
  'callback',
  /** Tokens received for an authorization code or client credentials. */
  'token',
  /** Tokens renewed with the refresh token. */
  'refresh',
  /** Tokens from an earlier sign-in (kept in memory, or with keepTokens in the data dir) are in use: no sign-in was asked. */
  'kept',
  /** The server asked for a wider scope (403 insufficient_scope). */
  'step-up',
  /** A server refused what the inspector sent: the access token (401 invalid_token), a refresh (invalid_grant), a registration, a token request. */
  'refused',
  /** The tokens were forgotten at the person's request. */
  'signed-out',
  /** A step failed; `message` says which and why. */
  'failed',
]);
export type OAuthStep = z.infer<typeof OAuthStepSchema>;

/** The fields of an `oauth` log entry. Secrets (tokens, codes, verifiers, client secrets) never appear in it. */
export const OAuthEventFields = {
  kind: z.literal('oauth'),
  step: OAuthStepSchema,
  /** One sentence for people. */
  message: z.string(),
  /** The URL to open in a browser (step `authorize`). */
  authorizationUrl: z.string().optional(),
  /** Scopes asked for, space-separated. */
  scopeAsked: z.string().optional(),
  /** Scopes the authorization server granted, space-separated. */
  scopeGranted: z.string().optional(),
  /** When the access token expires, epoch ms (proxy clock). */
  expiresAt: z.number().optional(),
  /** Step facts: issuer, endpoints, client id, grant types… */
  detail: z.record(z.string(), z.unknown()).optional(),
};

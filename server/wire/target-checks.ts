/**
 * What the command line checks before the schemas load: the protocol choices, a root's URI and
 * OAuth options that must go together. Zod-free, so that `elicitation-inspector` parses its
 * arguments and listens before zod is read; target.ts and oauth.ts build their schemas on these.
 */
export const PROTOCOL_CHOICES = ['auto', '2026-07-28', '2025-11-25', '2025-06-18'] as const;
export type ProtocolChoice = (typeof PROTOCOL_CHOICES)[number];

/** A root's URI: the spec allows only file:// URIs. */
export const ROOT_URI_MAX = 4096;
export const ROOT_URI_PATTERN = /^file:\/\//;
export const ROOT_URI_MESSAGE = 'a root is a file:// URI';

/** Why `uri` cannot be a root (as RootSchema says it), or undefined when it can. */
export function rootUriProblem(uri: string): string | undefined {
  if (uri.length > ROOT_URI_MAX) return `Too big: expected string to have <=${ROOT_URI_MAX} characters`;
  return ROOT_URI_PATTERN.test(uri) ? undefined : ROOT_URI_MESSAGE;
}

/** The parts of OAuthOptions (oauth.ts) that must go together. */
type OAuthGrantParts = {
  grant?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  idp?: { issuer?: string; tokenEndpoint?: string };
};

/** What is missing for the grant these options ask for, or undefined when they are complete. */
export function oauthOptionsProblem(options: OAuthGrantParts): string | undefined {
  if (options.privateKey && !options.clientId) return 'A private key signs for a client the authorization server already knows: give its client ID too.';
  if (options.grant === 'client_credentials' && !(options.clientId && (options.clientSecret || options.privateKey)))
    return 'Signing in as a machine needs the client ID and its secret or private key.';
  if (options.grant === 'cross_app_access') {
    if (!options.clientId) return 'Cross-app access needs the client ID this client has at the server’s authorization server.';
    if (!options.idp) return 'Cross-app access needs the identity provider: its ID token, client ID, and issuer or token endpoint.';
    if (!options.idp.issuer && !options.idp.tokenEndpoint) return 'Cross-app access needs the identity provider’s issuer URL or token endpoint.';
  }
  return undefined;
}

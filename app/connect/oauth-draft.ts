/** The connect form's OAuth fields, and their conversion to and from a target's `oauth` options. */
import type { OAuthOptions } from '@wire/oauth';

export type OAuthDraft = {
  clientId: string;
  /** Typed by the person only: a summary's secret is redacted, so a prefilled draft leaves it empty. */
  clientSecret: string;
  /** A PKCS#8 PEM key for private_key_jwt; like the secret, typed by the person only. */
  privateKey: string;
  clientMetadataUrl: string;
  scope: string;
  isClientCredentials: boolean;
  /** Cross-app access: the enterprise identity provider's ID token is exchanged for this server's tokens. */
  isCrossApp: boolean;
  idpIssuer: string;
  idpClientId: string;
  /** Typed by the person only, like the secrets. */
  idpClientSecret: string;
  idToken: string;
  keepTokens: boolean;
};

export const EMPTY_OAUTH_DRAFT: OAuthDraft = {
  clientId: '',
  clientSecret: '',
  privateKey: '',
  clientMetadataUrl: '',
  scope: '',
  isClientCredentials: false,
  isCrossApp: false,
  idpIssuer: '',
  idpClientId: '',
  idpClientSecret: '',
  idToken: '',
  keepTokens: false,
};

export function oauthDraftFrom(options: OAuthOptions | undefined): OAuthDraft {
  if (!options) return EMPTY_OAUTH_DRAFT;
  // The summary carries "[redacted]" for every credential; sending that back would sign in with a wrong one.
  return {
    ...EMPTY_OAUTH_DRAFT,
    clientId: options.clientId ?? '',
    clientMetadataUrl: options.clientMetadataUrl ?? '',
    scope: options.scope ?? '',
    isClientCredentials: options.grant === 'client_credentials',
    isCrossApp: options.grant === 'cross_app_access',
    idpIssuer: options.idp?.issuer ?? options.idp?.tokenEndpoint ?? '',
    idpClientId: options.idp?.clientId ?? '',
    keepTokens: options.keepTokens,
  };
}

/** The `oauth` options to send (undefined when nothing is set), or what is missing. */
export function oauthFromDraft(draft: OAuthDraft): { oauth: OAuthOptions | undefined } | { error: string } {
  const clientId = draft.clientId.trim();
  const clientSecret = draft.clientSecret.trim();
  const privateKey = draft.privateKey.trim();
  const clientMetadataUrl = draft.clientMetadataUrl.trim();
  const scope = draft.scope.trim().split(/\s+/).filter(Boolean).join(' ');
  if (privateKey && !clientId) return { error: 'A private key signs for a client the authorization server already knows: give its OAuth client ID too.' };
  if (draft.isClientCredentials && !(clientId && (clientSecret || privateKey))) {
    return { error: 'Signing in as a machine needs the OAuth client ID and its secret or private key.' };
  }
  const idp = draft.isCrossApp ? idpFromDraft(draft) : undefined;
  if (idp && 'error' in idp) return idp;
  if (idp && !clientId) return { error: 'Cross-app access needs the OAuth client ID this client has at the server’s authorization server.' };
  const isEmpty = !clientId && !clientSecret && !privateKey && !clientMetadataUrl && !scope;
  if (isEmpty && !draft.isClientCredentials && !draft.isCrossApp && !draft.keepTokens) return { oauth: undefined };
  return {
    oauth: {
      ...(clientId && { clientId }),
      ...(clientSecret && { clientSecret }),
      ...(privateKey && { privateKey }),
      ...(clientMetadataUrl && { clientMetadataUrl }),
      ...(scope && { scope }),
      grant: idp ? 'cross_app_access' : draft.isClientCredentials ? 'client_credentials' : 'authorization_code',
      ...(idp && { idp }),
      keepTokens: draft.keepTokens,
    },
  };
}

function idpFromDraft(draft: OAuthDraft): NonNullable<OAuthOptions['idp']> | { error: string } {
  const issuer = draft.idpIssuer.trim();
  const clientId = draft.idpClientId.trim();
  const clientSecret = draft.idpClientSecret.trim();
  const idToken = draft.idToken.trim();
  if (!issuer || !clientId || !idToken) return { error: 'Cross-app access needs the identity provider’s issuer URL, its client ID and the ID token.' };
  return { issuer, clientId, idToken, ...(clientSecret && { clientSecret }) };
}

export function sameOAuthDraft(a: OAuthDraft, b: OAuthDraft): boolean {
  return (Object.keys(EMPTY_OAUTH_DRAFT) as (keyof OAuthDraft)[]).every((key) => a[key] === b[key]);
}

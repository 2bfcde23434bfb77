/** The connect form's OAuth fields, and their conversion to and from a target's `oauth` options. */
import type { OAuthOptions } from '@wire/oauth';

export type OAuthDraft = {
  clientId: string;
  /** Typed by the person only: a summary's secret is redacted, so a prefilled draft leaves it empty. */
  clientSecret: string;
  clientMetadataUrl: string;
  scope: string;
  isClientCredentials: boolean;
  keepTokens: boolean;
};

export const EMPTY_OAUTH_DRAFT: OAuthDraft = {
  clientId: '',
  clientSecret: '',
  clientMetadataUrl: '',
  scope: '',
  isClientCredentials: false,
  keepTokens: false,
};

export function oauthDraftFrom(options: OAuthOptions | undefined): OAuthDraft {
  if (!options) return EMPTY_OAUTH_DRAFT;
  return {
    clientId: options.clientId ?? '',
    // The summary carries "[redacted]"; sending that back would sign in with a wrong secret.
    clientSecret: '',
    clientMetadataUrl: options.clientMetadataUrl ?? '',
    scope: options.scope ?? '',
    isClientCredentials: options.grant === 'client_credentials',
    keepTokens: options.keepTokens,
  };
}

/** The `oauth` options to send (undefined when nothing is set), or what is missing. */
export function oauthFromDraft(draft: OAuthDraft): { oauth: OAuthOptions | undefined } | { error: string } {
  const clientId = draft.clientId.trim();
  const clientSecret = draft.clientSecret.trim();
  const clientMetadataUrl = draft.clientMetadataUrl.trim();
  const scope = draft.scope.trim().split(/\s+/).filter(Boolean).join(' ');
  if (draft.isClientCredentials && !(clientId && clientSecret)) return { error: 'Signing in as a machine needs the OAuth client ID and secret.' };
  if (!clientId && !clientSecret && !clientMetadataUrl && !scope && !draft.isClientCredentials && !draft.keepTokens) return { oauth: undefined };
  return {
    oauth: {
      ...(clientId && { clientId }),
      ...(clientSecret && { clientSecret }),
      ...(clientMetadataUrl && { clientMetadataUrl }),
      ...(scope && { scope }),
      grant: draft.isClientCredentials ? 'client_credentials' : 'authorization_code',
      keepTokens: draft.keepTokens,
    },
  };
}

export function sameOAuthDraft(a: OAuthDraft, b: OAuthDraft): boolean {
  return (
    a.clientId === b.clientId &&
    a.clientSecret === b.clientSecret &&
    a.clientMetadataUrl === b.clientMetadataUrl &&
    a.scope === b.scope &&
    a.isClientCredentials === b.isClientCredentials &&
    a.keepTokens === b.keepTokens
  );
}

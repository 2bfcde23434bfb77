/** The command line's OAuth flags for a --url target, read into the target's `oauth` options. */
import type { OAuthOptions } from '../wire/oauth';

export const OAUTH_ARG_OPTIONS = {
  'oauth-client-id': { type: 'string' },
  'oauth-client-secret': { type: 'string' },
  'oauth-client-metadata-url': { type: 'string' },
  'oauth-scope': { type: 'string' },
  'oauth-client-credentials': { type: 'boolean' },
  'keep-tokens': { type: 'boolean' },
} as const;

export const OAUTH_HELP = `OAuth (for --url; a server that answers 401 with OAuth metadata gets a sign-in anyway):
  --oauth-client-id <id>   A client the authorization server already knows (else it registers itself)
  --oauth-client-secret <secret>
                           That client's secret; kept in memory, never logged
  --oauth-client-metadata-url <https url>
                           A client ID metadata document, used where the server supports it
  --oauth-scope <scopes>   Scopes to ask for when neither the challenge nor the metadata names any
  --oauth-client-credentials
                           Sign in as a machine (client credentials, with the id and secret): no person
  --keep-tokens            Keep tokens in the data dir (oauth-tokens.json, mode 0600) for the next run`;

type OAuthArgValues = {
  'oauth-client-id'?: string;
  'oauth-client-secret'?: string;
  'oauth-client-metadata-url'?: string;
  'oauth-scope'?: string;
  'oauth-client-credentials'?: boolean;
  'keep-tokens'?: boolean;
};

/** The options the flags ask for, or undefined when none was given. */
export function oauthFromArgs(values: OAuthArgValues): OAuthOptions | undefined {
  const given = Object.keys(OAUTH_ARG_OPTIONS).some((name) => values[name as keyof OAuthArgValues] !== undefined);
  if (!given) return undefined;
  return {
    ...(values['oauth-client-id'] && { clientId: values['oauth-client-id'] }),
    ...(values['oauth-client-secret'] && { clientSecret: values['oauth-client-secret'] }),
    ...(values['oauth-client-metadata-url'] && { clientMetadataUrl: values['oauth-client-metadata-url'] }),
    ...(values['oauth-scope'] && { scope: values['oauth-scope'] }),
    grant: values['oauth-client-credentials'] ? 'client_credentials' : 'authorization_code',
    keepTokens: values['keep-tokens'] === true,
  };
}

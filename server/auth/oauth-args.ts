/** The command line's OAuth flags for a --url target, read into the target's `oauth` options. */
import { readFileSync } from 'node:fs';
import type { OAuthOptions } from '../wire/oauth';

export const OAUTH_ARG_OPTIONS = {
  'oauth-client-id': { type: 'string' },
  'oauth-client-secret': { type: 'string' },
  'oauth-private-key': { type: 'string' },
  'oauth-signing-alg': { type: 'string' },
  'oauth-client-metadata-url': { type: 'string' },
  'oauth-scope': { type: 'string' },
  'oauth-client-credentials': { type: 'boolean' },
  'oauth-idp-id-token': { type: 'string' },
  'oauth-idp-issuer': { type: 'string' },
  'oauth-idp-token-endpoint': { type: 'string' },
  'oauth-idp-client-id': { type: 'string' },
  'oauth-idp-client-secret': { type: 'string' },
  'keep-tokens': { type: 'boolean' },
} as const;

export const OAUTH_HELP = `OAuth (for --url; a server that answers 401 with OAuth metadata gets a sign-in anyway):
  --oauth-client-id <id>   A client the authorization server already knows (else it registers itself)
  --oauth-client-secret <secret>
                           That client's secret; kept in memory, never logged
  --oauth-private-key <pem file>
                           Sign token requests with this PKCS#8 key instead of a secret (private_key_jwt)
  --oauth-signing-alg <alg>
                           The key's JWS algorithm (RS256, ES256, EdDSA…); by default its type's
  --oauth-client-metadata-url <https url>
                           A client ID metadata document, used where the server supports it
  --oauth-scope <scopes>   Scopes to ask for when neither the challenge nor the metadata names any
  --oauth-client-credentials
                           Sign in as a machine (client credentials, with the id and secret or key): no person
  --oauth-idp-id-token <jwt>
                           Cross-app access: exchange this identity provider's ID token for the server's
                           tokens (RFC 8693, then a JWT bearer grant; with --oauth-client-id and -secret)
  --oauth-idp-issuer <url> | --oauth-idp-token-endpoint <url>
                           Where that identity provider is (its token endpoint is read from its metadata)
  --oauth-idp-client-id <id> [--oauth-idp-client-secret <secret>]
                           This client at the identity provider
  --keep-tokens            Keep tokens in the data dir (oauth-tokens.json, mode 0600) for the next run`;

type OAuthArgValues = { [name in keyof typeof OAUTH_ARG_OPTIONS]?: (typeof OAUTH_ARG_OPTIONS)[name]['type'] extends 'boolean' ? boolean : string };

/** The options the flags ask for, or undefined when none was given. Throws when the private key file cannot be read. */
export function oauthFromArgs(values: OAuthArgValues): OAuthOptions | undefined {
  const given = Object.keys(OAUTH_ARG_OPTIONS).some((name) => values[name as keyof OAuthArgValues] !== undefined);
  if (!given) return undefined;
  const idToken = values['oauth-idp-id-token'];
  const idpClientId = values['oauth-idp-client-id'];
  const isCrossApp =
    idToken !== undefined || idpClientId !== undefined || values['oauth-idp-issuer'] !== undefined || values['oauth-idp-token-endpoint'] !== undefined;
  if (isCrossApp && !(idToken && idpClientId)) throw new Error('Cross-app access needs --oauth-idp-id-token and --oauth-idp-client-id.');
  const privateKeyFile = values['oauth-private-key'];
  return {
    ...(values['oauth-client-id'] && { clientId: values['oauth-client-id'] }),
    ...(values['oauth-client-secret'] && { clientSecret: values['oauth-client-secret'] }),
    ...(privateKeyFile && { privateKey: readPrivateKey(privateKeyFile) }),
    ...(values['oauth-signing-alg'] && { signingAlgorithm: values['oauth-signing-alg'] }),
    ...(values['oauth-client-metadata-url'] && { clientMetadataUrl: values['oauth-client-metadata-url'] }),
    ...(values['oauth-scope'] && { scope: values['oauth-scope'] }),
    grant: isCrossApp ? 'cross_app_access' : values['oauth-client-credentials'] ? 'client_credentials' : 'authorization_code',
    ...(isCrossApp &&
      idToken &&
      idpClientId && {
        idp: {
          idToken,
          clientId: idpClientId,
          ...(values['oauth-idp-issuer'] && { issuer: values['oauth-idp-issuer'] }),
          ...(values['oauth-idp-token-endpoint'] && { tokenEndpoint: values['oauth-idp-token-endpoint'] }),
          ...(values['oauth-idp-client-secret'] && { clientSecret: values['oauth-idp-client-secret'] }),
        },
      }),
    keepTokens: values['keep-tokens'] === true,
  };
}

function readPrivateKey(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`--oauth-private-key: cannot read ${file} (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  if (!pem.includes('-----BEGIN PRIVATE KEY-----')) throw new Error(`--oauth-private-key: ${file} is not a PKCS#8 PEM key (-----BEGIN PRIVATE KEY-----).`);
  return pem.trim();
}

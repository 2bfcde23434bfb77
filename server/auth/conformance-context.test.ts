import { describe, expect, it } from 'vitest';
import { oauthFromConformanceContext } from './conformance-context';

describe('oauthFromConformanceContext', () => {
  it('a pre-registered client signs in with the authorization code; a client-credentials scenario as a machine', () => {
    const context = JSON.stringify({ name: 'auth/pre-registration', client_id: 'pre', client_secret: 's3cret' });
    expect(oauthFromConformanceContext(context, 'auth/pre-registration')).toEqual({
      clientId: 'pre',
      clientSecret: 's3cret',
      grant: 'authorization_code',
      keepTokens: false,
    });
    const machine = JSON.stringify({ name: 'auth/client-credentials-basic', client_id: 'm2m', client_secret: 'x' });
    expect(oauthFromConformanceContext(machine, 'auth/client-credentials-basic')?.grant).toBe('client_credentials');
  });

  it("a private key signs the client credentials; an identity provider's ID token makes it cross-app access", () => {
    const jwt = JSON.stringify({ client_id: 'svc', private_key_pem: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----', signing_algorithm: 'ES256' });
    expect(oauthFromConformanceContext(jwt, 'auth/client-credentials-jwt')).toEqual({
      clientId: 'svc',
      privateKey: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----',
      signingAlgorithm: 'ES256',
      grant: 'client_credentials',
      keepTokens: false,
    });
    const xaa = JSON.stringify({
      client_id: 'mcp',
      client_secret: 'm',
      idp_client_id: 'idp-client',
      idp_id_token: 'eyJ.id.token',
      idp_issuer: 'https://idp.example',
      idp_token_endpoint: 'https://idp.example/token',
    });
    expect(oauthFromConformanceContext(xaa, 'auth/cross-app-access-complete-flow')).toMatchObject({
      clientId: 'mcp',
      clientSecret: 'm',
      grant: 'cross_app_access',
      idp: { idToken: 'eyJ.id.token', clientId: 'idp-client', issuer: 'https://idp.example', tokenEndpoint: 'https://idp.example/token' },
    });
  });

  it('no context, broken JSON or no client id: no options', () => {
    expect(oauthFromConformanceContext(undefined, 'auth/x')).toBeUndefined();
    expect(oauthFromConformanceContext('{', 'auth/x')).toBeUndefined();
    expect(oauthFromConformanceContext('{"name":"auth/x"}', 'auth/x')).toBeUndefined();
  });
});

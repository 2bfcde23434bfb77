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

  it('no context, broken JSON or no client id: no options', () => {
    expect(oauthFromConformanceContext(undefined, 'auth/x')).toBeUndefined();
    expect(oauthFromConformanceContext('{', 'auth/x')).toBeUndefined();
    expect(oauthFromConformanceContext('{"name":"auth/x"}', 'auth/x')).toBeUndefined();
  });
});

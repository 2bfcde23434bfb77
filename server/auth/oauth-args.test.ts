import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../cli-args';

describe('the OAuth flags of a --url target', () => {
  it('a pre-registered client with its scope, tokens kept', () => {
    const options = parseCli([
      '--url',
      'https://mcp.example.com/mcp',
      '--oauth-client-id',
      'abc',
      '--oauth-client-secret',
      's3cret',
      '--oauth-scope',
      'read',
      '--keep-tokens',
    ]);
    expect(options.target).toMatchObject({ oauth: { clientId: 'abc', clientSecret: 's3cret', scope: 'read', grant: 'authorization_code', keepTokens: true } });
  });

  it('client credentials need an id and a secret; no flags, no options; a stdio command takes none', () => {
    const m2m = parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-client-credentials', '--oauth-client-id', 'm', '--oauth-client-secret', 's']);
    expect(m2m.target).toMatchObject({ oauth: { grant: 'client_credentials' } });
    expect(() => parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-client-credentials'])).toThrow(UsageError);
    expect(parseCli(['--url', 'https://mcp.example.com/mcp']).target).not.toHaveProperty('oauth');
    expect(() => parseCli(['--keep-tokens', '--', 'node', 'server.js'])).toThrow(/apply to --url/);
  });
});

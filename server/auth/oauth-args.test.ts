import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../cli-args';
import { signingAlgorithmFor } from './client-assertion';

const dir = mkdtempSync(join(tmpdir(), 'oauth-args-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, pem: string): string {
  const file = join(dir, name);
  writeFileSync(file, pem);
  return file;
}

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

  it('a private key file signs the token requests (private_key_jwt); its algorithm follows the key unless named', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const options = parseCli([
      '--url',
      'https://mcp.example.com/mcp',
      '--oauth-client-credentials',
      '--oauth-client-id',
      'svc',
      '--oauth-private-key',
      keyFile('ec.pem', ec),
    ]);
    expect(options.target).toMatchObject({ oauth: { clientId: 'svc', privateKey: ec.trim(), grant: 'client_credentials' } });
    expect(signingAlgorithmFor(ec)).toBe('ES384');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(signingAlgorithmFor(rsa)).toBe('RS256');
    expect(signingAlgorithmFor(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBe('EdDSA');
    expect(() => signingAlgorithmFor('-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----')).toThrow(/not a PEM key Node can read/);
  });

  it('a private key needs the client id, and a file that is missing or no key says so', () => {
    expect(() => parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-private-key', join(dir, 'missing.pem')])).toThrow(/cannot read/);
    expect(() => parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-private-key', keyFile('junk.pem', 'hello')])).toThrow(/not a PKCS#8 PEM key/);
    const pem = keyFile('k.pem', '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n');
    expect(() => parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-private-key', pem])).toThrow(/give its client ID too/);
  });

  it('cross-app access: the identity provider, its ID token and client, and the client at the server', () => {
    const options = parseCli([
      '--url',
      'https://mcp.example.com/mcp',
      '--oauth-client-id',
      'mcp-client',
      '--oauth-client-secret',
      'mcp-secret',
      '--oauth-idp-id-token',
      'eyJ.id.token',
      '--oauth-idp-issuer',
      'https://idp.example.com',
      '--oauth-idp-client-id',
      'idp-client',
    ]);
    expect(options.target).toMatchObject({
      oauth: { clientId: 'mcp-client', grant: 'cross_app_access', idp: { idToken: 'eyJ.id.token', issuer: 'https://idp.example.com', clientId: 'idp-client' } },
    });
    expect(() => parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-idp-id-token', 't'])).toThrow(/--oauth-idp-client-id/);
    expect(() =>
      parseCli(['--url', 'https://mcp.example.com/mcp', '--oauth-idp-id-token', 't', '--oauth-idp-client-id', 'c', '--oauth-client-id', 'x']),
    ).toThrow(/issuer URL or token endpoint/);
  });
});

/**
 * OAuth 2.1 against a local authorization server and protected MCP server on
 * the classic SDK (e2e/targets/oauth-server.ts), through the real proxy: the
 * 401 that starts it, discovery, registration, PKCE with the resource
 * parameter, the callback, the connection going on by itself; then a refresh,
 * a revoked token, and no secret in any file the inspector writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { resultText } from '../../e2e/support/inspector-client';
import {
  approveInBrowser,
  expectRevokedTokenSignsInAgain,
  issuedSecrets,
  nextStep,
  secretsInFiles,
  signInAndConnect,
  startOAuthServer,
  type OAuthServer,
} from '../../e2e/support/oauth-support';

const suite = inspectorSuite();

describe('signing in to a server behind OAuth', () => {
  let server: OAuthServer;
  beforeAll(async () => (server = await startOAuthServer('--token-life-s', '2')));
  afterAll(() => server?.stop());

  it('a 401 starts the flow; after the redirect to the callback the connection continues by itself', async () => {
    const { sessionId } = await suite.client.send('connect', { target: { transport: 'http', url: server.url, headers: {} }, settings: {} });
    await suite.client.follow(sessionId);

    const challenge = await nextStep(suite.client, 'challenge');
    expect(challenge.message).toContain('HTTP 401');
    const metadata = await nextStep(suite.client, 'metadata');
    expect(metadata.detail).toMatchObject({ issuer: `${server.origin}/`, resource: server.url, scopesSupported: ['mcp:tools', 'mcp:admin'] });
    const registration = await nextStep(suite.client, 'registration');
    expect(registration.message).toContain('Registered with the authorization server');

    const authorize = await nextStep(suite.client, 'authorize');
    const url = new URL(authorize.authorizationUrl ?? '');
    expect(url.origin + url.pathname).toBe(`${server.origin}/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('resource')).toBe(server.url);
    // The scope the 401's challenge named, not everything the metadata lists.
    expect(url.searchParams.get('scope')).toBe('mcp:tools');
    expect(url.searchParams.get('redirect_uri')).toBe(`${suite.inspector.origin}/oauth/callback`);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);

    const page = await approveInBrowser(url.href);
    expect(page).toEqual({ status: 200, text: expect.stringContaining('Signed in') });
    const token = await nextStep(suite.client, 'token');
    expect(token.scopeGranted).toBe('mcp:tools');
    expect(token.expiresAt).toBeGreaterThan(token.at);
    expect(token.message).toContain('with a refresh token');

    await suite.client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect(resultText(await end)).toBe('scopes: mcp:tools');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a callback with a state nobody waits for is refused and changes nothing', async () => {
    const response = await fetch(`${suite.inspector.origin}/oauth/callback?code=stolen&state=not-ours`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('does not match');
    const missing = await fetch(`${suite.inspector.origin}/oauth/callback?code=stolen`);
    expect(missing.status).toBe(400);
  });

  it('a reconnect keeps the sign-in; an expired token is refreshed without asking', async () => {
    const sessionId = await suite.client.open({ transport: 'http', url: server.url, headers: {} });
    expect(suite.client.of('oauth').map((e) => e.step)).not.toContain('authorize');
    // Tokens from this server live 2 s: wait them out, then a call meets a 401 and the SDK refreshes.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect(resultText(await end)).toBe('scopes: mcp:tools');
    const refresh = await nextStep(suite.client, 'refresh');
    expect(refresh.message).toContain('Tokens refreshed');
    // At least this one; the reconnect itself may have met an expired token too.
    const stats: unknown = await (await fetch(`${server.origin}/test/stats`)).json();
    expect(stats).toMatchObject({ refreshCount: expect.any(Number) });
    expect(suite.client.of('oauth').filter((e) => e.step === 'authorize')).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('a revoked token: the call fails, the page is asked to sign in again, and then calls work', async () => {
    await expectRevokedTokenSignsInAgain(suite.client, server, { transport: 'http', url: server.url, headers: {} });
  });

  it('no token, code, verifier or client secret is in any file of the data dir, nor in an export', async () => {
    const secrets = await issuedSecrets(server);
    // Codes, verifiers, access and refresh tokens of the sign-ins above, at the least.
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    expect(secretsInFiles(suite.inspector.dataDir, secrets)).toEqual([]);
    const sessionId = suite.client.sessions[0]?.sessionId;
    const exported = await fetch(`${suite.inspector.origin}/api/sessions/${sessionId}/export`, {
      headers: { authorization: `Bearer ${suite.inspector.token}` },
    });
    const text = await exported.text();
    expect(text).toContain('"kind":"oauth"');
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
  });

  it('sign out forgets the tokens: the next connect asks again', async () => {
    const sessionId = await suite.client.open({ transport: 'http', url: server.url, headers: {} });
    await suite.client.send('sign-out', { sessionId });
    await nextStep(suite.client, 'signed-out');
    await suite.client.send('disconnect', { sessionId });
    const next = await signInAndConnect(suite.client, { transport: 'http', url: server.url, headers: {} });
    await suite.client.send('disconnect', { sessionId: next });
  });
});

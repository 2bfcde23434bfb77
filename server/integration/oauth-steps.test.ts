/**
 * OAuth beyond the main path, each against its own local authorization server
 * (e2e/targets/oauth-server.ts): step-up to a wider scope (granted, and
 * refused), pre-registered and machine-to-machine clients, tokens kept in the
 * data dir, and the failure of each step with what the person is told.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { resultText } from '../../e2e/support/inspector-client';
import type { EventOf } from '../wire/events';
import {
  approveInBrowser,
  issuedSecrets,
  nextStep,
  secretsInFiles,
  signInAndConnect,
  startOAuthServer,
  type OAuthServer,
} from '../../e2e/support/oauth-support';

const suite = inspectorSuite();
const servers: OAuthServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function server(...switches: string[]): Promise<OAuthServer> {
  const started = await startOAuthServer(...switches);
  servers.push(started);
  return started;
}

async function connectUntilClosed(target: Parameters<typeof suite.client.open>[0]): Promise<EventOf<'session-state'> & { state: 'closed' }> {
  const { sessionId } = await suite.client.send('connect', { target, settings: {} });
  await suite.client.follow(sessionId);
  const closed = await suite.client.waitForEvent('session-state', (e) => e.state === 'closed', 0, 30_000);
  if (closed.state !== 'closed') throw new Error('unreachable');
  return closed;
}

describe('step-up', () => {
  it('a 403 insufficient_scope asks again with the wider scope; once granted, the call it cut short runs again by itself', async () => {
    const { url } = await server();
    const sessionId = await signInAndConnect(suite.client, { transport: 'http', url, headers: {} });
    const first = await suite.client.call(sessionId, 'admin_report');
    const stepUp = await nextStep(suite.client, 'step-up');
    expect(stepUp.scopeAsked).toBe('mcp:tools mcp:admin');
    const authorize = await nextStep(suite.client, 'authorize', stepUp.seq);
    expect(new URL(authorize.authorizationUrl ?? '').searchParams.get('scope')).toBe('mcp:tools mcp:admin');
    await approveInBrowser(authorize.authorizationUrl ?? '');
    expect((await nextStep(suite.client, 'token', authorize.seq)).scopeGranted).toBe('mcp:tools mcp:admin');
    expect(resultText(await first.end)).toBe('admin report: all well');
    const rounds = suite.client.of('call-round').filter((e) => e.callId === first.callId);
    expect(rounds.map((e) => e.reason)).toEqual(['initial', 'sign-in-retry']);
    await suite.client.send('disconnect', { sessionId });
  });

  it('when the wider scope is not granted it asks once, then the call ends as a scope refusal', async () => {
    const { url } = await server('--withhold-admin');
    const sessionId = await signInAndConnect(suite.client, { transport: 'http', url, headers: {} });
    const first = await suite.client.call(sessionId, 'admin_report');
    const authorize = await nextStep(suite.client, 'authorize', (await nextStep(suite.client, 'step-up')).seq);
    await approveInBrowser(authorize.authorizationUrl ?? '');
    expect((await nextStep(suite.client, 'token', authorize.seq)).scopeGranted).toBe('mcp:tools');
    const end = await first.end;
    expect(end).toMatchObject({
      outcome: 'error',
      error: { code: 'unauthorized', detail: { oauthError: 'insufficient_scope', scopeAsked: 'mcp:tools mcp:admin' } },
    });
    expect(end.error?.message).toMatch(/^Scope refused: /);
    const refused = await nextStep(suite.client, 'failed', authorize.seq);
    expect(refused.message).toContain('still refuses');
    const second = await suite.client.call(sessionId, 'admin_report');
    expect((await second.end).error?.message).toMatch(/^Scope refused: /);
    expect(suite.client.of('oauth').filter((e) => e.step === 'authorize')).toHaveLength(2);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('clients the authorization server already knows', () => {
  it('a pre-registered client id and secret: no registration request, and the secret is in no file', async () => {
    const oauthServer = await server();
    const target = { transport: 'http' as const, url: oauthServer.url, headers: {}, oauth: { clientId: 'pre-client', clientSecret: 'pre-secret' } };
    const sessionId = await signInAndConnect(suite.client, target);
    expect((await nextStep(suite.client, 'registration')).detail).toMatchObject({ clientId: 'pre-client', how: 'pre-registered' });
    expect(suite.client.of('http').map((e) => new URL(e.url).pathname)).not.toContain('/register');
    await suite.client.send('disconnect', { sessionId });
    expect(secretsInFiles(suite.inspector.dataDir, [...(await issuedSecrets(oauthServer)), 'pre-secret'])).toEqual([]);
  });

  it('client credentials (machine to machine): connects with no person and no redirect', async () => {
    const { url } = await server();
    const oauth = { grant: 'client_credentials' as const, clientId: 'm2m-client', clientSecret: 'm2m-secret' };
    const sessionId = await suite.client.open({ transport: 'http', url, headers: {}, oauth });
    expect(suite.client.of('oauth').map((e) => e.step)).not.toContain('authorize');
    expect((await nextStep(suite.client, 'token')).scopeGranted).toBe('mcp:tools');
    expect(resultText(await (await suite.client.call(sessionId, 'whoami')).end)).toBe('scopes: mcp:tools');
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('tokens kept in the data dir', () => {
  it('keepTokens writes them to a file only its owner can read; Sign out removes them', async () => {
    const oauthServer = await server();
    const target = { transport: 'http' as const, url: oauthServer.url, headers: {}, oauth: { keepTokens: true } };
    const sessionId = await signInAndConnect(suite.client, target);
    const file = join(suite.inspector.dataDir, 'oauth-tokens.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const accessTokens = await issuedSecrets(oauthServer);
    expect(secretsInFiles(suite.inspector.dataDir, accessTokens).every(({ file: name }) => name === 'oauth-tokens.json')).toBe(true);
    await suite.client.send('sign-out', { sessionId });
    await nextStep(suite.client, 'signed-out');
    expect(secretsInFiles(suite.inspector.dataDir, accessTokens)).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

describe('each step can fail, and says how', () => {
  it('a revoked token: the refused token and the refused refresh are oauth entries, and the bodies of OAuth exchanges are in the log without a secret', async () => {
    const oauthServer = await server();
    const sessionId = await signInAndConnect(suite.client, { transport: 'http', url: oauthServer.url, headers: {} });
    const registration = suite.client.of('http').find((e) => new URL(e.url).pathname === '/register');
    expect(registration?.requestBody).toContain('"redirect_uris"');
    expect(registration?.responseBody).toContain('"client_id"');

    await fetch(`${oauthServer.origin}/test/revoke-all`, { method: 'POST' });
    const last = suite.client.events.at(-1)?.seq ?? 0;
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect((await end).outcome).toBe('error');
    const refusedToken = await suite.client.waitForEvent('oauth', (e) => e.step === 'refused' && e.message.includes('access token'), last, 30_000);
    expect(refusedToken.message).toBe('The server refused the access token: HTTP 401 invalid_token (The access token is unknown or revoked).');
    const refusedRefresh = await suite.client.waitForEvent('oauth', (e) => e.step === 'refused' && e.message.startsWith('The refresh'), last, 30_000);
    expect(refusedRefresh.message).toContain('HTTP 400 invalid_grant (The refresh token is unknown or revoked)');
    const refresh = suite.client
      .of('http')
      .filter((e) => new URL(e.url).pathname === '/token' && e.status === 400)
      .at(-1);
    expect(refresh?.requestBody).toMatch(/grant_type=refresh_token&refresh_token=\[redacted\]/);
    expect(refresh?.responseBody).toContain('"error":"invalid_grant"');
    const tokens = suite.client.of('http').find((e) => new URL(e.url).pathname === '/token' && e.status === 200);
    expect(tokens?.responseBody).toMatch(/"access_token":"\[redacted\]".*"token_type":"Bearer"/);

    const logged = JSON.stringify(suite.client.events);
    expect((await issuedSecrets(oauthServer)).filter((secret) => logged.includes(secret))).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('no protected-resource metadata: the 401 stands, and the log says there is none', async () => {
    const { url } = await server('--no-metadata');
    const closed = await connectUntilClosed({ transport: 'http', url, headers: {} });
    expect(closed.error?.code).toBe('unauthorized');
    expect(closed.error?.message).toContain('401');
    expect((await nextStep(suite.client, 'challenge')).message).toContain('publishes no OAuth protected-resource metadata');
  });

  it('registration refused: the connect fails at registration with the server’s words', async () => {
    const { url } = await server('--refuse-registration');
    const closed = await connectUntilClosed({ transport: 'http', url, headers: {} });
    expect(closed.error?.message).toMatch(/Signing in failed at (metadata|registration).*Registration is closed/);
  });

  it('the person denies access: the callback carries the error, and the connect ends with it', async () => {
    const { url } = await server();
    const { sessionId } = await suite.client.send('connect', { target: { transport: 'http', url, headers: {} }, settings: {} });
    await suite.client.follow(sessionId);
    const authorize = new URL((await nextStep(suite.client, 'authorize')).authorizationUrl ?? '');
    const denied = new URL(authorize.searchParams.get('redirect_uri') ?? '');
    denied.search = new URLSearchParams({ error: 'access_denied', state: authorize.searchParams.get('state') ?? '' }).toString();
    expect((await fetch(denied)).status).toBe(200);
    expect((await nextStep(suite.client, 'callback')).message).toContain('access_denied');
    const closed = await suite.client.waitForEvent('session-state', (e) => e.state === 'closed', 0, 30_000);
    expect(closed.state === 'closed' && closed.error?.message).toMatch(/Signing in failed at callback: .*access_denied/);
  });

  it('a wrong client secret fails at the token request', async () => {
    const { url } = await server();
    const target = { transport: 'http' as const, url, headers: {}, oauth: { clientId: 'pre-client', clientSecret: 'not-the-secret' } };
    const { sessionId } = await suite.client.send('connect', { target, settings: {} });
    await suite.client.follow(sessionId);
    await approveInBrowser((await nextStep(suite.client, 'authorize')).authorizationUrl ?? '');
    const failed = await nextStep(suite.client, 'failed');
    expect(failed.message).toMatch(/Signing in failed at token request: .*client_secret/i);
    expect(JSON.stringify(suite.client.events)).not.toContain('not-the-secret');
  });
});

/**
 * OAuth over the legacy SSE transport, through the real proxy, against the
 * classic SDK's SSEServerTransport behind the same bearer middleware as the
 * Streamable HTTP endpoint (e2e/targets/oauth-server.ts, /mcp/sse): the 401
 * on the GET that opens the stream starts the sign-in, and after the callback
 * the stream opens and calls carry the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { resultText } from '../../e2e/support/inspector-client';
import {
  expectRevokedTokenSignsInAgain,
  issuedSecrets,
  nextStep,
  secretsInFiles,
  signInAndConnect,
  startOAuthServer,
  type OAuthServer,
} from '../../e2e/support/oauth-support';

const suite = inspectorSuite();

describe('signing in to a legacy SSE server behind OAuth', () => {
  let server: OAuthServer;
  let sseUrl: string;
  beforeAll(async () => {
    server = await startOAuthServer();
    sseUrl = `${server.url}/sse`;
  });
  afterAll(() => server?.stop());

  it('the 401 on the stream starts the flow; after the callback the stream opens and calls carry the token', async () => {
    const sessionId = await signInAndConnect(suite.client, { transport: 'sse', url: sseUrl, headers: {} });
    const challenge = await nextStep(suite.client, 'challenge');
    expect(challenge.message).toContain('HTTP 401');
    const authorize = await nextStep(suite.client, 'authorize');
    // One protected resource covers /mcp and its SSE endpoint: the token is bound to it.
    expect(new URL(authorize.authorizationUrl ?? '').searchParams.get('resource')).toBe(server.url);
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect(resultText(await end)).toBe('scopes: mcp:tools');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a reconnect over SSE keeps the sign-in, and no secret reaches the data dir', async () => {
    const last = suite.client.events.at(-1)?.seq ?? 0;
    const sessionId = await suite.client.open({ transport: 'sse', url: sseUrl, headers: {} });
    const { end } = await suite.client.call(sessionId, 'whoami');
    expect(resultText(await end)).toBe('scopes: mcp:tools');
    expect(suite.client.of('oauth').filter((e) => e.step === 'authorize' && e.seq > last)).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
    const secrets = await issuedSecrets(server);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    expect(secretsInFiles(suite.inspector.dataDir, secrets)).toEqual([]);
  });

  it('a revoked token: the call fails, the page is asked to sign in again, and then calls work', async () => {
    await expectRevokedTokenSignsInAgain(suite.client, server, { transport: 'sse', url: sseUrl, headers: {} });
  });
});

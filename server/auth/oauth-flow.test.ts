/**
 * Whether a 401 starts a sign-in: the flow asks the discovery the doctor uses
 * (sign-in-discovery.ts), against the real OAuth-protected test server, so the
 * two fetch the same well-known documents and agree on every server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpTarget, type Started } from '../../e2e/support/processes';
import type { NewLogEvent } from '../wire/events';
import { OAuthFlow } from './oauth-flow';
import { discoverSignIn } from './sign-in-discovery';

const started: Started[] = [];
afterEach(async () => {
  for (const target of started.splice(0)) await target.stop();
});

/** A fetch that keeps the URLs it was asked for. */
function recordingFetch() {
  const urls: string[] = [];
  const fetchFn = (input: string | URL, init?: RequestInit) => {
    urls.push(String(input));
    return fetch(input, init);
  };
  return { urls, fetchFn };
}

/** The flow after one real unauthenticated request to the server, as the transport would have seen it. */
async function afterFirst401(serverUrl: string) {
  const events: NewLogEvent[] = [];
  const { urls, fetchFn } = recordingFetch();
  const flow = new OAuthFlow({
    serverUrl,
    options: undefined,
    dataDir: undefined,
    emit: (event) => void events.push(event),
    fetchFn,
    transport: () => undefined,
  });
  const response = await fetch(serverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
  });
  expect(response.status).toBe(401);
  flow.watch(response);
  const verdict = await flow.afterConnectFailure(new Error('HTTP 401'));
  flow.close();
  const challenge = events.find((event) => event.kind === 'oauth' && event.step === 'challenge');
  return { verdict, challenge, urls, resourceMetadataUrl: response.headers.get('www-authenticate')?.match(/resource_metadata="([^"]+)"/)?.[1] };
}

describe('OAuthFlow on a 401', () => {
  it('a server with protected-resource metadata: signing in starts, naming its authorization server, from the doctor’s documents', async () => {
    const server = await startHttpTarget('oauth-server');
    started.push(server);
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const seen = await afterFirst401(url);
    expect(seen.verdict).toBe('retry');
    expect(seen.challenge).toMatchObject({
      message: `The server answered HTTP 401 and says where to sign in (authorization server: http://127.0.0.1:${server.port}/).`,
    });

    const doctor = recordingFetch();
    const found = await discoverSignIn(new URL(url), { resourceMetadataUrl: new URL(seen.resourceMetadataUrl ?? ''), fetchFn: doctor.fetchFn });
    expect(found.hasMetadata).toBe(true);
    expect(seen.urls).toEqual(doctor.urls);
  });

  it('a server without it: the 401 stands, the log says so, and the doctor says the same', async () => {
    const server = await startHttpTarget('oauth-server', '--no-metadata');
    started.push(server);
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const seen = await afterFirst401(url);
    expect(seen.verdict).toBeUndefined();
    expect(seen.challenge).toMatchObject({ message: expect.stringContaining('publishes no OAuth protected-resource metadata') });

    const doctor = recordingFetch();
    const found = await discoverSignIn(new URL(url), { fetchFn: doctor.fetchFn });
    expect(found.hasMetadata).toBe(false);
    expect(seen.urls).toEqual(doctor.urls);
  });

  it('a 2025-03-26 server (authorization-server metadata, no protected-resource metadata): signing in starts at its own origin', async () => {
    const server = await startHttpTarget('oauth-server', '--no-resource-metadata');
    started.push(server);
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const seen = await afterFirst401(url);
    expect(seen.verdict).toBe('retry');
    expect(seen.challenge).toMatchObject({ message: expect.stringContaining('as a 2025-03-26 server, it is its own authorization server') });

    const doctor = recordingFetch();
    const named = seen.resourceMetadataUrl ? { resourceMetadataUrl: new URL(seen.resourceMetadataUrl) } : {};
    const found = await discoverSignIn(new URL(url), { ...named, fetchFn: doctor.fetchFn });
    expect(found).toMatchObject({ hasMetadata: true, state: { authorizationServerUrl: `http://127.0.0.1:${server.port}/` } });
    expect(seen.urls).toEqual(doctor.urls);
  });
});

/** Helpers for the OAuth integration tests: the protected server, and a browser's part of a sign-in. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { resultText, type InspectorClient } from './inspector-client';
import { startHttpTarget, type Started } from './processes';
import type { EventOf } from '../../server/wire/events';

export type OAuthServer = Started & { port: number; url: string; origin: string };

export async function startOAuthServer(...switches: string[]): Promise<OAuthServer> {
  const started = await startHttpTarget('oauth-server', ...switches);
  const origin = `http://127.0.0.1:${started.port}`;
  return { ...started, origin, url: `${origin}/mcp` };
}

/**
 * What a browser does after the person clicks Open: request the authorization
 * URL, and follow the server's redirect to the inspector's callback route.
 * Returns what the callback page says.
 */
export async function approveInBrowser(authorizationUrl: string): Promise<{ status: number; text: string }> {
  const authorize = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = authorize.headers.get('location');
  if (!location) throw new Error(`The authorization server did not redirect (HTTP ${authorize.status}).`);
  const callback = await fetch(new URL(location, authorizationUrl), { redirect: 'manual' });
  return { status: callback.status, text: await callback.text() };
}

/** The next `oauth` entry of a step, after `afterSeq`. */
export function nextStep(client: InspectorClient, step: EventOf<'oauth'>['step'], afterSeq = 0): Promise<EventOf<'oauth'>> {
  return client.waitForEvent('oauth', (e) => e.step === step, afterSeq, 30_000);
}

/** Connect, approve in the "browser", and wait until the session is ready. */
export async function signInAndConnect(
  client: InspectorClient,
  target: { transport: 'http' | 'sse'; url: string; headers: Record<string, string> },
): Promise<string> {
  const { sessionId } = await client.send('connect', { target, settings: {} });
  await client.follow(sessionId);
  const authorize = await nextStep(client, 'authorize');
  expect((await approveInBrowser(authorize.authorizationUrl ?? '')).status).toBe(200);
  await client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
  return sessionId;
}

/**
 * A token revoked by the server while connected: the next call fails, the page is
 * asked to sign in again, and once approved calls work (the same on every transport).
 */
export async function expectRevokedTokenSignsInAgain(
  client: InspectorClient,
  server: OAuthServer,
  target: { transport: 'http' | 'sse'; url: string; headers: Record<string, string> },
): Promise<void> {
  const sessionId = await client.open(target);
  await fetch(`${server.origin}/test/revoke-all`, { method: 'POST' });
  const last = client.events.at(-1)?.seq ?? 0;
  const { end } = await client.call(sessionId, 'whoami');
  expect((await end).outcome).toBe('error');
  const authorize = await nextStep(client, 'authorize', last);
  await approveInBrowser(authorize.authorizationUrl ?? '');
  await nextStep(client, 'token', authorize.seq);
  const again = await client.call(sessionId, 'whoami');
  expect(resultText(await again.end)).toBe('scopes: mcp:tools');
  await client.send('disconnect', { sessionId });
}

/** Every secret the authorization server issued or was shown (tokens, codes, verifiers, client secrets). */
export async function issuedSecrets(server: OAuthServer): Promise<string[]> {
  const secrets: unknown = await (await fetch(`${server.origin}/test/secrets`)).json();
  if (!Array.isArray(secrets)) throw new Error('The test server did not list its secrets.');
  return secrets.filter((value): value is string => typeof value === 'string');
}

/** Each file under `dir` (recursively) with the secrets it contains. */
export function secretsInFiles(dir: string, secrets: string[]): { file: string; secret: string }[] {
  const found: { file: string; secret: string }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      found.push(...secretsInFiles(path, secrets));
      continue;
    }
    const text = readFileSync(path, 'utf8');
    for (const secret of secrets) if (text.includes(secret)) found.push({ file: name, secret });
  }
  return found;
}

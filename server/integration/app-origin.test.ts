/**
 * The app origin through the real proxy and the demo server (SEP-3118, MCP Apps' sandbox proxy):
 * a loopback port of its own that serves the sandbox of a live session's view by its id, to a
 * frame, under its own Host check; and the inspector's own port, which frames only that origin
 * and refuses it everything else: its API and its WebSocket, with the token or without.
 * e2e/app-origin.spec.ts shows what an app on it can and cannot do in Chromium.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rawExchange } from '../../e2e/support/raw-http';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio } from '../../e2e/support/processes';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from '../wire/protocol';

const suite = inspectorSuite();

/** A pending app-rendered form on a new demo session, and its view. */
async function openView() {
  const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2026-07-28', proposals: { appElicitation: true } });
  const { callId } = await suite.client.call(sessionId, 'choose_plan_app');
  const asked = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
  const view = await suite.client.send('open-app-view', { sessionId, key: asked.key });
  return { sessionId, view, appOrigin: new URL(view.url).origin };
}

const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');

/** The local addresses listening on `port`, as Linux lists them (hex IP:port). */
function listenersOn(port: number): string[] {
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[1]?.endsWith(`:${hexPort(port)}`) && cols[3] === '0A')
    .map((cols) => cols[1] ?? '');
}

const get = (url: string, headers: Record<string, string> = {}) => rawExchange(url, { method: 'GET', headers });

/** The status a WebSocket handshake with `origin` and the inspector's token is refused with. */
function refusedUpgrade(origin: string): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${suite.inspector.port}${WS_PATH}`, [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${suite.inspector.token}`], { origin });
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      reject(new Error(`The inspector accepted a WebSocket from ${origin}.`));
    });
    ws.on('error', () => undefined);
  });
}

describe('the app origin', () => {
  it('is a loopback port of its own that serves a live view’s sandbox by its id, to a frame, under its own Host check', async () => {
    const { sessionId, view, appOrigin } = await openView();
    const { hostname, port } = new URL(appOrigin);
    expect(hostname).toBe('127.0.0.1');
    expect(appOrigin).not.toBe(suite.inspector.origin);
    expect(listenersOn(Number(port))).toEqual([`0100007F:${hexPort(Number(port))}`]);
    const path = new URL(view.url).pathname;

    const framed = await get(view.url, { 'sec-fetch-dest': 'iframe' });
    expect(framed.status).toBe(200);
    expect(framed.body.toString()).toContain(JSON.stringify(suite.inspector.origin));
    // Rebinding: a name that resolves here is not this origin's.
    expect((await get(view.url, { host: `evil.example:${port}` })).status).toBe(403);
    // Opened on its own, as a page or fetched as a subresource: refused.
    expect((await get(view.url, { 'sec-fetch-dest': 'document' })).status).toBe(403);
    expect((await get(view.url, { 'sec-fetch-dest': 'empty' })).status).toBe(403);
    // It serves views and nothing else: no API, no page, no WebSocket, and the token opens nothing there.
    const withToken = { authorization: `Bearer ${suite.inspector.token}` };
    for (const other of ['/', '/api/health', '/ws', '/app-view/not-a-view', `${path}/x`])
      expect((await get(`${appOrigin}${other}`, withToken)).status, other).toBe(404);
    // The inspector's own port no longer serves app documents.
    expect((await get(`${suite.inspector.origin}${path}`)).status).toBe(404);

    await suite.client.send('disconnect', { sessionId });
    expect((await get(view.url)).status).toBe(404);
  });

  it('is the only origin the page frames, and the inspector refuses it its API and its WebSocket, token or not', async () => {
    const { sessionId, appOrigin } = await openView();
    const page = await get(`${suite.inspector.origin}/`);
    const csp = page.headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1] ?? '';
    expect(csp).toContain(`frame-src ${appOrigin};`);
    const token = { authorization: `Bearer ${suite.inspector.token}` };
    expect((await get(`${suite.inspector.origin}/api/health`, token)).status).toBe(200);
    expect((await get(`${suite.inspector.origin}/api/health`, { ...token, origin: appOrigin })).status).toBe(403);
    expect((await get(`${suite.inspector.origin}/api/sessions/${sessionId}/export`, { ...token, origin: appOrigin })).status).toBe(403);
    expect(await refusedUpgrade(appOrigin)).toBe(403);
    await suite.client.send('disconnect', { sessionId });
  });
});

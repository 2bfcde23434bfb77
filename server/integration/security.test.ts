/**
 * The proxy can start any command, so it is guarded: loopback only, a token on
 * every API call and on the WebSocket, Origin and Host checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector, startUntil, ROOT, type Inspector } from '../../e2e/support/processes';

let inspector: Inspector;

beforeAll(async () => {
  inspector = await startInspector();
});
afterAll(async () => {
  await inspector?.stop();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: inspector.port, path, headers: { host: inspector.host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const auth = () => ({ authorization: `Bearer ${inspector.token}` });

describe('HTTP API', () => {
  it('needs the token', async () => {
    expect((await get('/api/health')).status).toBe(401);
    expect((await get('/api/health', { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await get('/api/health', { authorization: `Bearer ${inspector.token}x` })).status).toBe(401);
    expect((await get('/api/health', auth())).status).toBe(200);
  });

  it('refuses a foreign Origin even with the token', async () => {
    expect((await get('/api/health', { ...auth(), origin: 'http://evil.example' })).status).toBe(403);
    expect((await get('/api/health', { ...auth(), origin: `http://127.0.0.1:${inspector.port + 1}` })).status).toBe(403);
    expect((await get('/api/health', { ...auth(), origin: inspector.origin })).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding), for the page too', async () => {
    expect((await get('/api/health', { ...auth(), host: `evil.example:${inspector.port}` })).status).toBe(403);
    expect((await get('/', { host: `evil.example:${inspector.port}` })).status).toBe(403);
    expect((await get('/', { host: `localhost:${inspector.port}` })).status).toBe(200);
  });

  it('sends a strict Content-Security-Policy with the page', async () => {
    const page = await new Promise<Record<string, string | string[] | undefined>>((resolve) => {
      request({ host: '127.0.0.1', port: inspector.port, path: '/' }, (res) => resolve(res.headers)).end();
    });
    const policy = String(page['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('*');
  });
});

describe('WebSocket', () => {
  it('refuses a missing or wrong token, a foreign Origin, a foreign Host', async () => {
    await expect(InspectorClient.connect(inspector, { token: '' })).rejects.toThrow('HTTP 401');
    await expect(InspectorClient.connect(inspector, { token: 'f'.repeat(64) })).rejects.toThrow('HTTP 401');
    await expect(InspectorClient.connect(inspector, { origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(InspectorClient.connect(inspector, { host: `evil.example:${inspector.port}` })).rejects.toThrow('HTTP 403');
    const client = await InspectorClient.connect(inspector);
    await client.waitFor(() => client.sessions.length > 0, 10_000, 'sessions');
    client.close();
  });

  it('answers a malformed command with a typed error and keeps going', async () => {
    const client = await InspectorClient.connect(inspector);
    await expect(client.send('call-tool', { sessionId: '', name: '' })).rejects.toMatchObject({ wireError: { code: 'invalid-command' } });
    await expect(client.send('connect', { target: { transport: 'stdio', command: '' } } as never)).rejects.toThrow(/a command is required/);
    await expect(client.send('disconnect', { sessionId: 'nope' })).rejects.toMatchObject({ wireError: { code: 'not-found', message: 'No session nope.' } });
    client.close();
  });
});

describe('the listening socket', () => {
  it('is bound to 127.0.0.1 only', () => {
    const hexPort = inspector.port.toString(16).toUpperCase().padStart(4, '0');
    const listeners = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A');
    expect(listeners.map((cols) => cols[1])).toEqual([`0100007F:${hexPort}`]);
  });

  it('refuses a wildcard host without the loudly named flag', async () => {
    await expect(startUntil(process.execPath, [join(ROOT, 'server/bin.mjs'), '--no-open', '--host', '0.0.0.0'], /never/)).rejects.toThrow(
      /dangerously-bind-all-interfaces/,
    );
  });
});

it('never writes the token to a session file', async () => {
  const files = readdirSync(inspector.dataDir);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(readFileSync(join(inspector.dataDir, file), 'utf8')).not.toContain(inspector.token);
});

/**
 * Secrets in a target (a `?api_key=` in its URL, `user:pw@` userinfo, an
 * Authorization header, a secret environment variable or argument) never reach
 * anything the inspector writes or shows: session files, exports, what a page
 * receives (the log, its details pane and its search show exactly these
 * entries), the sessions list, and the CLI's own output.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InspectorClient, resultText } from '../../e2e/support/inspector-client';
import { startDemoHttp, startEverything, startHttpTarget, startInspector, targetStdio, type Inspector, type Started } from '../../e2e/support/processes';
import type { LogEvent } from '../wire/events';

const API_KEY = 'SECRET123';
const BEARER = 'TOKEN-SECRET-789';
const ENV_TOKEN = 'ENV-SECRET-012';
const ARG_TOKEN = 'ARG-SECRET-345';
/** Every form a secret could leak in; `user:pw` is the userinfo, `pw@` its password before the host. */
const FORBIDDEN = [API_KEY, BEARER, ENV_TOKEN, ARG_TOKEN, 'user:pw', 'pw@'];
const AUTHORIZATION = { Authorization: `Bearer ${BEARER}` };

const withSecrets = (url: string) => `${url}?api_key=${API_KEY}&x=1`;
const withUserinfo = (url: string) => url.replace('http://', 'http://user:pw@');

const servers: Started[] = [];
let demo: Started & { url: string };
let everythingHttp: Started & { url: string };
let everythingSse: Started & { url: string };
let echo: Started & { port: number };
let inspector: Inspector;
let client: InspectorClient;

beforeAll(async () => {
  // One at a time, each remembered as soon as it runs: a failed start must not leave the others behind.
  const started = async <T extends Started>(starting: Promise<T>): Promise<T> => {
    const server = await starting;
    servers.push(server);
    return server;
  };
  demo = await started(startDemoHttp());
  everythingHttp = await started(startEverything('streamableHttp'));
  everythingSse = await started(startEverything('sse'));
  echo = await started(startHttpTarget('echo-secrets', '--http'));
  // The CLI path: a target given on the command line, connected at start.
  inspector = await startInspector(['--url', withSecrets(demo.url), '--header', `Authorization: Bearer ${BEARER}`]);
  client = await InspectorClient.connect(inspector);
}, 120_000);

afterAll(async () => {
  client?.close();
  await inspector?.stop();
  await Promise.all(servers.map((server) => server.stop()));
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The session file as the page's Export menu downloads it: as recorded (`export`), or in another tool's format (`export-as/har`, `export-as/otlp`). */
function exportSession(sessionId: string, as = 'export'): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { host: inspector.host, authorization: `Bearer ${inspector.token}` };
    const req = request({ host: '127.0.0.1', port: inspector.port, path: `/api/sessions/${sessionId}/${as}`, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`export: HTTP ${res.statusCode} ${body}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Connect and wait for the session to leave `connecting`; returns its id and how it went. */
async function connect(target: Parameters<InspectorClient['open']>[0]): Promise<{ sessionId: string; state: LogEvent }> {
  const { sessionId } = await client.send('connect', { target, settings: {} });
  await client.follow(sessionId);
  const state = await client.waitFor(
    () => client.events.find((e) => e.kind === 'session-state' && e.state !== 'connecting'),
    30_000,
    'the session to connect or fail',
  );
  return { sessionId, state };
}

function expectNoSecret(where: string, text: string): void {
  for (const secret of FORBIDDEN) expect.soft(text.includes(secret), `${where} contains ${secret}`).toBe(false);
}

it('keeps every secret of a target out of every entry kind, file, export, list and printed line', async () => {
  const seenByPage: LogEvent[] = [];
  const run = async (sessionId: string, tool: string, args: Record<string, unknown> = {}) => {
    const { end } = await client.call(sessionId, tool, args);
    return resultText(await end);
  };

  const cli = await client.waitFor(() => client.sessions.find((s) => s.target.transport === 'http'), 30_000, 'the CLI session');
  await client.follow(cli.sessionId);
  await client.waitFor(() => client.events.find((e) => e.kind === 'tools'), 30_000, 'the demo tools');
  expect(await run(cli.sessionId, 'echo', { text: 'hello' })).toBe('hello');
  seenByPage.push(...client.events);

  for (const target of [
    { transport: 'http' as const, url: withSecrets(everythingHttp.url), headers: AUTHORIZATION },
    { transport: 'sse' as const, url: withSecrets(everythingSse.url), headers: AUTHORIZATION },
  ]) {
    const { sessionId, state } = await connect(target);
    expect(state).toMatchObject({ state: 'ready' });
    await client.waitFor(() => client.events.find((e) => e.kind === 'tools'), 30_000, 'tools');
    expect(await run(sessionId, 'echo', { message: 'hi' })).toContain('hi');
    seenByPage.push(...client.events);
  }

  // A server that repeats the key, the header and its own arguments in every reply.
  const echoUrl = `http://127.0.0.1:${echo.port}/mcp`;
  const echoHttp = await connect({ transport: 'http', url: withSecrets(echoUrl), headers: AUTHORIZATION });
  expect(echoHttp.state).toMatchObject({ state: 'ready' });
  expect(await run(echoHttp.sessionId, 'repeat_secrets')).toContain('api_key=[redacted]&x=1 and authorization [redacted]');
  await run(echoHttp.sessionId, 'fail_with_secrets');
  seenByPage.push(...client.events);

  const echoStdio = await connect({ transport: 'stdio', ...targetStdio('echo-secrets', `--token=${ARG_TOKEN}`), env: { API_TOKEN: ENV_TOKEN } });
  expect(echoStdio.state).toMatchObject({ state: 'ready' });
  expect(await run(echoStdio.sessionId, 'repeat_secrets')).toContain('--token=[redacted]; API_TOKEN=[redacted]');
  await client.waitFor(() => client.events.find((e) => e.kind === 'stderr' && e.text.includes('echo-secrets: started')), 10_000, 'its stderr');
  seenByPage.push(...client.events);

  // Two failing connects: nothing listening, and userinfo (which fetch refuses, quoting the URL).
  const refused = await connect({ transport: 'http', url: withSecrets(`http://127.0.0.1:${await closedPort()}/mcp`), headers: AUTHORIZATION });
  expect(refused.state).toMatchObject({ state: 'closed' });
  seenByPage.push(...client.events);
  const userinfo = await connect({ transport: 'http', url: withUserinfo(withSecrets(demo.url)), headers: AUTHORIZATION });
  expect(userinfo.state).toMatchObject({ state: 'closed' });
  // The error fetch throws quotes the whole URL; the entry keeps the sentence and loses the credentials.
  expect(JSON.stringify(client.events)).toContain('includes credentials: http://[redacted]@127.0.0.1');
  seenByPage.push(...client.events);

  // The entries are there, with what is not secret intact.
  const kinds = new Set(seenByPage.map((e) => e.kind));
  for (const kind of ['session-state', 'http', 'rpc-out', 'rpc-in', 'tools', 'stderr', 'action', 'call-start', 'call-end']) expect(kinds, kind).toContain(kind);
  const urls = seenByPage.flatMap((e) => (e.kind === 'http' ? [e.url, ...Object.values(e.responseHeaders ?? {})] : []));
  expect(urls.some((url) => url.endsWith('/mcp?api_key=[redacted]&x=1'))).toBe(true);

  expectNoSecret('what the page received', JSON.stringify(seenByPage));
  expectNoSecret('the sessions list', JSON.stringify(client.sessions));
  // Every file in the data folder is read: the session files, one per session, and the running inspector's own note.
  const files = readdirSync(inspector.dataDir);
  expect(files.filter((file) => file.endsWith('.jsonl')).length).toBe(client.sessions.length);
  for (const file of files) expectNoSecret(file, readFileSync(join(inspector.dataDir, file), 'utf8'));
  for (const { sessionId } of client.sessions) {
    expectNoSecret(`the export of ${sessionId}`, await exportSession(sessionId));
    expectNoSecret(`the HAR of ${sessionId}`, await exportSession(sessionId, 'export-as/har'));
    expectNoSecret(`the OpenTelemetry traces of ${sessionId}`, await exportSession(sessionId, 'export-as/otlp'));
  }
  expectNoSecret("the CLI's output", inspector.output());
}, 180_000);

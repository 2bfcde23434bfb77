/**
 * `elicitation-inspector tap --url` between real hosts and real HTTP servers: hosts on the
 * classic SDK (1.32) and on the v2 client (2.4) point at the tap's URL instead of the server's,
 * over Streamable HTTP (the demo server, both eras; an e2e target) and the old HTTP+SSE
 * transport. What each host saw must be what it sees without the tap; the session must hold
 * every message, in order; secrets stay out of the record; a server that is gone is a 502.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClassicClient } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport as ClassicSse } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport as ClassicHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { ROOT, startDemoHttp, startHttpTarget, startInspector, stopProcess, type Inspector, type Started } from '../../e2e/support/processes';
import { RecordingTransport, type TranscriptLine } from '../../e2e/support/recording-transport';
import type { EventOf, LogEvent } from '../wire/events';
import { readSessionLines } from '../../e2e/support/session-lines';

const BIN = join(ROOT, 'server/bin.mjs');
type Answer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };
type HttpInner = ConstructorParameters<typeof RecordingTransport>[0] & {
  sessionId?: string;
  setProtocolVersion?: (version: string) => void;
  setSupportedProtocolVersions?: (versions: string[]) => void;
  hasPerRequestStream?: boolean;
};

/** RecordingTransport with what the SDKs ask of an HTTP transport besides send and receive. */
class RecordingHttp extends RecordingTransport {
  constructor(private readonly http: HttpInner) {
    super(http);
  }
  get sessionId(): string | undefined {
    return this.http.sessionId;
  }
  get hasPerRequestStream(): boolean | undefined {
    return this.http.hasPerRequestStream;
  }
  setProtocolVersion(version: string): void {
    this.http.setProtocolVersion?.(version);
  }
  setSupportedProtocolVersions(versions: string[]): void {
    this.http.setSupportedProtocolVersions?.(versions);
  }
}

const spawned = new Set<ChildProcess>();

/** The tap in front of `url`, as a person starts it: it prints the URL the host should use. */
async function startTap(url: string, dataDir: string): Promise<{ url: string; stop: () => Promise<void>; alive: () => boolean }> {
  const child = spawn(process.execPath, [BIN, 'tap', '--data-dir', dataDir, '--url', url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  // Stopped at the end even if it never prints its URL.
  spawned.add(child);
  child.stderr.resume();
  const hostUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`the tap exited with ${code} before printing its URL`)));
  });
  return { url: hostUrl, stop: () => stopProcess(child), alive: () => child.exitCode === null && child.signalCode === null };
}

type Host = { sdk: 'classic' | 'v2'; transport: 'http' | 'sse'; modern?: boolean; headers?: Record<string, string> };

/** A host that connects, makes the calls, answers each elicitation from the list, and closes: its transcript. */
async function runHost(host: Host, url: string, calls: string[], answers: Answer[]): Promise<{ transcript: TranscriptLine[]; results: unknown[] }> {
  const requestInit = { headers: host.headers ?? {} };
  let transport: RecordingHttp;
  let client: { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>; close(): Promise<void> };
  if (host.sdk === 'classic') {
    const inner = host.transport === 'http' ? new ClassicHttp(new URL(url), { requestInit }) : new ClassicSse(new URL(url), { requestInit });
    transport = new RecordingHttp(inner);
    const classic = new ClassicClient({ name: 'classic-host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
    classic.setRequestHandler(ElicitRequestSchema, async () => answers.shift() ?? { action: 'cancel' });
    await classic.connect(transport);
    client = classic;
  } else {
    const inner =
      host.transport === 'http' ? new StreamableHTTPClientTransport(new URL(url), { requestInit }) : new SSEClientTransport(new URL(url), { requestInit });
    transport = new RecordingHttp(inner);
    const v2 = new Client(
      { name: 'v2-host', version: '2.4.0' },
      { capabilities: { elicitation: { form: {} } }, ...(host.modern && { versionNegotiation: { mode: { pin: '2026-07-28' } } }) },
    );
    v2.setRequestHandler('elicitation/create', async () => (answers.shift() ?? { action: 'cancel' }) as never);
    await v2.connect(transport);
    client = v2;
  }
  const results = [];
  for (const name of calls) results.push(await client.callTool({ name, arguments: {} }));
  await client.close();
  return { transcript: transport.transcript, results };
}

const readSession = readSessionLines;

const messagesOf = (transcript: TranscriptLine[]) => transcript.map((line) => ({ from: line.from, message: JSON.parse(line.json) as unknown }));
const recordedMessages = (events: LogEvent[]) =>
  events.flatMap((e) => (e.kind === 'rpc-out' || e.kind === 'rpc-in' ? [{ from: e.kind === 'rpc-out' ? 'host' : 'server', message: e.message }] : []));

describe('tap over HTTP, with real hosts and servers', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-http-'));
  let inspector: Inspector;
  let watcher: InspectorClient;
  const servers: Started[] = [];
  const taps: { stop: () => Promise<void> }[] = [];
  let demo: { url: string; tap: string };
  let sse: { url: string; tap: string };
  let echo: { url: string; tap: string; server: Started; tapAlive: () => boolean; stopTap: () => Promise<void> };

  beforeAll(async () => {
    inspector = await startInspector(['--no-open', '--no-connect'], { dataDir });
    watcher = await InspectorClient.connect(inspector);
    // Each kept as it starts: when another fails to, afterAll still stops this one.
    const started = <T extends Started>(server: Promise<T>) => server.then((s) => (servers.push(s), s));
    const [demoServer, sseServer, echoServer] = await Promise.all([
      started(startDemoHttp()),
      started(startHttpTarget('v1-classic', '--sse')),
      started(startHttpTarget('echo-secrets', '--http')),
    ]);
    const sseUrl = `http://127.0.0.1:${sseServer.port}/sse`;
    const echoUrl = `http://127.0.0.1:${echoServer.port}/mcp`;
    const tapped = (url: string) => startTap(url, dataDir).then((t) => (taps.push(t), t));
    const [demoTap, sseTap, echoTap] = await Promise.all([tapped(demoServer.url), tapped(sseUrl), tapped(echoUrl)]);
    demo = { url: demoServer.url, tap: demoTap.url };
    sse = { url: sseUrl, tap: sseTap.url };
    echo = { url: echoUrl, tap: echoTap.url, server: echoServer, tapAlive: echoTap.alive, stopTap: echoTap.stop };
  }, 90_000);
  afterAll(async () => {
    watcher?.close();
    await Promise.all([...taps, ...servers].map((s) => s.stop()));
    await Promise.all([...spawned].map((child) => stopProcess(child)));
    await inspector?.stop();
  });

  /** Run a host straight to the server and through the tap: the transcripts, and the session the tap made. */
  async function bothWays(host: Host, server: { url: string; tap: string }, calls: string[], answers: Answer[]) {
    const direct = await runHost(host, server.url, calls, [...answers]);
    const before = new Set(readdirSync(dataDir));
    const through = await runHost(host, server.tap, calls, [...answers]);
    expect(messagesOf(through.transcript)).toEqual(messagesOf(direct.transcript));
    expect(through.results).toEqual(direct.results);
    const files = readdirSync(dataDir).filter((name) => name.startsWith('tap-') && name.endsWith('.jsonl') && !before.has(name));
    expect(files).toHaveLength(1);
    const sessionId = files[0].slice(0, -'.jsonl'.length);
    const events = () => readSession(join(dataDir, files[0]));
    // The tap records a message after relaying it: the host can have its last answer before the record does.
    for (let tries = 0; recordedMessages(events()).length < through.transcript.length && tries < 200; tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return { transcript: through.transcript, results: through.results, sessionId, events };
  }

  it('a classic host on Streamable HTTP accepts and declines: live in the inspector, every message in order, same as without the tap', async () => {
    const answers: Answer[] = [{ action: 'accept', content: { confirm: true } }, { action: 'decline' }];
    const run = await bothWays({ sdk: 'classic', transport: 'http' }, demo, ['confirm_order', 'confirm_order'], answers);
    expect(run.results.map((r) => (r as { structuredContent?: { confirmed?: unknown } }).structuredContent?.confirmed)).toEqual([true, false]);
    const summary = await watcher.waitFor(() => watcher.sessions.find((s) => s.sessionId === run.sessionId), 30_000, 'the tapped session');
    expect(summary.target).toMatchObject({ transport: 'http', host: { clientInfo: { name: 'classic-host', version: '1.32.2' } } });
    await watcher.follow(run.sessionId);
    await watcher.waitFor(() => watcher.of('call-end').length === 2 || undefined, 30_000, 'both calls');
    expect(recordedMessages(watcher.events)).toEqual(messagesOf(run.transcript));
    const actions = watcher.of('action').filter((a) => a.actor === 'host' && a.key);
    expect(actions.map((a) => [a.action, a.content])).toEqual(answers.map((a) => [a.action, a.content]));
    // The exchanges are there too: the POSTs that carried the calls, with their sessions' id.
    const posts = watcher.of('http').filter((h) => h.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(5);
    expect(posts.every((h) => h.url === demo.url && h.status !== undefined && h.status < 300)).toBe(true);
    await expect(watcher.send('call-tool', { sessionId: run.sessionId, name: 'echo', arguments: {} })).rejects.toThrow(/tapped/);
  }, 90_000);

  it('a v2 host on 2026-07-28 (no session id): its input_required rounds are the call rounds, as without the tap', async () => {
    const profile = { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' };
    const run = await bothWays(
      { sdk: 'v2', transport: 'http', modern: true },
      demo,
      ['collect_profile', 'collect_profile'],
      [{ action: 'accept', content: profile }, { action: 'decline' }],
    );
    expect(JSON.stringify(run.results[0])).toContain('Ada Lovelace');
    const events = run.events();
    expect(recordedMessages(events)).toEqual(messagesOf(run.transcript));
    expect(events.find((e) => e.kind === 'session-state' && e.state === 'ready')).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(events.filter((e) => e.kind === 'call-round').map((e) => [e.callId, e.round])).toEqual([
      ['c1', 1],
      ['c1', 2],
      ['c2', 1],
      ['c2', 2],
    ]);
    const actions = events.filter((e): e is EventOf<'action'> => e.kind === 'action' && e.actor === 'host' && e.key !== undefined);
    expect(actions.map((a) => a.action)).toEqual(['accept', 'decline']);
  }, 90_000);

  it('classic and v2 hosts on the old HTTP+SSE transport: the endpoint points back at the tap, and the session ends with the stream', async () => {
    const form = { email: 'ada@example.com', count: 2 };
    const classic = await bothWays(
      { sdk: 'classic', transport: 'sse' },
      sse,
      ['ask_form', 'ask_form'],
      [{ action: 'accept', content: form }, { action: 'decline' }],
    );
    expect(JSON.stringify(classic.results)).toContain('ada@example.com');
    const v2 = await bothWays({ sdk: 'v2', transport: 'sse' }, sse, ['ask_form'], [{ action: 'decline' }]);
    for (const run of [classic, v2]) {
      const events = run.events();
      expect(recordedMessages(events)).toEqual(messagesOf(run.transcript));
      expect(events[0]).toMatchObject({ kind: 'session-state', state: 'connecting', target: { transport: 'sse' } });
      // The host posted to the tap, never around it: every POST is in the session.
      const posts = events.filter((e): e is EventOf<'http'> => e.kind === 'http' && e.method === 'POST');
      expect(posts.length).toBe(run.transcript.filter((line) => line.from === 'host').length);
    }
    const ends = await Promise.all(
      [classic, v2].map((run) => watcher.waitFor(() => watcher.sessions.find((s) => s.sessionId === run.sessionId && !s.isLive), 30_000, 'ended')),
    );
    expect(ends).toHaveLength(2);
    expect(classic.events().at(-1)).toMatchObject({ kind: 'session-state', state: 'closed', reason: 'transport-closed' });
  }, 90_000);

  it("keeps the host's credentials out of the record, even when the server echoes them; a server gone is a 502, and the tap stays", async () => {
    const secret = 'sk-live-4f9a8b7c6d5e';
    const headers = { Authorization: `Bearer ${secret}`, Cookie: 'theme=dark; sid=cookie-value-991' };
    const run = await bothWays({ sdk: 'classic', transport: 'http', headers }, echo, ['repeat_secrets'], []);
    expect(JSON.stringify(run.results)).toContain(secret);
    const exchange = run.events().find((e): e is EventOf<'http'> => e.kind === 'http');
    expect(exchange?.requestHeaders).toMatchObject({ authorization: '[redacted]', cookie: '[redacted]' });

    // The server crashes under a connected host: its next call is a 502 that says why.
    const before = new Set(readdirSync(dataDir));
    const client = new ClassicClient({ name: 'classic-host', version: '1.32.2' }, { capabilities: {} });
    await client.connect(new ClassicHttp(new URL(echo.tap), { requestInit: { headers } }));
    echo.server.process.kill('SIGKILL');
    await new Promise((resolve) => echo.server.process.once('exit', resolve));
    await expect(client.callTool({ name: 'repeat_secrets', arguments: {} })).rejects.toThrow(/the server at http:\/\/127\.0\.0\.1:\d+ did not answer/);
    const again = await fetch(echo.tap, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":9,"method":"ping"}' });
    expect([again.status, await again.text()]).toEqual([
      502,
      expect.stringMatching(/^elicitation-inspector tap: the server at .* did not answer \(connect ECONNREFUSED/),
    ]);
    expect(echo.tapAlive()).toBe(true);
    await client.close().catch(() => {});
    await echo.stopTap();

    const files = readdirSync(dataDir).filter((name) => name.startsWith('tap-') && (!before.has(name) || name === `${run.sessionId}.jsonl`));
    for (const file of files) {
      const text = readFileSync(join(dataDir, file), 'utf8');
      expect(text).not.toContain(secret);
      expect(text).not.toContain('cookie-value-991');
    }
    const crashed = readSession(
      join(
        dataDir,
        files.find((name) => name !== `${run.sessionId}.jsonl`)!,
      ),
    );
    expect(crashed.filter((e) => e.kind === 'http' && e.error !== undefined).length).toBeGreaterThanOrEqual(1);
    expect(crashed.at(-1)).toMatchObject({ kind: 'session-state', state: 'closed', reason: 'proxy-exit' });
  }, 90_000);
});

/**
 * `elicitation-inspector tap` between real hosts and real servers over stdio: hosts on the
 * classic SDK (1.32) and on the v2 client (2.4) launch the tap as they would their server.
 * What each host saw must be what it sees without the tap; the running inspector's session
 * must hold every message, in order; the host's answers are judged by the host findings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClassicClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as ClassicStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, ROOT, startInspector, targetStdio, type Inspector } from '../../e2e/support/processes';
import { RecordingTransport, type TranscriptLine } from '../../e2e/support/recording-transport';
import { HUMAN_URL_ACCEPT_MS } from '../checks/findings';
import type { EventOf, LogEvent } from '../wire/events';
import { readSessionLines } from '../../e2e/support/session-lines';
import { newTappedSession } from '../../e2e/support/tapped-host';

const BIN = join(ROOT, 'server/bin.mjs');
type Server = { command: string; args: string[] };

/** The command line a host puts in its config to route `server` through the tap. */
function tapped(server: Server, dataDir: string): Server {
  return { command: process.execPath, args: [BIN, 'tap', '--data-dir', dataDir, '--', server.command, ...server.args] };
}

type Answer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };

/** A host on the classic SDK that answers the server's elicitations from a list, in order. */
async function classicHost(server: Server, answers: Answer[]) {
  const transport = new RecordingTransport(new ClassicStdio({ ...server, stderr: 'pipe', cwd: ROOT }));
  const client = new ClassicClient({ name: 'classic-host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => answers.shift() ?? { action: 'cancel' });
  await client.connect(transport);
  return { client, transcript: transport.transcript };
}

/** Every rpc entry of a session, in order, beside who sent it. */
function recordedMessages(events: LogEvent[]): { from: string; message: unknown }[] {
  return events.flatMap((e) => (e.kind === 'rpc-out' || e.kind === 'rpc-in' ? [{ from: e.kind === 'rpc-out' ? 'host' : 'server', message: e.message }] : []));
}

/**
 * A host's transcript as messages. The SDKs re-create what they receive through their schemas
 * (keys in the schema's order), so a host's own copy is compared by value; the relay's bytes
 * are compared as bytes below, with a host that reads raw lines.
 */
function messagesOf(transcript: TranscriptLine[]): { from: string; message: unknown }[] {
  return transcript.map((line) => ({ from: line.from, message: JSON.parse(line.json) as unknown }));
}

const readSession = (dataDir: string, sessionId: string): LogEvent[] => readSessionLines(join(dataDir, `${sessionId}.jsonl`));

const findingCodes = (events: LogEvent[]) => events.filter((e): e is EventOf<'finding'> => e.kind === 'finding').map((e) => e.code);

describe('tap over stdio, with a running inspector', () => {
  let inspector: Inspector;
  let watcher: InspectorClient;
  beforeAll(async () => {
    inspector = await startInspector(['--no-open', '--no-connect']);
    watcher = await InspectorClient.connect(inspector);
  }, 60_000);
  afterAll(async () => {
    watcher.close();
    await inspector.stop();
  });

  it('a classic host answers accept, decline and invalid content: the live session holds every message in order, judged', async () => {
    const answers: Answer[] = [{ action: 'accept', content: { confirm: true } }, { action: 'decline' }, { action: 'accept', content: { confirm: 'yes' } }];
    const { client, transcript } = await classicHost(tapped(demoStdio(), inspector.dataDir), [...answers]);
    const summary = await newTappedSession(watcher, new Set());
    expect(summary.target).toMatchObject({ host: { clientInfo: { name: 'classic-host', version: '1.32.2' }, capabilities: { elicitation: {} } } });
    await watcher.follow(summary.sessionId);
    const results = [];
    for (let i = 0; i < answers.length; i++) results.push(await client.callTool({ name: 'confirm_order', arguments: {} }).catch((error: Error) => error));
    expect(results.slice(0, 2).map((r) => (r as { structuredContent?: { confirmed?: unknown } }).structuredContent?.confirmed)).toEqual([true, false]);
    await client.close();
    await watcher.waitForEvent('session-state', (e) => e.state === 'closed', 0, 30_000);

    // Live, over the socket, exactly what the host saw and sent.
    expect(recordedMessages(watcher.events)).toEqual(messagesOf(transcript));
    const actions = watcher.of('action').filter((a) => a.actor === 'host' && a.key);
    expect(actions.map((a) => [a.action, a.content])).toEqual(answers.map((a) => [a.action, a.content]));
    // Only the content that breaks the schema is the host's fault.
    const invalid = watcher.of('finding').filter((f) => f.code.startsWith('host-'));
    expect(invalid.map((f) => [f.code, f.key])).toEqual([['host-content-invalid', actions[2].key]]);
    expect(watcher.of('session-state').at(-1)).toMatchObject({ state: 'closed', reason: 'transport-closed' });
    // The page may read it, never drive it.
    await expect(watcher.send('call-tool', { sessionId: summary.sessionId, name: 'echo', arguments: {} })).rejects.toThrow(/tapped/);
  }, 90_000);

  it('a tapped session already over when the inspector first sees its file (a short one, or moved in whole) is listed, ended, with its entries', async () => {
    // Recorded elsewhere first: the file lands in the inspector's folder complete, in one rename.
    const elsewhere = mkdtempSync(join(tmpdir(), 'tap-elsewhere-'));
    try {
      const { client } = await classicHost(tapped(demoStdio(), elsewhere), [{ action: 'decline' }]);
      await client.callTool({ name: 'confirm_order', arguments: {} });
      await client.close();
      // The tap writes its closing entry as it exits, after the host's close returns.
      const closedFile = () =>
        readdirSync(elsewhere).find((file) => file.endsWith('.jsonl') && readFileSync(join(elsewhere, file), 'utf8').includes('"state":"closed"'));
      for (let tries = 0; !closedFile() && tries < 300; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      const name = closedFile();
      expect(name, 'the tap closed its file').toBeDefined();
      if (!name) return;
      renameSync(join(elsewhere, name), join(inspector.dataDir, name));
      const sessionId = name.slice(0, -'.jsonl'.length);
      const listed = await newTappedSession(watcher, new Set(), (s) => s.sessionId === sessionId, 'the moved-in session');
      expect(listed).toMatchObject({ isLive: false, target: { host: { clientInfo: { name: 'classic-host' } } } });
      await watcher.follow(sessionId);
      await watcher.waitForEvent('session-state', (e) => e.state === 'closed');
      expect(
        watcher
          .of('action')
          .filter((a) => a.key)
          .map((a) => [a.actor, a.action]),
      ).toEqual([['host', 'decline']]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);

  it("a v2 host on 2026-07-28: its input_required rounds are the call's rounds, its answers the host's", async () => {
    const server = tapped(demoStdio(), inspector.dataDir);
    const transport = new RecordingTransport(new StdioClientTransport({ ...server, stderr: 'pipe', cwd: ROOT }));
    const client = new Client(
      { name: 'v2-host', version: '2.4.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'pro' },
    }));
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    await client.connect(transport);
    const summary = await newTappedSession(watcher, before);
    await watcher.follow(summary.sessionId);
    const result = await client.callTool({ name: 'collect_profile', arguments: {} });
    expect(JSON.stringify(result)).toContain('Ada Lovelace');
    await client.close();
    await watcher.waitForEvent('session-state', (e) => e.state === 'closed', 0, 30_000);

    expect(recordedMessages(watcher.events)).toEqual(messagesOf(transport.transcript));
    expect(watcher.of('session-state').find((e) => e.state === 'ready')).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    const rounds = watcher.of('call-round');
    expect(rounds.map((r) => [r.callId, r.round, r.reason])).toEqual([
      ['c1', 1, 'initial'],
      ['c1', 2, 'input-responses'],
    ]);
    expect(watcher.of('elicitation')).toEqual([expect.objectContaining({ callId: 'c1', origin: { kind: 'mrtr', round: 1, inputKey: 'profile' } })]);
    expect(watcher.of('action').filter((a) => a.actor === 'host' && a.key)).toEqual([expect.objectContaining({ action: 'accept' })]);
    expect(findingCodes(watcher.events).filter((c) => c.startsWith('host-'))).toEqual([]);
    expect(watcher.of('call-end')).toEqual([expect.objectContaining({ callId: 'c1', outcome: 'result' })]);
  }, 90_000);

  it('a host that accepts a URL flow at once is told it cannot have asked anyone; one that waits is not', async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const transport = new RecordingTransport(new ClassicStdio({ ...tapped(demoStdio(), inspector.dataDir), stderr: 'pipe', cwd: ROOT }));
    const client = new ClassicClient({ name: 'auto-accepting-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } } });
    // The first URL flow is accepted at once, the second after a pause longer than a person's quickest click.
    const delays = [0, HUMAN_URL_ACCEPT_MS + 200];
    client.setRequestHandler(ElicitRequestSchema, async () => {
      await new Promise((resolve) => setTimeout(resolve, delays.shift() ?? 0));
      return { action: 'accept' };
    });
    await client.connect(transport);
    await client.callTool({ name: 'never_completes', arguments: {} });
    await client.callTool({ name: 'never_completes', arguments: {} });
    await client.close();
    const summary = await newTappedSession(watcher, before, (s) => !s.isLive, 'the tapped session, ended');
    const events = readSession(inspector.dataDir, summary.sessionId);
    const keys = events.filter((e): e is EventOf<'elicitation'> => e.kind === 'elicitation').map((e) => e.key);
    const hostFindings = events.filter((e): e is EventOf<'finding'> => e.kind === 'finding' && e.code.startsWith('host-'));
    expect(hostFindings.map((f) => [f.code, f.key])).toEqual([['host-url-accept-too-fast', keys[0]]]);
  }, 90_000);

  it('a tap killed without a word (SIGKILL) leaves a session the inspector shows as ended, not live forever', async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const host = spawnRaw(tapped(targetStdio('tap-bulk'), inspector.dataDir));
    host.write({ id: 1, method: 'echo/this', params: {} });
    await host.reply(1);
    // Killed once the exchange is on disk (the tap writes at the end of its turn, after relaying the reply).
    const live = await newTappedSession(watcher, before, (s) => s.isLive && s.eventCount >= 3, 'the tapped session with its exchange recorded');
    host.kill();
    await host.exited;
    // The server's stdin closed with the tap, so it ends too (tap-bulk exits at the end of stdin).
    const ended = await watcher.waitFor(() => watcher.sessions.find((s) => s.sessionId === live.sessionId && !s.isLive), 30_000, 'the session ended');
    expect(ended.eventCount).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('a 2026-07-28 host that retries without the requestState it was given gets a finding', async () => {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const host = spawnRaw(tapped(demoStdio(), inspector.dataDir));
    const env = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } };
    host.write({ id: 1, method: 'server/discover', params: { _meta: env } });
    await host.reply(1);
    const call = (id: number, extra: object) => host.write({ id, method: 'tools/call', params: { name: 'plan_trip', arguments: {}, ...extra, _meta: env } });
    call(2, {});
    await host.reply(2);
    call(3, { inputResponses: { where: { action: 'accept', content: { destination: 'Lisbon', departure: '2026-09-01' } } } });
    const second = (await host.reply(3)) as { result: { resultType: string; requestState?: string } };
    expect(second.result).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) });
    // The seat answer, but not the requestState that carries the first answer.
    call(4, { inputResponses: { seat: { action: 'accept', content: { seat: 'window' } } } });
    await host.reply(4);
    const summary = await watcher.waitFor(() => watcher.sessions.find((s) => !before.has(s.sessionId)), 30_000, 'the tapped session');
    host.end();
    await host.exited;
    const events = readSession(inspector.dataDir, summary.sessionId);
    // Without its requestState the server starts over and asks again; the host then leaves that question unanswered.
    expect(findingCodes(events).filter((c) => c.startsWith('host-'))).toEqual(['host-dropped-request-state', 'host-gave-up']);
    expect(events.filter((e) => e.kind === 'call-round').map((e) => e.round)).toEqual([1, 2, 3]);
  }, 90_000);
});

describe('tap over stdio, byte for byte', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-bytes-'));

  it("a host's transcript is the same with the tap as without it", async () => {
    const run = async (server: Server) => {
      const { client, transcript } = await classicHost(server, [{ action: 'accept', content: { confirm: true, note: 'é✓ "quoted"' } }]);
      await client.callTool({ name: 'confirm_order', arguments: {} });
      await client.callTool({ name: 'echo', arguments: { text: 'line\nbreak \u2028 and 🙂' } });
      await client.close();
      return transcript;
    };
    const direct = await run(demoStdio());
    const through = await run(tapped(demoStdio(), dataDir));
    expect(through).toEqual(direct);
  }, 90_000);

  it('a 10 MB message and 10,000 notifications pass unchanged, and the session holds them in order', async () => {
    const input = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'bulk/many', params: {} }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'bulk/big', params: {} }),
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'echo/this', params: { text: 'é✓🙂' } }),
    ];
    const rawRun = async (server: Server) => {
      const host = spawnRaw(server);
      host.write(JSON.parse(input[0]));
      await host.reply(1);
      host.write(JSON.parse(input[1]));
      await host.reply(2);
      host.write(JSON.parse(input[2]));
      await host.reply(3);
      host.end();
      await host.exited;
      return host.output();
    };
    const direct = await rawRun(targetStdio('tap-bulk'));
    const before = new Set(readdirSync(dataDir));
    const through = await rawRun(tapped(targetStdio('tap-bulk'), dataDir));
    expect(through.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(through.equals(direct)).toBe(true);

    const file = readdirSync(dataDir).find((name) => !before.has(name) && name.endsWith('.jsonl'));
    const events = readSession(dataDir, file!.slice(0, -'.jsonl'.length));
    const lines = through.toString('utf8').trim().split('\n');
    const fromServer = events.filter((e): e is EventOf<'rpc-in'> => e.kind === 'rpc-in');
    expect(fromServer).toHaveLength(lines.length);
    // Each message as the server wrote it; the 10 MB one is over the log's entry budget, and says so.
    fromServer.forEach((entry, i) => {
      if (entry.dropped) expect(entry.dropped).toMatchObject({ reason: 'too-large' });
      else expect(JSON.stringify(entry.message)).toBe(lines[i]);
    });
    expect(fromServer.filter((e) => e.dropped)).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'rpc-out').map((e) => JSON.stringify(e.message))).toEqual(input);
  }, 120_000);
});

describe('tap over stdio, when something goes away', () => {
  it('keeps relaying when the inspector is killed', async () => {
    const inspector = await startInspector(['--no-open', '--no-connect']);
    const { client } = await classicHost(tapped(demoStdio(), inspector.dataDir), []);
    inspector.process.kill('SIGKILL');
    await new Promise((resolve) => inspector.process.once('exit', resolve));
    const result = await client.callTool({ name: 'echo', arguments: { text: 'still here' } });
    expect(JSON.stringify(result)).toContain('still here');
    await client.close();
    await inspector.stop();
  }, 90_000);

  it("exits with the server's code when the server crashes, and records why", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-crash-'));
    const host = spawnRaw(tapped(targetStdio('crash-on-start'), dataDir));
    expect(await host.exited).toBe(3);
    expect(host.output().length).toBe(0);
    const [file] = readdirSync(dataDir).filter((name) => name.endsWith('.jsonl'));
    const events = readSession(dataDir, file.slice(0, -'.jsonl'.length));
    expect(events.at(-1)).toMatchObject({ kind: 'session-state', state: 'closed', reason: 'server-exit', exitCode: 3 });
    expect(
      events
        .filter((e) => e.kind === 'stderr')
        .map((e) => e.text)
        .join(''),
    ).toContain('missing API_KEY');
  }, 60_000);

  it("ends the server when the host closes stdin, with the host's unanswered elicitation noted", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-close-'));
    const host = spawnRaw(tapped(demoStdio(), dataDir));
    host.write({
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'raw-host', version: '1' } },
    });
    await host.reply(0);
    host.write({ method: 'notifications/initialized' });
    host.write({ id: 1, method: 'tools/call', params: { name: 'confirm_order', arguments: {} } });
    await host.request('elicitation/create');
    host.end();
    expect(await host.exited).not.toBe(null);
    const [file] = readdirSync(dataDir).filter((name) => name.endsWith('.jsonl'));
    const events = readSession(dataDir, file.slice(0, -'.jsonl'.length));
    expect(findingCodes(events).filter((c) => c.startsWith('host-'))).toEqual(['host-gave-up']);
    expect(events.at(-1)).toMatchObject({ kind: 'session-state', state: 'closed', reason: 'transport-closed' });
  }, 60_000);

  it('host-gave-up gives the wait up to the host closing stdin, not up to the server exiting after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-gave-up-'));
    const transport = new ClassicStdio({ ...tapped(targetStdio('lingering'), dataDir), stderr: 'pipe', cwd: ROOT });
    const client = new ClassicClient({ name: 'closing-host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
    let seenAt = 0;
    const asked = new Promise<void>((resolve) =>
      client.setRequestHandler(ElicitRequestSchema, () => {
        seenAt = Date.now();
        resolve();
        return new Promise(() => {}); // the host's person never answers
      }),
    );
    await client.connect(transport);
    void client.callTool({ name: 'ask', arguments: {} }).catch(() => {});
    await asked;
    // The SDK's own close: stdin closed, then SIGTERM 2 s later to a server still running (this one
    // does not exit on the close), which the tap passes on.
    const closedAt = Date.now();
    await client.close();
    const [file] = readdirSync(dataDir).filter((name) => name.endsWith('.jsonl'));
    const events = readSession(dataDir, file.slice(0, -'.jsonl'.length));
    const ended = events.at(-1)!;
    expect(ended).toMatchObject({ kind: 'session-state', state: 'closed', reason: 'transport-closed' });

    // The finding says tenths of a second (±50 ms). The tap sees the close a little after the host
    // made it: far less than the time the server lived on after it, half of which is all the bound allows.
    const request = events.find((e) => e.kind === 'elicitation')!;
    const message = events.find((e): e is EventOf<'finding'> => e.kind === 'finding' && e.code === 'host-gave-up')?.message ?? '';
    const waitedMs = Number(/had waited ([\d.]+) s/.exec(message)?.[1]) * 1000;
    const serverOutlivedMs = ended.at - closedAt;
    expect(waitedMs, message).toBeGreaterThanOrEqual(seenAt - request.at - 50);
    expect(waitedMs, message).toBeLessThan(closedAt - request.at + 50 + serverOutlivedMs / 2);
  }, 60_000);
});

/** A host that writes and reads raw lines: what it was sent, byte for byte, and its messages as they come. */
function spawnRaw(server: Server) {
  const child: ChildProcess = spawn(server.command, server.args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  const messages: Record<string, unknown>[] = [];
  let partial = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) messages.push(JSON.parse(line) as Record<string, unknown>);
    for (const waiter of waiters) waiter();
  });
  child.stderr!.resume();
  const find = (match: (message: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let seen = 0;
      const check = () => {
        for (; seen < messages.length; seen++) {
          if (!match(messages[seen])) continue;
          waiters.delete(check);
          return resolve(messages[seen]);
        }
      };
      waiters.add(check);
      check();
    });
  return {
    write: (message: object) => child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n'),
    reply: (id: number) => find((m) => m.id === id && m.method === undefined),
    request: (method: string) => find((m) => m.method === method),
    end: () => child.stdin!.end(),
    kill: () => child.kill('SIGKILL'),
    output: () => Buffer.concat(chunks),
    exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
  };
}

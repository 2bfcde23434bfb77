/**
 * `elicitation-inspector tap --url` in front of a server written with mcp-use (2.5, on Node 22;
 * Streamable HTTP is the only transport it serves), its entry taken from a Claude Desktop-shaped
 * config by `tap --config`. The hosts are the v2 client (2.4, on 2026-07-28) and the classic SDK
 * (1.32, on 2025-11-25), answering mcp-use's elicitations their own way (mcp-use's own client, of
 * its 1.x line, is the host of tap-mcp-use-host.test.ts). The session must
 * hold every message the host saw, in order, and its findings must judge what the host did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClassicClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as ClassicHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpUseServer } from '../../e2e/support/node22';
import { ROOT, stopProcess, type Started } from '../../e2e/support/processes';
import { RecordingTransport, type TranscriptLine } from '../../e2e/support/recording-transport';
import { tapCli } from '../tap/tap-cli';
import type { EventOf, LogEvent } from '../wire/events';
import { readSessionLines } from '../../e2e/support/session-lines';

const BIN = join(ROOT, 'server/bin.mjs');
type Answer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };
type HttpInner = ConstructorParameters<typeof RecordingTransport>[0] & { sessionId?: string; setProtocolVersion?: (version: string) => void };

/** RecordingTransport with what the SDKs ask of an HTTP transport besides send and receive. */
class RecordingHttp extends RecordingTransport {
  constructor(private readonly http: HttpInner) {
    super(http);
  }
  get sessionId(): string | undefined {
    return this.http.sessionId;
  }
  setProtocolVersion(version: string): void {
    this.http.setProtocolVersion?.(version);
  }
}

/** A port free on loopback right now: `tap --config` writes it into the entry, then the tap listens on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `tap --config FILE --server NAME --listen PORT` as the command line runs it: the printed entry and the stderr line. */
async function configEntry(file: string, name: string, port: number): Promise<{ entry: { url: string }; hint: string }> {
  let out = '';
  let err = '';
  const stdout = process.stdout.write;
  const stderr = process.stderr.write;
  const sink = (add: (text: string) => void) => ((chunk: string | Uint8Array) => (add(String(chunk)), true)) as typeof process.stdout.write;
  process.stdout.write = sink((text) => (out += text));
  process.stderr.write = sink((text) => (err += text));
  try {
    expect(await tapCli(['--config', file, '--server', name, '--listen', String(port)])).toBe(0);
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
  return { entry: (JSON.parse(out) as Record<string, { url: string }>)[name], hint: err };
}

const readSession = readSessionLines;
const messagesOf = (transcript: TranscriptLine[]) => transcript.map((line) => ({ from: line.from, message: JSON.parse(line.json) as unknown }));
const recordedMessages = (events: LogEvent[]) =>
  events.flatMap((e) => (e.kind === 'rpc-out' || e.kind === 'rpc-in' ? [{ from: e.kind === 'rpc-out' ? 'host' : 'server', message: e.message }] : []));
const hostFindings = (events: LogEvent[]) => events.filter((e): e is EventOf<'finding'> => e.kind === 'finding' && e.code.startsWith('host-'));

describe('tap --url in front of an mcp-use server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-mcp-use-'));
  let server: Started & { url: string };
  let tap: ChildProcess | undefined;
  let tapUrl: string;

  beforeAll(async () => {
    server = await startMcpUseServer();
    const config = join(mkdtempSync(join(tmpdir(), 'tap-mcp-use-config-')), 'claude_desktop_config.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { bookings: { url: server.url } } }, null, 2));
    const port = await freePort();
    const { entry, hint } = await configEntry(config, 'bookings', port);
    expect(entry).toEqual({ url: `http://127.0.0.1:${port}/mcp` });
    expect(hint).toContain(`tap --url ${server.url} --listen ${port}`);
    // The command the hint names, as the person would keep it running.
    tap = spawn(process.execPath, [BIN, 'tap', '--data-dir', dataDir, '--url', server.url, '--listen', String(port)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    tap.stderr!.resume();
    tapUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      tap!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      tap!.once('exit', (code) => reject(new Error(`the tap exited with ${code} before printing its URL`)));
    });
    expect(tapUrl).toBe(entry.url);
    // Vitest's global setup installed the Node 22 and mcp-use the server runs on (e2e/support/node22-setup.ts); a failed install is tried again here.
  }, 120_000);
  afterAll(async () => {
    if (tap) await stopProcess(tap);
    await server?.stop();
  });

  /**
   * The one tap session file a host's run made, once it holds as many messages as the host's
   * transcript: the tap writes at the end of its turn, after relaying the last reply.
   */
  async function sessionOf(transcript: TranscriptLine[], run: () => Promise<void>): Promise<LogEvent[]> {
    const before = new Set(readdirSync(dataDir));
    await run();
    const files = readdirSync(dataDir).filter((name) => name.startsWith('tap-') && name.endsWith('.jsonl') && !before.has(name));
    expect(files).toHaveLength(1);
    for (let tries = 0; ; tries++) {
      const events = readSession(join(dataDir, files[0]));
      if (recordedMessages(events).length >= transcript.length || tries === 200) return events;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('a v2 host on 2026-07-28: every message in order; its invalid answer and its instant URL accept are the host findings', async () => {
    const transport = new RecordingHttp(new StreamableHTTPClientTransport(new URL(tapUrl)));
    const host = new Client(
      { name: 'v2-host', version: '2.4.0' },
      { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const answers: Answer[] = [
      // A string where the form asks for a number: mcp-use's schema check asks again, and the host then answers well.
      { action: 'accept', content: { name: 'Ada', guests: 'two', seating: 'terrace' } },
      { action: 'accept', content: { name: 'Ada', guests: 2, seating: 'terrace' } },
      // The URL flow, accepted at once: no person could have opened the page.
      { action: 'accept' },
      { action: 'accept', content: { flavour: 'lemon' } },
      { action: 'accept', content: { confirm: true } },
    ];
    host.setRequestHandler('elicitation/create', async () => (answers.shift() ?? { action: 'cancel' }) as never);
    const results: unknown[] = [];
    const events = await sessionOf(transport.transcript, async () => {
      await host.connect(transport);
      for (const name of ['book_table', 'connect_calendar', 'order_cake']) results.push(await host.callTool({ name, arguments: {} }));
      await host.close();
    });
    expect(JSON.stringify(results)).toContain('Booked: {\\"name\\":\\"Ada\\",\\"guests\\":2,\\"seating\\":\\"terrace\\"}');
    expect(JSON.stringify(results)).toContain('Calendar connected');
    expect(JSON.stringify(results)).toContain('Ordered a lemon cake');

    expect(recordedMessages(events)).toEqual(messagesOf(transport.transcript));
    expect(events.find((e) => e.kind === 'session-state' && e.state === 'ready')).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(events.find((e) => e.kind === 'session-state')).toMatchObject({ target: { host: { clientInfo: { name: 'v2-host', version: '2.4.0' } } } });
    // Each call's rounds as the host made them: the asked-again booking took three, the cake's requestState round three too.
    expect(events.filter((e) => e.kind === 'call-round').map((e) => [e.callId, e.round])).toEqual([
      ['c1', 1],
      ['c1', 2],
      ['c1', 3],
      ['c2', 1],
      ['c2', 2],
      ['c3', 1],
      ['c3', 2],
      ['c3', 3],
    ]);
    const elicitations = events.filter((e): e is EventOf<'elicitation'> => e.kind === 'elicitation');
    const actions = events.filter((e): e is EventOf<'action'> => e.kind === 'action' && e.actor === 'host' && e.key !== undefined);
    expect(actions.map((a) => [a.key, a.action])).toEqual(elicitations.map((e) => [e.key, 'accept']));
    expect(hostFindings(events).map((f) => [f.code, f.key])).toEqual([
      ['host-content-invalid', elicitations[0].key],
      ['host-url-accept-too-fast', elicitations[2].key],
    ]);
  }, 90_000);

  it('a classic host on 2025-11-25: mcp-use cannot ask it anything, and the session shows the tool error the host got', async () => {
    const transport = new RecordingHttp(new ClassicHttp(new URL(tapUrl)));
    const host = new ClassicClient({ name: 'classic-host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
    let asked = 0;
    host.setRequestHandler(ElicitRequestSchema, async () => (asked++, { action: 'cancel' }));
    let result: unknown;
    const events = await sessionOf(transport.transcript, async () => {
      await host.connect(transport);
      result = await host.callTool({ name: 'book_table', arguments: {} });
      await host.close();
    });
    expect(asked).toBe(0);
    expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("Cannot request input 'booking' (elicitation/create)") }] });
    expect(recordedMessages(events)).toEqual(messagesOf(transport.transcript));
    expect(events.find((e) => e.kind === 'session-state' && e.state === 'ready')).toMatchObject({ era: 'legacy' });
    expect(events.filter((e) => e.kind === 'elicitation')).toEqual([]);
    expect(hostFindings(events)).toEqual([]);
  }, 60_000);
});

/**
 * `--otlp` with a collector that is down (it resets every connection) or that takes the request and
 * never answers: every command that sends on its way out (`tap`, `run`, `audit`, the inspector's
 * stop) gives up on it, says on stderr how many spans did not go and that the session file keeps
 * them, and ends on its own. A tap stopped by its host before the line is out says it at once and
 * asks the collector nothing. What is checked is what the command says and the file it names,
 * never how long it took or who ended the process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, ROOT, startDemoHttp, startInspector, targetStdio, type Started } from '../../e2e/support/processes';
import { readSessionLines } from '../../e2e/support/session-lines';
import { auditCli } from '../audit/audit-cli';
import { runCli } from '../scenarios/run-cli';
import { AUDIT_CASES } from '../wire/audit';

const dataDir = mkdtempSync(join(tmpdir(), 'otlp-down-'));
let demo: Started & { url: string };
/**
 * A collector that is down: a listener this test keeps open for the whole file, so that no other
 * process can be given its port meanwhile (a port merely closed could be), which resets every
 * connection as it comes.
 */
let refusing: TcpServer;
/** A collector that takes the request and never answers. */
let silent: Server;
const collectors: Record<'refusing' | 'silent', string> = { refusing: '', silent: '' };
/** What reached each collector: connections to the refusing one, requests (by path) to the silent one. */
const reached: Record<'refusing' | 'silent', string[]> = { refusing: [], silent: [] };

const listening = (server: Server | TcpServer) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  demo = await startDemoHttp();
  refusing = createTcpServer((socket) => {
    reached.refusing.push('connection');
    socket.resetAndDestroy();
  });
  collectors.refusing = `http://127.0.0.1:${await listening(refusing)}`;
  silent = createServer((req) => {
    reached.silent.push(req.url ?? '');
    req.resume();
  });
  collectors.silent = `http://127.0.0.1:${await listening(silent)}`;
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
  await new Promise((resolve) => refusing?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The line a command prints for spans that did not go: how many (or, from a tap stopped first, its traces), of what, and the file that keeps them. */
const notSent = (what: string, endpoint: string) =>
  new RegExp(
    `could not send (?:\\d+ spans of ${what}|${what}'s traces) to ${endpoint} \\((.+?)\\)\\. (\\S+\\.jsonl) still holds them: \`elicitation-inspector export-otlp \\2\``,
  );

/** The session file a not-sent line names holds the session, ended, with the call that was made in it. */
function expectRecorded(line: RegExpMatchArray | null, call: string): void {
  expect(line).not.toBeNull();
  const events = readSessionLines(line?.[2] ?? '');
  expect(events.flatMap((e) => (e.kind === 'call-start' ? [e.name] : []))).toEqual([call]);
  expect(events.filter((e) => e.kind === 'session-state' && e.state === 'closed')).toHaveLength(1);
}

/** A host on the v2 SDK that launches the tap in front of the demo server, and what the tap writes on stderr, whole once it has ended. */
async function tappedHost(kind: 'refusing' | 'silent', endpoint: string) {
  const server = demoStdio();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', join(dataDir, `tap-${kind}`), '--otlp', endpoint, '--', server.command, ...server.args],
    cwd: ROOT,
    stderr: 'pipe',
  });
  let err = '';
  const stderrEnded = new Promise<string>((resolve) => {
    transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    transport.stderr?.on('end', () => resolve(err));
  });
  const client = new Client({ name: 'host', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderrEnded };
}

describe.each(['refusing', 'silent'] as const)('with a %s collector', (kind) => {
  it("tap: the line is on stderr once the host has closed, however the host's close sequence ended the tap", async () => {
    const endpoint = collectors[kind];
    const { client, stderrEnded } = await tappedHost(kind, endpoint);
    await client.callTool({ name: 'echo', arguments: { text: 'tapped' } });
    // The host's own close: stdin closed, then SIGTERM 2 s later if the tap is still running. Either way the line is out.
    await client.close();
    const err = await stderrEnded;
    expectRecorded(err.match(notSent('session tap-[0-9a-f]{8}', endpoint)), 'echo');
  }, 60_000);

  it('tap: a host that stops it with SIGTERM gets the line at once, and the collector is asked nothing', async () => {
    const endpoint = `${collectors[kind]}/stopped-tap`;
    const { client, transport, stderrEnded } = await tappedHost(kind, endpoint);
    const before = reached[kind].length;
    try {
      await client.callTool({ name: 'echo', arguments: { text: 'tapped' } });
      // Stopped without closing stdin first, as a host that kills its servers does.
      process.kill(transport.pid ?? 0, 'SIGTERM');
      const err = await stderrEnded;
      const line = err.match(notSent('session tap-[0-9a-f]{8}', endpoint));
      expect(line?.[1]).toBe('the tap was stopped (SIGTERM) before the collector had them');
      expectRecorded(line, 'echo');
      expect(reached[kind].slice(before)).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("tap: the traces are given up on while a server that outlives the host's close still runs", async () => {
    const endpoint = `${collectors[kind]}/lingering`;
    const server = targetStdio('lingering');
    const tap = spawn(
      process.execPath,
      [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', join(dataDir, `lingering-${kind}`), '--otlp', endpoint, '--', server.command, ...server.args],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let err = '';
    const said = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => pattern.test(err) && resolve();
        tap.stderr.on('data', (chunk: Buffer) => ((err += chunk.toString()), check()));
        check();
      });
    const lineOut = said(notSent('session tap-[0-9a-f]{8}', endpoint));
    const closed = new Promise<void>((resolve) => tap.once('close', () => resolve()));
    // A host that writes its lines and waits for the answers it needs.
    const answers = new Map<number, () => void>();
    let partial = '';
    tap.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) answers.get((JSON.parse(line) as { id?: number }).id ?? -1)?.();
    });
    const answered = (id: number) => new Promise<void>((resolve) => answers.set(id, resolve));
    const send = (message: object) => tap.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    try {
      const initialized = answered(1);
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-host', version: '1.0.0' } } });
      await initialized;
      send({ method: 'notifications/initialized' });
      const called = answered(2);
      send({ id: 2, method: 'tools/call', params: { name: 'hello', arguments: {} } });
      await called;
      // The host closes stdin and signals nothing: the server lives on (until the tap's own SIGTERM, 10 s on).
      tap.stdin.end();
      await lineOut;
      // Only now is the server stopped: the line was out before anything ended it.
      tap.kill('SIGTERM');
      await closed;
      expect(err.indexOf('lingering: stopped by SIGTERM')).toBeGreaterThan(err.search(notSent('session tap-[0-9a-f]{8}', endpoint)));
      expectRecorded(err.match(notSent('session tap-[0-9a-f]{8}', endpoint)), 'hello');
    } finally {
      tap.kill('SIGKILL');
    }
  }, 60_000);

  it('run: the line is on stderr and the verdict stands', async () => {
    const endpoint = collectors[kind];
    const scenario = join(dataDir, `echo-${kind}.json`);
    writeFileSync(scenario, JSON.stringify({ server: { transport: 'http', url: demo.url }, steps: [{ call: 'echo', arguments: { text: 'hi' } }] }));
    let err = '';
    const code = await runCli([scenario, '--data-dir', join(dataDir, `run-${kind}`), '--otlp', endpoint], { out: () => {}, err: (t) => (err += t) });
    expect(code, err).toBe(0);
    expect(err).toMatch(notSent('the auto run', endpoint));
  }, 60_000);

  it('audit: a line for each case session, and the verdict is the audit', async () => {
    const endpoint = collectors[kind];
    const file = join(dataDir, `careful-${kind}.json`);
    writeFileSync(file, JSON.stringify({ steps: [{ call: 'audit_careful' }] }));
    let out = '';
    let err = '';
    const skip = AUDIT_CASES.map((c) => c.id).filter((id) => id !== 'decline');
    const code = await auditCli(
      [file, '--url', demo.url, '--revision', '2025-11-25', '--skip', skip.join(','), '--data-dir', join(dataDir, `audit-${kind}`), '--otlp', endpoint],
      {
        out: (text) => void (out += text),
        err: (text) => void (err += text),
      },
    );
    expect(code, out + err).toBe(0);
    expect(err).toMatch(notSent('session [0-9a-f]{8}', endpoint));
    expect(err).not.toMatch(/^Sent /m);
  }, 90_000);

  it("the inspector's stop: the line is on stderr and it exits on its own", async () => {
    const endpoint = collectors[kind];
    const inspector = await startInspector(['--otlp', endpoint]);
    // `close`: the process has exited and its output has been read to the end.
    const closed = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      inspector.process.once('close', (code, signal) => resolve({ code, signal })),
    );
    const client = await InspectorClient.connect(inspector);
    try {
      const { sessionId } = await client.waitFor(() => client.sessions[0], 30_000, 'the session made at start');
      await client.follow(sessionId);
      await client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
      await (
        await client.call(sessionId, 'echo', { text: 'traced' })
      ).end;
      client.close();
      // Stopped as the kit stops it, without the kit's SIGKILL 5 s later: what is checked is that it ends by itself, not how soon.
      inspector.process.kill('SIGTERM');
      expect(await closed).toEqual({ code: 0, signal: null });
      expectRecorded(inspector.output().match(notSent('session [0-9a-f]{8}', endpoint)), 'echo');
    } finally {
      client.close();
      await inspector.stop();
    }
  }, 60_000);
});

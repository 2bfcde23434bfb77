/**
 * `--otlp` with a collector that is down (a port that refuses connections) or that takes the
 * request and never answers: every command that sends on its way out (`tap`, `run`, `audit`, the
 * inspector's stop) gives up on it within its bound, says on stderr how many spans did not go and
 * that the session file keeps them, and ends on its own: a tap before its host (the SDK client's
 * own close sequence) has to signal it, the inspector before the kit's SIGKILL.
 */
import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { demoStdio, ROOT, startDemoHttp, startInspector, type Started } from '../../e2e/support/processes';
import { auditCli } from '../audit/audit-cli';
import { runCli } from '../scenarios/run-cli';
import { AUDIT_CASES } from '../wire/audit';

const dataDir = mkdtempSync(join(tmpdir(), 'otlp-down-'));
let demo: Started & { url: string };
/** A collector that takes the request and never answers. */
let silent: Server;
const collectors: Record<'refusing' | 'silent', string> = { refusing: '', silent: '' };

const listening = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  demo = await startDemoHttp();
  // A port that refuses: a listener opened, then closed.
  const closed = createServer();
  const port = await listening(closed);
  await new Promise((resolve) => closed.close(resolve));
  collectors.refusing = `http://127.0.0.1:${port}`;
  silent = createServer((req) => void req.resume());
  collectors.silent = `http://127.0.0.1:${await listening(silent)}`;
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The line a command prints for spans that did not go: how many, of what, and the file that keeps them. */
const notSent = (what: string, endpoint: string) =>
  new RegExp(`could not send \\d+ spans of ${what} to ${endpoint} \\(.+\\)\\. (\\S+\\.jsonl) still holds them: \`elicitation-inspector export-otlp \\1\``);

describe.each(['refusing', 'silent'] as const)('with a %s collector', (kind) => {
  it('tap: the line is on stderr and the tap has ended before its host would signal it', async () => {
    const endpoint = collectors[kind];
    const server = demoStdio();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'server/bin.mjs'), 'tap', '--data-dir', join(dataDir, `tap-${kind}`), '--otlp', endpoint, '--', server.command, ...server.args],
      cwd: ROOT,
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(transport);
    await client.callTool({ name: 'echo', arguments: { text: 'tapped' } });
    const tapPid = transport.pid;
    // The host's own close: stdin closed, SIGTERM 2 s later if the tap is still running, SIGKILL 2 s after that.
    const kill = vi.spyOn(ChildProcess.prototype, 'kill');
    try {
      await client.close();
      expect(err).toMatch(notSent('session tap-[0-9a-f]{8}', endpoint));
      expect((kill.mock.contexts as ChildProcess[]).filter((child) => child.pid === tapPid)).toEqual([]);
    } finally {
      kill.mockRestore();
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

  it("the inspector's stop: the line is on stderr and it exits on its own before the kit's SIGKILL", async () => {
    const endpoint = collectors[kind];
    const inspector = await startInspector(['--otlp', endpoint]);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      inspector.process.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const client = await InspectorClient.connect(inspector);
    try {
      const { sessionId } = await client.waitFor(() => client.sessions[0], 30_000, 'the session made at start');
      await client.follow(sessionId);
      await client.waitForEvent('session-state', (e) => e.state === 'ready', 0, 30_000);
      await (
        await client.call(sessionId, 'echo', { text: 'traced' })
      ).end;
    } finally {
      client.close();
      // SIGTERM, then SIGKILL if it has not exited within 5 s (kit/start-inspector.ts).
      await inspector.stop();
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(inspector.output()).toMatch(notSent('session [0-9a-f]{8}', endpoint));
  }, 60_000);
});

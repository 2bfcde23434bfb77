/**
 * mcp-use's own client (`MCPClient` of mcp-use 1.34, the last line that ships one) as the host
 * in front of the tap, the way its users run it: servers read from a Claude Desktop-shaped
 * config file. Over stdio the file is the one `tap --config --write` rewrote (its entry launches
 * `npx -y elicitation-inspector tap -- …`, found in the host's folder as a user's install would
 * be); over Streamable HTTP the entry is the URL `tap --url` printed. The host answers the demo
 * server's forms its own way: an accept, an accept whose content breaks the schema, a decline.
 * The record must hold the host and what it declared, every message of each call in order with
 * the answers the host gave, the result the host got, and a finding on the bad accept only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStdio, ROOT, startDemoHttp, stopProcess, type Started } from '../../e2e/support/processes';
import type { EventOf, LogEvent } from '../wire/events';
import { readSessionLines } from '../../e2e/support/session-lines';

const BIN = join(ROOT, 'server/bin.mjs');
type Answer = { action: 'accept' | 'decline'; content?: Record<string, unknown> };
const ANSWERS: Answer[] = [{ action: 'accept', content: { confirm: true } }, { action: 'accept', content: { confirm: 'yes' } }, { action: 'decline' }];

/**
 * A host's folder: the host script, and the inspector installed as a user's `npm install` would
 * (a link in node_modules and its bin), so the rewritten entry's `npx -y elicitation-inspector`
 * runs this checkout without the registry.
 */
function hostFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'mcp-use-host-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'host', private: true, dependencies: { 'elicitation-inspector': '*' } }));
  mkdirSync(join(folder, 'node_modules/.bin'), { recursive: true });
  symlinkSync(ROOT, join(folder, 'node_modules/elicitation-inspector'));
  symlinkSync('../elicitation-inspector/server/bin.mjs', join(folder, 'node_modules/.bin/elicitation-inspector'));
  // What an mcp-use user writes: the config file, a callback per elicitation, the calls. mcp-use's
  // ESM build cannot read a config file (a bundled `require("fs")`), so the host loads its CommonJS build.
  writeFileSync(
    join(folder, 'host.mjs'),
    `import { createRequire } from 'node:module';
const { MCPClient } = createRequire(${JSON.stringify(join(ROOT, 'package.json'))})('mcp-use-client/client');
const answers = JSON.parse(process.argv[3]);
const asked = [];
const client = MCPClient.fromConfigFile(process.argv[2], {
  onElicitation: async (params) => (asked.push(params), answers[asked.length - 1]),
});
const session = await client.createSession('shop');
const results = [];
for (const _ of answers) results.push(await session.callTool('confirm_order', { item: 'pizza' }));
await client.closeAllSessions();
process.stdout.write(JSON.stringify({ asked, results }));
`,
  );
  return folder;
}

type HostRun = { asked: Array<{ message: string; mode?: string }>; results: Array<{ structuredContent?: unknown; isError?: boolean }> };

function runHost(folder: string, config: string): Promise<HostRun> {
  const host = spawn(process.execPath, ['host.mjs', config, JSON.stringify(ANSWERS)], {
    cwd: folder,
    env: { ...process.env, MCP_USE_ANONYMIZED_TELEMETRY: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  host.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  host.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) =>
    host.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as HostRun) : reject(new Error(`the mcp-use host exited with ${code}:\n${err}`)))),
  );
}

/** The tap session a run made, once its record has ended (the tap writes it after relaying). */
async function sessionAfter(dataDir: string, run: () => Promise<HostRun>): Promise<{ host: HostRun; events: LogEvent[] }> {
  const before = new Set(readdirSync(dataDir));
  const host = await run();
  for (let tries = 0; ; tries++) {
    const files = readdirSync(dataDir).filter((name) => name.startsWith('tap-') && name.endsWith('.jsonl') && !before.has(name));
    const events = files.length === 1 ? readSession(join(dataDir, files[0])) : [];
    const isEnded = events.some((e) => e.kind === 'session-state' && e.state === 'closed');
    if ((files.length === 1 && isEnded) || tries === 400) {
      expect(files).toHaveLength(1);
      return { host, events };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const readSession = readSessionLines;

/** What a user reads off the record of the host's three calls. */
function expectHostRecorded({ host, events }: { host: HostRun; events: LogEvent[] }): void {
  const started = events.find((e): e is EventOf<'session-state'> & { state: 'connecting' } => e.kind === 'session-state' && e.state === 'connecting');
  const declared = started?.target.transport === 'stdio' || started?.target.transport === 'http' ? started.target.host : undefined;
  expect(declared?.clientInfo).toMatchObject({ name: 'mcp-use', version: '1.34.6' });
  expect(declared?.capabilities).toMatchObject({ elicitation: { form: {} } });

  // Each call: the host's tools/call, the server's elicitation/create, the host's answer, the result.
  const rpcs = events.flatMap((e) => (e.kind === 'rpc-out' || e.kind === 'rpc-in' ? [{ kind: e.kind, message: e.message }] : []));
  const calls = rpcs.filter((r) => r.kind === 'rpc-out' && r.message.method === 'tools/call');
  expect(calls).toHaveLength(ANSWERS.length);
  const asks = rpcs.filter((r) => r.kind === 'rpc-in' && r.message.method === 'elicitation/create');
  expect(asks.map((r) => (r.message.params as { message: string }).message)).toEqual(host.asked.map((params) => params.message));
  const isReply = (r: (typeof rpcs)[number]) => !('method' in r.message);
  const answers = rpcs.filter((r) => r.kind === 'rpc-out' && isReply(r) && asks.some((a) => a.message.id === r.message.id));
  expect(answers.map((r) => r.message.result)).toEqual(ANSWERS);
  const results = rpcs.filter((r) => r.kind === 'rpc-in' && isReply(r) && calls.some((c) => c.message.id === r.message.id));
  expect(results.map((r) => (r.message.result as { structuredContent?: unknown }).structuredContent)).toEqual(
    host.results.map((result) => result.structuredContent),
  );
  // In order: each call's request, its form, the host's answer, then its result.
  const order = rpcs.map((r) => r.message);
  for (const [i, call] of calls.entries()) {
    const places = [call, asks[i], answers[i], results[i]].map((rpc) => (rpc ? order.indexOf(rpc.message) : -1));
    expect(places).not.toContain(-1);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  }

  // The host's own checks: the accept that breaks the schema, and nothing else.
  const elicitations = events.filter((e): e is EventOf<'elicitation'> => e.kind === 'elicitation');
  const findings = events.filter((e): e is EventOf<'finding'> => e.kind === 'finding' && e.code.startsWith('host-'));
  expect(findings.map((f) => [f.code, f.key])).toEqual([['host-content-invalid', elicitations[1]?.key]]);
}

describe('an mcp-use host through the tap', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-mcp-use-host-'));
  let folder: string;
  beforeAll(() => {
    folder = hostFolder();
  });

  it('over stdio, from a config file `tap --config --write` rewrote: the host, its calls and answers in the record, one finding', async () => {
    const demo = demoStdio();
    const config = join(folder, 'claude_desktop_config.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { shop: { command: demo.command, args: demo.args } } }, null, 2));
    const rewrite = spawn(process.execPath, [BIN, 'tap', '--config', config, '--server', 'shop', '--data-dir', dataDir, '--write'], { stdio: 'ignore' });
    expect(await new Promise((resolve) => rewrite.once('exit', resolve))).toBe(0);
    const entry = (JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: { shop: { command: string; args: string[] } } }).mcpServers.shop;
    expect([entry.command, ...entry.args]).toEqual(['npx', '-y', 'elicitation-inspector', 'tap', '--data-dir', dataDir, '--', demo.command, ...demo.args]);

    const recorded = await sessionAfter(dataDir, () => runHost(folder, config));
    expect(recorded.host.results.map((result) => result.structuredContent)).toEqual([
      { item: 'pizza', confirmed: true },
      expect.anything(),
      { item: 'pizza', confirmed: false },
    ]);
    expectHostRecorded(recorded);
  });

  describe('over Streamable HTTP, through `tap --url`', () => {
    let server: Started & { url: string };
    let tap: ChildProcess;
    let tapUrl: string;
    beforeAll(async () => {
      server = await startDemoHttp();
      tap = spawn(process.execPath, [BIN, 'tap', '--data-dir', dataDir, '--url', server.url, '--listen', '0'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      tap.stderr!.resume();
      tapUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        tap.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]);
        });
        tap.once('exit', (code) => reject(new Error(`the tap exited with ${code} before printing its URL`)));
      });
    });
    afterAll(async () => {
      if (tap) await stopProcess(tap);
      await server?.stop();
    });

    it('the host pointed at the printed URL: the host, its calls and answers in the record, one finding', async () => {
      const config = join(folder, 'http_config.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { shop: { url: tapUrl } } }, null, 2));
      expectHostRecorded(await sessionAfter(dataDir, () => runHost(folder, config)));
    });
  });
});

/**
 * `tap --url` against a hostile host: one that sends session ids it made up (three times as many as
 * any of the tap's caps, MADE_UP_IDS), and one that opens connection after connection. The tap must keep relaying (the host gets what the
 * server answers), open no record for an id the server refuses, record at most
 * MAX_ADOPTED_RECORDINGS sessions it never saw begin (a server that accepts any id), keep at most
 * MAX_LIVE_RECORDINGS open at once, and a real SDK host through it afterwards must be recorded as usual.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startDemoHttp, startHttpTarget, stopProcess, type Started } from '../../e2e/support/processes';
import { MAX_ADOPTED_RECORDINGS, MAX_LIVE_RECORDINGS } from '../tap/http-exchanges';
import type { LogEvent } from '../wire/events';

const BIN = join(ROOT, 'server/bin.mjs');
const spawned = new Set<ChildProcess>();
const servers: Started[] = [];

async function startTap(url: string, dataDir: string): Promise<{ url: string; stderr: () => string; pid: number }> {
  const child = spawn(process.execPath, [BIN, 'tap', '--data-dir', dataDir, '--url', url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const hostUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`the tap exited with ${code} before printing its URL`)));
  });
  return { url: hostUrl, stderr: () => stderr, pid: child.pid! };
}

const tapFiles = (dataDir: string) => readdirSync(dataDir).filter((name) => name.startsWith('tap-') && name.endsWith('.jsonl'));
const readEvents = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as LogEvent);
const isClosed = (events: LogEvent[]) => events.some((e) => e.kind === 'session-state' && e.state === 'closed');

/**
 * Made-up ids per test: three times the caps (MAX_ADOPTED_RECORDINGS, MAX_LIVE_RECORDINGS), which is what
 * each test needs to see a cap hold. 3,000 proved nothing more, and cost 10× the requests: on a loaded
 * two-core machine, more than the test's deadline.
 */
const MADE_UP_IDS = 3 * Math.max(MAX_ADOPTED_RECORDINGS, MAX_LIVE_RECORDINGS);

/** `count` POSTs of tools/list, each with a session id of its own making, `inFlight` at a time: the statuses the host got. */
async function madeUpIds(url: string, count: number, inFlight = 50): Promise<number[]> {
  const statuses: number[] = [];
  for (let done = 0; done < count; done += inFlight) {
    const batch = Array.from({ length: Math.min(inFlight, count - done) }, async (_, i) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': `made-up-${done + i}`,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: done + i, method: 'tools/list' }),
      });
      await response.arrayBuffer();
      return response.status;
    });
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

/** A classic SDK host: connects through `url`, lists the tools, closes. */
async function realHost(url: string): Promise<number> {
  const client = new Client({ name: 'classic-host', version: '1.32.2' }, { capabilities: { elicitation: {} } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  await client.close();
  return tools.length;
}

/** The tap's resident memory, in MiB (from /proc: a figure for the record, not asserted). */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('tap --url with a host sending ids forever', () => {
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all([...spawned].map((child) => stopProcess(child)));
  });

  it('ids the server refuses open no record; the server answers each, and a real host is recorded after them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-bounds-'));
    const demo = await startDemoHttp();
    servers.push(demo);
    const tap = await startTap(demo.url, dataDir);
    const before = rssMiB(tap.pid);
    const statuses = await madeUpIds(tap.url, MADE_UP_IDS);
    // What the server says of an id it never issued reaches the host, every time.
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect(tapFiles(dataDir)).toEqual([]);
    expect(tap.stderr()).toContain('a session id the server refused');
    process.stdout.write(`tap RSS: ${before.toFixed(1)} MiB before ${MADE_UP_IDS} made-up ids, ${rssMiB(tap.pid).toFixed(1)} MiB after\n`);

    expect(await realHost(tap.url)).toBeGreaterThan(0);
    const files = tapFiles(dataDir);
    expect(files).toHaveLength(1);
    const events = readEvents(join(dataDir, files[0]));
    expect(events.find((e) => e.kind === 'session-state' && e.state === 'connecting')).toMatchObject({
      target: { host: { clientInfo: { name: 'classic-host' } } },
    });
    expect(events.some((e) => e.kind === 'rpc-in' && JSON.stringify(e.message).includes('"tools"'))).toBe(true);
  }, 120_000);

  it('a server that accepts any id: at most MAX_ADOPTED_RECORDINGS records, each id still relayed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-bounds-'));
    const server = await startHttpTarget('hostile-http');
    servers.push(server);
    const tap = await startTap(`http://127.0.0.1:${server.port}/mcp`, dataDir);
    const statuses = await madeUpIds(tap.url, MADE_UP_IDS);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(tapFiles(dataDir)).toHaveLength(MAX_ADOPTED_RECORDINGS);
    expect(tap.stderr()).toContain(`${MAX_ADOPTED_RECORDINGS} sessions begun before the tap`);
  }, 120_000);

  it(`a host opening connections forever: at most ${MAX_LIVE_RECORDINGS} recorded at once, the idlest ended with a note`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tap-bounds-'));
    const demo = await startDemoHttp();
    servers.push(demo);
    const tap = await startTap(demo.url, dataDir);
    const extra = 20;
    const clients: Client[] = [];
    for (let i = 0; i < MAX_LIVE_RECORDINGS + extra; i++) {
      const client = new Client({ name: `host-${i}`, version: '1.0.0' }, { capabilities: {} });
      // Open and left open, as a host that never sends DELETE.
      await client.connect(new StreamableHTTPClientTransport(new URL(tap.url)));
      clients.push(client);
    }
    const files = tapFiles(dataDir);
    expect(files).toHaveLength(MAX_LIVE_RECORDINGS + extra);
    const sessions = files.map((name) => readEvents(join(dataDir, name)));
    const ended = sessions.filter(isClosed);
    expect(sessions.length - ended.length).toBe(MAX_LIVE_RECORDINGS);
    expect(ended).toHaveLength(extra);
    for (const events of ended) {
      expect(events.some((e) => e.kind === 'proxy-error' && e.error.message.includes(`more than ${MAX_LIVE_RECORDINGS} host connections`))).toBe(true);
    }
    // The first hosts were the ones ended, and their connections still work through the tap.
    const endedHosts = ended.map((events) => events.find((e) => e.kind === 'session-state' && e.state === 'connecting'));
    expect(endedHosts.map((e) => (e?.kind === 'session-state' ? e.target.host?.clientInfo?.name : undefined)).sort()).toEqual(
      Array.from({ length: extra }, (_, i) => `host-${i}`).sort(),
    );
    expect((await clients[0].listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all(clients.map((client) => client.close()));
  }, 180_000);
});

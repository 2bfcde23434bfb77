/**
 * `elicitation-inspector tap --url`, byte for byte: a server that answers with exactly the bytes
 * written here (a 10 MB JSON body, a 10 MB event, 10,000 events on one stream, and framing that
 * is odd but legal: CRLF and bare CR line ends, `data:` over several lines, comments, `id:` and
 * `retry:` fields, chunks cut inside a UTF-8 character and between CR and LF), fetched by a host
 * directly and through the tap. The host must get the same bytes and headers both ways, the
 * server the same requests, and the session must hold every message.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, startHttpTap, startRawServer, type RawAnswer, type RawServer } from '../../e2e/support/raw-http';
import type { Started } from '../../e2e/support/processes';
import type { EventOf } from '../wire/events';
import { readSessionLines } from '../../e2e/support/session-lines';

const SESSION_ID = 'raw-7f3a-session';
const MANY = 10_000;
/** Ten bytes a unit, one to four a character: a cut every 1 MiB falls inside a character. */
const FILLER = 'aé✓🙂';
const BIG_UNITS = Math.ceil((10 * 1024 * 1024) / Buffer.byteLength(FILLER));

const rpc = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });
const notification = (data: unknown) => ({ method: 'notifications/message', params: { level: 'info', data } });

/** The host's side of one connection: what it sends, in order. */
const HOST_MESSAGES = [
  { id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'raw-host', version: '1' } } },
  { method: 'notifications/initialized' },
  { id: 1, method: 'tools/call', params: { name: 'big-json', arguments: {} } },
  { id: 2, method: 'tools/call', params: { name: 'big-sse', arguments: {} } },
  { id: 3, method: 'tools/call', params: { name: 'many', arguments: {} } },
  { id: 4, method: 'tools/call', params: { name: 'odd', arguments: { text: 'é✓🙂' } } },
];

/** An event stream whose bytes are cut, for the wire, inside each multi-byte character and between each CR and LF. */
const ODD_STREAM = Buffer.from(
  [
    ': a comment, then a retry and an id, CRLF line ends\r\n',
    'retry: 3000\r\n',
    'id: odd-1\r\n',
    `data: {"jsonrpc":"2.0","method":"notifications/message",\r\n`,
    `data:"params":{"level":"info","data":"é✓🙂 over two data lines"}}\r\n`,
    '\r\n',
    'id: odd-2\r',
    `data: ${rpc(notification('bare CR line ends 🙂'))}\r`,
    '\r',
    'event: ping\ndata: {"not":"json-rpc"}\n\n',
    ':\n',
    'event: message\n',
    `data: ${rpc({ id: 4, result: { content: [{ type: 'text', text: 'odd ✓' }] } })}\n`,
    '\n',
  ].join(''),
);
/** What the SDKs read from ODD_STREAM: its two notifications and its result (the ping is not a message). */
const ODD_MESSAGES = [
  { jsonrpc: '2.0', ...notification('é✓🙂 over two data lines') },
  { jsonrpc: '2.0', ...notification('bare CR line ends 🙂') },
  { jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: 'odd ✓' }] } },
];

function cutPoints(bytes: Buffer): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < bytes.length; i++) {
    const isInsideCharacter = (bytes[i] & 0xc0) === 0x80;
    const isInsideCrlf = bytes[i - 1] === 0x0d && bytes[i] === 0x0a;
    if (isInsideCharacter || isInsideCrlf) cuts.push(i);
  }
  return cuts;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `bytes` in pieces, each its own chunk on the wire (a pause between them), then ends. */
async function writeCut(res: ServerResponse, bytes: Buffer, cuts: number[]): Promise<void> {
  let from = 0;
  for (const at of [...cuts, bytes.length]) {
    res.write(bytes.subarray(from, at));
    from = at;
    await pause(3);
  }
  res.end();
}

const SSE_HEAD = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', 'Mcp-Session-Id': SESSION_ID };

/** The server: exact bytes per request. `sent` gets every message it wrote, in order; `received` every request it got. */
function rawMcpServer(sent: unknown[], received: { method?: string; headers: string[]; body: string }[]) {
  return startRawServer(async (req, body, res) => {
    // The request as the server got it, less the one header the tap must change (Host) and the per-hop ones.
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i];
      if (!['host', 'connection', 'transfer-encoding'].includes(name.toLowerCase())) headers.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
    received.push({ method: req.method, headers, body: body.toString('utf8') });
    if (req.method === 'DELETE') return void res.writeHead(200, { 'Mcp-Session-Id': SESSION_ID }).end();
    const message = JSON.parse(body.toString('utf8')) as { id?: number; method: string; params?: { name?: string } };
    if (message.method === 'initialize') {
      const result = { id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'raw-bytes', version: '1' } } };
      sent.push({ jsonrpc: '2.0', ...result });
      res.writeHead(200, [
        ['Content-Type', 'application/json'],
        ['Mcp-Session-Id', SESSION_ID],
        ['Cache-Control', 'no-store'],
        ['X-Raw-Case', 'kept'],
        ['Set-Cookie', 'a=1; Path=/'],
        ['Set-Cookie', 'b=2; Path=/'],
      ]);
      return void res.end(rpc(result));
    }
    if (message.id === undefined) return void res.writeHead(202, { 'Mcp-Session-Id': SESSION_ID }).end();
    const name = message.params?.name;
    if (name === 'big-json') {
      const text = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: FILLER.repeat(BIG_UNITS) }] } });
      sent.push(JSON.parse(text));
      const bytes = Buffer.from(text);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length, 'Mcp-Session-Id': SESSION_ID });
      return writeCut(
        res,
        bytes,
        Array.from({ length: Math.floor(bytes.length / (1 << 20)) }, (_, i) => (i + 1) << 20),
      );
    }
    res.writeHead(200, SSE_HEAD);
    if (name === 'big-sse') {
      const result = { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: FILLER.repeat(BIG_UNITS) }] } };
      sent.push(result);
      const bytes = Buffer.from(`event: message\nid: big-1\ndata: ${JSON.stringify(result)}\n\n`);
      return writeCut(
        res,
        bytes,
        Array.from({ length: Math.floor(bytes.length / (1 << 20)) }, (_, i) => (i + 1) << 20),
      );
    }
    if (name === 'many') {
      // 10,000 notifications on the call's stream, a hundred to a write, then the result.
      for (let i = 0; i < MANY; i += 100) {
        let chunk = '';
        for (let j = i; j < i + 100; j++) {
          const each = { jsonrpc: '2.0', ...notification({ i: j, text: 'é✓🙂' }) };
          sent.push(each);
          chunk += `id: n-${j}\ndata: ${JSON.stringify(each)}\n\n`;
        }
        res.write(chunk);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const result = { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `${MANY} sent` }] } };
      sent.push(result);
      return void res.end(`data: ${JSON.stringify(result)}\n\n`);
    }
    sent.push(...ODD_MESSAGES);
    return writeCut(res, ODD_STREAM, cutPoints(ODD_STREAM));
  });
}

/** A host that sends HOST_MESSAGES one by one, then DELETE: each answer as it got it. */
async function host(url: string): Promise<RawAnswer[]> {
  const answers: RawAnswer[] = [];
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' };
  for (const message of HOST_MESSAGES) {
    const sessionHeader: Record<string, string> = answers.length ? { 'Mcp-Session-Id': SESSION_ID } : {};
    answers.push(await rawExchange(url, { body: rpc(message), headers: { ...headers, ...sessionHeader } }));
  }
  answers.push(await rawExchange(url, { method: 'DELETE', headers: { 'Mcp-Session-Id': SESSION_ID, 'MCP-Protocol-Version': '2025-11-25' } }));
  return answers;
}

/**
 * Headers that belong to one connection (RFC 9110 §7.6.1) are the tap's own on its side; and a
 * proxy must add a Date when the server sent none (RFC 9110 §6.6.1), as Node's server does.
 */
const PER_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
const endToEnd = (answer: RawAnswer) => answer.headers.filter(([name]) => !PER_HOP.has(name.toLowerCase()));
const headerOf = (answer: RawAnswer, name: string) => answer.headers.filter(([n]) => n.toLowerCase() === name).map(([, value]) => value);

const readSession = readSessionLines;

describe('tap over HTTP, byte for byte', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tap-http-bytes-'));
  const sent: unknown[] = [];
  const received: { method?: string; headers: string[]; body: string }[] = [];
  let server: RawServer;
  let tap: Started & { url: string };
  beforeAll(async () => {
    server = await rawMcpServer(sent, received);
    tap = await startHttpTap(`${server.origin}/mcp`, dataDir);
  }, 60_000);
  afterAll(async () => {
    await tap?.stop();
    await server?.close();
  });

  it('a 10 MB body, a 10 MB event, 10,000 events on one stream and odd framing reach the host unchanged, and the session holds every message', async () => {
    const direct = await host(`${server.origin}/mcp`);
    const directRequests = received.splice(0);
    const directSent = sent.splice(0);
    const through = await host(tap.url);

    // What the host got: every byte, status and end-to-end header, both ways.
    expect(through.map((a) => a.status)).toEqual([200, 202, 200, 200, 200, 200, 200]);
    expect(direct[2].body.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(direct[3].body.length).toBeGreaterThan(10 * 1024 * 1024);
    through.forEach((answer, i) => {
      expect(answer.status, `answer ${i}`).toBe(direct[i].status);
      expect(answer.body.equals(direct[i].body), `the bytes of answer ${i}`).toBe(true);
      expect(endToEnd(answer), `the headers of answer ${i}`).toEqual(endToEnd(direct[i]));
      // The server sends no Date; the tap adds one, as RFC 9110 §6.6.1 asks of a proxy.
      expect([headerOf(direct[i], 'date'), headerOf(answer, 'date')]).toEqual([[], [expect.any(String)]]);
    });
    for (const name of ['content-type', 'mcp-session-id', 'cache-control', 'set-cookie', 'content-length'])
      expect(
        through.map((a) => headerOf(a, name)),
        name,
      ).toEqual(direct.map((a) => headerOf(a, name)));
    expect(headerOf(through[0], 'set-cookie')).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(through[0].headers.some(([name]) => name === 'X-Raw-Case')).toBe(true);
    expect(through[5].body.equals(ODD_STREAM)).toBe(true);

    // What the server got: the same requests, headers and bodies.
    expect(received).toEqual(directRequests);
    expect(sent).toEqual(directSent);

    // The record: every message both ways, in order, whole. The 10 MB ones are 5.2 million
    // characters (four to ten bytes in UTF-8 each), inside the log's 8 Mi-character entry budget.
    await expect.poll(() => readdirSync(dataDir).filter((name) => name.endsWith('.jsonl')).length, { timeout: 30_000 }).toBe(1);
    const file = join(
      dataDir,
      readdirSync(dataDir).find((name) => name.endsWith('.jsonl'))!,
    );
    await expect.poll(() => readSession(file).at(-1), { timeout: 30_000 }).toMatchObject({ kind: 'session-state', state: 'closed' });
    const events = readSession(file);
    expect(events.filter((e) => e.kind === 'rpc-out').map((e) => e.message)).toEqual(HOST_MESSAGES.map((m) => ({ jsonrpc: '2.0', ...m })));
    const fromServer = events.filter((e): e is EventOf<'rpc-in'> => e.kind === 'rpc-in');
    expect(sent).toHaveLength(1 + 2 + MANY + 1 + ODD_MESSAGES.length);
    expect(fromServer.filter((e) => e.dropped)).toEqual([]);
    expect(fromServer.map((e) => e.message)).toEqual(sent);
    expect(events.at(-1)).toMatchObject({ kind: 'session-state', state: 'closed', reason: 'transport-closed' });
  }, 180_000);
});

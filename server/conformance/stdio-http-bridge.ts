/**
 * A stdio MCP server behind a loopback Streamable HTTP endpoint, for a client that
 * speaks HTTP only (the conformance suite). Each `initialize` starts a server
 * process of its own, named by the `Mcp-Session-Id` the bridge gives it; requests
 * that carry no session and no `initialize` (a stateless 2026-07-28 client) go to
 * one shared process. A POST with requests is answered as an event stream that
 * ends once each of its requests is answered; what the server sends meanwhile
 * (an `elicitation/create`, a notification) goes on the newest open POST stream,
 * else on the session's GET stream. DELETE stops the session's process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StdioBridge = {
  url: string;
  /** Why the server command could not be started, once it could not: every later connection would fail the same way. */
  failure: () => string | undefined;
  close: () => Promise<void>;
};
type Message = Record<string, unknown>;
/** A POST's event stream and its requests not answered yet, by their id's JSON. */
type Stream = { res: ServerResponse; waiting: Map<string, unknown> };

const MAX_BODY = 16 * 1024 * 1024;

class StdioSession {
  readonly child: ChildProcess;
  readonly streams: Stream[] = [];
  standalone: ServerResponse | undefined;
  private buffered = '';
  exited = false;

  constructor(server: { command: string; args: string[] }, note: (text: string) => void, failed: (why: string) => void) {
    this.child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'inherit'] });
    // The requests left unanswered get an error of their own: a client waiting on a stream that just ends would wait for its timeout.
    const over = (why: string) => {
      if (this.exited) return;
      this.exited = true;
      for (const stream of this.streams.splice(0)) answerAll(stream, why);
      this.standalone?.end();
    };
    this.child.on('error', (error) => {
      const why = `could not start ${server.command}: ${error.message}`;
      note(why);
      failed(why);
      over(why);
    });
    this.child.stdin?.on('error', () => {});
    this.child.on('exit', (code, signal) => over(`the server process exited (${signal ?? `code ${code}`}) before answering`));
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString('utf8');
      let at;
      while ((at = this.buffered.indexOf('\n')) !== -1) {
        const line = this.buffered.slice(0, at).trim();
        this.buffered = this.buffered.slice(at + 1);
        if (!line) continue;
        try {
          this.deliver(JSON.parse(line) as Message);
        } catch {
          note(`the server wrote a line that is not JSON: ${line.slice(0, 200)}`);
        }
      }
    });
  }

  send(messages: Message[]): void {
    if (this.exited) return;
    for (const message of messages) this.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }

  private deliver(message: Message): void {
    const isResponse = message.method === undefined && message.id !== undefined;
    const key = isResponse ? idKey(message.id) : undefined;
    const stream = key !== undefined ? this.streams.find((s) => s.waiting.has(key)) : this.streams.at(-1);
    if (stream) {
      writeEvent(stream.res, message);
      if (key !== undefined) stream.waiting.delete(key);
      if (stream.waiting.size === 0) {
        this.streams.splice(this.streams.indexOf(stream), 1);
        stream.res.end();
      }
    } else if (this.standalone) {
      writeEvent(this.standalone, message);
    }
  }

  stop(): void {
    if (!this.exited) this.child.kill('SIGTERM');
  }
}

const idKey = (id: unknown) => JSON.stringify(id);
const writeEvent = (res: ServerResponse, message: unknown) => res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);

function answerAll(stream: Stream, why: string): void {
  for (const id of stream.waiting.values()) writeEvent(stream.res, { jsonrpc: '2.0', id, error: { code: -32603, message: `elicitation-inspector: ${why}` } });
  stream.waiting.clear();
  stream.res.end();
}

export async function startStdioBridge(server: { command: string; args: string[] }, note: (text: string) => void): Promise<StdioBridge> {
  const sessions = new Map<string, StdioSession>();
  let shared: StdioSession | undefined;
  let failure: string | undefined;
  const open = () => new StdioSession(server, note, (why) => (failure ??= why));
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      note(`could not bridge ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) jsonError(res, 500, -32603, 'the bridge failed on this request');
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') return void res.writeHead(404).end('Not found: the endpoint is /mcp\n');
    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === 'string' && !known) return jsonError(res, 404, -32001, 'Session not found');
    if (req.method === 'DELETE') {
      if (!known) return void res.writeHead(405).end();
      known.stop();
      sessions.delete(sessionId as string);
      return void res.writeHead(200).end();
    }
    if (req.method === 'GET') {
      if (!known) return void res.writeHead(405, { allow: 'POST' }).end();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      known.standalone = res;
      res.on('close', () => known.standalone === res && (known.standalone = undefined));
      return;
    }
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'GET, POST, DELETE' }).end();
    let messages: Message[];
    try {
      const parsed: unknown = JSON.parse(await readBody(req));
      messages = (Array.isArray(parsed) ? parsed : [parsed]).filter((m): m is Message => typeof m === 'object' && m !== null);
      if (messages.length === 0) throw new Error('no message');
    } catch {
      return jsonError(res, 400, -32700, 'Parse error: the body is not a JSON-RPC message');
    }
    let session = known;
    const headers: Record<string, string> = {};
    if (!session && messages.some((m) => m.method === 'initialize')) {
      const id = randomUUID();
      session = open();
      sessions.set(id, session);
      headers['mcp-session-id'] = id;
    }
    session ??= shared && !shared.exited ? shared : (shared = open());
    const requests = messages.filter((m) => typeof m.method === 'string' && m.id !== undefined);
    if (requests.length === 0) {
      session.send(messages);
      return void res.writeHead(202, headers).end();
    }
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const stream: Stream = { res, waiting: new Map(requests.map((m) => [idKey(m.id), m.id])) };
    const current = session;
    if (current.exited) return answerAll(stream, 'the server process has exited');
    current.streams.push(stream);
    res.on('close', () => {
      const at = current.streams.indexOf(stream);
      if (at !== -1) current.streams.splice(at, 1);
    });
    current.send(messages);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    failure: () => failure,
    close: async () => {
      for (const session of [...sessions.values(), ...(shared ? [shared] : [])]) session.stop();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

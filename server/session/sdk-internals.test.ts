/**
 * One test per SDK internal that sdk-internals.ts relies on, against the real
 * SDK classes and real processes: an SDK upgrade that changes one fails here,
 * under its name, before the session misbehaves.
 */
import { Client, specTypeSchemas, StreamableHTTPClientTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { targetStdio } from '../../e2e/support/processes';
import {
  addSpawnEnv,
  endProbeWait,
  interceptInbound,
  isProbeClosedServer,
  onCloseBeforeAborting,
  SessionStdioTransport,
  stdioChildProcess,
  watchSkippedStdoutLines,
  wrapSend,
  wrapStart,
} from './sdk-internals';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A stdio transport on a process that runs `script`, closed after the test. */
function nodeScript(script: string, options: { maxBufferSize?: number; stderr?: 'pipe' } = {}): StdioClientTransport {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['-e', script], ...options });
  closers.push(() => transport.close());
  return transport;
}

/** The hand-written 2025 server on the session's transport, with what it wrote on stderr, and an Auto client. */
function legacyServer(scenario: string) {
  const transport = new SessionStdioTransport({ ...targetStdio('legacy-strict', scenario), stderr: 'pipe' });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  closers.push(() => client.close());
  return { transport, client, starts: () => stderr.join('').match(/legacy-strict: started/g)?.length ?? 0 };
}

const describeMessage = (m: JSONRPCMessage) => `${'method' in m ? m.method : 'error' in m ? 'error' : 'result'} ${'id' in m ? String(m.id) : ''}`.trim();

describe('the version probe', () => {
  it('the SDK probes in place on a subclass of StdioClientTransport: server/discover goes out on the one process', async () => {
    const { transport, client, starts } = legacyServer('answers-errors');
    const sent: string[] = [];
    wrapSend(transport, (message) => void sent.push(describeMessage(message)));
    await client.connect(transport);
    expect(client.getProtocolEra()).toBe('legacy');
    expect(sent.slice(0, 2)).toEqual(['server/discover server-discover-probe-1', 'initialize 0']);
    expect(starts()).toBe(1);
  });

  it('a server that exits on the in-place probe fails connect() in words isProbeClosedServer recognises', async () => {
    const { transport, client } = legacyServer('exits-before-initialize');
    const error = await client.connect(transport).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isProbeClosedServer(error)).toBe(true);
  });

  it('the probe window starts the transport through its own start() once, and puts a wrapped start() back', async () => {
    const { transport, client, starts } = legacyServer('answers-errors');
    let befores = 0;
    let afters = 0;
    wrapStart(transport, { before: () => befores++, after: () => afters++ });
    await client.connect(transport);
    expect({ befores, afters, starts: starts() }).toEqual({ befores: 1, afters: 1, starts: 1 });
    await expect(transport.start()).rejects.toThrow(/already started/);
    expect(befores).toBe(2);
  });

  it("the probe window hides the probe's reply from a pre-set onmessage; interceptInbound sees it, and every message, once", async () => {
    const { transport, client } = legacyServer('answers-errors');
    const log: string[] = [];
    wrapSend(transport, (message) => void log.push(`out ${describeMessage(message)}`));
    interceptInbound(transport, (message) => log.push(`in ${describeMessage(message)}`));
    await client.connect(transport);
    await client.listTools();
    expect(log).toEqual([
      'out server/discover server-discover-probe-1',
      'in error server-discover-probe-1',
      'out initialize 0',
      'in result 0',
      'out notifications/initialized',
      'out tools/list 1',
      'in result 1',
    ]);
  });

  it("an error reply with the probe's id, handed to the probe window unreported, ends its wait as legacy: initialize follows on the one process", async () => {
    const { transport, client, starts } = legacyServer('ignores-discover');
    const log: string[] = [];
    const handOver = interceptInbound(transport, (message) => log.push(`in ${describeMessage(message)}`));
    wrapSend(transport, (message) => {
      log.push(`out ${describeMessage(message)}`);
      if ('method' in message && 'id' in message && message.method === 'server/discover') setTimeout(() => endProbeWait(handOver, message.id), 50);
    });
    await client.connect(transport);
    expect(client.getProtocolEra()).toBe('legacy');
    expect(log).toEqual(['out server/discover server-discover-probe-1', 'out initialize 0', 'in result 0', 'out notifications/initialized']);
    expect(starts()).toBe(1);
  });
});

describe('sending', () => {
  it('Client.request hands its message to send() before request() returns (how the call runner learns its id)', async () => {
    const { transport, client } = legacyServer('answers-errors');
    const sent: string[] = [];
    wrapSend(transport, (message) => void sent.push(describeMessage(message)));
    await client.connect(transport, { prior: { kind: 'legacy' } });
    const calling = client.request({ method: 'tools/call', params: { name: 'whoami' } }, specTypeSchemas.CallToolResult);
    expect(sent.at(-1)).toBe('tools/call 1');
    await calling;
  });

  it('a replacement wrapSend returns goes out instead, and its response settles the original request()', async () => {
    const transport = nodeScript(`
      const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
      require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const m = JSON.parse(line);
        if (m.method === 'initialize') send({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'echo', version: '1' } } });
        if (m.method === 'tools/call') send({ id: m.id, result: { content: [{ type: 'text', text: JSON.stringify(m.params._meta ?? null) }] } });
      });`);
    const client = new Client({ name: 'test', version: '1' });
    closers.push(() => client.close());
    wrapSend(transport, (message) =>
      'method' in message && message.method === 'tools/call' ? { ...message, params: { ...message.params, _meta: { added: 'yes' } } } : undefined,
    );
    await client.connect(transport, { prior: { kind: 'legacy' } });
    const result = await client.request({ method: 'tools/call', params: { name: 'echo' } }, specTypeSchemas.CallToolResult);
    expect(result.content).toEqual([{ type: 'text', text: '{"added":"yes"}' }]);
  });

  it('StreamableHTTPClientTransport carries hasPerRequestStream on the instance, and wrapSend leaves it there', () => {
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:9/mcp'));
    wrapSend(transport, () => {});
    expect(Object.hasOwn(transport, 'hasPerRequestStream')).toBe(true);
    expect(transport.hasPerRequestStream).toBe(true);
  });
});

describe('closing', () => {
  /** A 2025 server that asks the client an elicitation as soon as it is initialized, and never hears back. */
  const ASKING_SERVER = `
    const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const m = JSON.parse(line);
      if (m.method === 'initialize') send({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'asking', version: '1' } } });
      if (m.method === 'notifications/initialized') send({ id: 'e1', method: 'elicitation/create', params: { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } } });
    });`;

  it("Client calls onclose before it aborts the server's requests still being handled", async () => {
    const transport = nodeScript(ASKING_SERVER);
    const client = new Client({ name: 'test', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    closers.push(() => client.close());
    const order: string[] = [];
    let isAsked = false;
    client.setRequestHandler('elicitation/create', (_request, ctx) => {
      isAsked = true;
      return new Promise((_resolve, reject) =>
        ctx.mcpReq.signal.addEventListener('abort', () => {
          order.push('request aborted');
          reject(new Error('aborted by the SDK'));
        }),
      );
    });
    onCloseBeforeAborting(client, () => order.push('onclose'));
    await client.connect(transport, { prior: { kind: 'legacy' } });
    await vi.waitFor(() => expect(isAsked).toBe(true), { timeout: 30_000 });
    await transport.close();
    await vi.waitFor(() => expect(order).toEqual(['onclose', 'request aborted']), { timeout: 30_000 });
  });
});

describe('StdioClientTransport', () => {
  it('keeps its child process in `_process` from start() until close()', async () => {
    const transport = nodeScript('process.stdin.resume();');
    expect(stdioChildProcess(transport)).toBeUndefined();
    await transport.start();
    const child = stdioChildProcess(transport);
    expect(child?.pid).toBe(transport.pid);
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    await transport.close();
    expect(stdioChildProcess(transport)).toBeUndefined();
    await exited;
  });

  it('spawns from the `_serverParams` it keeps, so a variable added before start() reaches the server', async () => {
    const transport = nodeScript('process.stderr.write(`marker=${process.env.SDK_INTERNALS_MARKER}\\n`); process.stdin.resume();', { stderr: 'pipe' });
    const stderr: string[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    expect(addSpawnEnv(transport, 'SDK_INTERNALS_MARKER', 'seen')).toBe(true);
    await transport.start();
    await vi.waitFor(() => expect(stderr.join('')).toContain('marker=seen'), { timeout: 30_000 });
  });
});

describe('ReadBuffer', () => {
  /** A process that writes `output` on stdout, then waits for stdin to close. */
  const printing = (output: string, maxBufferSize?: number) =>
    nodeScript(`process.stdout.write(${JSON.stringify(output)}); process.stdin.resume();`, { ...(maxBufferSize && { maxBufferSize }) });

  it('readMessage skips each non-JSON line: the watch reports them in order, and each message still arrives once', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const transport = printing(`Starting...\n${ping}\n\n{not json\r\n${ping}\nlast words\n`);
    const texts: string[] = [];
    const messages: unknown[] = [];
    expect(watchSkippedStdoutLines(transport, { onText: (line) => texts.push(line), onOverLimit: () => {} })).toBe(true);
    transport.onmessage = (message) => messages.push(message);
    await transport.start();
    await vi.waitFor(() => expect(texts).toEqual(['Starting...', '{not json', 'last words']), { timeout: 30_000 });
    expect(messages).toHaveLength(2);
  });

  it('append refuses a line past `_maxBufferSize`: the watch reports the limit', async () => {
    const transport = printing('x'.repeat(5000), 1024);
    const limits: number[] = [];
    watchSkippedStdoutLines(transport, { onText: () => {}, onOverLimit: (limitBytes) => limits.push(limitBytes) });
    transport.onerror = () => {}; // the SDK reports the overflow here too, then closes
    await transport.start();
    await vi.waitFor(() => expect(limits).toEqual([1024]), { timeout: 30_000 });
  });
});

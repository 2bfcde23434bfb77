/**
 * The round driver against a real 2026-07-28 server, in-process: the SDK's
 * createMcpHandler answers the SDK client's HTTP transport through a fetch
 * function, so nothing listens on a port and nothing is mocked.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LogEvent, NewLogEvent } from '../../wire/events';
import type { RaisedFinding } from '../../wire/finding-codes';
import { SessionSettingsSchema } from '../../wire/target';
import { ElicitationBroker } from '../requests/broker';
import { CallRunner } from './call-runner';
import { pollDelayMs } from './call-rounds';
import { clientOptions } from '../client-factory';
import { TransportTap } from '../tap';

/** Survives JSON and HTTP untouched only if the client treats it as opaque bytes. */
const TRICKY_STATE = '  {"not":"json you should parse"} é🙂\n\ttrailing  ';

function demo() {
  const server = new McpServer({ name: 'rounds', version: '1' }, { capabilities: { tools: {} } });
  const ask = inputRequired.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  server.registerTool('with_state', { inputSchema: z.object({}) }, async (_a, ctx) => {
    const state = ctx.mcpReq.requestState<string>();
    if (state === undefined) return inputRequired({ inputRequests: { q: ask }, requestState: TRICKY_STATE });
    return { content: [{ type: 'text', text: JSON.stringify({ state, answer: inputResponse(ctx.mcpReq.inputResponses, 'q') }) }] };
  });
  server.registerTool('without_state', { inputSchema: z.object({}) }, async (_a, ctx) => {
    const view = inputResponse(ctx.mcpReq.inputResponses, 'q');
    if (view.kind === 'missing') return inputRequired({ inputRequests: { q: ask } });
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.registerTool('forever', { inputSchema: z.object({}) }, async () => inputRequired({ requestState: 'again' }));
  server.registerTool('mixed_requests', { inputSchema: z.object({}) }, async (_a, ctx) => {
    if (ctx.mcpReq.inputResponses) return { content: [{ type: 'text', text: JSON.stringify(ctx.mcpReq.inputResponses) }] };
    return inputRequired({ inputRequests: { roots: inputRequired.listRoots(), q: ask } });
  });
  return server;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function connect(settings: Partial<ReturnType<typeof SessionSettingsSchema.parse>> = {}) {
  const handler = createMcpHandler(() => demo(), { legacy: 'reject' });
  const transport = new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), { fetch: (url, init) => handler.fetch(new Request(url, init)) });
  const events: LogEvent[] = [];
  const emit = (event: NewLogEvent) => {
    const full = { ...event, seq: events.length + 1, at: Date.now(), sessionId: 's' };
    events.push(full);
    return full;
  };
  const tap = new TransportTap(transport, { onOutbound: (m) => emit({ kind: 'rpc-out', message: m }), onInbound: (m) => emit({ kind: 'rpc-in', message: m }) });
  const fullSettings = SessionSettingsSchema.parse({ protocol: '2026-07-28', ...settings });
  const client = new Client(
    { name: 'test', version: '1' },
    clientOptions(fullSettings, { transport: 'http', url: 'http://in-process.test/mcp', headers: {} }, () => {}),
  );
  await client.connect(transport);
  stops.push(() => client.close());
  const broker = new ElicitationBroker(emit, () => 'rounds');
  const host = {
    client,
    era: 'modern' as const,
    settings: fullSettings,
    broker,
    tap,
    emit,
    elicitationContext: () => ({ protocolVersion: '2026-07-28', declared: { form: true, url: true } }),
    reportFindings: (findings: RaisedFinding[]) => (findings.forEach((f) => emit({ kind: 'finding', ...f })), findings),
    followTask: () => undefined,
  };
  /** Run a tool; every elicitation is answered with `content` as soon as it appears. */
  const run = async (name: string, content: Record<string, unknown> = { name: 'Ada' }) => {
    const answered = new Set<string>();
    const timer = setInterval(() => {
      for (const e of events) {
        if (e.kind !== 'elicitation' || answered.has(e.key)) continue;
        answered.add(e.key);
        broker.answer(e.key, { action: 'accept', content });
      }
    }, 5);
    const runner = new CallRunner(host, 'c1', 'tools/call', { name, arguments: {} }, () => {});
    await runner.run();
    clearInterval(timer);
    return events.find((e) => e.kind === 'call-end')!;
  };
  /** Start a tool and hand back the runner without answering anything. */
  const start = (name: string) => {
    const runner = new CallRunner(host, 'c1', 'tools/call', { name, arguments: {} }, () => {});
    return { runner, done: runner.run() };
  };
  const calls = () =>
    events
      .filter((e) => e.kind === 'rpc-out' && e.message.method === 'tools/call')
      .map((e) => (e as unknown as { message: { id: unknown; params: Record<string, unknown> } }).message);
  return { run, start, events, calls };
}

describe('CallRunner on 2026-07-28', () => {
  it('echoes requestState byte for byte, on a new request id', async () => {
    const { run, calls } = await connect();
    const end = await run('with_state');
    expect(end.kind === 'call-end' && end.outcome).toBe('result');
    const [first, retry] = calls();
    expect(retry.params.requestState).toBe(TRICKY_STATE);
    expect(retry.id).not.toBe(first.id);
    expect(retry.params.inputResponses).toEqual({ q: { action: 'accept', content: { name: 'Ada' } } });
    const text = ((end.kind === 'call-end' && end.result?.content) as { text: string }[])[0].text;
    expect(JSON.parse(text).state).toBe(TRICKY_STATE);
  });

  it('omits requestState when the server sent none', async () => {
    const { run, calls } = await connect();
    await run('without_state');
    expect(calls()).toHaveLength(2);
    expect(calls()[1].params).not.toHaveProperty('requestState');
    expect(calls()[1].params.name).toBe('without_state');
  });

  it('stops at the round limit with a clear error', async () => {
    const { run, calls, events } = await connect({ maxRounds: 2 });
    const end = await run('forever');
    expect(end.kind === 'call-end' && end.outcome).toBe('error');
    expect(end.kind === 'call-end' && end.error?.message).toMatch(/Stopped after 2 rounds/);
    expect(calls()).toHaveLength(2);
    expect(events.filter((e) => e.kind === 'call-round').map((e) => e.kind === 'call-round' && e.reason)).toEqual(['initial', 'request-state']);
  });

  it('a server asking for input the client did not declare fails the call with its -32021 error, data included', async () => {
    const { run } = await connect();
    const end = await run('mixed_requests');
    expect(end.kind === 'call-end' && end.outcome).toBe('error');
    expect(end.kind === 'call-end' && end.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { roots: {} } } });
  });
});

describe('ending a call from the client side', () => {
  it('Cancel while a person has not answered ends the call now and closes the question', async () => {
    const { start, events } = await connect();
    const { runner, done } = start('with_state');
    await waitUntil(() => events.some((e) => e.kind === 'elicitation'));
    runner.cancel();
    await done;
    expect(events.find((e) => e.kind === 'call-end')).toMatchObject({ outcome: 'cancelled' });
    expect(events.find((e) => e.kind === 'elicitation-end')).toMatchObject({ outcome: 'call-ended' });
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition not met');
}

describe('pollDelayMs', () => {
  it('starts at a second and grows to five', () => {
    expect([1, 2, 3, 4, 5, 9].map(pollDelayMs)).toEqual([1000, 1500, 2250, 3375, 5000, 5000]);
  });
});

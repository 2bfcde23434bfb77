/**
 * The client's handlers for the server's own requests, against a real stdio
 * server that pushes roots/list and sampling/createMessage (2025-11-25).
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { targetStdio } from '../../../e2e/support/processes';
import type { NewLogEvent } from '../../wire/events';
import type { RaisedFinding } from '../../wire/finding-codes';
import { DEFAULT_SETTINGS, type SessionSettings, type Target } from '../../wire/target';
import { ElicitationBroker } from './broker';
import { createClient, createTransport } from '../client-factory';
import { registerClientRequestHandlers, serverRequestFindings } from './client-request-handlers';
import { ServerRequests } from './server-requests';

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

const target: Target = { transport: 'stdio', ...targetStdio('client-requests'), env: {} };
const withBoth: SessionSettings = {
  ...DEFAULT_SETTINGS,
  protocol: '2025-11-25',
  roots: { enabled: true, list: [{ uri: 'file:///work/first', name: 'First' }] },
  sampling: { enabled: true },
};

async function connected(initial: SessionSettings) {
  let settings = initial;
  const events: NewLogEvent[] = [];
  const broker = new ElicitationBroker(
    (event) => void events.push(event),
    () => 'client-requests',
  );
  const client = createClient(settings, target, () => {});
  registerClientRequestHandlers(client, {
    broker,
    serverRequests: new ServerRequests(),
    isHttp: false,
    settings: () => settings,
    calls: () => [],
    reportFindings: (findings: RaisedFinding[]) => findings,
  });
  await client.connect(createTransport(target, { onHttp: () => {} }));
  clients.push(client);
  const callText = async (name: string) => {
    const result = await client.callTool({ name, arguments: {} });
    const first = Array.isArray(result.content) ? result.content[0] : undefined;
    return first && 'text' in first ? String(first.text) : '';
  };
  return { broker, callText, setSettings: (next: SessionSettings) => (settings = next) };
}

describe('registerClientRequestHandlers', () => {
  it('roots/list answers with the roots set at the time it is asked, not at connect', async () => {
    const { callText, setSettings } = await connected(withBoth);
    expect(await callText('ask_roots')).toContain('file:///work/first');
    setSettings({ ...withBoth, roots: { enabled: true, list: [{ uri: 'file:///work/second' }] } });
    const text = await callText('ask_roots');
    expect(text).toContain('file:///work/second');
    expect(text).not.toContain('first');
  });

  it('a pushed sampling request waits for its answer in the broker, and a decline is the spec refusal', async () => {
    const { broker, callText } = await connected(withBoth);
    const text = callText('ask_sampling');
    for (const deadline = Date.now() + 15_000; broker.pendingKeys().length === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    const [key] = broker.pendingKeys();
    expect(broker.info(key ?? '')).toMatchObject({ mode: 'sampling' });
    expect(broker.answer(key ?? '', { action: 'decline' })).toBeUndefined();
    expect(await text).toContain('User rejected sampling request (decline)');
  });
});

describe('serverRequestFindings', () => {
  const elicitation = { protocolVersion: '2025-11-25', declared: { form: true, url: true } };

  it('a request on 2026-07-28 is a finding whatever it asks', () => {
    const codes = serverRequestFindings('ping', {}, { era: 'modern', settings: DEFAULT_SETTINGS, elicitation }).map((f) => f.code);
    expect(codes).toEqual(['server-request-on-2026']);
  });

  it('roots and sampling the client did not declare, and a malformed sampling request, are each a finding', () => {
    const settings = { ...DEFAULT_SETTINGS, protocol: '2025-11-25' as const };
    expect(serverRequestFindings('roots/list', {}, { era: 'legacy', settings, elicitation }).map((f) => f.code)).toEqual(['undeclared-request']);
    const sampling = serverRequestFindings('sampling/createMessage', { messages: 'hello', maxTokens: -5 }, { era: 'legacy', settings, elicitation });
    expect(sampling.map((f) => f.code)).toContain('undeclared-request');
    expect(sampling.length).toBeGreaterThan(1);
    expect(serverRequestFindings('roots/list', {}, { era: 'legacy', settings: withBoth, elicitation })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { LogEvent, NewLogEvent } from '@wire/events';
import { isWaitingOnPerson, pendingElicitations, SessionStore } from './session-store';

/** Number events the way the proxy does, from `firstSeq`, 10 ms apart. */
function recording(firstSeq: number, ...events: NewLogEvent[]): LogEvent[] {
  return events.map((e, i) => ({ ...e, seq: firstSeq + i, at: 1000 + (firstSeq + i - 1) * 10, sessionId: 's' }));
}

const form = { message: 'Who?', requestedSchema: { type: 'object', properties: {} } };

const flow = recording(
  1,
  {
    kind: 'session-state',
    state: 'connecting',
    target: { transport: 'stdio', command: 'x', args: [], env: {} },
    settings: {
      protocol: 'auto',
      elicitation: { form: true, url: true },
      applyDefaults: false,
      requestTimeoutMs: 600000,
      maxRounds: 20,
      autoRetryUrlRequired: true,
      rules: { enabled: true, rules: [] },
      proposals: { deprecationNotes: false, authorizationDenials: false, fileInputs: false, keepFileBytes: false, appElicitation: false, language: '' },
      tasks: { enabled: false },
      roots: { enabled: false, list: [] },
      sampling: { enabled: false },
    },
    clientCapabilities: {},
  },
  { kind: 'session-state', state: 'ready', protocolVersion: '2025-11-25', era: 'legacy', serverInfo: { name: 'demo' } },
  { kind: 'tools', tools: [{ name: 'ask' }] },
  { kind: 'call-start', callId: 'c1', method: 'tools/call', name: 'ask', arguments: {}, timeoutMs: 600000 },
  { kind: 'rpc-out', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask' } } },
  { kind: 'call-round', callId: 'c1', round: 1, rpcId: 1, reason: 'initial' },
  { kind: 'rpc-in', message: { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: form } },
  { kind: 'elicitation', key: 'e1', callId: 'c1', origin: { kind: 'push', rpcId: 0 }, mode: 'form', params: form, serverName: 'demo' },
);

describe('SessionStore', () => {
  it('derives status, tools, calls and pending elicitations from the events', () => {
    const store = new SessionStore('s');
    store.apply(flow);
    const snap = store.getSnapshot();
    expect(snap.status).toMatchObject({ state: 'ready', protocolVersion: '2025-11-25', era: 'legacy' });
    expect(snap.tools.map((t) => t.name)).toEqual(['ask']);
    expect(snap.calls).toHaveLength(1);
    expect(snap.calls[0].elicitationKeys).toEqual(['e1']);
    expect(pendingElicitations(snap).map((e) => e.key)).toEqual(['e1']);
    expect(isWaitingOnPerson(snap.calls[0], snap)).toBe(true);
  });

  it('an answered elicitation is no longer pending; the call waits on the server again', () => {
    const store = new SessionStore('s');
    store.apply(flow);
    store.apply(
      recording(
        9,
        { kind: 'action', actor: 'user', action: 'accept', key: 'e1', callId: 'c1', content: {} },
        { kind: 'elicitation-end', key: 'e1', outcome: 'answered', action: 'accept' },
      ),
    );
    const snap = store.getSnapshot();
    expect(pendingElicitations(snap)).toEqual([]);
    expect(snap.elicitations[0].actions.map((a) => a.action)).toEqual(['accept']);
    expect(isWaitingOnPerson(snap.calls[0], snap)).toBe(false);
  });

  it('skips replayed events and publishes a new snapshot only on change', () => {
    const store = new SessionStore('s');
    let notified = 0;
    store.subscribe(() => notified++);
    store.apply(flow);
    const first = store.getSnapshot();
    store.apply(flow);
    expect(store.getSnapshot()).toBe(first);
    expect(notified).toBe(1);
    expect(first.eventCount).toBe(flow.length);
  });

  it('pairs requests with responses and measures the latency', () => {
    const store = new SessionStore('s');
    store.apply([...flow, ...recording(9, { kind: 'rpc-in', message: { jsonrpc: '2.0', id: 1, result: { content: [] } } })]);
    const { index } = store.getSnapshot();
    expect(index.pairOf(5)).toMatchObject({ method: 'tools/call', requestSeq: 5, responseSeq: 9, latencyMs: 40 });
    expect(index.pairOf(9)?.requestSeq).toBe(5);
    // The server's own request and our response go the other way round.
    expect(index.pairOf(7)).toMatchObject({ method: 'elicitation/create', direction: 'in' });
  });
});

describe('SessionStore and missing entries', () => {
  it('stops at a gap and says so, so the page can ask for the rest again', () => {
    const store = new SessionStore('s');
    const events = recording(1, { kind: 'stderr', text: 'a' }, { kind: 'stderr', text: 'b' }, { kind: 'stderr', text: 'c' });
    expect(store.apply([events[0], events[2]])).toEqual({ gap: true });
    expect(store.getSnapshot().lastSeq).toBe(1);
    expect(store.apply(events)).toEqual({ gap: false });
    expect(store.getSnapshot().lastSeq).toBe(3);
  });

  it('a rule that takes a request, and a finding logged about it later, show on the request', () => {
    const store = new SessionStore('s');
    store.apply(flow);
    const rule = { index: 2, name: 'say no', source: 'rules' as const };
    store.apply(
      recording(
        9,
        { kind: 'rule-match', key: 'e1', callId: 'c1', rule, action: 'accept', delayMs: 500 },
        { kind: 'finding', code: 'rule-content-invalid', severity: 'warning', message: 'Not sent', key: 'e1', callId: 'c1' },
      ),
    );
    const [e1] = store.getSnapshot().elicitations;
    expect(e1.ruleMatch).toMatchObject({ rule, action: 'accept', delayMs: 500 });
    expect(e1.findings).toEqual([{ code: 'rule-content-invalid', severity: 'warning', message: 'Not sent' }]);
    expect(store.getSnapshot().story.storyOfFlow('e1')).toContain(9);
  });
});

describe("a tapped session's tools", () => {
  const [connecting, ready] = flow;
  const tapped = { ...connecting, target: { transport: 'stdio', command: 'x', args: [], env: {}, host: { clientInfo: { name: 'Claude' } } } } as LogEvent;
  const list = (id: number): NewLogEvent => ({ kind: 'rpc-out', message: { jsonrpc: '2.0', id, method: 'tools/list', params: {} } });
  const answer = (id: number, tools: unknown): NewLogEvent => ({ kind: 'rpc-in', message: { jsonrpc: '2.0', id, result: { tools } } });

  it('are none, and not yet listed, until the tap logs the listing', () => {
    const store = new SessionStore('s');
    store.apply([tapped, ready]);
    expect(store.getSnapshot()).toMatchObject({ tools: [], hasToolList: false });
  });

  it("come from the tap's `tools` entries, as any session's: the raw tools/list messages are never read for them", () => {
    const store = new SessionStore('s');
    store.apply([tapped, ready, ...recording(3, list(1), answer(1, [{ name: 'a' }]))]);
    expect(store.getSnapshot()).toMatchObject({ tools: [], hasToolList: false });
    store.apply(recording(5, { kind: 'tools', tools: [{ name: 'a' }, { name: 'b' }] }));
    expect(store.getSnapshot().tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(store.getSnapshot().hasToolList).toBe(true);
  });
});

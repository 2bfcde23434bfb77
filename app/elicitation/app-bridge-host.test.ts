import { describe, expect, it } from 'vitest';
import { AppBridge, MAX_FRAME_HEIGHT, type BridgeHost } from './app-bridge-host';

const PARAMS = { mode: 'form', message: 'Pick a plan', requestedSchema: { type: 'object', properties: { plan: { type: 'string' } } } };
const INIT = { protocolVersion: '2026-01-26', appInfo: { name: 'plan', version: '1' }, appCapabilities: { elicitation: {} } };

function bridge() {
  const seen = { posted: [] as Record<string, unknown>[], problems: [] as string[], stages: [] as string[], heights: [] as number[], answers: [] as unknown[] };
  const host: BridgeHost = {
    post: (m) => seen.posted.push(m),
    problem: (p) => seen.problems.push(p),
    stage: (s) => seen.stages.push(s),
    resize: (h) => seen.heights.push(h),
    answer: (r) => seen.answers.push(r),
  };
  return { app: new AppBridge(PARAMS, host, { theme: 'light' }, { html: '<p>app</p>', csp: { connectDomains: [] } }), seen };
}
const rpc = (message: Record<string, unknown>) => ({ jsonrpc: '2.0', ...message });

describe('AppBridge', () => {
  it('initialize, initialized, then the unchanged request; the answer is an ElicitResult', () => {
    const { app, seen } = bridge();
    app.receive(rpc({ id: 1, method: 'ui/initialize', params: INIT }));
    expect(seen.posted[0]).toMatchObject({ id: 1, result: { hostCapabilities: { elicitation: {} }, hostContext: { theme: 'light' } } });
    app.receive(rpc({ method: 'ui/notifications/size-changed', params: { height: 5000 } }));
    app.receive(rpc({ method: 'ui/notifications/initialized', params: {} }));
    expect(seen.posted[1]).toEqual(rpc({ id: 'elicitation-1', method: 'elicitation/create', params: PARAMS }));
    app.receive(rpc({ id: 'elicitation-1', result: { action: 'accept', content: { plan: 'team' } } }));
    expect(seen).toMatchObject({ answers: [{ action: 'accept', content: { plan: 'team' } }], problems: [], heights: [MAX_FRAME_HEIGHT] });
    expect(seen.stages).toEqual(['initializing', 'asked']);
  });

  it('the sandbox proxy gets the app’s document once, when it says it is ready', () => {
    const { app, seen } = bridge();
    app.receive(rpc({ method: 'ui/notifications/sandbox-proxy-ready', params: {} }));
    expect(seen.posted).toEqual([rpc({ method: 'ui/notifications/sandbox-resource-ready', params: { html: '<p>app</p>', csp: { connectDomains: [] } } })]);
    app.receive(rpc({ method: 'ui/notifications/sandbox-proxy-ready', params: {} }));
    expect(seen.posted).toHaveLength(1);
    expect(seen.problems).toEqual(['sent ui/notifications/sandbox-proxy-ready again (the app is not loaded a second time)']);
    expect(seen.stages).toEqual([]);
  });

  it('an app without the elicitation capability is never given the request', () => {
    const { app, seen } = bridge();
    app.receive(rpc({ id: 1, method: 'ui/initialize', params: { ...INIT, appCapabilities: {} } }));
    app.receive(rpc({ method: 'ui/notifications/initialized' }));
    expect(seen.posted).toHaveLength(1);
    expect(seen.stages.at(-1)).toBe('no-elicitation');
  });

  it('out of order, out of protocol, or not an ElicitResult: each a problem, nothing answered', () => {
    const { app, seen } = bridge();
    app.receive(rpc({ method: 'ui/notifications/initialized' }));
    app.receive(rpc({ id: 'elicitation-1', result: { action: 'accept' } }));
    app.receive(rpc({ id: 1, method: 'ui/initialize', params: { appInfo: 'x' } }));
    app.receive(rpc({ id: 2, method: 'ui/initialize', params: INIT }));
    app.receive(rpc({ id: 3, method: 'ui/initialize', params: INIT }));
    app.receive(rpc({ id: 4, method: 'ui/open-link', params: { url: 'https://example.com' } }));
    app.receive(rpc({ method: 'ui/notifications/initialized' }));
    app.receive(rpc({ id: 'elicitation-1', result: { action: 'yes' } }));
    app.receive({ method: 'no version' });
    expect(seen.answers).toEqual([]);
    expect(seen.problems).toEqual([
      'sent ui/notifications/initialized before ui/initialize was answered, or twice',
      'answered a request it was not asked ("elicitation-1")',
      expect.stringMatching(/^sent ui\/initialize without protocolVersion, appInfo and appCapabilities/),
      'sent ui/initialize a second time',
      'asked for ui/open-link, which the inspector does not offer an app rendering a form (refused with -32601)',
      expect.stringMatching(/^answered elicitation\/create with something that is not an ElicitResult \(action: /),
      'posted a message that is not JSON-RPC 2.0 ({"method":"no version"})',
    ]);
    expect(seen.posted.filter((m) => 'error' in m).map((m) => m.id)).toEqual([1, 4]);
  });
});

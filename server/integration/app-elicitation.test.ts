/**
 * App-rendered elicitation (SEP-3118) through the real proxy and the demo server:
 * the capability goes out only with the setting on, the app is read from the
 * server that asked and its sandbox served under its own CSP on the app origin
 * (server/integration/app-origin.test.ts checks that origin's guards), the app's answer is checked
 * like a person's, and rules and scenario steps can expect the app.
 */
import { describe, expect, it } from 'vitest';
import { resultText } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio, targetStdio } from '../../e2e/support/processes';

const suite = inspectorSuite();
const demo = () => ({ transport: 'stdio' as const, ...demoStdio() });
const findingsOf = (sessionId: string, prefix: string) => suite.client.of('finding').filter((f) => f.sessionId === sessionId && f.code.startsWith(prefix));

describe('app-rendered elicitation (SEP-3118)', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)(
    'on %s the request names the app, which is served sandboxed; its answer is checked and logged as the app’s',
    async (protocol) => {
      const sessionId = await suite.client.open(demo(), { protocol, proposals: { appElicitation: true } });
      const connecting = suite.client.of('session-state').find((e) => e.sessionId === sessionId && e.state === 'connecting');
      expect(connecting?.state === 'connecting' && connecting.clientCapabilities).toMatchObject({
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} } },
      });
      const { callId, end } = await suite.client.call(sessionId, 'choose_plan_app');
      const asked = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
      expect(asked.params).toMatchObject({ _meta: { ui: { resourceUri: 'ui://demo/choose-plan' } } });

      const view = await suite.client.send('open-app-view', { sessionId, key: asked.key });
      expect(view).toMatchObject({ resourceUri: 'ui://demo/choose-plan', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/app-view\/[\w-]{24}$/) });
      const response = await fetch(view.url);
      expect(response.headers.get('content-security-policy')).toMatch(
        new RegExp(`default-src 'none'.*connect-src 'none'.*frame-ancestors ${suite.inspector.origin}; sandbox allow-scripts allow-same-origin$`),
      );
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(await response.text()).toContain('ui/notifications/sandbox-proxy-ready');
      expect(view.html).toContain('elicitation-inspector/app-monitor');
      expect(view.html).toContain(view.monitorNonce);
      expect(view.html).toContain("method: 'ui/initialize'");
      expect((await fetch(`${new URL(view.url).origin}/app-view/not-a-view`)).status).toBe(404);

      // Content the schema refuses is not sent: a finding, and the request stays pending for the form.
      await expect(
        suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'accept', content: { plan: 'platinum', seats: -3 }, actor: 'app' }),
      ).rejects.toMatchObject({ wireError: { code: 'validation-failed' } });
      const refused = await suite.client.waitForEvent('finding', (f) => f.sessionId === sessionId && f.code === 'app-answer-invalid');
      expect(refused).toMatchObject({ severity: 'error', key: asked.key, message: expect.stringMatching(/plan.*seats|seats.*plan/s) });
      await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'accept', content: { plan: 'enterprise', seats: 40 }, actor: 'app' });
      expect(resultText(await end)).toMatch(/^choose_plan_app: accept(ed)? \{"plan":"enterprise","seats":40\}$/);
      expect(suite.client.of('action').filter((a) => a.sessionId === sessionId && a.key === asked.key)).toEqual([
        expect.objectContaining({ actor: 'app', action: 'accept', content: { plan: 'enterprise', seats: 40 } }),
      ]);
      expect(findingsOf(sessionId, 'app-elicitation-undeclared')).toEqual([]);
      await suite.client.send('disconnect', { sessionId });
    },
  );

  it('with the setting off nothing is declared and the server sends the plain form', async () => {
    const sessionId = await suite.client.open(demo(), { protocol: '2026-07-28' });
    const { callId, end } = await suite.client.call(sessionId, 'choose_plan_app');
    const asked = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    expect(asked.params).not.toHaveProperty('_meta.ui');
    await expect(suite.client.send('open-app-view', { sessionId, key: asked.key })).rejects.toMatchObject({ wireError: { code: 'conflict' } });
    await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'decline' });
    expect(resultText(await end)).toBe('choose_plan_app: decline');
    await suite.client.send('disconnect', { sessionId });
  });

  it('a scenario step expects the app and a rule answers it natively', async () => {
    const { runs } = await suite.client.send('run-scenario', {
      scenario: {
        protocol: '2026-07-28',
        client: { proposals: { appElicitation: true } },
        steps: [
          {
            call: 'choose_plan_app',
            elicitations: [{ expect: { app: 'ui://demo/choose-plan' }, answer: { action: 'accept', content: { plan: 'starter', seats: 2 } } }],
            expect: { text: { contains: '"plan":"starter"' } },
          },
          { call: 'hostile_app', elicitations: [{ expect: { app: 'ui://demo/choose-plan' }, answer: { action: 'cancel' } }] },
        ],
      },
    });
    const [first, second] = runs[0]?.steps ?? [];
    expect(first).toMatchObject({ status: 'passed' });
    expect(second).toMatchObject({
      status: 'failed',
      failures: [expect.objectContaining({ expected: 'app ui://demo/choose-plan', actual: 'app ui://demo/hostile-plan' })],
    });
  });

  it('the origins a resource declares in _meta.ui.csp are granted in the view’s CSP; anything else is refused as a finding', async () => {
    const sessionId = await suite.client.open(
      { transport: 'stdio', ...targetStdio('app-domains') },
      { protocol: '2026-07-28', proposals: { appElicitation: true } },
    );
    const { callId } = await suite.client.call(sessionId, 'fetch_app', { declared: 'https://api.example.com:8443', undeclared: 'https://other.example' });
    const asked = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    const view = await suite.client.send('open-app-view', { sessionId, key: asked.key });
    expect(view.granted).toEqual({ connectDomains: ['https://api.example.com:8443'], resourceDomains: ['https://api.example.com:8443'] });
    const csp = (await fetch(view.url)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src https://api.example.com:8443; frame-src 'none'");
    expect(csp).toContain("script-src 'unsafe-inline' https://api.example.com:8443;");
    expect(csp).toContain('img-src data: https://api.example.com:8443;');
    expect(csp).toMatch(/frame-ancestors http:\/\/127\.0\.0\.1:\d+; sandbox allow-scripts allow-same-origin$/);
    // None of the hostile values reached the header: no wildcard, no keyword, no injected directive, no http.
    expect(csp).not.toMatch(/\*|ok\.example|frames\.example/);
    expect(csp.split('; ').filter((d) => d.includes('http:'))).toEqual([`frame-ancestors ${suite.inspector.origin}`]);
    expect(csp.split('; ').filter((d) => d.startsWith('script-src'))).toHaveLength(1);
    const refused = await suite.client.waitForEvent(
      'finding',
      (f) => f.sessionId === sessionId && f.code === 'app-csp-refused' && f.message.includes('http://'),
    );
    expect(refused).toMatchObject({ severity: 'warning', key: asked.key, message: expect.stringContaining('only https origins are granted') });
    const codes = findingsOf(sessionId, 'app-csp').map((f) => `${f.code} ${f.message}`);
    expect(codes.filter((c) => c.startsWith('app-csp-refused'))).toHaveLength(5);
    for (const value of ['"*"', `"'unsafe-inline'"`, '"data:"', '"https://ok.example; script-src *"', '"http://127.0.0.1:9"'])
      expect(codes.some((c) => c.includes(value))).toBe(true);
    expect(codes).toContainEqual(expect.stringMatching(/^app-csp-not-granted .*frameDomains/));
    await suite.client.send('answer-elicitation', { sessionId, key: asked.key, action: 'decline' });
    await suite.client.send('disconnect', { sessionId });
  });
});

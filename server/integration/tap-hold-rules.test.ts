/**
 * Response rules answering the requests a stdio tap holds: a host on the classic SDK (1.32)
 * launches the tap in front of the demo server, the running inspector sets rules on the tapped
 * session and turns the hold on. A matching rule answers the held request in the host's place
 * (logged with the rule as actor, as the inspector's own sessions log it); content that fails the
 * schema is not sent and the request waits for a person; without the hold, the host answers and
 * no rule takes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { startInspector, type Inspector } from '../../e2e/support/processes';
import { connectTappedHost, newTappedSession } from '../../e2e/support/tapped-host';
import type { RuleSetInput } from '../wire/rules';

const tappedHost = (dataDir: string) => connectTappedHost(dataDir);

describe('tap over stdio: rules answer held requests', () => {
  let inspector: Inspector;
  let watcher: InspectorClient;
  beforeAll(async () => {
    inspector = await startInspector(['--no-open', '--no-connect']);
    watcher = await InspectorClient.connect(inspector);
  }, 60_000);
  afterAll(async () => {
    watcher.close();
    await inspector.stop();
  });

  async function tappedSession() {
    const before = new Set(watcher.sessions.map((s) => s.sessionId));
    const host = await tappedHost(inspector.dataDir);
    const summary = await newTappedSession(watcher, before);
    await watcher.follow(summary.sessionId);
    return { ...host, sessionId: summary.sessionId };
  }

  it("a rule answers a held request in the host's place, logged as the rule's; without the hold the host answers", async () => {
    const { client, asked, transcript, sessionId } = await tappedSession();
    const rules: RuleSetInput = {
      enabled: true,
      rules: [{ name: 'orders by rule', match: { tool: 'confirm_order' }, answer: { action: 'accept', content: { note: 'from a rule' } } }],
    };
    await watcher.send('set-rules', { sessionId, rules });
    // The session's rules are the ones set, as the Rules panel reads them.
    await watcher.waitFor(() => watcher.sessions.find((s) => s.sessionId === sessionId && s.settings.rules.rules.length === 1), 10_000, 'the rules listed');

    // Hold off: the rule takes nothing, the host answers.
    const unheld = await client.callTool({ name: 'confirm_order', arguments: {} });
    expect(unheld.structuredContent).toMatchObject({ confirmed: false, note: 'from the host' });
    expect(asked).toHaveLength(1);

    await watcher.send('set-tap-hold', { sessionId, isOn: true });
    await watcher.waitForEvent('tap-hold', (e) => e.isOn);
    const result = await client.callTool({ name: 'confirm_order', arguments: {} });
    // The rule's content over the schema's default (confirm: true), as a driven session's rule sends it.
    expect(result.structuredContent).toMatchObject({ confirmed: true, note: 'from a rule' });
    expect(asked).toHaveLength(1);
    expect(transcript.filter((line) => line.from === 'server' && line.json.includes('"elicitation/create"'))).toHaveLength(1);

    const held = watcher.of('elicitation').find((e) => e.held === true)!;
    await watcher.waitForEvent('call-end', (e) => e.callId === held.callId);
    expect(watcher.of('rule-match')).toMatchObject([{ key: held.key, action: 'accept', rule: { index: 1, name: 'orders by rule', source: 'rules' } }]);
    const answers = watcher.of('action').filter((a) => a.key);
    expect(answers.map((a) => [a.actor, a.action, a.content, a.rule?.name])).toEqual([
      ['host', 'accept', { confirm: false, note: 'from the host' }, undefined],
      ['rule', 'accept', { note: 'from a rule', confirm: true }, 'orders by rule'],
    ]);
    const rpcId = held.origin.kind === 'push' ? held.origin.rpcId : undefined;
    expect(watcher.of('rpc-out').some((e) => e.message.id === rpcId && JSON.stringify(e.message).includes('from a rule'))).toBe(true);
    expect(watcher.of('finding').filter((f) => f.code.startsWith('host-'))).toEqual([]);
    await client.close();
  }, 90_000);

  it("a rule's content that fails the schema is not sent: a finding says why, and the held request waits for a person", async () => {
    const { client, asked, sessionId } = await tappedSession();
    const rules: RuleSetInput = { enabled: true, rules: [{ answer: { action: 'accept', content: { confirm: 'yes please' } } }] };
    await watcher.send('set-rules', { sessionId, rules });
    await watcher.send('set-tap-hold', { sessionId, isOn: true });
    await watcher.waitForEvent('tap-hold', (e) => e.isOn);
    const call = client.callTool({ name: 'confirm_order', arguments: {} });
    const held = await watcher.waitForEvent('elicitation', (e) => e.held === true, 0, 30_000);
    const finding = await watcher.waitForEvent('finding', (f) => f.code === 'rule-content-invalid', 0, 30_000);
    expect(finding).toMatchObject({ key: held.key, severity: 'warning' });
    expect(finding.message).toMatch(/^Not sent: rule 1 would accept with content that fails the requested schema .*The elicitation waits for a person\.$/);

    await watcher.send('answer-elicitation', { sessionId, key: held.key, action: 'decline' });
    const result = await call;
    expect(result.structuredContent).toMatchObject({ confirmed: false });
    expect(asked).toHaveLength(0);
    await watcher.waitForEvent('call-end', (e) => e.callId === held.callId);
    expect(
      watcher
        .of('action')
        .filter((a) => a.key === held.key)
        .map((a) => [a.actor, a.action]),
    ).toEqual([['user', 'decline']]);
    await client.close();
  }, 90_000);

  it('rules on an ended tapped session are refused, saying why', async () => {
    const { client, sessionId } = await tappedSession();
    await client.close();
    await watcher.waitFor(() => watcher.sessions.find((s) => s.sessionId === sessionId && !s.isLive), 30_000, 'the session ended');
    await expect(watcher.send('set-rules', { sessionId, rules: { enabled: true, rules: [] } })).rejects.toThrow(/has ended/);
  }, 60_000);
});

/**
 * `set-rules` keeps a live session's response rules with its settings: every page
 * sees them in the sessions list, and a reconnect without new settings keeps them.
 */
import { describe, expect, it } from 'vitest';
import { InspectorClient } from '../../e2e/support/inspector-client';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio } from '../../e2e/support/processes';
import { WireFailure } from '../wire/errors';
import type { RuleSet } from '../wire/rules';

/** One inspector for the file, connected to the demo at start; the second test opens a session of its own. */
const suite = inspectorSuite([]);

const RULES: RuleSet = {
  enabled: true,
  rules: [{ id: 'r1', name: 'say no', enabled: true, match: { tool: 'collect_profile' }, answer: { action: 'decline', delayMs: 500 } }],
};

describe('set-rules', () => {
  it('shows the new rules to every page and keeps them across a reconnect', async () => {
    const { client } = suite;
    const demo = await client.waitFor(() => client.sessions.find((s) => s.isLive), 20_000, 'the demo session');

    await client.send('set-rules', { sessionId: demo.sessionId, rules: RULES });
    const other = await InspectorClient.connect(suite.inspector);
    const seen = await other.waitFor(() => other.sessions.find((s) => s.sessionId === demo.sessionId), 10_000, 'the sessions list');
    expect(seen.settings.rules).toEqual(RULES);

    const { sessionId } = await client.send('reconnect', { sessionId: demo.sessionId });
    const again = await client.waitFor(() => client.sessions.find((s) => s.sessionId === sessionId), 10_000, 'the new session');
    expect(again.settings.rules).toEqual(RULES);
    other.close();
  });

  it('refuses an ended session and a rule set that does not parse, naming the problem', async () => {
    const { client } = suite;
    const sessionId = await client.open({ transport: 'stdio', ...demoStdio() });
    const broken = await client
      .send('set-rules', { sessionId, rules: { rules: [{ answer: { action: 'maybe' } }] } as unknown as RuleSet })
      .catch((error: unknown) => error);
    expect(broken instanceof WireFailure && broken.wireError.code).toBe('invalid-command');
    expect(broken instanceof WireFailure && broken.wireError.message).toMatch(/rules\.rules\.0\.answer\.action/);

    await client.send('disconnect', { sessionId });
    const ended = await client.send('set-rules', { sessionId, rules: RULES }).catch((error: unknown) => error);
    expect(ended instanceof WireFailure && ended.wireError.code).toBe('conflict');

    // Started without --rules: there are no rules standing for the page to change, only its own.
    const standing = await client.send('set-standing-rules', { rules: RULES }).catch((error: unknown) => error);
    expect(standing instanceof WireFailure && standing.wireError.message).toMatch(/started without --rules/);
    expect(client.standingRules).toBeUndefined();
  });
});

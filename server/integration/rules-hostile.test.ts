/**
 * Hostile input to the rule engine: 500 rules whose patterns a backtracking
 * engine would never finish, against a 60,000-character message. The proxy keeps
 * serving while the rules are matched, and the right rule still answers.
 */
import { describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { targetStdio } from '../../e2e/support/processes';
import { setRules, storyOf } from '../../e2e/support/rules-support';

const suite = inspectorSuite();

describe('500 rules with catastrophic patterns', () => {
  it('match in slices: the proxy answers other commands meanwhile, and the one rule that holds answers', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...targetStdio('long-message') }, { protocol: '2025-11-25' });
    const slow = Array.from({ length: 499 }, (_, i) => ({ match: { messagePattern: `(a+)+$|x${i}` }, answer: { action: 'accept' as const } }));
    await setRules(suite, sessionId, { rules: [...slow, { match: { message: 'a!' }, answer: { action: 'decline' as const } }] });
    const { callId, end } = await suite.client.call(sessionId, 'long_form');
    await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    // Asked while the rules are being matched: answered before the match ends, so the event loop was free.
    const { count } = await suite.client.send('list-tools', { sessionId });
    expect(count).toBe(1);
    expect(suite.client.of('rule-match')).toEqual([]);
    const story = storyOf(suite, callId, await end);
    expect(story.text).toBe('long_form: decline');
    expect(story.matches).toEqual([expect.objectContaining({ action: 'decline', rule: expect.objectContaining({ index: 500 }) })]);
    await suite.client.send('disconnect', { sessionId });
  }, 120_000);
});

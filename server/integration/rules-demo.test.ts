/**
 * Response rules against the demo server through the real proxy, on 2025-11-25
 * (pushed elicitation/create) and 2026-07-28 (input_required rounds): every rule
 * action on form and URL mode, as the log shows it.
 */
import { describe, expect, it } from 'vitest';
import { inspectorSuite } from '../../e2e/support/inspector-suite';
import { demoStdio } from '../../e2e/support/processes';
import { callAnswered, setRules, storyOf } from '../../e2e/support/rules-support';

const suite = inspectorSuite();

describe.each(['2025-11-25', '2026-07-28'] as const)('rules on %s', (protocol) => {
  it('form: accept with content over the defaults, accept the defaults, decline, cancel, after a delay', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol });
    const withContent = { match: { tool: 'confirm_order', properties: ['confirm'] }, answer: { action: 'accept' as const, content: { note: 'ring twice' } } };
    await setRules(suite, sessionId, { rules: [withContent] });
    const accepted = await callAnswered(suite, sessionId, 'confirm_order', { item: 'coffee' });
    expect(accepted.end.result?.structuredContent).toEqual({ item: 'coffee', confirmed: true, note: 'ring twice' });
    expect(accepted.matches).toEqual([expect.objectContaining({ action: 'accept', rule: expect.objectContaining({ index: 1 }) })]);
    expect(accepted.actions).toEqual([expect.objectContaining({ actor: 'rule', action: 'accept', content: { confirm: true, note: 'ring twice' } })]);

    await setRules(suite, sessionId, { rules: [{ name: 'defaults', answer: { action: 'accept' } }] });
    const defaults = await callAnswered(suite, sessionId, 'confirm_order');
    expect(defaults.end.result?.structuredContent).toEqual({ item: 'tea', confirmed: true });
    expect(defaults.actions[0]).toMatchObject({ actor: 'rule', content: { confirm: true }, rule: { index: 1, name: 'defaults' } });

    for (const action of ['decline', 'cancel'] as const) {
      await setRules(suite, sessionId, { rules: [{ answer: { action } }] });
      const story = await callAnswered(suite, sessionId, 'confirm_order');
      expect(story.text).toBe('confirm_order: not confirmed');
      expect(story.ends).toEqual([expect.objectContaining({ outcome: 'answered', action })]);
      expect(story.actions).toEqual([expect.objectContaining({ actor: 'rule', action, rule: expect.objectContaining({ index: 1 }) })]);
    }

    await setRules(suite, sessionId, { rules: [{ answer: { action: 'accept', delayMs: 300 } }] });
    const delayed = await callAnswered(suite, sessionId, 'confirm_order');
    expect(delayed.text).toBe('confirm_order: confirmed');
    expect(delayed.matches).toEqual([expect.objectContaining({ action: 'accept', delayMs: 300 })]);
    expect(delayed.actions[0]).toMatchObject({ actor: 'rule', rule: { index: 1, delayMs: 300 } });
    // The rule's wait shows as a pending elicitation: the match comes first, the answer later.
    expect(delayed.actions[0].seq).toBeGreaterThan(delayed.matches[0].seq);
    expect(suite.client.of('action').filter((a) => a.action === 'set-rules')).toHaveLength(5);
    await suite.client.send('disconnect', { sessionId });
  });

  it('URL: consent without opening, consent and mark complete, decline', async () => {
    const sessionId = await suite.client.open(
      { transport: 'stdio', ...demoStdio() },
      { protocol, rules: { rules: [{ match: { mode: 'url' }, answer: { action: 'accept' } }] } },
    );
    const consent = await callAnswered(suite, sessionId, 'never_completes');
    expect(consent.text).toMatch(/^never_completes: accept; completion will never be reported/);
    expect(consent.elicitations[0].mode).toBe('url');
    expect(consent.actions.map((a) => [a.actor, a.action])).toEqual([['rule', 'accept']]);

    await setRules(suite, sessionId, { rules: [{ match: { mode: 'url', message: 'terms' }, answer: { action: 'accept', markComplete: true } }] });
    const done = await callAnswered(suite, sessionId, 'never_completes');
    expect(done.text).toMatch(/^never_completes: accept/);
    expect(done.actions.map((a) => [a.actor, a.action])).toEqual([
      ['rule', 'accept'],
      ['rule', 'mark-done'],
    ]);
    if (protocol === '2025-11-25') {
      // Only a pushed URL elicitation carries an elicitationId whose completion the inspector tracks.
      expect(suite.client.of('url-complete').filter((c) => c.key === done.elicitations[0].key)).toEqual([expect.objectContaining({ source: 'person' })]);
    }

    await setRules(suite, sessionId, { rules: [{ match: { mode: 'url', messagePattern: '^Read the \\w+' }, answer: { action: 'decline' } }] });
    const declined = await callAnswered(suite, sessionId, 'never_completes');
    expect(declined.text).toMatch(/^never_completes: decline/);
    expect(declined.ends).toEqual([expect.objectContaining({ outcome: 'answered', action: 'decline' })]);
    // No rule opens a URL.
    expect(suite.client.of('action').filter((a) => a.action === 'open-url')).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('content that fails the schema is blocked and waits for a person; with skipValidation it is sent, and the log says so', async () => {
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol, rules: { rules: [{ answer: { action: 'accept' } }] } });
    const { callId, end } = await suite.client.call(sessionId, 'collect_profile');
    const finding = await suite.client.waitForEvent('finding', (f) => f.code === 'rule-content-invalid' && f.callId === callId);
    expect(finding.message).toMatch(/^Not sent: rule 1 would accept with content that fails the requested schema \(.*email/);
    const pending = suite.client.of('elicitation').find((e) => e.callId === callId)!;
    expect(suite.client.of('elicitation-end').filter((e) => e.key === pending.key)).toEqual([]);
    expect(suite.client.of('action').filter((a) => a.key === pending.key)).toEqual([]);
    await suite.client.send('answer-elicitation', {
      sessionId,
      key: pending.key,
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.com', plan: 'free' },
    });
    const byPerson = storyOf(suite, callId, await end);
    expect(byPerson.text).toContain('collect_profile: accept');
    expect(byPerson.actions.map((a) => a.actor)).toEqual(['user']);

    await setRules(suite, sessionId, { rules: [{ answer: { action: 'accept', content: { email: 'not an email' }, skipValidation: true } }] });
    const unchecked = await callAnswered(suite, sessionId, 'collect_profile');
    expect(unchecked.actions).toEqual([
      expect.objectContaining({ actor: 'rule', skippedValidation: true, content: expect.objectContaining({ email: 'not an email' }) }),
    ]);
    expect(unchecked.text).not.toContain('collect_profile: accept');
    await suite.client.send('disconnect', { sessionId });
  });

  it('the first enabled rule that matches wins; switched-off rules and a switched-off set answer nothing', async () => {
    const rules = [
      { enabled: false, answer: { action: 'decline' } },
      { match: { tool: 'collect_profile' }, answer: { action: 'cancel' } },
      { match: { tool: 'confirm_order' }, answer: { action: 'accept' } },
      { answer: { action: 'decline' } },
    ] as const;
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol, rules: { rules: [...rules] } });
    const first = await callAnswered(suite, sessionId, 'confirm_order');
    expect(first.text).toBe('confirm_order: confirmed');
    expect(first.actions[0].rule).toMatchObject({ index: 3 });

    await setRules(suite, sessionId, { enabled: false, rules: [...rules] });
    const { callId, end } = await suite.client.call(sessionId, 'confirm_order');
    const pending = await suite.client.waitForEvent('elicitation', (e) => e.callId === callId);
    await suite.client.send('answer-elicitation', { sessionId, key: pending.key, action: 'decline' });
    const byPerson = storyOf(suite, callId, await end);
    expect(byPerson.matches).toEqual([]);
    expect(byPerson.actions.map((a) => a.actor)).toEqual(['user']);

    // A reconnect keeps the rules last set, switched off as they were.
    const { sessionId: next } = await suite.client.send('reconnect', { sessionId });
    expect(suite.client.sessions.find((s) => s.sessionId === next)?.settings.rules).toMatchObject({ enabled: false, rules: [{ enabled: false }, {}, {}, {}] });
    await suite.client.send('disconnect', { sessionId: next });
  });
});

describe('a rule that never answers', () => {
  it('2025-11-25: the server gives up on its own, and the log shows it', async () => {
    const rules = { rules: [{ match: { tool: 'confirm_with_deadline' }, answer: { action: 'none' as const } }] };
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2025-11-25', rules });
    const story = await callAnswered(suite, sessionId, 'confirm_with_deadline', { seconds: 1 });
    expect(story.text).toMatch(/^confirm_with_deadline: the server stopped waiting/);
    expect(story.matches).toEqual([expect.objectContaining({ action: 'none' })]);
    expect(story.ends).toEqual([expect.objectContaining({ outcome: 'server-cancelled' })]);
    expect(story.actions).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });

  it('2026-07-28: the server cannot wait, so the elicitation stays pending until the call is cancelled', async () => {
    const rules = { rules: [{ answer: { action: 'none' as const } }] };
    const sessionId = await suite.client.open({ transport: 'stdio', ...demoStdio() }, { protocol: '2026-07-28', rules });
    const { callId, end } = await suite.client.call(sessionId, 'confirm_order');
    const match = await suite.client.waitForEvent('rule-match', (m) => m.callId === callId);
    expect(match.action).toBe('none');
    // Between rounds no request is in flight and the call's clock stands still: only a cancel ends the wait.
    await suite.client.send('cancel-call', { sessionId, callId });
    const story = storyOf(suite, callId, await end);
    expect(story.end.outcome).toBe('cancelled');
    expect(story.ends).toEqual([expect.objectContaining({ key: match.key, outcome: 'call-ended' })]);
    expect(story.actions).toEqual([]);
    await suite.client.send('disconnect', { sessionId });
  });
});

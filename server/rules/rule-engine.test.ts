import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElicitationBroker } from '../session/requests/broker';
import { SessionLog } from '../store/session-log';
import type { EventOf, LogEvent, LogEventKind } from '../wire/events';
import { RuleSetSchema, type RuleSet, type RuleSetInput } from '../wire/rules';
import { DEFAULT_SETTINGS } from '../wire/target';
import { RuleEngine, type RuleHost } from './rule-engine';

const FORM = {
  message: 'How many guests?',
  requestedSchema: { type: 'object', properties: { guests: { type: 'integer', minimum: 1, default: 2 }, note: { type: 'string' } }, required: ['guests'] },
};
const URL_FLOW = { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in', elicitationId: 'flow-1' };

/** A session's log and broker, as the engine sees them: real ones, with no server behind. */
function setup(input: RuleSetInput) {
  const log = new SessionLog('s1', undefined);
  const events: LogEvent[] = [];
  log.follow((batch) => events.push(...batch));
  const broker = new ElicitationBroker(
    (event) => log.append(event),
    () => 'demo',
  );
  let rules: RuleSet = RuleSetSchema.parse(input);
  const host: RuleHost = {
    log,
    settings: DEFAULT_SETTINGS,
    get rules() {
      return rules;
    },
    emit: (event) => log.append(event),
    answerElicitation: (key, action, content, skipValidation, by) => broker.answer(key, { action, content }, { skipValidation, ...by }),
    recordAction: (key, action, by) => {
      log.append({ kind: 'action', ...by!, action, key });
      if (action === 'mark-done') broker.markDone(key);
      return true;
    },
  };
  const engine = new RuleEngine(host);
  const settle = async () => {
    log.flush();
    await engine.idle();
    log.flush();
  };
  const of = <K extends LogEventKind>(kind: K) => events.filter((e): e is EventOf<K> => e.kind === kind);
  const ask = (params: Record<string, unknown>, callId = 'c1') => broker.request({ callId, origin: { kind: 'push', rpcId: 1 }, params });
  const setRules = (next: RuleSetInput) => {
    rules = RuleSetSchema.parse(next);
    log.append({ kind: 'action', actor: 'user', action: 'set-rules' });
  };
  log.append({ kind: 'call-start', callId: 'c1', method: 'tools/call', name: 'book_table', timeoutMs: 1000 });
  return { log, broker, engine, settle, of, ask, setRules };
}

afterEach(() => void vi.useRealTimers());

describe('RuleEngine', () => {
  it("keeps the content's key order, the defaults it leaves out after it; mergeDefaults false sends the content alone", async () => {
    const merged = setup({ rules: [{ answer: { action: 'accept', content: { note: 'hi', guests: 3 } } }] });
    const first = merged.ask(FORM);
    await merged.settle();
    expect(JSON.stringify((await first.answer).content)).toBe('{"note":"hi","guests":3}');
    const partial = setup({ rules: [{ answer: { action: 'accept', content: { note: 'hi' } } }] });
    const second = partial.ask(FORM);
    await partial.settle();
    expect(JSON.stringify((await second.answer).content)).toBe('{"note":"hi","guests":2}');
    const exact = setup({ rules: [{ answer: { action: 'accept', content: { guests: 4 }, mergeDefaults: false } }] });
    const third = exact.ask({
      ...FORM,
      requestedSchema: { ...FORM.requestedSchema, properties: { ...FORM.requestedSchema.properties, note: { type: 'string', default: 'x' } } },
    });
    await exact.settle();
    expect(JSON.stringify((await third.answer).content)).toBe('{"guests":4}');
  });

  it('answers with the content merged over the defaults, naming the rule in the log', async () => {
    const { settle, of, ask } = setup({
      rules: [
        { match: { tool: 'other' }, answer: { action: 'decline' } },
        { id: 'r2', name: 'note', answer: { action: 'accept', content: { note: 'hi' } } },
      ],
    });
    const { answer } = ask(FORM);
    await settle();
    await expect(answer).resolves.toEqual({ action: 'accept', content: { guests: 2, note: 'hi' } });
    expect(of('rule-match')).toEqual([
      expect.objectContaining({ key: 'e1', callId: 'c1', action: 'accept', rule: { index: 2, id: 'r2', name: 'note', source: 'rules' } }),
    ]);
    expect(of('action')).toEqual([expect.objectContaining({ actor: 'rule', action: 'accept', rule: expect.objectContaining({ index: 2 }) })]);
  });

  it('waits delayMs, and drops the wait when the elicitation ends first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { settle, of, ask, broker } = setup({ rules: [{ answer: { action: 'cancel', delayMs: 500 } }] });
    const first = ask(FORM);
    const second = ask(FORM);
    await settle();
    expect(of('rule-match').map((m) => m.delayMs)).toEqual([500, 500]);
    expect(broker.isPending(first.key)).toBe(true);
    broker.end(second.key, 'server-cancelled');
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(500);
    await settle();
    await expect(first.answer).resolves.toEqual({ action: 'cancel' });
    expect(of('action')).toEqual([expect.objectContaining({ key: first.key, rule: expect.objectContaining({ delayMs: 500 }) })]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a none rule holds the elicitation; closing the session leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { settle, of, ask, broker, log } = setup({
      rules: [{ match: { message: 'Sign' }, answer: { action: 'accept', delayMs: 60_000 } }, { answer: { action: 'none' } }],
    });
    const held = ask(FORM);
    ask(URL_FLOW);
    await settle();
    expect(of('rule-match').map((m) => m.action)).toEqual(['none', 'accept']);
    expect(broker.isPending(held.key)).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    log.append({ kind: 'session-state', state: 'closed', reason: 'user' });
    await settle();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('URL consent with markComplete completes the flow as a person would', async () => {
    const { settle, of, ask } = setup({ rules: [{ answer: { action: 'accept', markComplete: true } }] });
    const { answer } = ask(URL_FLOW);
    await settle();
    await expect(answer).resolves.toEqual({ action: 'accept' });
    expect(of('action').map((a) => a.action)).toEqual(['accept', 'mark-done']);
    expect(of('url-complete')).toEqual([expect.objectContaining({ source: 'person' })]);
  });

  it('invalid content is blocked with a finding, unless the rule skips validation', async () => {
    const { settle, of, ask, broker, setRules } = setup({ rules: [{ answer: { action: 'accept', content: { guests: 0 } } }] });
    const blocked = ask(FORM);
    await settle();
    expect(broker.isPending(blocked.key)).toBe(true);
    expect(of('finding')).toEqual([expect.objectContaining({ code: 'rule-content-invalid', key: blocked.key })]);
    setRules({ rules: [{ answer: { action: 'accept', content: { guests: 0 }, skipValidation: true } }] });
    const sent = ask(FORM);
    await settle();
    await expect(sent.answer).resolves.toEqual({ action: 'accept', content: { guests: 0 } });
    expect(of('action').at(-1)).toMatchObject({ skippedValidation: true, actor: 'rule' });
    expect(broker.isPending(blocked.key)).toBe(true);
  });

  it('new rules apply to elicitations that come after the change, not to one already taken', async () => {
    const { settle, of, ask, setRules, broker } = setup({ rules: [{ answer: { action: 'none' } }] });
    const before = ask(FORM);
    await settle();
    setRules({ rules: [{ answer: { action: 'decline' } }] });
    const after = ask(FORM);
    await settle();
    expect(broker.isPending(before.key)).toBe(true);
    await expect(after.answer).resolves.toEqual({ action: 'decline' });
    setRules({ enabled: false, rules: [{ answer: { action: 'decline' } }] });
    const off = ask(FORM);
    await settle();
    expect(broker.isPending(off.key)).toBe(true);
    expect(of('rule-match')).toHaveLength(2);
  });

  it('an unenforceable pattern is reported once, and never matches', async () => {
    const { settle, of, ask } = setup({ rules: [{ match: { messagePattern: '(?=guests)' }, answer: { action: 'decline' } }] });
    ask(FORM);
    ask(FORM);
    await settle();
    expect(of('rule-match')).toEqual([]);
    expect(of('finding').map((f) => f.code)).toEqual(['rule-pattern-unenforced']);
  });
});

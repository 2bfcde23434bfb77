import { describe, expect, it } from 'vitest';
import type { TapControl } from '../store/tap-control';
import type { NewLogEvent } from '../wire/events';
import { RuleSetSchema } from '../wire/rules';
import { TappedRules } from './tapped-rules';

/** A tapped session's record as the inspector follows it: entries appended in batches. */
function record() {
  const listeners = new Set<(events: { json: string }[]) => void>();
  const lines: { json: string }[] = [];
  let seq = 0;
  return {
    sessionId: 'tap-test',
    latest: () => lines,
    subscribe(listener: (events: { json: string }[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    append(...events: NewLogEvent[]) {
      const batch = events.map((event) => ({ json: JSON.stringify({ seq: ++seq, at: Date.now(), sessionId: 'tap-test', ...event }) }));
      lines.push(...batch);
      for (const listener of listeners) listener(batch);
    },
  };
}

const form = (key: string, held: boolean): NewLogEvent => ({
  kind: 'elicitation',
  key,
  origin: { kind: 'push', rpcId: key },
  mode: 'form',
  params: { message: 'Order?', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', default: true } } } },
  serverName: 'demo',
  ...(held && { held: true }),
});

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rules for a tapped session', () => {
  it('answer only the requests the tap holds, with the rule named, and only those that come after the rules are set', async () => {
    const tapped = record();
    tapped.append(form('e1', true));
    const sent: TapControl[] = [];
    const rules = new TappedRules(tapped, (control) => sent.push(control), RuleSetSchema.parse({ rules: [{ name: 'yes', answer: { action: 'accept' } }] }));
    tapped.append(form('e2', false), form('e3', true));
    await settle();
    await rules.idle();
    expect(sent).toEqual([
      { type: 'entry', event: { kind: 'rule-match', key: 'e3', rule: { index: 1, name: 'yes', source: 'rules' }, action: 'accept' } },
      { type: 'answer', key: 'e3', action: 'accept', content: { confirm: true }, rule: { index: 1, name: 'yes', source: 'rules' } },
    ]);
    rules.stop();
  });

  it('a rule still waiting lets go of a request the hold passed on to the host', async () => {
    const tapped = record();
    const sent: TapControl[] = [];
    const rules = new TappedRules(tapped, (control) => sent.push(control), RuleSetSchema.parse({ rules: [{ answer: { action: 'decline', delayMs: 30 } }] }));
    tapped.append(form('e1', true));
    await settle();
    await rules.idle();
    expect(sent.map((c) => c.type)).toEqual(['entry']);
    tapped.append({ kind: 'tap-hold', isOn: false, released: ['e1'] });
    await settle(150);
    expect(sent.map((c) => c.type)).toEqual(['entry']);
    rules.stop();
  });

  it("a rule's file answer to a held request is refused, not sent: the inspector answers with File inputs off", async () => {
    const tapped = record();
    const sent: TapControl[] = [];
    const rules = new TappedRules(
      tapped,
      (control) => sent.push(control),
      RuleSetSchema.parse({ rules: [{ answer: { action: 'accept', content: { photo: { file: 'package.json' } } } }] }),
    );
    tapped.append({
      kind: 'elicitation',
      key: 'e1',
      origin: { kind: 'push', rpcId: 'e1' },
      mode: 'form',
      params: {
        message: 'Photo?',
        requestedSchema: { type: 'object', properties: { photo: { type: 'string', format: 'uri', 'x-mcp-file': { accept: ['*/*'] } } } },
      },
      serverName: 'demo',
      held: true,
    });
    await settle();
    await rules.idle();
    expect(sent.some((c) => c.type === 'answer')).toBe(false);
    const finding = sent.find((c) => c.type === 'entry' && c.event.kind === 'finding');
    expect(finding).toMatchObject({ event: { code: 'rule-content-invalid', key: 'e1', message: expect.stringContaining('File inputs (SEP-2356) is off') } });
    rules.stop();
  });
});

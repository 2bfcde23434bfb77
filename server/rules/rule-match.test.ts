import { describe, expect, it } from 'vitest';
import { RuleSetSchema, type RuleSetInput } from '../wire/rules';
import { findRule, PATTERN_TEXT_MAX_CHARS, type MatchFacts, type UnenforcedPattern } from './rule-match';

const FACTS: MatchFacts = {
  tool: 'book_table',
  serverNames: ['elicitation-demo', 'Elicitation demo server'],
  mode: 'form',
  message: 'How many guests for Friday?',
  properties: new Set(['guests', 'date']),
  roundKey: undefined,
  app: undefined,
};

const decline = { action: 'decline' } as const;
const rules = (input: RuleSetInput) => RuleSetSchema.parse(input);
const indexOf = async (input: RuleSetInput, facts: Partial<MatchFacts> = {}) => (await findRule(rules(input), { ...FACTS, ...facts }))?.index;

describe('findRule', () => {
  it('each match field holds or fails on its own', async () => {
    const cases: [NonNullable<RuleSetInput['rules']>, number | undefined][] = [
      [[{ match: { tool: 'book_table' }, answer: decline }], 1],
      [[{ match: { tool: 'book' }, answer: decline }], undefined],
      [[{ match: { server: 'Elicitation demo server' }, answer: decline }], 1],
      [[{ match: { server: 'elicitation-demo' }, answer: decline }], 1],
      [[{ match: { server: 'other' }, answer: decline }], undefined],
      [[{ match: { mode: 'url' }, answer: decline }], undefined],
      [[{ match: { message: 'guests' }, answer: decline }], 1],
      [[{ match: { message: 'Guests' }, answer: decline }], undefined],
      [[{ match: { messagePattern: '^How many \\w+' }, answer: decline }], 1],
      [[{ match: { messagePattern: '^guests' }, answer: decline }], undefined],
      [[{ match: { properties: ['guests'] }, answer: decline }], 1],
      [[{ match: { properties: ['guests', 'time'] }, answer: decline }], undefined],
      [[{ match: { roundKey: 'where' }, answer: decline }], undefined],
      [[{ answer: decline }], 1],
    ];
    for (const [list, expected] of cases) expect([list[0]?.match, await indexOf({ rules: list })]).toEqual([list[0]?.match, expected]);
    expect(await indexOf({ rules: [{ match: { roundKey: 'where' }, answer: decline }] }, { roundKey: 'where' })).toBe(1);
  });

  it('app: true any app, false none, a string that ui:// URI (SEP-3118)', async () => {
    const withApp = { app: 'ui://demo/choose-plan' };
    const cases: [boolean | string, Partial<MatchFacts>, number | undefined][] = [
      [true, withApp, 1],
      [true, {}, undefined],
      [false, {}, 1],
      [false, withApp, undefined],
      ['ui://demo/choose-plan', withApp, 1],
      ['ui://demo/other', withApp, undefined],
    ];
    for (const [app, facts, expected] of cases)
      expect([app, facts.app, await indexOf({ rules: [{ match: { app }, answer: decline }] }, facts)]).toEqual([app, facts.app, expected]);
  });

  it('the first enabled rule that holds wins; a switched-off rule or set takes nothing', async () => {
    const list: RuleSetInput['rules'] = [
      { enabled: false, answer: decline },
      { match: { tool: 'other' }, answer: decline },
      { match: { mode: 'form' }, answer: { action: 'cancel' } },
      { answer: { action: 'accept' } },
    ];
    expect(await indexOf({ rules: list })).toBe(3);
    expect(await indexOf({ enabled: false, rules: list })).toBeUndefined();
    expect(await indexOf({ rules: [] })).toBeUndefined();
  });

  it('a pattern RE2 cannot run never matches, and says why', async () => {
    const problems: UnenforcedPattern[] = [];
    const found = await findRule(rules({ rules: [{ match: { messagePattern: '(\\w+) \\1' }, answer: decline }, { answer: { action: 'cancel' } }] }), FACTS, {
      onUnenforced: (problem) => problems.push(problem),
    });
    expect(found?.index).toBe(2);
    expect(problems).toEqual([expect.objectContaining({ index: 1, pattern: '(\\w+) \\1', reason: expect.stringContaining('backreferences') })]);
  });

  it('500 rules with a catastrophic pattern against a long message let the event loop run between slices', async () => {
    const message = 'a'.repeat(20_000) + '!';
    const list = Array.from({ length: 500 }, (_, i) => ({ match: { messagePattern: `(a+)+$|x${i}` }, answer: decline }));
    let yields = 0;
    let ticks = 0;
    const interval = setInterval(() => ticks++, 0);
    const found = await findRule(
      rules({ rules: [...list.slice(0, 499), { answer: { action: 'cancel' } }] }),
      { ...FACTS, message },
      {
        yieldTurn: () => new Promise((resolve) => setTimeout(() => resolve((yields++, undefined)), 1)),
      },
    );
    clearInterval(interval);
    expect(found?.index).toBe(500);
    expect(yields).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(0);
  }, 60_000);

  it('a message too long for patterns matches no pattern, but still its substring', async () => {
    const message = 'a'.repeat(PATTERN_TEXT_MAX_CHARS) + ' token please';
    const list: RuleSetInput['rules'] = [
      { match: { messagePattern: 'a+' }, answer: decline },
      { match: { message: 'token please' }, answer: decline },
    ];
    expect(await indexOf({ rules: list }, { message })).toBe(2);
  });

  it('stops early when the elicitation ends while it matches', async () => {
    const list = Array.from({ length: 499 }, (_, i) => ({ match: { messagePattern: `(a+)+$|y${i}` }, answer: decline }));
    let isStale = false;
    const found = await findRule(
      rules({ rules: [...list, { answer: { action: 'cancel' } }] }),
      { ...FACTS, message: 'a'.repeat(20_000) + '!' },
      {
        yieldTurn: async () => void (isStale = true),
        isStale: () => isStale,
      },
    );
    expect(found).toBeUndefined();
  });
});

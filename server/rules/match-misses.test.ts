import { describe, expect, it } from 'vitest';
import { RuleSchema, type RuleMatch } from '../wire/rules';
import { matchMisses, ruleTakes, type MatchSubject } from './match-misses';
import { factsOf } from './rule-engine';
import { findRule } from './rule-match';

/** A rule that declines whatever its match takes. */
const rule = (match: RuleMatch) => RuleSchema.parse({ match, answer: { action: 'decline' } });
const isMatch = (match: RuleMatch, subject: MatchSubject) => ruleTakes(rule(match), subject);

const form: MatchSubject = {
  toolName: 'plan_trip',
  elicitation: {
    mode: 'form',
    serverName: 'Elicitation demo server',
    origin: { kind: 'mrtr', round: 1, inputKey: 'where' },
    params: { message: 'Step 1 of 2: where are you going?', requestedSchema: { type: 'object', properties: { destination: {}, departure: {} } } },
  },
};

describe('rule match', () => {
  it('an empty match matches everything; every field given must hold', () => {
    expect(isMatch({}, form)).toBe(true);
    expect(
      isMatch(
        {
          tool: 'plan_trip',
          server: 'Elicitation demo server',
          mode: 'form',
          message: 'where',
          messagePattern: '^Step \\d',
          properties: ['destination'],
          roundKey: 'where',
        },
        form,
      ),
    ).toBe(true);
  });

  it('each miss names the field, what was expected and what came', () => {
    expect(matchMisses({ tool: 'echo', mode: 'url', message: 'seat', properties: ['seat', 'destination'], roundKey: 'seat' }, form)).toEqual([
      { field: 'tool', expected: 'echo', actual: 'plan_trip' },
      { field: 'mode', expected: 'url', actual: 'form' },
      { field: 'message', expected: 'a message containing "seat"', actual: '"Step 1 of 2: where are you going?"' },
      { field: 'properties', expected: 'properties seat, destination', actual: 'properties destination, departure' },
      { field: 'roundKey', expected: 'round key "seat"', actual: 'round key "where"' },
    ]);
  });

  it('a message pattern runs on RE2: one it cannot run does not match, and says why', () => {
    const [miss] = matchMisses({ messagePattern: '(?=Step)' }, form);
    expect(miss.field).toBe('messagePattern');
    expect(miss.actual).toMatch(/cannot run/);
    expect(isMatch({ messagePattern: '^(a+)+$' }, { ...form, elicitation: { ...form.elicitation, params: { message: 'a'.repeat(40) + '!' } } })).toBe(false);
  });

  it('a legacy push has no round key, and a schema without properties has none', () => {
    const push: MatchSubject = { elicitation: { ...form.elicitation, origin: { kind: 'push', rpcId: 1 }, params: { message: 'x' } } };
    expect(matchMisses({ roundKey: 'where', properties: ['a'] }, push).map((miss) => miss.actual)).toEqual(['no properties', 'no input_required round']);
    expect(matchMisses({ tool: 'x' }, push)[0].actual).toBe('(no tool call)');
  });
});

describe("a scenario's rules mean what the live engine's do", () => {
  const titled: MatchSubject = { ...form, serverNames: ['demo-server', 'Elicitation demo server'] };
  const sampling: MatchSubject = { ...form, elicitation: { ...form.elicitation, mode: 'sampling' } };
  const cases: [string, RuleMatch, MatchSubject][] = [
    ['the server by its name', { server: 'demo-server' }, titled],
    ['the server by its title', { server: 'Elicitation demo server' }, titled],
    ['another server', { server: 'other' }, titled],
    ['a catch-all rule and a sampling request', {}, sampling],
    ['a sampling rule and a sampling request', { mode: 'sampling' }, sampling],
    ['a pattern RE2 cannot run', { messagePattern: '(?=Step)' }, form],
  ];
  it.each(cases)('%s', async (_, match, subject) => {
    const names = subject.serverNames ?? [subject.elicitation.serverName];
    const engine = await findRule({ enabled: true, rules: [rule(match)] }, factsOf(subject.elicitation, subject.toolName, names));
    expect(ruleTakes(rule(match), subject)).toBe(engine !== undefined);
  });

  it('a rule naming the server by its name takes an elicitation from a server that has a title', () => {
    expect(ruleTakes(rule({ server: 'demo-server' }), titled)).toBe(true);
    expect(matchMisses({ server: 'demo-server' }, titled)).toEqual([]);
  });

  it('a rule without a mode never answers a sampling request', () => {
    expect(ruleTakes(rule({}), sampling)).toBe(false);
    expect(ruleTakes(rule({ mode: 'sampling' }), sampling)).toBe(true);
  });
});

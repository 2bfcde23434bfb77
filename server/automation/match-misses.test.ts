import { describe, expect, it } from 'vitest';
import { isMatch, matchMisses, type MatchSubject } from './match-misses';

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

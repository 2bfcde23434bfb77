import { describe, expect, it } from 'vitest';
import type { RuleSet } from '@wire/rules';
import { parseRulesFile, rulesFileText } from './rules-file';

const RULES: RuleSet = {
  enabled: false,
  rules: [{ id: 'r1', name: 'no', enabled: true, match: { tool: 'plan_trip' }, answer: { action: 'decline', delayMs: 500 } }],
};

describe('rules file', () => {
  it('an exported file imports back to the same rules', () => {
    const text = rulesFileText(RULES);
    expect(JSON.parse(text)).toMatchObject({ version: 1 });
    expect(parseRulesFile(text)).toEqual({ rules: RULES });
  });

  it('refuses a broken file with the path and the problem', () => {
    expect(parseRulesFile('{"rules": [')).toEqual({ error: expect.stringMatching(/^Not valid JSON: /) });
    expect(parseRulesFile('{"version": 1, "rules": [{"answer": {"action": "maybe"}}]}')).toEqual({
      error: expect.stringMatching(/^Not a rules file: rules\.0\.answer\.action: /),
    });
    expect(parseRulesFile('{"version": 2, "rules": []}')).toEqual({ error: expect.stringMatching(/^Not a rules file: version: /) });
    expect(parseRulesFile('[]')).toEqual({ error: expect.stringMatching(/^Not a rules file: \(the file\): /) });
  });

  it('refuses a huge file before parsing it', () => {
    expect(parseRulesFile(' '.repeat(2_000_001))).toEqual({ error: expect.stringMatching(/larger than 2 MB/) });
  });
});

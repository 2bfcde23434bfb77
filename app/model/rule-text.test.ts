import { describe, expect, it } from 'vitest';
import { ruleAnsweredText, ruleLabel, ruleMatchText } from './rule-text';

const rule = { index: 2, name: 'say no', source: 'rules' as const };

describe('rule text', () => {
  it('names a rule by its place and name, and a scenario step as one', () => {
    expect(ruleLabel(rule)).toBe('Rule 2 (say no)');
    expect(ruleLabel({ index: 3, source: 'rules' })).toBe('Rule 3');
    expect(ruleLabel({ index: 1, source: 'scenario' })).toBe('Scenario step 1');
  });

  it('says what a rule that took a request will do', () => {
    expect(ruleMatchText({ rule, action: 'decline', delayMs: 500 })).toBe('Rule 2 (say no) will decline in 500 ms');
    expect(ruleMatchText({ rule, action: 'accept' })).toBe('Rule 2 (say no) will accept now');
    expect(ruleMatchText({ rule: { index: 3, source: 'rules' }, action: 'none' })).toBe('Rule 3 holds this: it never answers');
  });

  it('once its content was refused, says the rule sent nothing rather than what it would do', () => {
    expect(ruleMatchText({ rule, action: 'accept' }, true)).toBe(
      'Rule 2 (say no) did not answer: its content fails the requested schema, so nothing was sent. Answer it yourself.',
    );
  });

  it('says which rule answered and after how long', () => {
    expect(ruleAnsweredText({ ...rule, delayMs: 500 })).toBe('answered by rule 2 (say no) after 500 ms');
    expect(ruleAnsweredText({ index: 1, source: 'rules' })).toBe('answered by rule 1');
  });
});

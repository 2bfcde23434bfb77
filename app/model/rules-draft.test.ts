import { describe, expect, it } from 'vitest';
import { EMPTY_RULES, type RuleSet } from '@wire/rules';
import { RULES_STORAGE_KEY, RulesDraft } from './rules-draft';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

const RULES: RuleSet = { enabled: true, rules: [{ enabled: true, match: { mode: 'form' }, answer: { action: 'decline' } }] };

describe('RulesDraft', () => {
  it('keeps the rules it is given, for the next page load', () => {
    const storage = memoryStorage();
    const draft = new RulesDraft(storage);
    let told = 0;
    draft.subscribe(() => told++);
    draft.set(RULES);
    expect(told).toBe(1);
    expect(new RulesDraft(storage).get()).toEqual(RULES);
  });

  it('starts empty when what was kept is not JSON or not a rule set', () => {
    expect(new RulesDraft(memoryStorage({ [RULES_STORAGE_KEY]: '{nope' })).get()).toEqual(EMPTY_RULES);
    expect(new RulesDraft(memoryStorage({ [RULES_STORAGE_KEY]: '{"rules":[{"answer":{"action":"maybe"}}]}' })).get()).toEqual(EMPTY_RULES);
    expect(new RulesDraft(undefined).get()).toEqual(EMPTY_RULES);
  });

  it('a storage that refuses to write does not stop the page', () => {
    const draft = new RulesDraft({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    draft.set(RULES);
    expect(draft.get()).toEqual(RULES);
  });
});

import { describe, expect, it } from 'vitest';
import { clampShare, readFlag, readShare, remember, SHARE_BOUNDS } from './layout-memory';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('layout memory', () => {
  it('gives back what was remembered', () => {
    const storage = memoryStorage();
    remember(storage, 'rules-open', true);
    remember(storage, 'requests-share', 0.4);
    expect(readFlag(storage, 'rules-open')).toBe(true);
    expect(readShare(storage, 'requests-share')).toBe(0.4);
  });

  it('reads nothing remembered as undefined, and the default share', () => {
    expect(readFlag(memoryStorage(), 'connection-open')).toBeUndefined();
    expect(readShare(memoryStorage(), 'requests-share')).toBe(SHARE_BOUNDS['requests-share'].fallback);
    expect(readShare(undefined, 'requests-share')).toBe(SHARE_BOUNDS['requests-share'].fallback);
  });

  it('refuses edited values: a flag is true or false, a share stays in bounds', () => {
    const storage = memoryStorage({
      'elicitation-inspector.layout.rules-open': '1',
      'elicitation-inspector.layout.requests-share': '99',
    });
    expect(readFlag(storage, 'rules-open')).toBeUndefined();
    expect(readShare(storage, 'requests-share')).toBe(SHARE_BOUNDS['requests-share'].max);
    storage.values.set('elicitation-inspector.layout.requests-share', 'NaN');
    expect(readShare(storage, 'requests-share')).toBe(SHARE_BOUNDS['requests-share'].fallback);
    storage.values.set('elicitation-inspector.layout.requests-share', ' ');
    expect(readShare(storage, 'requests-share')).toBe(SHARE_BOUNDS['requests-share'].fallback);
    expect(clampShare('requests-share', -1)).toBe(SHARE_BOUNDS['requests-share'].min);
  });

  it('survives storage that throws (switched off, or full)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => remember(broken, 'rules-open', true)).not.toThrow();
    expect(readFlag(broken, 'rules-open')).toBeUndefined();
    expect(readShare(broken, 'requests-share')).toBe(SHARE_BOUNDS['requests-share'].fallback);
  });
});

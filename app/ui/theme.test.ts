import { describe, expect, it } from 'vitest';
import { applyTheme, readThemeChoice, resolveTheme, storeThemeChoice } from './theme';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('the theme', () => {
  it('follows the system until a person picks one, and remembers the pick', () => {
    const storage = memoryStorage();
    expect(readThemeChoice(storage)).toBe('system');
    storeThemeChoice(storage, 'dark');
    expect(readThemeChoice(storage)).toBe('dark');
  });

  it('reads a damaged or unavailable store as System', () => {
    const storage = memoryStorage();
    storage.setItem('elicitation-inspector.theme', 'purple');
    expect(readThemeChoice(storage)).toBe('system');
    const throwing = {
      getItem: () => {
        throw new Error('storage disabled');
      },
    };
    expect(readThemeChoice(throwing)).toBe('system');
    expect(readThemeChoice(undefined)).toBe('system');
  });

  it('resolves System from prefers-color-scheme, and a pick regardless of it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('marks the root element for the stylesheet', () => {
    const root = { dataset: {} as DOMStringMap };
    applyTheme(root, 'dark');
    expect(root.dataset.theme).toBe('dark');
  });
});

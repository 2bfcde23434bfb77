import { describe, expect, it } from 'vitest';
import { clampLogHeight, defaultLogHeight, LOG_MIN_HEIGHT_PX, maxLogHeight, readStoredLogHeight, storeLogHeight } from './log-height';

describe('log height', () => {
  it('never buries the columns: at most the window less what the page keeps', () => {
    expect(clampLogHeight(5000, 720)).toBe(maxLogHeight(720));
    expect(maxLogHeight(720)).toBeLessThanOrEqual(720 - 300);
    expect(clampLogHeight(10, 900)).toBe(LOG_MIN_HEIGHT_PX);
    // A window too short for both keeps the log at its minimum rather than hiding it.
    expect(maxLogHeight(300)).toBe(LOG_MIN_HEIGHT_PX);
  });

  it('defaults to a third of the window', () => {
    expect(defaultLogHeight(720)).toBe(240);
    expect(defaultLogHeight(900)).toBe(300);
  });

  it('is remembered, and a broken or missing value falls back', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(readStoredLogHeight(storage)).toBeUndefined();
    storeLogHeight(storage, 333.4);
    expect(readStoredLogHeight(storage)).toBe(333);
    map.set([...map.keys()][0], 'tall');
    expect(readStoredLogHeight(storage)).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredLogHeight(throwing)).toBeUndefined();
    expect(() => storeLogHeight(throwing, 200)).not.toThrow();
  });
});

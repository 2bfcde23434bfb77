import { describe, expect, it } from 'vitest';
import { clockTime } from './log-row';

describe('clockTime', () => {
  it('shows the first hour after midnight as 00, not 24', () => {
    expect(clockTime(new Date(2026, 0, 1, 0, 5, 7, 42).getTime())).toMatch(/^00\D05\D07\.042$/);
  });

  it('keeps the milliseconds, zero-padded', () => {
    expect(clockTime(new Date(2026, 0, 1, 13, 0, 0, 5).getTime())).toMatch(/^13\D00\D00\.005$/);
  });
});

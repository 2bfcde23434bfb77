import { describe, expect, it } from 'vitest';
import { percentAt, sessionScale, ticksOf } from './timeline-scale';

describe('the time axis', () => {
  it('places a moment by its share of the axis, never off it', () => {
    const scale = { startAt: 1000, endAt: 3000 };
    expect(percentAt(scale, 1500)).toBe(25);
    expect(percentAt(scale, 0)).toBe(0);
    expect(percentAt(scale, 9000)).toBe(100);
    expect(percentAt(scale, Number.NaN)).toBe(0);
    expect(percentAt({ startAt: 5, endAt: 5 }, 5)).toBe(0);
  });

  it('ticks at round steps: 1,502 ms of call gets 0, +500 ms, +1 s, +1.5 s', () => {
    expect(ticksOf({ startAt: 0, endAt: 1502 }, 4).map((t) => t.label)).toEqual(['0', '+500 ms', '+1 s', '+1.5 s']);
    expect(ticksOf({ startAt: 0, endAt: 7_200_000 }, 4).map((t) => t.label)).toEqual(['0', '+30 min', '+1 h', '+1.5 h', '+2 h']);
    expect(ticksOf({ startAt: 0, endAt: 50 * 3_600_000 }, 5).length).toBeLessThanOrEqual(6);
  });

  it('a session runs from its first call to its last end, or to now while a call runs', () => {
    expect(sessionScale([], 0)).toBeUndefined();
    expect(
      sessionScale(
        [
          { startedAt: 100, endAt: 400 },
          { startedAt: 300, endAt: undefined },
        ],
        900,
      ),
    ).toEqual({ startAt: 100, endAt: 900 });
  });
});

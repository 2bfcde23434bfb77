import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallTimer } from './call-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CallTimer', () => {
  it('expires after its budget of running time', () => {
    const expired = vi.fn();
    const timer = new CallTimer(10_000, () => {}, expired);
    timer.run();
    vi.advanceTimersByTime(9_999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('does not count time while paused (between 2026-07-28 rounds)', () => {
    const expired = vi.fn();
    const timer = new CallTimer(10_000, () => {}, expired);
    timer.run();
    vi.advanceTimersByTime(6_000);
    timer.pause();
    vi.advanceTimersByTime(60_000);
    timer.run();
    vi.advanceTimersByTime(3_999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('a person can suspend it; run() does not restart it until resumed', () => {
    const expired = vi.fn();
    const states: { deadlineAt: number | null; suspended: boolean }[] = [];
    const timer = new CallTimer(5_000, (s) => states.push(s), expired);
    timer.run();
    timer.suspend();
    timer.run();
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
    expect(states.at(-1)).toMatchObject({ deadlineAt: null, suspended: true });
    timer.resume();
    expect(states.at(-1)?.suspended).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('reports the deadline while running and what is left while paused', () => {
    const states: { deadlineAt: number | null; remainingMs: number }[] = [];
    const timer = new CallTimer(
      8_000,
      (s) => states.push(s),
      () => {},
    );
    const start = Date.now();
    timer.run();
    expect(states[0]).toMatchObject({ deadlineAt: start + 8_000, remainingMs: 8_000 });
    vi.advanceTimersByTime(3_000);
    timer.pause();
    expect(states[1]).toMatchObject({ deadlineAt: null, remainingMs: 5_000 });
  });
});

describe('CallTimer between rounds', () => {
  it('resuming a suspension while the call is between rounds does not start the clock', () => {
    const expired = vi.fn();
    const states: { deadlineAt: number | null; suspended: boolean }[] = [];
    const timer = new CallTimer(1_000, (s) => states.push(s), expired);
    timer.run();
    timer.pause(); // the round's request came back; the person is answering
    timer.suspend();
    timer.resume();
    expect(states.at(-1)).toMatchObject({ deadlineAt: null, suspended: false });
    vi.advanceTimersByTime(60_000);
    expect(expired).not.toHaveBeenCalled();
    timer.run(); // the next round goes out
    vi.advanceTimersByTime(1_000);
    expect(expired).toHaveBeenCalledOnce();
  });
});

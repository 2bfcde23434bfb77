import { afterEach, expect, it, vi } from 'vitest';
import { LineBudget } from './line-budget';

afterEach(() => {
  vi.useRealTimers();
});

it('lets a flood through up to its budget, then counts the rest once the window ends', () => {
  vi.useFakeTimers();
  const dropped: number[] = [];
  const budget = new LineBudget((count) => dropped.push(count), 3, 10_000);
  const taken = Array.from({ length: 10 }, () => budget.take());
  expect(taken.filter(Boolean)).toHaveLength(3);
  expect(dropped).toEqual([]);
  vi.advanceTimersByTime(10_000);
  expect(dropped).toEqual([7]);
  expect(budget.take()).toBe(true);
});

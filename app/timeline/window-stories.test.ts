import { describe, expect, it } from 'vitest';
import type { LogEvent } from '@wire/events';
import { WindowStories } from './window-stories';

const stderr = (seq: number): LogEvent => ({ kind: 'stderr', text: `line ${seq}`, seq, at: seq, sessionId: 's1' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WindowStories', () => {
  it('asks for each call in view once, a few at a time, and says when its story is here', async () => {
    const asked: string[] = [];
    const stories = new WindowStories(async (callId) => {
      asked.push(callId);
      return { rows: [{ event: stderr(Number(callId.slice(1))) }] };
    });
    let told = 0;
    stories.subscribe(() => told++);
    const inView = Array.from({ length: 10 }, (_, i) => `c${i + 1}`);
    stories.ensure(inView);
    stories.ensure(inView);
    expect(asked).toHaveLength(4);
    for (let i = 0; i < 5; i++) await settle();
    expect(asked).toEqual(inView);
    expect(stories.eventsOf('c7')?.map((e) => e.seq)).toEqual([7]);
    expect(told).toBe(10);
  });

  it('asks first for the calls now in view, and keeps a failure as the call story problem instead of asking forever', async () => {
    const asked: string[] = [];
    const stories = new WindowStories(async (callId) => {
      asked.push(callId);
      if (callId === 'c9') throw new Error('the proxy went away');
      return { rows: [] };
    });
    stories.ensure(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    stories.ensure(['c9']);
    for (let i = 0; i < 5; i++) await settle();
    expect(asked.slice(0, 5)).toEqual(['c1', 'c2', 'c3', 'c4', 'c9']);
    expect(stories.problemOf('c9')).toBe('the proxy went away');
    stories.ensure(['c9']);
    await settle();
    expect(asked.filter((id) => id === 'c9')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import research from './fixtures/research-task.json';
import { boundedPollIntervalMs, REORDER_WINDOW_MS, STALLED_AFTER_MS, TaskWatch, transitionProblem, type StatusObservation } from './task-state';

type Recorded = { direction: 'in' | 'out'; message: Record<string, unknown> };

/** Every status server-everything reported for its task, in order: tasks/get answers and status notifications. */
function reportedStatuses(messages: Recorded[]): unknown[] {
  const polls = new Set(messages.filter((m) => m.direction === 'out' && m.message.method === 'tasks/get').map((m) => m.message.id));
  return messages.flatMap(({ direction, message }) => {
    if (direction !== 'in') return [];
    if (message.method === 'notifications/tasks/status') return [(message.params as { status: unknown }).status];
    if (polls.has(message.id) && message.result) return [(message.result as { status: unknown }).status];
    return [];
  });
}

function watchAll(statuses: unknown[]): StatusObservation[] {
  const watch = new TaskWatch('t', 0, 300_000);
  return statuses.map((status, i) => watch.observe(status, i));
}

describe('the task state machine', () => {
  it("follows server-everything's research task: working, input_required, working, completed, every move legal", () => {
    const observations = watchAll(reportedStatuses(research as Recorded[]));
    expect(observations.filter((o) => o.kind === 'broken' || o.kind === 'unknown-status')).toEqual([]);
    const path = observations.flatMap((o) => (o.kind === 'first' ? [o.status] : o.kind === 'changed' ? [o.to] : []));
    expect(path).toEqual(['working', 'input_required', 'working', 'completed']);
  });

  it('reads a tasks/get answer handled after a later notification as stale, by lastUpdatedAt, not as the task going back', () => {
    // The same recorded run, each report with its lastUpdatedAt; then each tasks/get answer handed on after the
    // notification the server wrote next (an answer settles a promise, a notification is handled at once).
    type Report = { status: unknown; lastUpdatedAt: unknown; isAnswer: boolean };
    const polls = new Set((research as Recorded[]).filter((m) => m.direction === 'out' && m.message.method === 'tasks/get').map((m) => m.message.id));
    const reports: Report[] = (research as Recorded[]).flatMap(({ direction, message }) => {
      const task = (message.method === 'notifications/tasks/status' ? message.params : polls.has(message.id) ? message.result : undefined) as
        { status: unknown; lastUpdatedAt: unknown } | undefined;
      return direction === 'in' && task ? [{ status: task.status, lastUpdatedAt: task.lastUpdatedAt, isAnswer: message.method === undefined }] : [];
    });
    const handled = [...reports];
    for (let i = 0; i < handled.length - 1; i += 1) {
      if (!handled[i].isAnswer || handled[i + 1].isAnswer) continue;
      [handled[i], handled[i + 1]] = [handled[i + 1], handled[i]];
      i += 1;
    }
    expect(handled.map((r) => r.status)).not.toEqual(reports.map((r) => r.status));

    const watch = new TaskWatch('t', 0, 300_000);
    const observations = handled.map((r, i) => watch.observe(r.status, i, r.lastUpdatedAt));
    expect(observations.filter((o) => o.kind === 'broken' || o.kind === 'unknown-status')).toEqual([]);
    expect(observations.filter((o) => o.kind === 'stale').length).toBeGreaterThan(0);
    const path = observations.flatMap((o) => (o.kind === 'first' ? [o.status] : o.kind === 'changed' ? [o.to] : []));
    expect(path).toEqual(['working', 'input_required', 'working', 'completed']);
    // Without the times, the same order reads as the task going back to input_required.
    const blind = watchAll(handled.map((r) => r.status));
    expect(blind.flatMap((o) => (o.kind === 'first' ? [o.status] : o.kind === 'changed' ? [o.to] : []))).not.toEqual(path);
  });

  it('a lastUpdatedAt from a wrong clock hides nothing past the moment it arrived: the next poll still reads input_required and the end', () => {
    const watch = new TaskWatch('t', 0, 300_000);
    expect(watch.observe('working', 0, '9999-12-31T23:59:59.999Z')).toEqual({ kind: 'first', status: 'working' });
    expect(watch.observe('input_required', 10, '2026-11-30T21:20:23.690Z')).toEqual({ kind: 'stale' });
    expect(watch.observe('input_required', 10 + REORDER_WINDOW_MS, '2026-11-30T21:20:23.690Z')).toEqual({
      kind: 'changed',
      from: 'working',
      to: 'input_required',
    });
    expect(watch.observe('completed', 500, '2026-11-30T21:20:25.755Z')).toEqual({ kind: 'changed', from: 'input_required', to: 'completed' });
    // Nonsense stamps are no stamps: the statuses are taken as handed on.
    expect(watch.observe('completed', 501, 'yesterday')).toEqual({ kind: 'unchanged' });
    expect(watch.observe('completed', 502, 12)).toEqual({ kind: 'unchanged' });
  });

  it('reports a status that leaves an end, once, and keeps the task ended', () => {
    const observations = watchAll([...reportedStatuses(research as Recorded[]), 'working', 'working', 'completed']);
    const broken = observations.filter((o) => o.kind === 'broken');
    expect(broken).toEqual([
      { kind: 'broken', from: 'completed', to: 'working', problem: 'leaves-terminal' },
      { kind: 'broken', from: 'completed', to: 'working', problem: 'leaves-terminal' },
    ]);
    expect(observations.at(-1)).toEqual({ kind: 'unchanged' });
  });

  it('refuses to move from one end to another and names a status the spec does not know', () => {
    expect(transitionProblem('cancelled', 'completed')).toBe('leaves-terminal');
    expect(transitionProblem('failed', 'input_required')).toBe('leaves-terminal');
    expect(transitionProblem('input_required', 'working')).toBeUndefined();
    expect(watchAll(['working', 'paused'])[1]).toEqual({ kind: 'unknown-status', value: 'paused' });
  });

  it('says a task is overdue once its ttl has passed without an end, and only once', () => {
    const watch = new TaskWatch('t', 1_000, 5_000);
    watch.observe('working', 1_000);
    expect(watch.overdue(5_999)).toBeUndefined();
    expect(watch.overdue(6_001)).toBe('ttl');
    expect(watch.overdue(7_000)).toBeUndefined();
  });

  it('says a task without a ttl is stalled after a long time with no change, not while it moves', () => {
    const watch = new TaskWatch('t', 0, null);
    watch.observe('working', 0);
    watch.observe('input_required', STALLED_AFTER_MS - 1);
    expect(watch.overdue(STALLED_AFTER_MS + 1)).toBeUndefined();
    expect(watch.overdue(2 * STALLED_AFTER_MS)).toBe('stalled');
    const ended = new TaskWatch('t', 0, null);
    ended.observe('completed', 0);
    expect(ended.overdue(10 * STALLED_AFTER_MS)).toBeUndefined();
  });

  it("keeps the server's poll interval within 100 ms and 5 s, and falls back to 1 s for nonsense", () => {
    expect([boundedPollIntervalMs(1000), boundedPollIntervalMs(1), boundedPollIntervalMs(1e9), boundedPollIntervalMs('x'), boundedPollIntervalMs(NaN)]).toEqual(
      [1000, 100, 5000, 1000, 1000],
    );
  });
});

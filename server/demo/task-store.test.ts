import { describe, expect, it } from 'vitest';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/server';
import { DemoTaskStore, type TaskRun } from './task-store';

const QUESTION: ElicitRequestFormParams = { mode: 'form', message: 'Title?', requestedSchema: { type: 'object', properties: {} } };

/** A task whose work asks one question and is driven step by step from the test. */
function startAsking(store: DemoTaskStore) {
  let run!: TaskRun;
  let finish!: () => void;
  const task = store.start(async (given) => {
    run = given;
    given.report('step 1');
    await new Promise<void>((resolve) => (finish = resolve));
    const answer = await given.ask(QUESTION);
    return { content: [{ type: 'text', text: `answer: ${answer.action}` }] };
  }, 60_000);
  return { task, finish: () => finish(), signal: () => run.signal };
}

describe('DemoTaskStore', () => {
  it('moves working → input_required → working → completed, and the question goes out on tasks/result', async () => {
    const store = new DemoTaskStore();
    const { task, finish } = startAsking(store);
    expect(task.status).toBe('working');
    expect(store.get(task.taskId)?.statusMessage).toBe('step 1');
    finish();
    await Promise.resolve();
    expect(store.get(task.taskId)?.status).toBe('input_required');
    const asked: ElicitRequestFormParams[] = [];
    let answer!: (result: ElicitResult) => void;
    const outcome = store.awaitOutcome(task.taskId, (params) => {
      asked.push(params);
      return new Promise((resolve) => (answer = resolve));
    });
    expect(asked).toEqual([QUESTION]);
    answer({ action: 'accept', content: {} });
    const ended = await outcome;
    expect(ended?.task.status).toBe('completed');
    expect(ended?.result?.content).toEqual([{ type: 'text', text: 'answer: accept' }]);
  });

  it('a cancel ends a live task, aborts its work and withdraws its question; an ended task cannot be cancelled', async () => {
    const store = new DemoTaskStore();
    const { task, finish, signal } = startAsking(store);
    finish();
    await Promise.resolve();
    let deliveredSignal: AbortSignal | undefined;
    const outcome = store.awaitOutcome(task.taskId, (_params, withdrawn) => {
      deliveredSignal = withdrawn;
      return new Promise(() => undefined);
    });
    expect(store.cancel(task.taskId)?.status).toBe('cancelled');
    expect(signal().aborted).toBe(true);
    expect(deliveredSignal?.aborted).toBe(true);
    const ended = await outcome;
    expect(ended?.task.status).toBe('cancelled');
    expect(ended?.result).toBeUndefined();
    expect(store.cancel(task.taskId)).toBeUndefined();
    expect(store.cancel('no-such-task')).toBeUndefined();
  });

  it('a work that reports an error fails the task; tasks/list pages 20 at a time', async () => {
    const store = new DemoTaskStore();
    const failing = store.start(async () => ({ content: [], isError: true }), null);
    for (let i = 0; i < 24; i++) store.start(() => new Promise(() => undefined), null);
    await store.awaitOutcome(failing.taskId, () => Promise.reject(new Error('unused')));
    expect(store.get(failing.taskId)?.status).toBe('failed');
    const first = store.list(undefined);
    expect(first.tasks).toHaveLength(20);
    const second = store.list(first.nextCursor);
    expect(second.tasks).toHaveLength(5);
    expect(second.nextCursor).toBeUndefined();
  });
});

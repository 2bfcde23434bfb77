import { describe, expect, it } from 'vitest';
import accept from './fixtures/elicitation-task-accept.json';
import cancel from './fixtures/elicitation-task-cancel.json';
import decline from './fixtures/elicitation-task-decline.json';
import { ClientTaskStore, INVALID_PARAMS, TASKS_PAGE_SIZE, type RpcAnswer, type StatusChange } from './client-task-store';

type Recorded = { direction: 'in' | 'out'; message: Record<string, unknown> };
const RECORDED = { accept, decline, cancel } as Record<string, Recorded[]>;

/**
 * Replays the server side of a recorded run: each request server-everything sent
 * goes to the store, and the person answers right after the first tasks/get (as
 * in the recording). Returns the store's answers, by the server's request id.
 */
async function replay(messages: Recorded[], answer: Record<string, unknown>) {
  const changes: StatusChange[] = [];
  const store = new ClientTaskStore(
    () => 'task-1',
    (change) => changes.push(change),
  );
  const answers = new Map<unknown, RpcAnswer>();
  let taskId = '';
  let polls = 0;
  for (const { direction, message } of messages) {
    if (direction !== 'in' || typeof message.method !== 'string' || !('id' in message)) continue;
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (message.method === 'elicitation/create') {
      taskId = store.create(params.task as { ttl?: unknown }, 0).taskId;
      store.setStatus(taskId, 'input_required', 1);
      const created = store.get(taskId);
      answers.set(message.id, 'result' in created ? { result: { task: created.result } } : created);
    } else if (message.method === 'tasks/get') {
      answers.set(message.id, store.get(params.taskId));
      if (++polls === 1) store.finish(taskId, 'completed', { result: answer }, 2);
    } else if (message.method === 'tasks/result') answers.set(message.id, await store.result(params.taskId));
  }
  return { answers, changes, store, taskId };
}

/** What the recording's client said, by the server's request id. */
function recordedAnswers(messages: Recorded[]): Map<unknown, Record<string, unknown>> {
  return new Map(messages.filter((m) => m.direction === 'out' && !('method' in m.message)).map((m) => [m.message.id, m.message]));
}

describe('the client task store, against server-everything', () => {
  for (const action of ['accept', 'decline', 'cancel'] as const) {
    it(`answers every tasks/* request of a recorded ${action} run with the statuses and result the server accepted`, async () => {
      const messages = RECORDED[action];
      const recorded = recordedAnswers(messages);
      const resultMessage = [...recorded.values()].find((m) => (m.result as Record<string, unknown> | undefined)?._meta);
      const { action: recordedAction, content } = resultMessage!.result as Record<string, unknown>;
      const { answers, changes } = await replay(messages, { action: recordedAction, ...(content !== undefined && { content }) });
      expect(answers.size).toBe(recorded.size);
      for (const [id, answer] of answers) {
        const theirs = recorded.get(id)!;
        if ('result' in answer && 'status' in answer.result) expect(answer.result.status).toBe((theirs.result as { status: string }).status);
        if ('result' in answer && 'action' in answer.result) {
          expect(answer.result).toEqual({ ...(theirs.result as object), _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } } });
        }
      }
      expect(changes.map((c) => c.to)).toEqual(['working', 'input_required', 'completed']);
      // The task keeps the ttl the server asked for (600000 ms).
      expect((answers.get(0) as { result: { task: { ttl: number } } }).result.task.ttl).toBe(600_000);
    });
  }
});

describe('the client task store', () => {
  it('holds tasks/result until the task ends, then answers it with the result tied to its task', async () => {
    const store = new ClientTaskStore(() => 'a');
    store.create({ ttl: 1000 }, 0);
    let answer: RpcAnswer | undefined;
    const waiting = store.result('a').then((a) => (answer = a));
    await Promise.resolve();
    expect(answer).toBeUndefined();
    store.finish('a', 'completed', { result: { action: 'decline' } }, 5);
    await waiting;
    expect(answer).toEqual({ result: { action: 'decline', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'a' } } } });
  });

  it('cancels a live task (a waiting tasks/result learns it has no result) and refuses to cancel an ended one with -32602', async () => {
    const store = new ClientTaskStore(() => 'a');
    store.create({}, 0);
    const waiting = store.result('a');
    expect(store.cancel('a', 1)).toMatchObject({ result: { taskId: 'a', status: 'cancelled' } });
    expect(await waiting).toMatchObject({ error: { code: INVALID_PARAMS } });
    expect(store.cancel('a', 2)).toEqual({ error: { code: INVALID_PARAMS, message: 'Cannot cancel task: already in terminal status "cancelled"' } });
    expect(store.finish('a', 'completed', { result: { action: 'accept' } }, 3)).toBe(false);
    expect(store.status('a')).toBe('cancelled');
  });

  it('answers an unknown task id, or one that is not a string, with -32602 and never throws', async () => {
    const store = new ClientTaskStore(() => 'a');
    for (const id of ['nope', 42, undefined, { taskId: 'a' }]) {
      expect(store.get(id)).toMatchObject({ error: { code: INVALID_PARAMS } });
      expect(store.cancel(id, 0)).toMatchObject({ error: { code: INVALID_PARAMS } });
      expect(await store.result(id)).toMatchObject({ error: { code: INVALID_PARAMS } });
    }
  });

  it('lists tasks a page at a time and refuses a cursor it never gave', () => {
    let n = 0;
    const store = new ClientTaskStore(() => `t${++n}`);
    for (let i = 0; i < 45; i++) store.create({}, i);
    const seen: string[] = [];
    let cursor: unknown;
    let pages = 0;
    do {
      const page = store.list(cursor);
      if (!('result' in page)) throw new Error('expected a page');
      seen.push(...(page.result.tasks as { taskId: string }[]).map((t) => t.taskId));
      cursor = page.result.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(Math.ceil(45 / TASKS_PAGE_SIZE));
    expect(new Set(seen).size).toBe(45);
    expect(store.list('-1')).toMatchObject({ error: { code: INVALID_PARAMS } });
    expect(store.list({})).toMatchObject({ error: { code: INVALID_PARAMS } });
  });

  it('keeps a ttl of null (unlimited) when the server asked for none or for nonsense', () => {
    let n = 0;
    const store = new ClientTaskStore(() => `t${++n}`);
    expect(store.create({}, 0).ttl).toBeNull();
    expect(store.create({ ttl: -5 }, 0).ttl).toBeNull();
    expect(store.create({ ttl: 'soon' }, 0).ttl).toBeNull();
  });
});

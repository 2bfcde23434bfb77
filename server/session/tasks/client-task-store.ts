/**
 * The tasks this client runs for the server (2025-11-25 task-augmented
 * requests: today `elicitation/create` with `params.task`), and the answers to
 * the server's tasks/get, tasks/result, tasks/list and tasks/cancel about them.
 * No transport and no clock of its own: the session passes messages in and
 * sends what comes out, so it is tested against recorded sequences alone.
 */
import { isTerminal, transitionProblem, type TaskStatus, type TransitionProblem } from './task-state';

/** JSON-RPC "Invalid params": what the spec answers for an unknown task and for cancelling an ended one. */
export const INVALID_PARAMS = -32602;
/** tasks/list pages: small enough to show paging to a server that never saw it, big enough for normal use. */
export const TASKS_PAGE_SIZE = 20;
/** The spec's key for tying a result to its task. */
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';
/** Suggested to the server: how often to poll tasks/get. */
export const CLIENT_POLL_INTERVAL_MS = 500;

/** A task as the wire carries it (Task in the 2025-11-25 schema). */
export type WireTask = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** ms the task and its result are kept; null: unlimited. */
  ttl: number | null;
  pollInterval?: number;
};

export type RpcError = { code: number; message: string };
export type RpcAnswer = { result: Record<string, unknown> } | { error: RpcError };

type Entry = {
  task: WireTask;
  /** The underlying request's result once the task completed (or the error it failed with). */
  outcome?: RpcAnswer;
  waiters: ((answer: RpcAnswer) => void)[];
};

export type StatusChange = { taskId: string; from: TaskStatus | undefined; to: TaskStatus; statusMessage?: string };

export class ClientTaskStore {
  private readonly tasks = new Map<string, Entry>();

  constructor(
    private readonly newTaskId: () => string,
    private readonly onStatus: (change: StatusChange) => void = () => {},
  ) {}

  /** A new task for a request that asked for one; `ttl` is the server's, kept as asked (null: unlimited). */
  create(requested: { ttl?: unknown }, nowMs: number): WireTask {
    const at = new Date(nowMs).toISOString();
    const ttl = typeof requested.ttl === 'number' && Number.isFinite(requested.ttl) && requested.ttl >= 0 ? requested.ttl : null;
    const task: WireTask = { taskId: this.newTaskId(), status: 'working', createdAt: at, lastUpdatedAt: at, ttl, pollInterval: CLIENT_POLL_INTERVAL_MS };
    this.tasks.set(task.taskId, { task, waiters: [] });
    this.onStatus({ taskId: task.taskId, from: undefined, to: 'working' });
    return { ...task };
  }

  has(taskId: string): boolean {
    return this.tasks.has(taskId);
  }

  status(taskId: string): TaskStatus | undefined {
    return this.tasks.get(taskId)?.task.status;
  }

  /** Move a live task; a move the state machine forbids is refused and changes nothing. */
  setStatus(taskId: string, to: TaskStatus, nowMs: number, statusMessage?: string): TransitionProblem | 'unknown' | undefined {
    const entry = this.tasks.get(taskId);
    if (!entry) return 'unknown';
    const from = entry.task.status;
    const problem = transitionProblem(from, to);
    if (problem) return problem;
    if (from === to) return undefined;
    entry.task = { ...entry.task, status: to, lastUpdatedAt: new Date(nowMs).toISOString(), ...(statusMessage !== undefined && { statusMessage }) };
    if (statusMessage === undefined) delete entry.task.statusMessage;
    this.onStatus({ taskId, from, to, ...(statusMessage !== undefined && { statusMessage }) });
    return undefined;
  }

  /** End a task with the underlying request's answer; whoever waits on tasks/result gets it. */
  finish(taskId: string, status: 'completed' | 'failed', outcome: RpcAnswer, nowMs: number, statusMessage?: string): boolean {
    const entry = this.tasks.get(taskId);
    if (!entry || this.setStatus(taskId, status, nowMs, statusMessage) !== undefined) return false;
    entry.outcome = outcome;
    this.wake(entry);
    return true;
  }

  /** tasks/get: the task as it stands. */
  get(taskId: unknown): RpcAnswer {
    const entry = this.lookup(taskId);
    if ('error' in entry) return entry;
    return { result: { ...entry.task } };
  }

  /**
   * tasks/result: the underlying request's result once the task has ended,
   * tagged with its task; until then the answer waits (the spec: the receiver
   * blocks until the task is terminal).
   */
  result(taskId: unknown): Promise<RpcAnswer> {
    const entry = this.lookup(taskId);
    if ('error' in entry) return Promise.resolve(entry);
    if (isTerminal(entry.task.status)) return Promise.resolve(this.outcomeOf(entry));
    return new Promise((resolve) => entry.waiters.push(resolve));
  }

  /** tasks/list, a page at a time; the cursor is opaque to the server (an offset here). */
  list(cursor: unknown): RpcAnswer {
    const start = cursor === undefined ? 0 : typeof cursor === 'string' && /^\d{1,9}$/.test(cursor) ? Number(cursor) : -1;
    if (start < 0) return { error: { code: INVALID_PARAMS, message: 'Invalid cursor' } };
    const all = [...this.tasks.values()];
    const page = all.slice(start, start + TASKS_PAGE_SIZE).map((entry) => ({ ...entry.task }));
    const next = start + TASKS_PAGE_SIZE;
    return { result: { tasks: page, ...(next < all.length && { nextCursor: String(next) }) } };
  }

  /** tasks/cancel: a live task ends cancelled; an ended one is refused with the spec's -32602. */
  cancel(taskId: unknown, nowMs: number): RpcAnswer {
    const entry = this.lookup(taskId);
    if ('error' in entry) return entry;
    if (isTerminal(entry.task.status)) {
      return { error: { code: INVALID_PARAMS, message: `Cannot cancel task: already in terminal status "${entry.task.status}"` } };
    }
    this.setStatus(entry.task.taskId, 'cancelled', nowMs, 'Cancelled by the server (tasks/cancel)');
    this.wake(entry);
    return { result: { ...entry.task } };
  }

  private lookup(taskId: unknown): Entry | { error: RpcError } {
    const entry = typeof taskId === 'string' ? this.tasks.get(taskId) : undefined;
    return entry ?? { error: { code: INVALID_PARAMS, message: `Task not found: ${typeof taskId === 'string' ? taskId.slice(0, 200) : String(taskId)}` } };
  }

  private outcomeOf(entry: Entry): RpcAnswer {
    const related = { [RELATED_TASK_META_KEY]: { taskId: entry.task.taskId } };
    const outcome = entry.outcome ?? { error: { code: INVALID_PARAMS, message: `Task ${entry.task.taskId} was ${entry.task.status}; it has no result` } };
    if ('error' in outcome) return outcome;
    const meta = outcome.result._meta;
    return { result: { ...outcome.result, _meta: { ...(typeof meta === 'object' && meta !== null ? meta : {}), ...related } } };
  }

  private wake(entry: Entry): void {
    const answer = this.outcomeOf(entry);
    for (const waiter of entry.waiters.splice(0)) waiter(answer);
  }
}

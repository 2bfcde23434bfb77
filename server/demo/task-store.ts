/**
 * The demo server's own tasks (2025-11-25): what each one is, its status and
 * the work behind it. The SDK server has no task runtime, so this keeps the
 * state the tasks/* requests read (task-runtime.ts answers them). Work runs in
 * the background; when it needs the person it queues an elicitation and turns
 * `input_required`, and the queue is delivered on the requester's tasks/result,
 * which is where the spec says a requester finds what a task asks of it.
 */
import { randomUUID } from 'node:crypto';
import type { CallToolResult, ElicitRequestFormParams, ElicitResult, Task, TaskStatus } from '@modelcontextprotocol/server';

/** What a task's work may do: say what it is doing, ask the person, and notice a cancel. */
export type TaskRun = {
  report(statusMessage: string): void;
  ask(params: ElicitRequestFormParams): Promise<ElicitResult>;
  signal: AbortSignal;
};

export type TaskWork = (run: TaskRun) => Promise<CallToolResult>;

/** Sends a queued request to the requester and resolves with its answer. */
export type Deliver = (params: ElicitRequestFormParams, signal: AbortSignal) => Promise<ElicitResult>;

type Ask = { params: ElicitRequestFormParams; resolve(result: ElicitResult): void; reject(error: Error): void };

type Entry = {
  task: Task;
  abort: AbortController;
  /** Elicitations the work asked for that no tasks/result has carried yet. */
  queued: Ask[];
  /** Every question not answered yet, delivered or not: a cancel withdraws them all. */
  open: Set<Ask>;
  deliver?: Deliver;
  outcome: Promise<{ result: CallToolResult } | { error: string }>;
};

export const TASK_POLL_INTERVAL_MS = 500;
const LIST_PAGE_SIZE = 20;

export class DemoTaskStore {
  private readonly entries = new Map<string, Entry>();

  /** Create a task and start its work; resolves at once with the task as created. */
  start(work: TaskWork, ttlMs: number | null): Task {
    const now = new Date().toISOString();
    const task: Task = { taskId: randomUUID(), status: 'working', ttl: ttlMs, createdAt: now, lastUpdatedAt: now, pollInterval: TASK_POLL_INTERVAL_MS };
    const abort = new AbortController();
    const entry: Entry = { task, abort, queued: [], open: new Set(), outcome: Promise.resolve({ error: 'not started' }) };
    this.entries.set(task.taskId, entry);
    const run: TaskRun = {
      signal: abort.signal,
      report: (statusMessage) => this.move(entry, 'working', statusMessage),
      ask: (params) =>
        new Promise<ElicitResult>((resolve, reject) => {
          const ask: Ask = {
            params,
            // Settled once: an answer that arrives after a cancel is dropped.
            resolve: (answer) => {
              if (entry.open.delete(ask)) resolve(answer);
            },
            reject: (error) => {
              if (entry.open.delete(ask)) reject(error);
            },
          };
          entry.open.add(ask);
          entry.queued.push(ask);
          this.move(entry, 'input_required', 'Waiting for your answer: the requester fetches the question with tasks/result');
          this.flush(entry);
        }),
    };
    entry.outcome = work(run).then(
      (result) => {
        this.move(entry, result.isError ? 'failed' : 'completed', result.isError ? 'The work reported an error' : 'Done');
        return { result };
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.move(entry, 'failed', message);
        return { error: message };
      },
    );
    return { ...task };
  }

  get(taskId: string): Task | undefined {
    const entry = this.entries.get(taskId);
    return entry && { ...entry.task };
  }

  list(cursor: string | undefined): { tasks: Task[]; nextCursor?: string } {
    const all = [...this.entries.values()].map((entry) => ({ ...entry.task }));
    const start = cursor ? Math.max(0, Number.parseInt(cursor, 10) || 0) : 0;
    const page = all.slice(start, start + LIST_PAGE_SIZE);
    return { tasks: page, ...(start + LIST_PAGE_SIZE < all.length && { nextCursor: String(start + LIST_PAGE_SIZE) }) };
  }

  /** Cancel a live task: its work is aborted and its open question withdrawn. Undefined: unknown or already ended. */
  cancel(taskId: string): Task | undefined {
    const entry = this.entries.get(taskId);
    if (!entry || isEnded(entry.task.status)) return undefined;
    this.move(entry, 'cancelled', 'Cancelled by the requester (tasks/cancel)');
    entry.abort.abort(new Error('The task was cancelled'));
    entry.queued = [];
    for (const ask of [...entry.open]) ask.reject(new Error('The task was cancelled'));
    return { ...entry.task };
  }

  /**
   * The requester is waiting on tasks/result: questions go out on it, and it
   * resolves once the task has ended. Undefined for an unknown task.
   */
  awaitOutcome(taskId: string, deliver: Deliver): Promise<{ task: Task; result?: CallToolResult; error?: string }> | undefined {
    const entry = this.entries.get(taskId);
    if (!entry) return undefined;
    entry.deliver = deliver;
    this.flush(entry);
    return entry.outcome.then((outcome) => ({ task: { ...entry.task }, ...outcome }));
  }

  private flush(entry: Entry): void {
    const deliver = entry.deliver;
    if (!deliver) return;
    for (const ask of entry.queued.splice(0)) {
      deliver(ask.params, entry.abort.signal).then(
        (answer) => {
          if (isEnded(entry.task.status)) return;
          this.move(entry, 'working', `The person answered: ${answer.action}`);
          ask.resolve(answer);
        },
        (error: unknown) => ask.reject(error instanceof Error ? error : new Error(String(error))),
      );
    }
  }

  private move(entry: Entry, status: TaskStatus, statusMessage: string): void {
    // An end is final (a cancelled task's work may still finish: its result is dropped).
    if (isEnded(entry.task.status)) return;
    entry.task = { ...entry.task, status, statusMessage, lastUpdatedAt: new Date().toISOString() };
  }
}

export function isEnded(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

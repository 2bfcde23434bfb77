/**
 * The task state machine of MCP 2025-11-25 (`tasks`): which statuses exist,
 * which moves between them are legal, and what a watcher of someone else's
 * task (a server's tool-call task, polled with tasks/get) should say when a
 * status breaks the rules. Pure: no clock, no I/O; callers pass `nowMs`.
 */

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** The spec: working and input_required go back and forth; any of them may end; an end is final. */
const LEGAL_NEXT: Record<TaskStatus, readonly TaskStatus[]> = {
  working: ['input_required', 'completed', 'failed', 'cancelled'],
  input_required: ['working', 'completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/** Why a move is not allowed: it leaves an end, or it is not a move the spec names. */
export type TransitionProblem = 'leaves-terminal' | 'illegal';

/** Whether `from` may become `to`. Staying put is always allowed (a poll that saw no change). */
export function transitionProblem(from: TaskStatus, to: TaskStatus): TransitionProblem | undefined {
  if (from === to) return undefined;
  if (isTerminal(from)) return 'leaves-terminal';
  return LEGAL_NEXT[from].includes(to) ? undefined : 'illegal';
}

/** Polls faster than this would flood the server; slower than the max would keep a person waiting. */
export const MIN_POLL_INTERVAL_MS = 100;
export const MAX_POLL_INTERVAL_MS = 5_000;
/** When the server suggests no interval. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;

/** The server's `pollInterval`, bounded: a hostile or careless value never floods it nor stalls us. */
export function boundedPollIntervalMs(suggested: unknown): number {
  if (typeof suggested !== 'number' || !Number.isFinite(suggested)) return DEFAULT_POLL_INTERVAL_MS;
  return Math.min(MAX_POLL_INTERVAL_MS, Math.max(MIN_POLL_INTERVAL_MS, Math.round(suggested)));
}

/**
 * A task with no `ttl` (or `ttl: null`, unlimited) that shows no change of status
 * for this long is reported as never finishing; one with a ttl is reported once
 * its ttl has passed without an end. Ten minutes: server-everything's own
 * elicitation task waits ten minutes for a person.
 */
export const STALLED_AFTER_MS = 10 * 60_000;

/**
 * How soon after a report another one with an older `lastUpdatedAt` counts as handed on out of
 * order (the two arrived together) rather than as what the server now says. Shorter than the
 * shortest poll interval (100 ms), so the next poll's answer is always read.
 */
export const REORDER_WINDOW_MS = 50;

/** What a watcher noticed about one new status. */
export type StatusObservation =
  | { kind: 'first'; status: TaskStatus }
  | { kind: 'unchanged' }
  | { kind: 'changed'; from: TaskStatus; to: TaskStatus }
  | { kind: 'broken'; from: TaskStatus; to: TaskStatus; problem: TransitionProblem }
  | { kind: 'unknown-status'; value: unknown }
  /** Older than a status already seen (by the task's `lastUpdatedAt`): it says nothing new. */
  | { kind: 'stale' };

/**
 * Follows one task through the statuses someone else reports for it. It keeps
 * the last legal status: a task seen leaving an end stays ended here, so one
 * broken poll is reported once, not on every poll after it.
 */
export class TaskWatch {
  status: TaskStatus | undefined;
  /** Epoch ms of the last change of status (or of the first status). */
  changedAtMs: number;
  /** The last report with a `lastUpdatedAt` (epoch ms) taken, and when it was handled. */
  private newestReport: { updatedAtMs: number; handledAtMs: number } | undefined;
  private isOverdueReported = false;

  constructor(
    readonly taskId: string,
    readonly createdAtMs: number,
    /** The task's ttl in ms; undefined or null means none was given. */
    readonly ttlMs: number | null | undefined,
  ) {
    this.changedAtMs = createdAtMs;
  }

  /**
   * One status as the server reported it, with the task's `lastUpdatedAt` when it gave one. A
   * tasks/get answer and a notifications/tasks/status can be handled in the other order than the
   * server sent them (an answer settles a promise; a notification is handled at once): a report
   * older than one handled just before it (within REORDER_WINDOW_MS) is stale, not the task going
   * back. Only just before: a stamp from a wrong clock (or a hostile one, years ahead) must not
   * hide every later report, which would keep the poll from ever seeing input_required or an end.
   */
  observe(value: unknown, nowMs: number, lastUpdatedAt?: unknown): StatusObservation {
    const updatedAtMs = typeof lastUpdatedAt === 'string' ? Date.parse(lastUpdatedAt) : NaN;
    if (Number.isFinite(updatedAtMs)) {
      const newest = this.newestReport;
      if (newest && updatedAtMs < newest.updatedAtMs && nowMs - newest.handledAtMs < REORDER_WINDOW_MS) return { kind: 'stale' };
      this.newestReport = { updatedAtMs, handledAtMs: nowMs };
    }
    if (!isTaskStatus(value)) return { kind: 'unknown-status', value };
    const from = this.status;
    if (from === undefined) {
      this.status = value;
      this.changedAtMs = nowMs;
      return { kind: 'first', status: value };
    }
    if (from === value) return { kind: 'unchanged' };
    const problem = transitionProblem(from, value);
    if (problem) return { kind: 'broken', from, to: value, problem };
    this.status = value;
    this.changedAtMs = nowMs;
    return { kind: 'changed', from, to: value };
  }

  /**
   * Whether the task should have ended by now, reported once: past its ttl, or
   * (without a ttl) no change of status for STALLED_AFTER_MS.
   */
  overdue(nowMs: number): 'ttl' | 'stalled' | undefined {
    if (this.isOverdueReported || (this.status !== undefined && isTerminal(this.status))) return undefined;
    const reason =
      typeof this.ttlMs === 'number'
        ? nowMs - this.createdAtMs > this.ttlMs
          ? 'ttl'
          : undefined
        : nowMs - this.changedAtMs > STALLED_AFTER_MS
          ? 'stalled'
          : undefined;
    if (reason) this.isOverdueReported = true;
    return reason;
  }
}

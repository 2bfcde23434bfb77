/**
 * A tool call run as a task on the server (2025-11-25, `execution.taskSupport`):
 * the call answers at once with a task; the inspector polls tasks/get at the
 * server's pollInterval (bounded), logs each status, calls tasks/result as soon
 * as the task needs input (the spec: that is where the server delivers its
 * queued requests, which reach the page like any pushed elicitation) or has
 * ended, and sends tasks/cancel when the person cancels the call. The server's
 * notifications/tasks/status about the task are read as well: they go on past
 * the poll's end, which is where a task that leaves an end shows it.
 */
import { specTypeSchemas, type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { NewLogEvent } from '../../wire/events';
import { findingOf, type RaisedFinding } from '../../wire/finding-codes';
import type { TaskNotice } from './server-task-notices';
import { boundedPollIntervalMs, isTerminal, TaskWatch, type TaskStatus } from './task-state';

type Params = Record<string, unknown>;

/**
 * tasks/get, read loosely: the SDK's own schema rejects a status it does not
 * know, which would end the call with a parse error instead of the finding
 * that says what the server did wrong.
 */
const LooseTaskSchema = z.looseObject({
  status: z.unknown(),
  statusMessage: z.unknown().optional(),
  lastUpdatedAt: z.unknown().optional(),
  pollInterval: z.unknown().optional(),
});

export type TaskCallHost = {
  client: Client;
  callId: string;
  signal: AbortSignal;
  /** Timeout for each request: the call's own budget governs the whole. */
  timeoutMs: number;
  emit(event: NewLogEvent): unknown;
  reportFindings(findings: RaisedFinding[], about: { callId?: string }): RaisedFinding[];
  sleep(ms: number): Promise<void>;
  /** Hand this task's notifications/tasks/status to `onNotice`, those already received first, for the session's life. */
  followTask(taskId: string, onNotice: (notice: TaskNotice) => void): void;
};

/** Whether a call should run as a task: the person asked, or the tool requires it. */
export function isTaskRequested(params: Params): boolean {
  return typeof params.task === 'object' && params.task !== null;
}

/** Run the call as a task and resolve with the tool's own result (tasks/result). */
export async function runAsTask(host: TaskCallHost, method: string, params: Params): Promise<Params> {
  const { client, callId } = host;
  const options = { signal: host.signal, timeout: host.timeoutMs };
  const created = await client.request({ method, params } as { method: 'tools/call'; params: { name: string } }, specTypeSchemas.CreateTaskResult, options);
  const task = created.task;
  const watch = new TaskWatch(task.taskId, Date.parse(task.createdAt) || Date.now(), task.ttl);
  const report = (status: TaskStatus, statusMessage: unknown) =>
    host.emit({ kind: 'task-status', taskId: task.taskId, runner: 'server', status, callId, ...(typeof statusMessage === 'string' && { statusMessage }) });
  const observe = (status: unknown, statusMessage: unknown, lastUpdatedAt: unknown) => {
    const seen = watch.observe(status, Date.now(), lastUpdatedAt);
    if (seen.kind === 'first') report(seen.status, statusMessage);
    if (seen.kind === 'changed') report(seen.to, statusMessage);
    if (seen.kind === 'broken') host.reportFindings([brokenFinding(task.taskId, seen.from, seen.to)], { callId });
    if (seen.kind === 'unknown-status') host.reportFindings([unknownStatusFinding(task.taskId, seen.value)], { callId });
    const overdue = watch.overdue(Date.now());
    if (overdue) host.reportFindings([overdueFinding(task.taskId, overdue, task.ttl)], { callId });
  };
  observe(task.status, task.statusMessage, task.lastUpdatedAt);
  host.followTask(task.taskId, (notice) => observe(notice.status, notice.statusMessage, notice.lastUpdatedAt));
  const onAbort = () => {
    // The person cancelled the call: tell the server to stop the task too. Its answer is the task as it
    // now stands (cancelled), which is the status to show; a refusal (it had already ended) changes nothing.
    if (watch.status && !isTerminal(watch.status))
      void client
        .request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, LooseTaskSchema)
        .then((got) => observe(got.status, got.statusMessage, got.lastUpdatedAt))
        .catch(() => undefined);
  };
  host.signal.addEventListener('abort', onAbort, { once: true });
  let payload: Promise<Params> | undefined;
  const fetchResult = () =>
    (payload ??= client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, specTypeSchemas.CallToolResult, options) as Promise<Params>);
  let pollMs = boundedPollIntervalMs(task.pollInterval);
  try {
    while (!watch.status || !isTerminal(watch.status)) {
      if (watch.status === 'input_required') void fetchResult().catch(() => undefined);
      await host.sleep(pollMs);
      const got = await client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, LooseTaskSchema, options);
      observe(got.status, got.statusMessage, got.lastUpdatedAt);
      pollMs = boundedPollIntervalMs(got.pollInterval ?? task.pollInterval);
    }
    if (watch.status === 'cancelled') throw new Error(`The server's task ${task.taskId} was cancelled before it had a result.`);
    return await fetchResult();
  } finally {
    host.signal.removeEventListener('abort', onAbort);
  }
}

function brokenFinding(taskId: string, from: TaskStatus, to: TaskStatus): RaisedFinding {
  return findingOf(
    'task-status-regressed',
    `Task ${taskId} went from "${from}" to "${to}": ${from} is final, a task never leaves it. The inspector keeps it ${from}.`,
  );
}

function unknownStatusFinding(taskId: string, value: unknown): RaisedFinding {
  return findingOf('task-status-unknown', `Task ${taskId} reported status ${JSON.stringify(value)?.slice(0, 100)}, which is not a task status.`);
}

function overdueFinding(taskId: string, reason: 'ttl' | 'stalled', ttlMs: number | null): RaisedFinding {
  return findingOf(
    'task-never-finishes',
    reason === 'ttl'
      ? `Task ${taskId} is past its ttl (${ttlMs} ms) and has not ended; the server may drop it with its result.`
      : `Task ${taskId} has not changed status for 10 minutes and has no ttl; it may never finish.`,
  );
}

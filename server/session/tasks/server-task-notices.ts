/**
 * The server's `notifications/tasks/status` (2025-11-25), routed to the watcher
 * of the task they name. A server may report a status in a notification rather
 * than (or before) a tasks/get answer, and may go on reporting after the poll
 * has stopped at an end: a task it then says is working again is a broken one,
 * so a watcher stays followed for the session's life, not only while it polls.
 */
import { z } from 'zod';

/** What one notification says about its task, as sent (read loosely, like tasks/get). */
export type TaskNotice = { status: unknown; statusMessage: unknown; lastUpdatedAt?: unknown };

type Follower = (notice: TaskNotice) => void;

/** Only the task id must be there: an unknown status is the watcher's finding, not a reason to drop the notice. */
const NoticeParamsSchema = z.looseObject({
  taskId: z.string(),
  status: z.unknown(),
  statusMessage: z.unknown().optional(),
  lastUpdatedAt: z.unknown().optional(),
});

/** Tasks followed at once: older ones are let go first (a long session makes thousands). */
const MAX_FOLLOWED = 500;
/**
 * Notices for a task nobody follows yet, kept until its call learns the task id: the
 * notification can be read before the CreateTaskResult that names the task is
 * handed on (the response settles a promise; the notification is read at once).
 */
const MAX_EARLY_TASKS = 20;
const MAX_EARLY_NOTICES = 20;

export class ServerTaskNotices {
  private readonly followers = new Map<string, Follower>();
  private readonly early = new Map<string, TaskNotice[]>();

  /** Send this task's notices to `onNotice`, starting with any that arrived before. */
  follow(taskId: string, onNotice: Follower): void {
    this.followers.delete(taskId);
    this.followers.set(taskId, onNotice);
    if (this.followers.size > MAX_FOLLOWED) dropOldest(this.followers);
    const waiting = this.early.get(taskId);
    this.early.delete(taskId);
    for (const notice of waiting ?? []) onNotice(notice);
  }

  /** One notifications/tasks/status as received; params that name no task are ignored. */
  notified(params: unknown): void {
    const parsed = NoticeParamsSchema.safeParse(params);
    if (!parsed.success) return;
    const { taskId, status, statusMessage, lastUpdatedAt } = parsed.data;
    const notice = { status, statusMessage, lastUpdatedAt };
    const follower = this.followers.get(taskId);
    if (follower) return follower(notice);
    const waiting = this.early.get(taskId) ?? [];
    if (waiting.length >= MAX_EARLY_NOTICES) return;
    waiting.push(notice);
    this.early.set(taskId, waiting);
    if (this.early.size > MAX_EARLY_TASKS) dropOldest(this.early);
  }

  clear(): void {
    this.followers.clear();
    this.early.clear();
  }
}

/** A Map iterates in insertion order: its first key is the oldest. */
function dropOldest(map: Map<string, unknown>): void {
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { LogEvent, NewLogEvent } from '../wire/events';
import { sessionHeader } from './session-file';

type Listener = (events: LogEvent[]) => void;

/**
 * One session's append-only event list. Assigns `seq` and `at`, keeps the events
 * in memory, writes each one to the session's JSONL file as it happens, and
 * tells listeners in batches.
 *
 * Durability: lines are written with a plain write(2) at the end of the current
 * event-loop turn, so a SIGKILL loses at most the events of that turn (they were
 * never acknowledged to a page either: pages get them in the same flush).
 */
export class SessionLog {
  readonly sessionId: string;
  private readonly events: LogEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private unflushed: LogEvent[] = [];
  private flushScheduled = false;
  private fd: number | undefined;
  private lastAt = 0;

  constructor(sessionId: string, filePath: string | undefined, startedAt = Date.now()) {
    this.sessionId = sessionId;
    if (filePath) {
      this.fd = openSync(filePath, 'a', 0o600);
      writeSync(this.fd, JSON.stringify(sessionHeader(sessionId, startedAt)) + '\n');
    }
  }

  get lastSeq(): number {
    return this.events.length;
  }

  append(event: NewLogEvent): LogEvent {
    // `at` never goes backwards within a session, so ordering by time and by seq agree.
    const at = Math.max(Date.now(), this.lastAt);
    this.lastAt = at;
    const full = { ...event, seq: this.events.length + 1, at, sessionId: this.sessionId } as LogEvent;
    this.events.push(full);
    this.unflushed.push(full);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return full;
  }

  /** Events with seq greater than `afterSeq`, oldest first. */
  since(afterSeq: number): LogEvent[] {
    return this.events.slice(Math.max(0, afterSeq));
  }

  all(): readonly LogEvent[] {
    return this.events;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  flush(): void {
    this.flushScheduled = false;
    if (this.unflushed.length === 0) return;
    const batch = this.unflushed;
    this.unflushed = [];
    if (this.fd !== undefined) writeSync(this.fd, batch.map((e) => JSON.stringify(e)).join('\n') + '\n');
    for (const listener of this.listeners) listener(batch);
  }

  /** Flush, fsync and close the file. The in-memory events stay readable. */
  close(): void {
    this.flush();
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }
}

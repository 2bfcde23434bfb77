import { appendFileSync, closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { LogEvent, NewLogEvent } from '../wire/events';
import { redactEvent } from '../wire/redact-event';
import { withoutFileBytes } from './file-bytes';
import { WINDOWED_MIN_ENTRIES } from '../wire/queries';
import type { JsonScrubber } from '../wire/secret-scrubber';
import { readStoredEvents, sessionHeader, storedJson, type StoredEvent } from './session-file';
import { prepareClosedSessionFile } from './session-query';
import { machineId } from './machine-id';

type Listener = (events: StoredEvent[]) => void;
/** Typed events, for consumers inside the proxy (automation), which would otherwise parse back what was just serialized. */
type Follower = (events: readonly LogEvent[]) => void;

/** Where a page's replay reads events from: a live log, or a recorded file. */
export interface EventSource {
  readonly sessionId: string;
  readonly lastSeq: number;
  /** Events with seq in (afterSeq, untilSeq], in order, in chunks, as JSON text. */
  read(afterSeq: number, untilSeq: number): AsyncGenerator<StoredEvent[]>;
  /** New events, as stored, once they are on disk (never, for a recorded file). */
  subscribe(listener: Listener): () => void;
}

/** How many recent events a live session keeps in memory; older ones are read back from its file. */
export const MEMORY_WINDOW = 5000;

/**
 * One session's append-only event list. Assigns `seq` and `at`, writes each event
 * to the session's JSONL file as it happens, keeps only the most recent events in
 * memory (the file has the rest), and tells listeners in batches.
 *
 * Durability: lines are written with a plain write(2) at the end of the current
 * event-loop turn, so a SIGKILL loses at most the events of that turn; pages get
 * events in the same flush, so nothing a page has shown is ever missing.
 */
export class SessionLog implements EventSource {
  readonly sessionId: string;
  readonly filePath: string | undefined;
  /** The newest events as stored; every one of them is already on disk. */
  private recent: StoredEvent[] = [];
  private count = 0;
  private readonly listeners = new Set<Listener>();
  private readonly followers = new Set<Follower>();
  private unflushed: LogEvent[] = [];
  private flushScheduled = false;
  private fd: number | undefined;
  private lastAt = 0;
  private closed = false;
  private readonly now: () => number;
  private readonly memoryWindow: number;
  /** Removes the target's own secrets from each entry as it is serialized (see secret-scrubber.ts). */
  private readonly scrubSecrets: JsonScrubber | undefined;
  /** Whether the data: URIs the client sends are kept whole; by default their bytes are left out (file-bytes.ts). */
  private readonly keepFileBytes: boolean;
  /** Settles once a closed big session's index and links are saved beside its file (or could not be); unset for others. */
  sidecarsSaved: Promise<void> | undefined;

  constructor(
    sessionId: string,
    filePath: string | undefined,
    options: { startedAt?: number; memoryWindow?: number; scrubSecrets?: JsonScrubber; now?: () => number; keepFileBytes?: boolean } = {},
  ) {
    this.sessionId = sessionId;
    this.now = options.now ?? Date.now;
    this.filePath = filePath;
    this.memoryWindow = filePath ? (options.memoryWindow ?? MEMORY_WINDOW) : Infinity;
    this.scrubSecrets = options.scrubSecrets;
    this.keepFileBytes = options.keepFileBytes === true;
    if (filePath) {
      this.fd = openSync(filePath, 'a', 0o600);
      writeSync(this.fd, JSON.stringify({ ...sessionHeader(sessionId, options.startedAt ?? Date.now()), writtenOn: machineId() }) + '\n');
    }
  }

  get lastSeq(): number {
    return this.count;
  }

  append(event: NewLogEvent): LogEvent {
    // `at` never goes backwards within a session, so ordering by time and by seq agree.
    const at = Math.max(this.now(), this.lastAt);
    this.lastAt = at;
    // Redacted here, before anything reads or serializes the entry: the file, pages, followers and exports all get the same.
    const redacted = redactEvent(event);
    const full = { ...(this.keepFileBytes ? redacted : withoutFileBytes(redacted)), seq: ++this.count, at, sessionId: this.sessionId };
    this.unflushed.push(full);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return full;
  }

  /**
   * Events already on disk, with seq in (afterSeq, untilSeq]. Not-yet-flushed ones
   * come to listeners with the next flush, so a page is never told of an event
   * before it is written.
   */
  async *read(afterSeq: number, untilSeq = this.count): AsyncGenerator<StoredEvent[]> {
    // Take the window as it is now: reading the older part from disk is async, and flushes may trim it meanwhile.
    const window = this.recent.filter((e) => e.seq > afterSeq && e.seq <= untilSeq);
    const flushedSeq = this.recent.length ? this.recent[this.recent.length - 1].seq : 0;
    const firstInMemory = window.length ? window[0].seq : Math.min(untilSeq, flushedSeq) + 1;
    if (afterSeq + 1 < firstInMemory && this.filePath) {
      // Everything before the window is on disk already: it was flushed before it left memory.
      yield* readStoredEvents(this.filePath, afterSeq, firstInMemory - 1);
    }
    for (let i = 0; i < window.length; i += 2000) yield window.slice(i, i + 2000);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The same batches as `subscribe`, as the typed events the session appended (redacted, not yet cut to the
   * entry budget): in order, once on disk, after the pages' listeners.
   */
  follow(follower: Follower): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  flush(): void {
    this.flushScheduled = false;
    if (this.unflushed.length === 0) return;
    // Each event is serialized once, here: the same text goes to the file, to live pages and to replays.
    // storedJson never throws (an entry over budget is cut down with a note), so one bad event cannot hold back the rest;
    // the scrubber then works on that bounded text.
    const events = this.unflushed;
    const batch = events.map((event) => {
      const json = storedJson(event);
      return { seq: event.seq, json: this.scrubSecrets ? this.scrubSecrets(json) : json };
    });
    this.unflushed = [];
    const lines = batch.map((e) => e.json).join('\n') + '\n';
    try {
      if (this.fd !== undefined) writeSync(this.fd, lines);
      // A late entry after the session closed (rare: an action on an ended session) still goes to its file.
      else if (this.filePath && this.closed) appendFileSync(this.filePath, lines);
    } catch (error) {
      // A full disk or a removed folder: the session goes on in memory and pages; the file misses these lines.
      reportFlushError(`could not write to ${this.filePath}`, error);
    }
    for (const event of batch) this.recent.push(event);
    // Trim with a little slack, not on every flush, so a busy session does not copy the window each turn.
    if (this.recent.length > this.memoryWindow * 1.1) this.recent = this.recent.slice(-this.memoryWindow);
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (error) {
        // One page's failure (a socket gone bad) must not keep the others, or the next listener, from their events.
        reportFlushError('a listener failed', error);
      }
    }
    for (const follower of this.followers) {
      try {
        follower(events);
      } catch (error) {
        // As for listeners: one consumer's bug must not cost the others their events.
        reportFlushError('a follower failed', error);
      }
    }
  }

  /**
   * Flush, fsync and close the file. Recent events stay readable. A session big enough to be opened
   * windowed then gets its index and links saved beside its file, in the background: its first open
   * would otherwise pay one pass over the file, as an imported one does not.
   */
  close(): void {
    this.flush();
    this.closed = true;
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
    }
    if (this.filePath && this.count >= WINDOWED_MIN_ENTRIES) {
      const filePath = this.filePath;
      // Never fatal: without them the first open makes them itself.
      this.sidecarsSaved = prepareClosedSessionFile(filePath).catch((error: unknown) => reportFlushError(`could not index ${filePath}`, error));
    }
  }
}

function reportFlushError(what: string, error: unknown): void {
  process.stderr.write(`elicitation-inspector: session log: ${what}: ${error instanceof Error ? error.message : String(error)}\n`);
}

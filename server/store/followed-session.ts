/**
 * A session another process writes (a tap, `elicitation-inspector tap`), followed live: each
 * line appended to its file is read as it lands and handed to the pages like a driven
 * session's events. Read-only; it ends at the file's `closed` entry (or when it is dropped).
 */
import { closeSync, fstatSync, openSync, readSync, watch, type FSWatcher } from 'node:fs';
import type { SessionSummary } from '../wire/commands';
import type { LogEvent } from '../wire/events';
import { parseHeader, readStoredEvents, storedSeq, type StoredEvent } from './session-file';
import { SummaryBuilder } from './recorded-session';
import { MEMORY_WINDOW, type EventSource } from './session-log';
import { machineId } from './machine-id';
import { isRunning } from './process-alive';

type Listener = (events: StoredEvent[]) => void;

/** How often the file is looked at besides the file system's own change notices (which a network folder may not give). */
const POLL_MS = 500;

export class FollowedSession implements EventSource {
  readonly sessionId: string;
  private readonly summaryOf: SummaryBuilder;
  private recent: StoredEvent[] = [];
  private count = 0;
  private offset = 0;
  private rest: Buffer = Buffer.alloc(0);
  private readonly listeners = new Set<Listener>();
  private watcher: FSWatcher | undefined;
  private poll: NodeJS.Timeout | undefined;
  private isEnded = false;
  /** The tap's process, once its first entry names it. */
  private relayPid: number | undefined;
  /** Written on another machine (a copied file): its relayPid names no process here, and nothing here can say it still runs. */
  private readonly isWrittenElsewhere: boolean;

  private constructor(
    readonly filePath: string,
    header: ReturnType<typeof parseHeader>,
    headerBytes: number,
    private readonly onChange: () => void,
  ) {
    this.sessionId = header.sessionId;
    this.summaryOf = new SummaryBuilder(header);
    this.offset = headerBytes;
    this.isWrittenElsewhere = header.writtenOn !== undefined && header.writtenOn !== machineId();
  }

  /** Start following a file; undefined when it has no header line yet or is not a session file. */
  static open(filePath: string, onChange: () => void): FollowedSession | undefined {
    const first = readFrom(filePath, 0, 64 * 1024);
    const end = first.indexOf(0x0a);
    if (end === -1) return undefined;
    let header;
    try {
      header = parseHeader(first.toString('utf8', 0, end));
    } catch {
      return undefined;
    }
    const session = new FollowedSession(filePath, header, end + 1, onChange);
    session.readMore();
    if (!session.isEnded) session.watch();
    return session;
  }

  get lastSeq(): number {
    return this.count;
  }

  get isLive(): boolean {
    return !this.isEnded;
  }

  summary(): SessionSummary {
    const { endedAt, ...recorded } = this.summaryOf.build(this.filePath).summary();
    return { ...recorded, isLive: !this.isEnded, ...(this.isEnded && endedAt !== undefined && { endedAt }) };
  }

  async *read(afterSeq: number, untilSeq = this.count): AsyncGenerator<StoredEvent[]> {
    const window = this.recent.filter((e) => e.seq > afterSeq && e.seq <= untilSeq);
    const firstInMemory = window.length ? window[0].seq : Math.min(untilSeq, this.count) + 1;
    if (afterSeq + 1 < firstInMemory) yield* readStoredEvents(this.filePath, afterSeq, firstInMemory - 1);
    for (let i = 0; i < window.length; i += 2000) yield window.slice(i, i + 2000);
  }

  /** The entries read so far that are kept in memory (the latest ones), in order. */
  latest(): readonly StoredEvent[] {
    return this.recent;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stop following (the session was deleted, or the inspector is stopping). */
  stop(): void {
    this.watcher?.close();
    clearInterval(this.poll);
    this.watcher = undefined;
  }

  private watch(): void {
    try {
      this.watcher = watch(this.filePath, () => this.readMore());
      this.watcher.on('error', () => this.stop());
    } catch {
      // No change notices here: the poll below still follows the file.
    }
    this.poll = setInterval(() => {
      this.readMore();
      if (!this.isEnded && this.relayPid !== undefined && (this.isWrittenElsewhere || !isRunning(this.relayPid))) this.cutShort();
    }, POLL_MS);
    this.poll.unref();
  }

  /** Read what was appended since the last look; complete lines only (the tap writes whole lines). */
  private readMore(): void {
    if (this.isEnded) return;
    const batch: StoredEvent[] = [];
    for (;;) {
      const chunk = readFrom(this.filePath, this.offset, 1 << 20);
      if (chunk.length === 0) break;
      this.offset += chunk.length;
      const data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
      let from = 0;
      for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, from)) {
        const line = data.toString('utf8', from, end);
        from = end + 1;
        const seq = storedSeq(line);
        if (seq === undefined || seq !== this.count + 1) continue;
        this.count = seq;
        batch.push({ seq, json: line });
        this.note(line);
      }
      this.rest = Buffer.from(data.subarray(from));
    }
    if (batch.length === 0) return;
    for (const event of batch) this.recent.push(event);
    if (this.recent.length > MEMORY_WINDOW * 1.1) this.recent = this.recent.slice(-MEMORY_WINDOW);
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch {
        // One page's failure must not keep the others from their events.
      }
    }
    if (this.isEnded) this.stop();
    this.onChange();
  }

  /**
   * The tap died without its closing entry (SIGKILL), or the file came from another machine with
   * none: the session is over all the same, ended at its last entry.
   */
  private cutShort(): void {
    this.readMore();
    this.isEnded = true;
    this.stop();
    this.onChange();
  }

  /** What the list entry shows: only the session-state lines are decoded. */
  private note(line: string): void {
    if (!line.includes('"kind":"session-state"')) {
      this.summaryOf.count(this.count, Date.now());
      return;
    }
    try {
      const event = JSON.parse(line) as LogEvent;
      this.summaryOf.add(event);
      if (event.kind === 'session-state' && event.state === 'closed') this.isEnded = true;
      if (event.kind === 'session-state' && event.state === 'connecting') this.relayPid = event.target.host?.relayPid;
    } catch {
      this.summaryOf.count(this.count, Date.now());
    }
  }
}

function readFrom(filePath: string, position: number, most: number): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(filePath, 'r');
    const length = Math.min(most, fstatSync(fd).size - position);
    if (length <= 0) return Buffer.alloc(0);
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, position);
    return buffer.subarray(0, read);
  } catch {
    return Buffer.alloc(0);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

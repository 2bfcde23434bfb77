import { createReadStream } from 'node:fs';
import type { SessionSummary } from '../wire/commands';
import type { LogEvent } from '../wire/events';
import { DEFAULT_SETTINGS, type SessionSettings, type Target } from '../wire/target';
import { parseHeader, readStoredEvents, storedAt, storedSeq, type SessionHeader, type StoredEvent } from './session-file';
import type { EventSource } from './session-log';

/**
 * A session that is no longer driven: one recorded by an earlier run of the
 * inspector, or imported from a file. Read-only; its events come from the file.
 */
export class RecordedSession implements EventSource {
  readonly sessionId: string;
  constructor(
    readonly filePath: string,
    readonly header: SessionHeader,
    private summaryData: SessionSummary,
  ) {
    this.sessionId = header.sessionId;
  }

  get lastSeq(): number {
    return this.summaryData.eventCount;
  }

  summary(): SessionSummary {
    return this.summaryData;
  }

  read(afterSeq: number, untilSeq = this.lastSeq): AsyncGenerator<StoredEvent[]> {
    return readStoredEvents(this.filePath, afterSeq, untilSeq);
  }

  subscribe(): () => void {
    return () => {};
  }

  /**
   * Learn what a session file's list entry shows: at start-up, for every file in the data folder.
   * Only the header, the session-state entries and the last entry are decoded: finding those
   * lines in the bytes is some twenty times cheaper than decoding the whole file as text.
   * Throws SessionFileError for a file that is not a session file.
   */
  static async load(filePath: string, chunkBytes = 1 << 20): Promise<RecordedSession> {
    let summary: SummaryBuilder | undefined;
    const lastLine = (line: string) => {
      const seq = storedSeq(line);
      if (seq !== undefined) summary?.count(seq, storedAt(line)); // a torn last line from a crash: replay stops before it too
    };
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(filePath, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const end = data.lastIndexOf(NEWLINE); // the complete lines end here
      rest = data.subarray(end + 1);
      if (end === -1) continue;
      let from = 0;
      if (!summary) {
        from = data.indexOf(NEWLINE) + 1;
        summary = new SummaryBuilder(parseHeader(data.toString('utf8', 0, from - 1)));
      }
      for (let hit = data.indexOf(SESSION_STATE, from); hit !== -1 && hit < end; hit = data.indexOf(SESSION_STATE, hit)) {
        const lineStart = data.lastIndexOf(NEWLINE, hit) + 1;
        hit = data.indexOf(NEWLINE, hit);
        const event = parseQuietly(data.toString('utf8', lineStart, hit));
        if (event) summary.add(event);
      }
      if (end > from) lastLine(data.toString('utf8', Math.max(from, data.lastIndexOf(NEWLINE, end - 1) + 1), end));
    }
    if (!summary && rest.length) summary = new SummaryBuilder(parseHeader(rest.toString('utf8')));
    else if (rest.length) lastLine(rest.toString('utf8'));
    if (!summary) throw new Error(`${filePath} is empty`);
    return summary.build(filePath);
  }
}

const NEWLINE = 0x0a;
const SESSION_STATE = Buffer.from('"kind":"session-state"');

/** A line that mentions session-state: an entry of that kind, or one that carries the words in its payload. */
function parseQuietly(line: string): LogEvent | undefined {
  try {
    return JSON.parse(line) as LogEvent;
  } catch {
    return undefined;
  }
}

/** What a session's list entry shows, learned from its header and then its events in order. */
export class SummaryBuilder {
  private eventCount = 0;
  private lastAt = 0;
  private target: Target | undefined;
  private settings: SessionSettings | undefined;
  private serverName: string | undefined;
  private endedAt: number | undefined;

  constructor(readonly header: SessionHeader) {}

  count(seq: number, at: number): void {
    this.eventCount = seq;
    this.lastAt = at;
  }

  add(event: LogEvent): void {
    this.count(event.seq, event.at);
    if (event.kind !== 'session-state') return;
    if (event.state === 'connecting') {
      this.target = event.target;
      this.settings = event.settings;
    } else if (event.state === 'ready' && event.serverInfo) {
      this.serverName = event.serverInfo.name;
    } else if (event.state === 'closed') {
      this.endedAt = event.at;
    }
  }

  build(filePath: string): RecordedSession {
    const { header } = this;
    return new RecordedSession(filePath, header, {
      sessionId: header.sessionId,
      target: this.target ?? { transport: 'stdio', command: '(unknown)', args: [], env: {} },
      settings: this.settings ?? DEFAULT_SETTINGS,
      startedAt: header.createdAt,
      // A file without a closing event was cut short (the inspector was stopped hard); its last entry is its end.
      endedAt: this.endedAt ?? this.lastAt,
      isLive: false,
      ...(header.importedFrom && { isImported: true }),
      eventCount: this.eventCount,
      ...(this.serverName && { serverName: this.serverName }),
    });
  }
}

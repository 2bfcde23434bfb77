import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { SessionSummary } from '../wire/commands';
import type { LogEvent } from '../wire/events';
import { DEFAULT_SETTINGS } from '../wire/target';
import { parseHeader, readStoredEvents, type SessionHeader, type StoredEvent } from './session-file';
import type { EventSource } from './session-log';

/**
 * A session that is no longer driven: one recorded by an earlier run of the
 * inspector, or imported from a file. Read-only; its events come from the file.
 */
export class RecordedSession implements EventSource {
  readonly sessionId: string;
  private constructor(
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

  /** Read a session file once to learn what its list entry shows. Throws SessionFileError for a file that is not one. */
  static async load(filePath: string): Promise<RecordedSession> {
    const lines = createInterface({ input: createReadStream(filePath, { encoding: 'utf8' }), crlfDelay: Infinity });
    let header: SessionHeader | undefined;
    const summary: Partial<SessionSummary> & { eventCount: number } = { eventCount: 0 };
    let lastAt = 0;
    for await (const line of lines) {
      if (!header) {
        header = parseHeader(line);
        continue;
      }
      if (!line) continue;
      let event: LogEvent;
      try {
        event = JSON.parse(line) as LogEvent;
      } catch {
        break; // a torn last line from a crash
      }
      summary.eventCount = event.seq;
      lastAt = event.at;
      if (event.kind === 'session-state' && event.state === 'connecting') {
        summary.target = event.target;
        summary.settings = event.settings;
      } else if (event.kind === 'session-state' && event.state === 'ready' && event.serverInfo) {
        summary.serverName = event.serverInfo.name;
      } else if (event.kind === 'session-state' && event.state === 'closed') {
        summary.endedAt = event.at;
      }
    }
    if (!header) throw new Error(`${filePath} is empty`);
    return new RecordedSession(filePath, header, {
      sessionId: header.sessionId,
      target: summary.target ?? { transport: 'stdio', command: '(unknown)', args: [], env: {} },
      settings: summary.settings ?? DEFAULT_SETTINGS,
      startedAt: header.createdAt,
      // A file without a closing event was cut short (the inspector was stopped hard); its last entry is its end.
      endedAt: summary.endedAt ?? lastAt,
      isLive: false,
      ...(header.importedFrom && { isImported: true }),
      eventCount: summary.eventCount,
      ...(summary.serverName && { serverName: summary.serverName }),
    });
  }
}

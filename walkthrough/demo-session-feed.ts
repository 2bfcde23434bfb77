/**
 * What the inspector's own log says while a demo plays a scenario in the page:
 * the session file in the inspector's data folder, read as it grows. The page
 * shows a call's end; the log says exactly how it ended, which is what a
 * step's expectations are checked against (the same events `run` checks).
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LogEventSchema, type EventOf, type LogEvent } from '../server/wire/events';

const POLL_MS = 100;
/** Read at most this much of the file per refresh, so one huge entry cannot hold the demo up. */
const READ_CHUNK_BYTES = 1024 * 1024;

export class DemoSessionFeed {
  private file: string | undefined;
  private offset = 0;
  private partial = '';
  private list: LogEvent[] = [];

  constructor(private readonly dataDir: string) {}

  /** Every event the session has logged so far, in order. */
  events(): LogEvent[] {
    this.refresh();
    return this.list;
  }

  /** Poll the log until `find` returns something; undefined when `timeoutMs` runs out first. */
  async waitFor<T>(find: (events: LogEvent[]) => T | undefined, timeoutMs: number): Promise<T | undefined> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = find(this.events());
      if (found !== undefined) return found;
      if (Date.now() >= until) return undefined;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private refresh(): void {
    const newest = newestSessionFile(this.dataDir);
    if (!newest) return;
    // A reconnect starts a new session file: follow it, from its beginning.
    if (newest !== this.file) {
      this.file = newest;
      this.offset = 0;
      this.partial = '';
      this.list = [];
    }
    const fd = openSync(newest, 'r');
    try {
      const buffer = Buffer.alloc(READ_CHUNK_BYTES);
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, this.offset);
        if (read === 0) break;
        this.offset += read;
        const lines = (this.partial + buffer.toString('utf8', 0, read)).split('\n');
        // The last piece has no newline yet: the writer is mid-line, or a multi-byte character is split.
        this.partial = lines.pop() ?? '';
        for (const line of lines) {
          const event = parseLine(line);
          if (event) this.list.push(event);
        }
        if (read < buffer.length) break;
      }
    } finally {
      closeSync(fd);
    }
  }
}

/** A stored line as an event; the header line and anything that is not an event are skipped. */
export function parseLine(line: string): LogEvent | undefined {
  if (!line.trim()) return undefined;
  try {
    const parsed = LogEventSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not JSON: a line the demo cannot use; the page shows the same session from the same file.
    return undefined;
  }
}

function newestSessionFile(dataDir: string): string | undefined {
  let newest: { path: string; mtimeMs: number } | undefined;
  let names: string[];
  try {
    names = readdirSync(dataDir).filter((name) => name.endsWith('.jsonl'));
  } catch {
    // No folder yet: the inspector has not written a session; the caller polls again.
    return undefined;
  }
  for (const name of names) {
    const path = join(dataDir, name);
    const { mtimeMs } = statSync(path);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
  }
  return newest?.path;
}

/** The events of one kind. */
export function ofKind<K extends LogEvent['kind']>(events: LogEvent[], kind: K): EventOf<K>[] {
  return events.filter((event): event is EventOf<K> => event.kind === kind);
}

/**
 * A whole session file read into memory for a view over it (a diff, an export):
 * every line checked, only the entries the view keeps held, a damaged line an
 * error naming it.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { LogEvent } from '../wire/events';
import { machineId } from './machine-id';
import { isRunning } from './process-alive';
import { checkEntry, parseHeader, SessionFileError, tornLine, type SessionHeader } from './session-file';

/** A session file's header and the entries a view kept, in seq order. */
export type ReadSession = { header: SessionHeader; events: LogEvent[] };

export type ReadOptions = {
  /**
   * The caller knows the file is still being written (a live session of this inspector, a tap it
   * follows): a last line without its newline is the entry being written, and the view ends before it.
   */
  isBeingWritten?: boolean;
};

/**
 * Reads a session file; `keep` says which entries the view needs, so a long session's
 * traffic is not held when only its calls are read. A bad line is an error naming it. The
 * last line is read as its writer left it: a file read after the fact that ends in the middle
 * of a line was cut short (its writer stopped, or it was copied, mid-write), and that is said,
 * as a damaged line is; only a file still being written (the caller says so, or a tap that
 * still runs on this machine writes it) has a partial last line that is simply not there yet.
 */
export async function readSessionFile(path: string, keep: (event: LogEvent) => boolean = () => true, options: ReadOptions = {}): Promise<ReadSession> {
  const events: LogEvent[] = [];
  let header: SessionHeader | undefined;
  let line = 0;
  let bad: { line: number; error: SessionFileError } | undefined;
  let relayPid: number | undefined;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    line += 1;
    if (line === 1) {
      header = parseHeader(text);
      continue;
    }
    if (!text.trim()) continue;
    // A line that is not JSON is an error unless it is the last: then it may be one cut short.
    if (bad) throw bad.error;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      bad = { line, error: new SessionFileError(line, `not valid JSON (${(error as Error).message}).`) };
      continue;
    }
    const event = checkEntry(raw, line);
    if (event.kind === 'session-state' && event.state === 'connecting') relayPid ??= event.target.host?.relayPid;
    if (keep(event)) events.push(event);
  }
  if (!header) throw new SessionFileError(0, 'the file is empty.');
  if (bad) {
    if (endsWithNewline(path)) throw bad.error;
    const isBeingWritten = options.isBeingWritten || (relayPid !== undefined && header.writtenOn === machineId() && isRunning(relayPid));
    if (!isBeingWritten) throw tornLine(bad.line);
  }
  return { header, events };
}

/** Whether the file's last byte is a newline: a writer ends every line it finished with one. */
function endsWithNewline(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    return size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

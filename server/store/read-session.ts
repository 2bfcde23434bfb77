/**
 * A whole session file read into memory for a view over it (a diff, an export):
 * every line checked, only the entries the view keeps held, a damaged line an
 * error naming it.
 */
import { createReadStream } from 'node:fs';
import type { LogEvent } from '../wire/events';
import { machineId } from './machine-id';
import { isRunning } from './process-alive';
import { checkEntry, parseHeader, SessionFileError, type SessionHeader } from './session-file';
import { sessionLines } from './session-lines';

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
 * still runs on this machine writes it) has a last line that is simply not there yet, whatever
 * its writer has added since it was read (see session-lines.ts).
 */
export async function readSessionFile(path: string, keep: (event: LogEvent) => boolean = () => true, options: ReadOptions = {}): Promise<ReadSession> {
  const events: LogEvent[] = [];
  let header: SessionHeader | undefined;
  let line = 0;
  let bad: { line: number; error: SessionFileError } | undefined;
  let relayPid: number | undefined;
  const file = sessionLines(createReadStream(path));
  for await (const text of file.lines) {
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
    const isBeingWritten = options.isBeingWritten || (relayPid !== undefined && header.writtenOn === machineId() && isRunning(relayPid));
    const error = file.badLastLine(bad, isBeingWritten);
    if (error) throw error;
  }
  return { header, events };
}

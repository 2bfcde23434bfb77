/**
 * A whole session file read into memory for a view over it (a diff, an export):
 * every line checked, only the entries the view keeps held, a damaged line an
 * error naming it.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { LogEvent } from '../wire/events';
import { checkEntry, parseHeader, SessionFileError, type SessionHeader } from './session-file';

/** A session file's header and the entries a view kept, in seq order. */
export type ReadSession = { header: SessionHeader; events: LogEvent[] };

/**
 * Reads a session file; `keep` says which entries the view needs, so a long session's
 * traffic is not held when only its calls are read. A torn last line (the inspector
 * was stopped mid-write) ends the file, as replay does; a bad line before it is an error.
 */
export async function readSessionFile(path: string, keep: (event: LogEvent) => boolean = () => true): Promise<ReadSession> {
  const events: LogEvent[] = [];
  let header: SessionHeader | undefined;
  let line = 0;
  let torn: SessionFileError | undefined;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    line += 1;
    if (line === 1) {
      header = parseHeader(text);
      continue;
    }
    if (!text.trim()) continue;
    if (torn) throw torn;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      torn = new SessionFileError(line, `not valid JSON (${(error as Error).message}).`);
      continue;
    }
    const event = checkEntry(raw, line);
    if (keep(event)) events.push(event);
  }
  if (!header) throw new SessionFileError(0, 'the file is empty.');
  return { header, events };
}

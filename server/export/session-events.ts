/** A session file read for export: only the events a replay needs, checked line by line. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseHeader, SessionFileError } from '../store/session-file';
import { LogEventSchema, type LogEvent } from '../wire/events';
import { isResourceListing } from './export-spec-resources';

/** The kinds the generator reads: the rest of a long session is not kept in memory. */
const REPLAYED_KINDS = new Set<LogEvent['kind']>(['session-state', 'call-start', 'call-end', 'elicitation', 'action']);

/** Every event the generator needs from a session file; a damaged line is an error naming it. */
export async function readSessionForExport(path: string): Promise<LogEvent[]> {
  const events: LogEvent[] = [];
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    line += 1;
    if (line === 1) {
      parseHeader(text);
      continue;
    }
    if (!text.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new SessionFileError(line, `not valid JSON (${(error as Error).message}).`);
    }
    const parsed = LogEventSchema.safeParse(raw);
    if (!parsed.success) throw new SessionFileError(line, 'not a valid log entry.');
    // Of the traffic, only the resource lists: a read is replayed by the name they give its URI.
    if (REPLAYED_KINDS.has(parsed.data.kind) || isResourceListing(parsed.data)) events.push(parsed.data);
  }
  if (line === 0) throw new SessionFileError(0, 'the file is empty.');
  return events;
}

/** A session file read for export: only the events a replay needs, checked line by line. */
import { readSessionFile, type ReadOptions } from '../store/read-session';
import type { LogEvent } from '../wire/events';
import { isResourceListing } from './export-spec-resources';

/** The kinds the generator reads: the rest of a long session is not kept in memory. */
const REPLAYED_KINDS = new Set<LogEvent['kind']>(['session-state', 'call-start', 'call-end', 'elicitation', 'action']);

/** Every event the generator needs from a session file; a damaged line is an error naming it. */
export async function readSessionForExport(path: string, options: ReadOptions = {}): Promise<LogEvent[]> {
  // Of the traffic, only the resource lists: a read is replayed by the name they give its URI.
  const { events } = await readSessionFile(path, (event) => REPLAYED_KINDS.has(event.kind) || isResourceListing(event), options);
  return events;
}

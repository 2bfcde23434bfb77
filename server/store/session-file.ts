/**
 * The session file format: JSONL, one header line, then one LogEvent a line in
 * seq order. Written as a session happens; the same format is exported and
 * imported. Documented in the README ("Session files").
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { formatIssues } from '../wire/commands';
import { EVENT_SCHEMA_VERSION, LogEventSchema, type LogEvent } from '../wire/events';
import { SESSION_FILE_FORMAT, type SessionHeaderLine } from '../wire/session-format';

export { sessionHeader } from '../wire/session-format';
export { storedJson } from './entry-budget';

/** Checks a header line read from a file, against the page's zod-free SessionHeaderLine (the compiler keeps them in step). */
const SessionHeaderSchema = z.object({
  format: z.literal(SESSION_FILE_FORMAT),
  version: z.number().int().positive(),
  sessionId: z.string(),
  createdAt: z.number(),
  importedFrom: z.string().optional(),
  writtenOn: z.string().optional(),
}) satisfies z.ZodType<SessionHeaderLine>;
export type SessionHeader = SessionHeaderLine;

export class SessionFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(line ? `line ${line}: ${message}` : message);
  }
}

/**
 * The last line of a file read after the fact does not end and is not whole: the file was cut
 * short while it was written (its writer stopped, or it was copied, mid-line). Every reader
 * of a whole file says this, in these words.
 */
export function tornLine(line: number): SessionFileError {
  return new SessionFileError(
    line,
    'the file ends in the middle of this entry: it was cut short while it was being written (its writer stopped, or it was copied, mid-line). The entries before it are whole.',
  );
}

/** Why a session file could not be read, in words for the command line: a damaged line, or what the file system said. */
export function sessionFileProblem(error: unknown): string {
  if (error instanceof SessionFileError) return error.message;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'no such file.';
    case 'EISDIR':
      return 'that is a folder; name a session file (.jsonl) in it.';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied: this user may not read it.';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Parse and check the header line; older versions would be modernized here. */
export function parseHeader(text: string, line = 1): SessionHeader {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new SessionFileError(line, 'the header is not JSON; this is not an Elicitation Inspector session file.');
  }
  if (typeof raw !== 'object' || raw === null || (raw as { format?: unknown }).format !== SESSION_FILE_FORMAT) {
    throw new SessionFileError(line, `the header does not say "format": "${SESSION_FILE_FORMAT}"; this is not an Elicitation Inspector session file.`);
  }
  const header = SessionHeaderSchema.safeParse(raw);
  if (!header.success) throw new SessionFileError(line, `the header is damaged: ${formatIssues(header.error.issues)}`);
  if (header.data.version > EVENT_SCHEMA_VERSION) {
    throw new SessionFileError(
      line,
      `the file uses event format ${header.data.version}, newer than this inspector's ${EVENT_SCHEMA_VERSION}; update the inspector to open it.`,
    );
  }
  return header.data;
}

/** Parse and check one event line; `expectedSeq` keeps the list gap-free. */
export function parseEventLine(text: string, line: number, expectedSeq: number): LogEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SessionFileError(line, `not valid JSON (${(error as Error).message}).`);
  }
  const event = checkEntry(raw, line);
  if (event.seq !== expectedSeq) throw new SessionFileError(line, `entry has seq ${event.seq}, expected ${expectedSeq}: entries are missing or out of order.`);
  return event;
}

/** One parsed line checked as a log entry; a bad one is an error naming its line and the fields that are wrong. */
export function checkEntry(raw: unknown, line: number): LogEvent {
  const event = LogEventSchema.safeParse(raw);
  if (!event.success) throw new SessionFileError(line, `not a valid log entry: ${formatIssues(event.error.issues)}`);
  return event.data;
}

/** One event as stored: its seq, and its JSON text, untouched. */
export type StoredEvent = { seq: number; json: string };

/**
 * Read a session file's events with seq in (afterSeq, untilSeq], in chunks, as
 * the JSON text they were written as: replay sends them on without parsing
 * (see storedSeq). A torn last line from a crash is skipped.
 */
export async function* readStoredEvents(path: string, afterSeq: number, untilSeq: number, chunkSize = 2000): AsyncGenerator<StoredEvent[]> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let chunk: StoredEvent[] = [];
  let first = true;
  for await (const line of lines) {
    if (first) {
      first = false;
      continue;
    }
    if (!line) continue;
    const seq = storedSeq(line);
    // Only the last line can be torn (the process died mid-write): nothing after it to lose.
    if (seq === undefined) break;
    if (seq <= afterSeq) continue;
    if (seq > untilSeq) break;
    chunk.push({ seq, json: line });
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  lines.close();
  if (chunk.length) yield chunk;
}

/**
 * The seq of a stored line, read without parsing it: the proxy writes seq, at and
 * sessionId as the last keys of every line, so the last `"seq":` is the entry's own.
 * Undefined for a torn line.
 */
export function storedSeq(line: string): number | undefined {
  const at = line.lastIndexOf('"seq":');
  const seq = at === -1 ? NaN : Number.parseInt(line.slice(at + 6), 10);
  return Number.isFinite(seq) && line.endsWith('}') ? seq : undefined;
}

/** The `at` of a stored line, read the same way (it follows seq). */
export function storedAt(line: string): number {
  return Number.parseInt(line.slice(line.lastIndexOf('"at":') + 5), 10);
}

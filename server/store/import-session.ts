import { randomUUID } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { LogEvent } from '../wire/events';
import { formatMiB, MAX_IMPORT_BYTES } from '../wire/limits';
import { parseEventLine, parseHeader, sessionHeader, SessionFileError, storedJson } from './session-file';
import { sessionLines } from './session-lines';
import { SummaryBuilder, type RecordedSession } from './recorded-session';
import { SessionLinks } from './session-links';
import { prepareSessionFile } from './session-query';

/**
 * Check a session file line by line and, only if every line is valid, add it to
 * the data folder as a new read-only session (new id; each event's sessionId
 * rewritten). A damaged or foreign file leaves nothing behind and names the line.
 */
export async function importSession(input: Readable, dataDir: string): Promise<RecordedSession> {
  const sessionId = randomUUID();
  const temp = join(dataDir, `.import-${sessionId}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  let ok = false;
  try {
    let lineNo = 0;
    let expectedSeq = 1;
    let summary: SummaryBuilder | undefined;
    let links: SessionLinks | undefined = new SessionLinks();
    let unreadable: { line: number; error: SessionFileError } | undefined;
    // Bytes counted as they come: a chunked upload has no Content-Length to refuse up front.
    const file = sessionLines(input, {
      bytes: MAX_IMPORT_BYTES,
      error: () => new SessionFileError(0, `the file is larger than ${formatMiB(MAX_IMPORT_BYTES)}, the most the inspector imports.`),
    });
    for await (const line of file.lines) {
      lineNo++;
      if (!summary) {
        if (!line.trim()) throw new SessionFileError(lineNo, 'the file starts with an empty line; the first line must be the session header.');
        const header = parseHeader(line, lineNo);
        const written = sessionHeader(sessionId, header.createdAt, header.importedFrom ?? header.sessionId);
        writeSync(fd, JSON.stringify(written) + '\n');
        summary = new SummaryBuilder(written);
        continue;
      }
      if (!line.trim()) continue;
      // A line that is not JSON is an error unless it is the last: then it may be one cut short.
      if (unreadable) throw unreadable.error;
      let parsed: LogEvent;
      try {
        parsed = parseEventLine(line, lineNo, expectedSeq++);
      } catch (error) {
        if (!(error instanceof SessionFileError) || !isJsonError(line)) throw error;
        unreadable = { line: lineNo, error };
        continue;
      }
      const event = { ...parsed, sessionId };
      const stored = storedJson(event);
      writeSync(fd, stored + '\n');
      summary.add(event);
      // Linked as stored: an entry cut down to fit the budget (it says what it dropped) is read back as it was written.
      if (links && !linkStored(links, event, stored)) links = undefined;
    }
    if (!summary) throw new SessionFileError(0, 'the file is empty.');
    // An imported file is read after the fact: one that ends in the middle of a line was cut short.
    const lastLineError = unreadable && file.badLastLine(unreadable, false);
    if (lastLineError) throw lastLineError;
    closeSync(fd);
    const path = join(dataDir, `${sessionId}.jsonl`);
    renameSync(temp, path);
    ok = true;
    // The index pass costs a fraction of the check just done, and spares the first open a pass over the whole file;
    // the links were made as the lines were checked, so the first filter waits for no pass either.
    prepareSessionFile(path, links);
    // Summarized while it was checked: no second read of what was just written.
    return summary.build(path);
  } finally {
    if (!ok) {
      try {
        closeSync(fd);
      } catch {
        // Already closed on the success path before the failure.
      }
      rmSync(temp, { force: true });
    }
  }
}

function isJsonError(line: string): boolean {
  try {
    JSON.parse(line);
    return false;
  } catch {
    return true; // the line is not JSON at all: damaged, or the last one cut short
  }
}

/** False when the entry could not be linked: then no links are saved, and the first open links the file itself, noting the line. */
function linkStored(links: SessionLinks, event: LogEvent, stored: string): boolean {
  try {
    links.add(stored.includes('"dropped":') ? parseEventLine(stored, 0, event.seq) : event);
    return true;
  } catch {
    return false; // said by the open that links the file again, with the line's seq
  }
}

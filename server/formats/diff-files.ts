/**
 * Two session files compared: read, digested and aligned by the same code for the
 * `diff` command and for the page's diff view (the proxy's diff route), so both
 * say the same thing about the same files. Throws SessionFileError for a damaged file.
 */
import { readSessionFile, type ReadOptions } from '../store/read-session';
import type { SessionDiff } from '../wire/session-diff';
import { digestSession, isCallEntry, type SessionDigest } from './call-digest';
import { DEFAULT_TIME_THRESHOLD_MS, diffSessions } from './session-diff';

/** One side: the file to read, the name the diff gives it (a file name, or a session's id), and whether it is still being written. */
export type DiffFile = { path: string; source: string } & ReadOptions;

export async function digestSessionFile(path: string, options: ReadOptions = {}): Promise<SessionDigest> {
  return digestSession((await readSessionFile(path, isCallEntry, options)).events);
}

export async function diffSessionFiles(a: DiffFile, b: DiffFile, timeThresholdMs = DEFAULT_TIME_THRESHOLD_MS): Promise<SessionDiff> {
  const [digestA, digestB] = [await digestSessionFile(a.path, a), await digestSessionFile(b.path, b)];
  return diffSessions({ source: a.source, digest: digestA }, { source: b.source, digest: digestB }, timeThresholdMs);
}

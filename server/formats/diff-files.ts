/**
 * Two session files compared: read, digested and aligned by the same code for the
 * `diff` command and for the page's diff view (the proxy's diff route), so both
 * say the same thing about the same files. Throws SessionFileError for a damaged file.
 */
import { readSessionFile } from '../store/read-session';
import type { SessionDiff } from '../wire/session-diff';
import { digestSession, isCallEntry, type SessionDigest } from './call-digest';
import { DEFAULT_TIME_THRESHOLD_MS, diffSessions } from './session-diff';

/** One side: the file to read, and the name the diff gives it (a file name, or a session's id). */
export type DiffFile = { path: string; source: string };

export async function digestSessionFile(path: string): Promise<SessionDigest> {
  return digestSession((await readSessionFile(path, isCallEntry)).events);
}

export async function diffSessionFiles(a: DiffFile, b: DiffFile, timeThresholdMs = DEFAULT_TIME_THRESHOLD_MS): Promise<SessionDiff> {
  const [digestA, digestB] = [await digestSessionFile(a.path), await digestSessionFile(b.path)];
  return diffSessions({ source: a.source, digest: digestA }, { source: b.source, digest: digestB }, timeThresholdMs);
}

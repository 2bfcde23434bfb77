/**
 * The data folder's shared places: where sessions are kept by default, and the small file that
 * says an inspector is running on it, so that `tap` (another process) can tell the person where
 * its session shows live.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isProcessId, isRunning } from './process-alive';

export const DEFAULT_DATA_DIR = join(homedir(), '.elicitation-inspector', 'sessions');

/** The running inspector's file in a data folder: `{ pid, url }` (no token: it is not needed to watch). */
export const RUNNING_FILE = 'running-inspector.json';

/** A tapped session's file name starts with this: the inspector follows such files live as they grow. */
export const TAP_FILE_PREFIX = 'tap-';

export type RunningInspector = { pid: number; url: string; version: string };

/**
 * Say that this process serves the data folder (making the folder on a first run); the returned
 * function takes it back (called at exit). Written before the inspector says it is ready.
 */
export function announceRunning(dataDir: string, running: RunningInspector): () => void {
  const path = join(dataDir, RUNNING_FILE);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(path, JSON.stringify(running) + '\n', { mode: 0o600 });
  } catch {
    // Only a convenience for `tap`'s message: the inspector works without it.
    return () => {};
  }
  let isRemoved = false;
  const remove = () => {
    if (isRemoved) return;
    isRemoved = true;
    // Another inspector may have started on the same folder since: leave its file alone.
    if (readRunning(dataDir)?.pid === running.pid) rmSync(path, { force: true });
  };
  process.once('exit', remove);
  return remove;
}

/** The inspector serving this data folder, when one is running. */
export function readRunning(dataDir: string): RunningInspector | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dataDir, RUNNING_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, url, version } = parsed as Record<string, unknown>;
    if (!isProcessId(pid) || !isRunning(pid) || typeof url !== 'string') return undefined;
    return { pid, url, version: typeof version === 'string' ? version : '' };
  } catch {
    // No file, a damaged one, or its process is gone.
    return undefined;
  }
}

/** A tapped session's control file, beside its record: the inspector's way back to the tap (tap-control.ts). Here, free of zod, for the tap's start. */
export function tapControlPath(dataDir: string, sessionId: string): string {
  return join(dataDir, `${sessionId}.control`);
}

/**
 * The sessions of the data folder that this run does not drive: earlier runs' files and imports,
 * read-only (recorded), and the files `tap` processes are writing, followed live (docs/tap.md).
 * A tap's file that is already over when it is first seen (a short session, or an inspector busy
 * when it ended, or a file moved in whole) is listed as recorded: every session file in the
 * folder shows, whenever it was written.
 */
import { readdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import { TAP_FILE_PREFIX } from '../store/data-dir';
import { FollowedSession } from '../store/followed-session';
import { RecordedSession } from '../store/recorded-session';

export class FolderSessions {
  readonly recorded = new Map<string, RecordedSession>();
  readonly followed = new Map<string, FollowedSession>();
  /** Files being read into `recorded`: a second notice for one of them does not read it twice. */
  private readonly loading = new Set<string>();

  constructor(
    private readonly dataDir: string | undefined,
    /** A session this run drives: its file is its own log's, not one to list again. */
    private readonly isDriven: (sessionId: string) => boolean,
    private readonly changed: () => void,
  ) {}

  has(sessionId: string): boolean {
    return this.recorded.has(sessionId) || this.followed.has(sessionId);
  }

  /** List the folder's session files (those already there at the start). */
  async load(): Promise<void> {
    if (!this.dataDir) return;
    const names = readdirSync(this.dataDir).filter((name) => name.endsWith('.jsonl'));
    // One notice for the lot: a folder of a thousand files is one list for the pages, not a thousand.
    for (const name of names) if (!this.followTap(name)) await this.loadRecorded(name, false);
    this.changed();
  }

  /**
   * Follow the tapped sessions that `tap` processes write into the folder, live, from the moment
   * their file appears. Returns the function that stops watching.
   */
  follow(): () => void {
    if (!this.dataDir) return () => {};
    let watcher;
    try {
      watcher = watch(this.dataDir, (_type, name) => {
        if (typeof name === 'string') this.followTap(name);
      });
      watcher.on('error', () => {});
    } catch {
      // No change notices for this folder: taps started from now on show at the next start.
      return () => {};
    }
    return () => watcher.close();
  }

  add(session: RecordedSession): void {
    this.recorded.set(session.sessionId, session);
    this.changed();
  }

  /** Forget a session (its file is being deleted); a followed one stops being followed. */
  forget(sessionId: string): void {
    this.followed.get(sessionId)?.stop();
    this.recorded.delete(sessionId);
    this.followed.delete(sessionId);
  }

  /** Follow one tap file if it is one and still being written; true once it is followed or being listed. */
  private followTap(name: string): boolean {
    if (!this.dataDir || !name.startsWith(TAP_FILE_PREFIX) || !name.endsWith('.jsonl')) return false;
    const id = name.slice(0, -'.jsonl'.length);
    if (this.followed.has(id)) return true;
    if (this.isDriven(id) || this.recorded.has(id) || this.loading.has(id)) return false;
    const session = FollowedSession.open(join(this.dataDir, name), () => this.changed());
    // No header line yet: the next notice (the tap's first write) looks again.
    if (!session) return false;
    if (!session.isLive) {
      // Over before it was seen: an ordinary recorded session.
      session.stop();
      void this.loadRecorded(name);
      return true;
    }
    this.followed.set(id, session);
    this.changed();
    return true;
  }

  private async loadRecorded(name: string, announce = true): Promise<void> {
    const id = name.slice(0, -'.jsonl'.length);
    if (!this.dataDir || this.isDriven(id) || this.has(id) || this.loading.has(id)) return;
    this.loading.add(id);
    try {
      const session = await RecordedSession.load(join(this.dataDir, name));
      if (this.isDriven(session.sessionId) || this.has(session.sessionId)) return;
      this.recorded.set(session.sessionId, session);
      if (announce) this.changed();
    } catch {
      // Not a session file (or unreadable): it is not ours to list or to delete.
    } finally {
      this.loading.delete(id);
    }
  }
}

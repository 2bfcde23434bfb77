/**
 * The stories of a windowed session's calls, for the time axis: asked of the
 * proxy for the calls in view only (and the one zoomed into), a few at a time, and
 * kept for the calls seen last; a live call's asked again once it has gone on. The page never holds the session's log: a call's
 * story is its own entries (the first MAX_STORY_ROWS of a very long one). No React
 * in here: the view reads it through subscribe/getVersion.
 */
import type { LogEvent } from '@wire/events';

/** How a call's story reaches the page (EntryWindow.storyOfCall; a test's fake). */
export type StorySource = (callId: string) => Promise<{ rows: { event: LogEvent }[] }>;

/** Stories asked for at once: a screenful of calls arrives in a few round trips without queueing the proxy behind it. */
const MAX_IN_FLIGHT = 4;
/** Stories kept; past this the ones asked for longest ago go (and are asked for again when shown). */
const MAX_KEPT = 300;

export class WindowStories {
  private readonly stories = new Map<string, readonly LogEvent[]>();
  private readonly failed = new Map<string, string>();
  private readonly inFlight = new Set<string>();
  /** Stories that went on since they were read: still shown, read again when next in view. */
  private readonly stale = new Set<string>();
  private queue: string[] = [];
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(private readonly source: StorySource) {}

  /** The call's entries in seq order, once they are here. */
  eventsOf(callId: string): readonly LogEvent[] | undefined {
    return this.stories.get(callId);
  }

  /** Why a call's story could not be read, if it could not. */
  problemOf(callId: string): string | undefined {
    return this.failed.get(callId);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** These calls went on (a live session's): their stories are read again when next asked for. */
  refresh(callIds: readonly string[]): void {
    for (const id of callIds) if (this.stories.has(id) || this.failed.delete(id)) this.stale.add(id);
  }

  /** Make sure these calls' stories are here or on their way; the ones asked for last come first. */
  ensure(callIds: readonly string[]): void {
    const missing = callIds.filter((id) => (!this.stories.has(id) || this.stale.has(id)) && !this.failed.has(id) && !this.inFlight.has(id));
    // The calls now in view go ahead of those that scrolled past before their turn.
    this.queue = [...missing, ...this.queue.filter((id) => !missing.includes(id))];
    this.pump();
  }

  private pump(): void {
    while (this.inFlight.size < MAX_IN_FLIGHT && this.queue.length) {
      const callId = this.queue.shift();
      if (callId !== undefined && (!this.stories.has(callId) || this.stale.has(callId))) void this.fetch(callId);
    }
  }

  private async fetch(callId: string): Promise<void> {
    this.inFlight.add(callId);
    this.stale.delete(callId);
    try {
      const { rows } = await this.source(callId);
      this.stories.set(
        callId,
        rows.map((row) => row.event),
      );
      if (this.stories.size > MAX_KEPT) this.stories.delete(this.stories.keys().next().value ?? '');
    } catch (error) {
      this.failed.set(callId, error instanceof Error ? error.message : String(error));
    } finally {
      this.inFlight.delete(callId);
      this.version++;
      for (const listener of this.listeners) listener();
      this.pump();
    }
  }
}

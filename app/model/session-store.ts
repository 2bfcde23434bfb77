/**
 * One session's state, derived from its event stream and nothing else. Events
 * arrive in batches; each batch produces a new snapshot (new arrays for what
 * changed), so React can compare by reference. No React in here.
 */
import type { EventOf, LogEvent } from '@wire/events';
import { MAX_CALLS_PER_LIST, WINDOWED_MIN_ENTRIES } from '@wire/limits';
import type { EntryWindow } from './entry-window';
import { LogIndex } from './log-index';
import type { RuleStats } from './rule-answers';
import { SessionViews, type CallView, type ElicitationView, type StatusView, type ToolInfo } from './session-views';
import { StoryIndex } from './story-index';

export type { CallView, ElicitationView, RoundView, StatusView, ToolInfo } from './session-views';

export type SessionSnapshot = {
  sessionId: string;
  /**
   * All events so far. The array grows in place; `eventCount` changes with it. A windowed session's
   * holds none of its log but, while live, the few entries views scan for (see isScanned): not by seq.
   */
  events: readonly LogEvent[];
  eventCount: number;
  lastSeq: number;
  status: StatusView;
  tools: ToolInfo[];
  /** A tool list came (in a tapped session, the answer to the host's own tools/list): an empty `tools` is then the server's. */
  hasToolList: boolean;
  calls: CallView[];
  elicitations: ElicitationView[];
  findings: EventOf<'finding'>[];
  /** How many elicitations each rule answered (by ruleStatsKey), counted over the whole session. */
  ruleStats: ReadonlyMap<string, RuleStats>;
  /** Incremental indexes over `events` (request/response pairs, search text). */
  index: LogIndex;
  /** Which entries belong to which call and which elicitation. */
  story: StoryIndex;
  /**
   * Set for a big recorded session opened without its log, and for a live one once it has
   * WINDOWED_MIN_ENTRIES entries: `events` then holds none of its log (a recorded one's outline at
   * most), and the rows, their correlation and filters come from the proxy through this.
   */
  window?: EntryWindow;
  /** Set while a windowed session is live: new entries still arrive, and the views they change with them. */
  isLiveWindow?: boolean;
  /** For a windowed session: how many of its calls the page has (newest first, a page at a time) of how many. */
  windowCalls?: WindowCalls;
};

export type WindowCalls = { loaded: number; total: number | undefined; isLoading: boolean; problem?: string; loadOlder: () => void };

export class SessionStore {
  readonly sessionId: string;
  private events: LogEvent[] = [];
  private index = new LogIndex();
  private story = new StoryIndex();
  private readonly views = new SessionViews();
  private snapshot: SessionSnapshot;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private window: EntryWindow | undefined;
  private windowCalls: WindowCalls | undefined;
  /** Set once a live session is windowed: the newest seq it has been sent (its events are not kept). */
  private liveSeq: number | undefined;
  /** A windowed live session's calls kept in the page: the newest page, or as many as the person listed. */
  private keptCalls = MAX_CALLS_PER_LIST;

  constructor(sessionId: string) {
    this.sessionId = sessionId;
    this.snapshot = this.makeSnapshot();
  }

  get lastSeq(): number {
    return this.liveSeq ?? this.events.at(-1)?.seq ?? 0;
  }

  /**
   * Add a batch. Events at or below the last seq are replays and are skipped.
   * With `publish` false the views are not told (a long backlog is applied in
   * pieces and shown once); `publish()` tells them.
   */
  apply(batch: readonly LogEvent[], publish = true): { gap: boolean } {
    let changed = false;
    let gap = false;
    for (const event of batch) {
      if (event.seq <= this.lastSeq) continue;
      // Indexes rely on events[seq - 1]: a missing entry is fetched again, never skipped over.
      if (event.seq !== this.lastSeq + 1) {
        gap = true;
        break;
      }
      if (this.liveSeq !== undefined) {
        // Windowed: the proxy has the entry in its file; the page keeps what the views make of it.
        this.liveSeq = event.seq;
        if (isScanned(event)) this.events.push(event);
        if ((event.kind === 'rpc-out' || event.kind === 'rpc-in') && typeof event.message.method === 'string') this.index.methods.add(event.message.method);
        if (event.kind === 'call-start' && this.windowCalls && !this.views.calls.has(event.callId))
          this.windowCalls = { ...this.windowCalls, total: (this.windowCalls.total ?? 0) + 1 };
      } else {
        this.events.push(event);
        this.index.add(event, event.at, this.events);
        this.story.add(event);
      }
      this.views.reduce(event);
      changed = true;
    }
    if (changed && this.window && this.liveSeq !== undefined) this.afterLiveBatch(this.window, this.liveSeq);
    if (changed) this.dirty = true;
    if (publish) this.publish();
    return { gap };
  }

  get isWindowed(): boolean {
    return this.window !== undefined;
  }

  /** Held whole and past WINDOWED_MIN_ENTRIES: the page should go on with it windowed (`windowLive`). */
  get isDueForWindow(): boolean {
    return !this.window && this.events.length >= WINDOWED_MIN_ENTRIES;
  }

  /** Windowed while live: events still arrive and are folded into the views, but not kept. */
  get isLiveWindow(): boolean {
    return this.liveSeq !== undefined;
  }

  /**
   * Show a big session without its log: its outline (session-state and tools entries) sets the
   * status and the tools; the window brings rows as they are shown. A live one (`liveAfterSeq`: what
   * the proxy's answers covered) is followed from there once the newest page of calls is in.
   */
  async openWindowed(window: EntryWindow, outline: readonly LogEvent[], liveAfterSeq?: number): Promise<void> {
    this.window = window;
    for (const event of outline) this.views.reduce(event);
    for (const method of window.methods) this.index.methods.add(method);
    this.windowCalls = { loaded: 0, total: undefined, isLoading: false, loadOlder: () => void this.loadOlderCalls() };
    this.dirty = true;
    this.publish();
    const listed = await this.loadOlderCalls();
    if (liveAfterSeq === undefined) return;
    this.liveSeq = Math.max(liveAfterSeq, listed ?? 0);
    this.dirty = true;
    this.publish();
  }

  /**
   * Go on with a live session windowed, past WINDOWED_MIN_ENTRIES: the log the page holds is let go
   * (the proxy has it in the session file) and rows are read as they are shown; the newest calls stay.
   */
  windowLive(window: EntryWindow): void {
    this.liveSeq = this.lastSeq;
    this.window = window;
    const methods = this.index.methods;
    this.events = this.events.filter(isScanned);
    this.index = new LogIndex();
    for (const method of methods) this.index.methods.add(method);
    this.story = new StoryIndex();
    this.windowCalls = { loaded: 0, total: this.views.calls.size, isLoading: false, loadOlder: () => void this.loadOlderCalls() };
    this.afterLiveBatch(window, this.liveSeq, true);
    this.dirty = true;
    this.publish();
  }

  /** The window counts what arrived; the calls past the kept ones go, a page of them at a time. */
  private afterLiveBatch(window: EntryWindow, seq: number, isSwitch = false): void {
    window.total = Math.max(window.total, seq);
    if (isSwitch || this.views.calls.size >= this.keptCalls + MAX_CALLS_PER_LIST) this.views.trim(this.keptCalls);
    if (this.windowCalls) this.windowCalls = { ...this.windowCalls, loaded: this.views.calls.size };
  }

  /**
   * The next page of a windowed session's calls, as outlines from the proxy: the calls list, the
   * elicitations and their answers come back without the log (the page holds a few entries a call).
   * Resolves with the newest seq the answer covered.
   */
  private async loadOlderCalls(): Promise<number | undefined> {
    const state = this.windowCalls;
    if (!this.window || !state || state.isLoading || (state.total !== undefined && state.loaded >= state.total)) return;
    this.setWindowCalls({ isLoading: true, problem: undefined });
    try {
      let page = await this.window.listCalls(state.loaded);
      // A live session's proxy may have started calls the page has not been sent yet: offsets count from its newest.
      const unseen = this.liveSeq !== undefined && state.total !== undefined ? page.total - state.total : 0;
      if (unseen > 0) page = await this.window.listCalls(state.loaded + unseen);
      // A call the page already holds is newer there (a live one's end may have come since): its outline is not folded again.
      const held = { calls: new Set(this.views.calls.keys()), keys: new Set(this.views.elicitations.keys()) };
      for (const event of page.outline) if (!isHeld(event, held)) this.views.reduce(event);
      const loaded = this.liveSeq === undefined ? state.loaded + page.count : this.views.calls.size;
      this.keptCalls = Math.max(this.keptCalls, loaded);
      // A live session's total is counted as its calls start (some may have while this page was on its way).
      this.setWindowCalls({ loaded, ...(this.liveSeq === undefined && { total: page.total }), isLoading: false });
      return page.lastSeq;
    } catch (error) {
      this.setWindowCalls({ isLoading: false, problem: `Could not list the calls: ${error instanceof Error ? error.message : String(error)}` });
      return undefined;
    }
  }

  private setWindowCalls(change: Partial<WindowCalls>): void {
    if (!this.windowCalls) return;
    this.windowCalls = { ...this.windowCalls, ...change };
    this.dirty = true;
    this.publish();
  }

  publish(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private makeSnapshot(): SessionSnapshot {
    const { views, window } = this;
    return {
      sessionId: this.sessionId,
      events: this.events,
      eventCount: window ? window.total : this.events.length,
      lastSeq: window ? window.total : this.lastSeq,
      status: views.status,
      tools: views.tools,
      hasToolList: views.hasToolList,
      // A windowed session's calls arrive newest page first: in seq order again, as the views expect.
      calls: window ? [...views.calls.values()].sort((a, b) => a.startSeq - b.startSeq) : [...views.calls.values()],
      elicitations: window ? [...views.elicitations.values()].sort((a, b) => a.seq - b.seq) : [...views.elicitations.values()],
      // The model appends findings in place: a new array when they changed, so views comparing by reference see it.
      findings: sameFindings(this.snapshot?.findings, views.findings) ? this.snapshot.findings : [...views.findings],
      ruleStats: views.ruleStats,
      index: this.index,
      story: this.story,
      ...(window && { window }),
      ...(this.liveSeq !== undefined && { isLiveWindow: true }),
      ...(this.windowCalls && { windowCalls: this.windowCalls }),
    };
  }
}

/** What a windowed live session keeps of its log: the few entries views scan for rather than look up by seq (sign-in steps, list_changed notices). */
function isScanned(event: LogEvent): boolean {
  return event.kind === 'oauth' || (event.kind === 'rpc-in' && typeof event.message.method === 'string' && event.message.method.endsWith('/list_changed'));
}

function isHeld(event: LogEvent, held: { calls: ReadonlySet<string>; keys: ReadonlySet<string> }): boolean {
  const callId = 'callId' in event && typeof event.callId === 'string' ? event.callId : undefined;
  const key = 'key' in event && typeof event.key === 'string' ? event.key : undefined;
  return (callId !== undefined && held.calls.has(callId)) || (key !== undefined && held.keys.has(key));
}

/** Elicitations still waiting on the person, oldest first. */
export function pendingElicitations(snapshot: SessionSnapshot): ElicitationView[] {
  return snapshot.elicitations.filter((e) => !e.end);
}

/** A call is waiting on the person while one of its elicitations is pending. */
export function isWaitingOnPerson(call: CallView, snapshot: SessionSnapshot): boolean {
  return !call.end && snapshot.elicitations.some((e) => e.callId === call.callId && !e.end);
}

/** The findings a snapshot holds are those the views hold now: same count, same newest. */
function sameFindings(shown: readonly EventOf<'finding'>[] | undefined, held: readonly EventOf<'finding'>[]): shown is EventOf<'finding'>[] {
  return shown !== undefined && shown.length === held.length && shown.at(-1) === held.at(-1);
}

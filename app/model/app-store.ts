import type { ConfiguredSummary, ServerPush, SessionSummary } from '@wire/commands';
import type { LogEvent } from '@wire/events';
import type { RuleSet } from '@wire/rules';
import { WINDOWED_MIN_ENTRIES } from '@wire/limits';
import { tapHostOf } from '@wire/target-names';
import { InspectorConnection, type SocketState } from './connection';
import type { EntryWindow } from './entry-window';
import { autoPick, tapPick, type AutoPick } from './session-pick';
import { SessionStore } from './session-store';

/** A request from one panel to show something in another (features never import each other). */
export type RevealTarget =
  | { logSearch: string }
  | { logSeq: number }
  /** Show one story's entries in the log: a tool call's or one elicitation's. */
  | { logStory: { kind: 'call' | 'flow'; id: string } }
  | { elicitationKey: string }
  /** Show one call's story in the log's Calls view (an audit case's, say). */
  | { callStory: string }
  /** A keyboard shortcut or the command palette asking the panel that owns an action to do it. */
  | { command: PageCommand };
/** Actions a shortcut or the palette can ask of a panel. */
export type PageCommand = 'run-tool' | 'next-elicitation' | 'focus-log-search' | 'show-entries' | 'show-calls' | 'show-timeline';
export type Reveal = { id: number } & RevealTarget;

export type AppSnapshot = {
  socket: SocketState;
  /** Entries received of a backlog still loading (a reopened or long session); undefined once it is shown. */
  loading: number | undefined;
  sessions: SessionSummary[];
  /** The session this page shows. */
  current: SessionStore | undefined;
  /** The latest reveal request; panels act on ids they have not seen. */
  reveal: Reveal | undefined;
  /** The servers of the proxy's --config file, when it was started with one. */
  configured?: ConfiguredSummary;
  /** The rules the proxy gives a session this page opens without rules of its own (`--rules`, docs/rules.md). */
  standingRules?: RuleSet;
  /** Live tapped sessions that started while the page showed another it was busy with: announced, not shown (docs/tap.md). */
  newTaps: readonly string[];
};

/**
 * The page's top-level state: the socket to the proxy, the list of sessions, and
 * the one this page is watching. A lone event is applied at once; the rest of a
 * burst waits for the next animation frame, so thousands cost one render. A
 * request waiting for the person (a form, a URL, a sampling request) never waits
 * for that frame.
 */
export class AppStore {
  readonly connection: InspectorConnection;
  private snapshot: AppSnapshot = { socket: 'connecting', sessions: [], current: undefined, reveal: undefined, loading: undefined, newTaps: [] };
  private revealId = 0;
  private readonly listeners = new Set<() => void>();
  private queued = new Map<string, LogEvent[]>();
  private flushHandle: number | undefined;
  private cancelFlush: (() => void) | undefined;
  /** The session whose backlog is loading: applied as it arrives, shown once at the end. */
  private replaying: SessionStore | undefined;
  /** The big session whose window is being opened, before its backlog (if live) is replayed. */
  private opening: SessionStore | undefined;
  private warming = false;
  /** Sessions asked to go on windowed (once each: one the proxy cannot query stays whole). */
  private readonly windowing = new WeakSet<SessionStore>();
  /** Set when the person picks or creates a session, so the sessions list no longer decides. */
  private chosen = false;
  /** The session the list chose while the person has not (see autoPick). */
  private picked: AutoPick | undefined;
  /** Tapped sessions already shown or announced (see tapPick): each is followed or announced once. */
  private readonly tapsSeen = new Set<string>();

  constructor(readonly token: string) {
    this.connection = new InspectorConnection(
      token,
      (push) => this.onPush(push),
      (socket) => {
        this.set({ socket });
        // After a reconnect, pick up where the log left off.
        if (socket === 'open' && this.snapshot.current) void this.follow(this.snapshot.current);
      },
    );
  }

  start(): void {
    this.connection.open();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AppSnapshot => this.snapshot;

  /** Ask the panel that owns it to show something: log entries matching a search, one entry, or an elicitation. */
  reveal(target: RevealTarget): void {
    this.set({ reveal: { id: ++this.revealId, ...target } });
  }

  /** Show a session (and follow its log). */
  watch(sessionId: string): void {
    this.chosen = true;
    if (this.snapshot.newTaps.includes(sessionId)) this.dismissTap(sessionId);
    if (this.snapshot.current?.sessionId === sessionId) return;
    this.show(sessionId);
  }

  /** Stop announcing a tapped session (opened, or the person said no). */
  dismissTap(sessionId: string): void {
    this.set({ newTaps: this.snapshot.newTaps.filter((id) => id !== sessionId) });
  }

  private show(sessionId: string): void {
    const store = new SessionStore(sessionId);
    this.set({ current: store });
    void this.follow(store);
  }

  /**
   * A host started a tapped session: follow it if the page shows nothing worth keeping (see
   * tapPick), else announce it. Waits for the shown session's backlog: whether anything happened
   * in it is only known once its entries are in.
   */
  private followTaps(): void {
    const { current, sessions, newTaps } = this.snapshot;
    const stillLive = newTaps.filter((id) => sessions.some((s) => s.sessionId === id && s.isLive));
    if (stillLive.length !== newTaps.length) this.set({ newTaps: stillLive });
    if (current) this.tapsSeen.add(current.sessionId);
    if (!sessions.some((s) => s.isLive && tapHostOf(s.target) !== undefined && !this.tapsSeen.has(s.sessionId))) return;
    if (current && (this.replaying === current || this.opening === current)) return;
    // Entries still queued for the next frame (a call just started) count as much as those shown.
    this.flushNow();
    const summary = current && sessions.find((s) => s.sessionId === current.sessionId);
    const snapshot = current?.getSnapshot();
    const shown = current && {
      sessionId: current.sessionId,
      isLive: summary?.isLive === true,
      isTapped: tapHostOf(summary?.target) !== undefined,
      // A windowed session (thousands of entries) is never untouched, whatever calls its window has loaded yet.
      isIdle: snapshot !== undefined && !snapshot.window && snapshot.calls.length === 0 && snapshot.elicitations.length === 0,
    };
    const { show, announce } = tapPick(sessions, shown, this.tapsSeen);
    for (const id of [...announce, ...(show === undefined ? [] : [show])]) this.tapsSeen.add(id);
    if (announce.length) this.set({ newTaps: [...announce, ...this.snapshot.newTaps] });
    if (show === undefined) return;
    this.picked = { sessionId: show, wasEnded: false };
    this.show(show);
  }

  /**
   * Subscribe to a session's events. Its backlog is applied as it arrives but
   * shown once, at the end: re-rendering the page for each piece of a
   * 100k-entry backlog keeps the browser from reading the rest.
   */
  private async follow(store: SessionStore): Promise<void> {
    if (store.isWindowed && !store.isLiveWindow) return; // a recorded session does not change: nothing to catch up on
    const summary = this.snapshot.sessions.find((s) => s.sessionId === store.sessionId);
    if (!store.isWindowed && summary && summary.eventCount >= WINDOWED_MIN_ENTRIES) {
      // Until its outline is in, nothing says what happened in it (followTaps waits for it).
      this.opening = store;
      const isOpened = await this.openWindowed(store, summary.isLive).finally(() => {
        if (this.opening === store) this.opening = undefined;
      });
      if (isOpened && !summary.isLive) {
        if (this.snapshot.current === store) this.followTaps();
        return;
      }
    }
    this.replaying = store;
    try {
      await this.connection.send('subscribe', { sessionId: store.sessionId, afterSeq: store.lastSeq });
    } catch {
      // The socket dropped mid-request; the reconnect handler subscribes again.
    } finally {
      if (this.replaying === store) this.replaying = undefined;
      this.flushNow();
      store.publish();
      this.warmSearchWhenIdle(store);
      if (this.snapshot.loading !== undefined) this.set({ loading: undefined });
      if (this.snapshot.current === store) this.followTaps();
    }
  }

  /**
   * Open a big session by its count and outline; its rows come as they are shown (EntryWindow).
   * A live one is then followed from the newest entry the answers covered. False when the proxy
   * cannot (a session kept in memory only): the session is then replayed whole.
   */
  private async openWindowed(store: SessionStore, isLive: boolean): Promise<boolean> {
    const opened = await this.windowOf(store.sessionId);
    if (!opened) return false;
    await store.openWindowed(opened.window, opened.outline, isLive ? opened.lastSeq : undefined);
    return true;
  }

  /**
   * A live session that has reached WINDOWED_MIN_ENTRIES goes on windowed: the page lets go of its
   * log and reads the rows shown from the proxy, so a day-long session costs the page what a fresh one does.
   */
  private async windowLive(store: SessionStore): Promise<void> {
    this.windowing.add(store);
    const opened = await this.windowOf(store.sessionId);
    // Not windowed (no data folder): it stays whole, as it did before there were windows.
    if (opened && !store.isWindowed) store.windowLive(opened.window);
  }

  /** The window over a session's file, or undefined when the proxy cannot query it. */
  private async windowOf(sessionId: string): Promise<{ window: EntryWindow; outline: LogEvent[]; lastSeq: number } | undefined> {
    try {
      // Fetched when the first big session opens: the page's first paint needs neither the window nor its schemas.
      const [{ EntryWindow }, { QueryResultSchemas }] = await Promise.all([import('./entry-window'), import('@wire/queries')]);
      const opened = QueryResultSchemas['open-entries'].safeParse(await this.connection.send('open-entries', { sessionId }));
      if (!opened.success) return undefined;
      const window = new EntryWindow(
        {
          read: (range) => this.connection.send('read-entries', { sessionId, ...range }),
          find: (filter, offset) => this.connection.send('find-entries', { sessionId, filter, offset }),
          calls: (offset) => this.connection.send('list-calls', { sessionId, offset }),
        },
        opened.data.lastSeq,
        opened.data.methods,
      );
      return { window, outline: opened.data.outline, lastSeq: opened.data.lastSeq };
    } catch {
      // Refused (no data folder) or the socket dropped: the session is shown whole instead.
      return undefined;
    }
  }

  private onPush(push: ServerPush): void {
    switch (push.type) {
      case 'sessions': {
        this.set({ sessions: push.sessions });
        // The shown session was deleted: show the newest one instead.
        if (this.snapshot.current && !push.sessions.some((s) => s.sessionId === this.snapshot.current?.sessionId)) {
          this.chosen = false;
          this.picked = undefined;
          this.set({ current: undefined });
        }
        const pick = this.chosen ? undefined : autoPick(push.sessions, this.snapshot.current ? this.picked : undefined);
        if (pick) {
          this.picked = pick;
          this.show(pick.sessionId);
        }
        this.followTaps();
        return;
      }
      case 'configured':
        this.set({ configured: push.configured });
        return;
      case 'standing-rules':
        this.set({ standingRules: push.rules });
        return;
      case 'events': {
        const list = this.queued.get(push.sessionId) ?? [];
        list.push(...push.events);
        this.queued.set(push.sessionId, list);
        this.scheduleFlush(push.events.some(isForThePerson));
        return;
      }
      default:
        return;
    }
  }

  /**
   * `isUrgent`: the events hold what a person is waiting for (a request to answer, a call's outcome):
   * shown at once, with whatever was queued before it. Everything else waits for the next frame, so a
   * burst is one render and a form or a result that follows a call's start (its log rows, its card)
   * by a few milliseconds is not held behind that start's render and the frame drawing it.
   */
  private scheduleFlush(isUrgent = false): void {
    if (isUrgent && !this.replaying) {
      if (this.flushHandle === -1) return;
      this.cancelFlush?.();
      this.cancelFlush = undefined;
      this.flushHandle = -1;
      queueMicrotask(() => this.flushNow());
      return;
    }
    if (this.flushHandle !== undefined) return;
    if (this.replaying) {
      const timeout = window.setTimeout(() => this.flushNow(), 250);
      this.flushHandle = timeout;
      this.cancelFlush = () => clearTimeout(timeout);
      return;
    }
    // rAF pauses in background tabs; the timeout keeps the model current there too.
    const raf = requestAnimationFrame(() => this.flushNow());
    const timeout = window.setTimeout(() => this.flushNow(), 250);
    this.flushHandle = raf;
    this.cancelFlush = () => {
      cancelAnimationFrame(raf);
      clearTimeout(timeout);
    };
  }

  private flushNow(): void {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    this.flushHandle = undefined;
    const queued = this.queued;
    this.queued = new Map();
    const current = this.snapshot.current;
    const events = current && queued.get(current.sessionId);
    if (!current || !events) return;
    const replaying = this.replaying === current;
    const { gap } = current.apply(events, !replaying);
    // Entries went missing on the way (a dropped connection mid-replay): ask again from the last one held.
    if (gap && !replaying) void this.follow(current);
    if (replaying) this.set({ loading: current.lastSeq });
    else this.warmSearchWhenIdle(current);
    if (!replaying && current.isDueForWindow && !this.windowing.has(current)) void this.windowLive(current);
  }

  /** Prepare the log's search text in idle time, so the first search over a long session is as quick as the next. */
  private warmSearchWhenIdle(store: SessionStore): void {
    if (this.warming || typeof requestIdleCallback !== 'function') return;
    this.warming = true;
    const step = (deadline: IdleDeadline) => {
      const { events, index } = store.getSnapshot();
      const done = index.warmSearch(events, () => deadline.timeRemaining() > 2);
      if (done || this.snapshot.current !== store) this.warming = false;
      else requestIdleCallback(step);
    };
    requestIdleCallback(step);
  }

  private set(patch: Partial<AppSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** What a person is waiting to see: a request to answer, and a call's outcome. */
function isForThePerson(event: LogEvent): boolean {
  return event.kind === 'elicitation' || event.kind === 'call-end';
}

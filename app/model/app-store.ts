import type { ServerPush, SessionSummary } from '@wire/commands';
import type { LogEvent } from '@wire/events';
import { InspectorConnection, type SocketState } from './connection';
import { SessionStore } from './session-store';

/** A request from one panel to show something in another (features never import each other). */
export type Reveal = { id: number } & ({ logSearch: string } | { elicitationKey: string } | { logSeq: number });

export type AppSnapshot = {
  socket: SocketState;
  sessions: SessionSummary[];
  /** The session this page shows. */
  current: SessionStore | undefined;
  /** The latest reveal request; panels act on ids they have not seen. */
  reveal: Reveal | undefined;
};

/**
 * The page's top-level state: the socket to the proxy, the list of sessions, and
 * the one this page is watching. Incoming events are applied once per animation
 * frame, so a burst of thousands costs one render.
 */
export class AppStore {
  readonly connection: InspectorConnection;
  private snapshot: AppSnapshot = { socket: 'connecting', sessions: [], current: undefined, reveal: undefined };
  private revealId = 0;
  private readonly listeners = new Set<() => void>();
  private queued = new Map<string, LogEvent[]>();
  private flushHandle: number | undefined;
  /** Set when the person picks or creates a session, so the sessions list no longer decides. */
  private chosen = false;

  constructor(token: string) {
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
  reveal(target: { logSearch: string } | { elicitationKey: string } | { logSeq: number }): void {
    this.set({ reveal: { id: ++this.revealId, ...target } });
  }

  /** Show a session (and follow its log). */
  watch(sessionId: string): void {
    this.chosen = true;
    if (this.snapshot.current?.sessionId === sessionId) return;
    const store = new SessionStore(sessionId);
    this.set({ current: store });
    void this.follow(store);
  }

  private async follow(store: SessionStore): Promise<void> {
    try {
      await this.connection.send('subscribe', { sessionId: store.sessionId, afterSeq: store.lastSeq });
    } catch {
      // The socket dropped mid-request; the reconnect handler subscribes again.
    }
  }

  private onPush(push: ServerPush): void {
    switch (push.type) {
      case 'sessions': {
        this.set({ sessions: push.sessions });
        if (!this.chosen && !this.snapshot.current && push.sessions.length) {
          const live = push.sessions.find((s) => s.isLive) ?? push.sessions[0];
          const store = new SessionStore(live.sessionId);
          this.set({ current: store });
          void this.follow(store);
        }
        return;
      }
      case 'events': {
        const list = this.queued.get(push.sessionId) ?? [];
        list.push(...push.events);
        this.queued.set(push.sessionId, list);
        this.scheduleFlush();
        return;
      }
      default:
        return;
    }
  }

  private scheduleFlush(): void {
    if (this.flushHandle !== undefined) return;
    const flush = () => {
      this.flushHandle = undefined;
      const queued = this.queued;
      this.queued = new Map();
      const current = this.snapshot.current;
      if (current) {
        const events = queued.get(current.sessionId);
        if (events) current.apply(events);
      }
    };
    // rAF pauses in background tabs; the timeout keeps the model current there too.
    const raf = requestAnimationFrame(() => {
      clearTimeout(timeout);
      flush();
    });
    const timeout = window.setTimeout(() => {
      cancelAnimationFrame(raf);
      flush();
    }, 250);
    this.flushHandle = raf;
  }

  private set(patch: Partial<AppSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/**
 * One session's state, derived from its event stream and nothing else. Events
 * arrive in batches; each batch produces a new snapshot (new arrays for what
 * changed), so React can compare by reference. No React in here.
 */
import type { EventOf, LogEvent } from '@wire/events';
import type { SessionSettings, TargetSummary } from '@wire/target';
import type { EntryWindow } from './entry-window';
import { LogIndex } from './log-index';
import { StoryIndex } from './story-index';

export type ToolInfo = {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** 2025-11-25: `taskSupport` says whether the tool may be called as a task. */
  execution?: Record<string, unknown>;
};

export type StatusView = {
  state: 'connecting' | 'ready' | 'closed';
  target?: TargetSummary;
  settings?: SessionSettings;
  clientCapabilities?: Record<string, unknown>;
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  serverInfo?: { name: string; version?: string; title?: string };
  serverCapabilities?: Record<string, unknown>;
  instructions?: string;
  closed?: EventOf<'session-state'> & { state: 'closed' };
  startedAt?: number;
};

export type RoundView = { round: number; rpcId: string | number; at: number; reason: EventOf<'call-round'>['reason']; seq: number };

export type CallView = {
  callId: string;
  method: EventOf<'call-start'>['method'];
  name: string;
  arguments?: Record<string, unknown>;
  startedAt: number;
  startSeq: number;
  timeoutMs: number;
  rounds: RoundView[];
  timer?: { deadlineAt: number | null; remainingMs: number; suspended: boolean; at: number };
  end?: EventOf<'call-end'>;
  elicitationKeys: string[];
  /** Set when the call runs as a task on the server, or else a form it asked for runs as a task here: its latest status. */
  task?: EventOf<'task-status'>;
};

export type ElicitationView = {
  key: string;
  callId?: string;
  origin: EventOf<'elicitation'>['origin'];
  mode: EventOf<'elicitation'>['mode'];
  params: Record<string, unknown>;
  serverName: string;
  requestedAt: number;
  seq: number;
  findings: EventOf<'elicitation'>['findings'] & {};
  end?: EventOf<'elicitation-end'>;
  actions: EventOf<'action'>[];
  completion?: EventOf<'url-complete'>;
  /** The response rule that took this request, when one did (it answers now, later, or never). */
  ruleMatch?: EventOf<'rule-match'>;
  /** Set when the server asked for this elicitation as a task (2025-11-25): its latest status. */
  task?: EventOf<'task-status'>;
  /** SEP-2643: the authorization denial this URL elicitation remedies (the Authorization denials setting). */
  authorization?: EventOf<'elicitation'>['authorization'];
};

export type SessionSnapshot = {
  sessionId: string;
  /** All events so far. The array grows in place; `eventCount` changes with it. */
  events: readonly LogEvent[];
  eventCount: number;
  lastSeq: number;
  status: StatusView;
  tools: ToolInfo[];
  calls: CallView[];
  elicitations: ElicitationView[];
  findings: EventOf<'finding'>[];
  /** Incremental indexes over `events` (request/response pairs, search text). */
  index: LogIndex;
  /** Which entries belong to which call and which elicitation. */
  story: StoryIndex;
  /**
   * Set for a big recorded session opened without its log: `events` then holds only its
   * outline, and the rows, their correlation and filters come from the proxy through this.
   */
  window?: EntryWindow;
  /** For a windowed session: how many of its calls the page has (newest first, a page at a time) of how many. */
  windowCalls?: WindowCalls;
};

export type WindowCalls = { loaded: number; total: number | undefined; isLoading: boolean; problem?: string; loadOlder: () => void };

export class SessionStore {
  readonly sessionId: string;
  private readonly events: LogEvent[] = [];
  private readonly index = new LogIndex();
  private readonly story = new StoryIndex();
  private status: StatusView = { state: 'connecting' };
  private tools: ToolInfo[] = [];
  private readonly calls = new Map<string, CallView>();
  private readonly elicitations = new Map<string, ElicitationView>();
  private findings: EventOf<'finding'>[] = [];
  private snapshot: SessionSnapshot;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private window: EntryWindow | undefined;
  private windowCalls: WindowCalls | undefined;

  constructor(sessionId: string) {
    this.sessionId = sessionId;
    this.snapshot = this.makeSnapshot();
  }

  get lastSeq(): number {
    return this.events.at(-1)?.seq ?? 0;
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
      this.events.push(event);
      this.index.add(event, event.at, this.events);
      this.story.add(event);
      this.reduce(event);
      changed = true;
    }
    if (changed) this.dirty = true;
    if (publish) this.publish();
    return { gap };
  }

  get isWindowed(): boolean {
    return this.window !== undefined;
  }

  /**
   * Show a big recorded session without its log: its outline (session-state and tools
   * entries) sets the status and the tools; the window brings rows as they are shown.
   */
  openWindowed(window: EntryWindow, outline: readonly LogEvent[]): void {
    this.window = window;
    for (const event of outline) this.reduce(event);
    for (const method of window.methods) this.index.methods.add(method);
    this.windowCalls = { loaded: 0, total: undefined, isLoading: false, loadOlder: () => void this.loadOlderCalls() };
    this.dirty = true;
    this.publish();
    void this.loadOlderCalls();
  }

  /**
   * The next page of a windowed session's calls, as outlines from the proxy: the calls list, the
   * elicitations and their answers come back without the log (the page holds a few entries a call).
   */
  private async loadOlderCalls(): Promise<void> {
    const state = this.windowCalls;
    if (!this.window || !state || state.isLoading || (state.total !== undefined && state.loaded >= state.total)) return;
    this.setWindowCalls({ isLoading: true, problem: undefined });
    try {
      const page = await this.window.listCalls(state.loaded);
      for (const event of page.outline) this.reduce(event);
      this.setWindowCalls({ loaded: state.loaded + page.count, total: page.total, isLoading: false });
    } catch (error) {
      this.setWindowCalls({ isLoading: false, problem: `Could not list the calls: ${error instanceof Error ? error.message : String(error)}` });
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

  private reduce(event: LogEvent): void {
    switch (event.kind) {
      case 'session-state':
        if (event.state === 'connecting') {
          this.status = {
            state: 'connecting',
            target: event.target,
            settings: event.settings,
            clientCapabilities: event.clientCapabilities,
            startedAt: event.at,
          };
        } else if (event.state === 'ready') {
          this.status = {
            ...this.status,
            state: 'ready',
            protocolVersion: event.protocolVersion,
            era: event.era,
            serverInfo: event.serverInfo,
            serverCapabilities: event.serverCapabilities,
            instructions: event.instructions,
          };
        } else {
          this.status = { ...this.status, state: 'closed', closed: event };
        }
        return;
      case 'tools':
        this.tools = event.tools as ToolInfo[];
        return;
      case 'call-start':
        this.calls.set(event.callId, {
          callId: event.callId,
          method: event.method,
          name: event.name,
          arguments: event.arguments,
          startedAt: event.at,
          startSeq: event.seq,
          timeoutMs: event.timeoutMs,
          rounds: [],
          elicitationKeys: [],
        });
        return;
      case 'call-round':
        this.updateCall(event.callId, (call) => ({
          ...call,
          rounds: [...call.rounds, { round: event.round, rpcId: event.rpcId, at: event.at, reason: event.reason, seq: event.seq }],
        }));
        return;
      case 'call-timer':
        this.updateCall(event.callId, (call) => ({
          ...call,
          timer: { deadlineAt: event.deadlineAt, remainingMs: event.remainingMs, suspended: event.suspended, at: event.at },
        }));
        return;
      case 'call-end':
        this.updateCall(event.callId, (call) => ({ ...call, end: event }));
        return;
      case 'elicitation':
        this.elicitations.set(event.key, {
          key: event.key,
          callId: event.callId,
          origin: event.origin,
          mode: event.mode,
          params: event.params,
          serverName: event.serverName,
          requestedAt: event.at,
          seq: event.seq,
          findings: event.findings ?? [],
          actions: [],
          ...(event.authorization && { authorization: event.authorization }),
        });
        if (event.callId) this.updateCall(event.callId, (call) => ({ ...call, elicitationKeys: [...call.elicitationKeys, event.key] }));
        return;
      case 'elicitation-end':
        this.updateElicitation(event.key, (e) => ({ ...e, end: event }));
        return;
      case 'url-complete':
        this.updateElicitation(event.key, (e) => ({ ...e, completion: event }));
        return;
      case 'action':
        if (event.key) this.updateElicitation(event.key, (e) => ({ ...e, actions: [...e.actions, event] }));
        return;
      case 'rule-match':
        this.updateElicitation(event.key, (e) => ({ ...e, ruleMatch: event }));
        return;
      case 'task-status':
        if (event.key) this.updateElicitation(event.key, (e) => ({ ...e, task: event }));
        // A form run as a task shows on its call too, where it stays once answered; a task the server runs
        // for the call itself comes first there.
        if (event.callId)
          this.updateCall(event.callId, (call) => (call.task?.runner === 'server' && event.runner === 'client' ? call : { ...call, task: event }));
        return;
      case 'finding':
        this.findings = [...this.findings, event];
        // A finding logged after the request (a rule's content that failed its schema) shows on it too.
        if (event.key)
          this.updateElicitation(event.key, (e) => ({
            ...e,
            findings: [...e.findings, { code: event.code, severity: event.severity, message: event.message }],
          }));
        return;
      default:
        return;
    }
  }

  private updateCall(callId: string, update: (call: CallView) => CallView): void {
    const call = this.calls.get(callId);
    if (call) this.calls.set(callId, update(call));
  }

  private updateElicitation(key: string, update: (e: ElicitationView) => ElicitationView): void {
    const e = this.elicitations.get(key);
    if (e) this.elicitations.set(key, update(e));
  }

  private makeSnapshot(): SessionSnapshot {
    return {
      sessionId: this.sessionId,
      events: this.events,
      eventCount: this.window ? this.window.total : this.events.length,
      lastSeq: this.window ? this.window.total : this.lastSeq,
      status: this.status,
      tools: this.tools,
      // A windowed session's calls arrive newest page first: in seq order again, as the views expect.
      calls: this.window ? [...this.calls.values()].sort((a, b) => a.startSeq - b.startSeq) : [...this.calls.values()],
      elicitations: this.window ? [...this.elicitations.values()].sort((a, b) => a.seq - b.seq) : [...this.elicitations.values()],
      findings: this.findings,
      index: this.index,
      story: this.story,
      ...(this.window && { window: this.window }),
      ...(this.windowCalls && { windowCalls: this.windowCalls }),
    };
  }
}

/** Elicitations still waiting on the person, oldest first. */
export function pendingElicitations(snapshot: SessionSnapshot): ElicitationView[] {
  return snapshot.elicitations.filter((e) => !e.end);
}

/** A call is waiting on the person while one of its elicitations is pending. */
export function isWaitingOnPerson(call: CallView, snapshot: SessionSnapshot): boolean {
  return !call.end && snapshot.elicitations.some((e) => e.callId === call.callId && !e.end);
}

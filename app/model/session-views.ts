/**
 * What a session's events say, folded into views: its status, tools, calls, elicitations and
 * findings. The store feeds it every event it is sent; a live session whose log is windowed keeps
 * only its newest calls here (`trim`), the older ones are listed from the proxy when asked for.
 */
import type { EventOf, LogEvent } from '@wire/events';
import type { SessionSettings, TargetSummary } from '@wire/target';
import { withRuleAnswer, type RuleStats } from './rule-answers';

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
  /** A stdio tap's hold (Hold and answer here) is on: the server's elicitations are answered here, not by the host. */
  isHolding?: boolean;
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
  /** A tapped session's request the tap holds from the host: answered here. Cleared when the hold let it go to the host. */
  isHeld?: boolean;
};

/** Findings kept by a windowed live session: the newest, as its calls are. */
const FINDINGS_KEPT = 200;

export class SessionViews {
  status: StatusView = { state: 'connecting' };
  tools: ToolInfo[] = [];
  /** A `tools` entry came: the inspector's own listing, or in a tapped session the server's answer to the host's `tools/list`. */
  hasToolList = false;
  readonly calls = new Map<string, CallView>();
  readonly elicitations = new Map<string, ElicitationView>();
  findings: EventOf<'finding'>[] = [];
  /** Each rule's answers so far, by ruleStatsKey. */
  ruleStats: ReadonlyMap<string, RuleStats> = new Map();

  reduce(event: LogEvent): void {
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
        this.hasToolList = true;
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
          ...(event.held && { isHeld: true }),
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
        this.ruleStats = withRuleAnswer(this.ruleStats, event);
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
      case 'tap-hold':
        this.status = { ...this.status, isHolding: event.isOn };
        for (const key of event.released ?? []) this.updateElicitation(key, (e) => ({ ...e, isHeld: false }));
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

  /**
   * Let go of the oldest calls past `keep`, with their elicitations (and the oldest elicitations made
   * outside a call past as many): never one still running or waiting on the person. The map keeps
   * insertion order, which is seq order for the live part; a page of older calls is sorted by the snapshot.
   */
  trim(keep: number): void {
    const byAge = [...this.calls.values()].sort((a, b) => a.startSeq - b.startSeq);
    const isPending = (key: string) => this.elicitations.get(key)?.end === undefined;
    for (const call of byAge.slice(0, Math.max(0, byAge.length - keep))) {
      if (!call.end || call.elicitationKeys.some(isPending)) continue;
      this.calls.delete(call.callId);
      for (const key of call.elicitationKeys) this.elicitations.delete(key);
    }
    const loose = [...this.elicitations.values()].filter((e) => !e.callId && e.end);
    for (const e of loose.slice(0, Math.max(0, loose.length - keep))) this.elicitations.delete(e.key);
    if (this.findings.length > FINDINGS_KEPT) this.findings = this.findings.slice(-FINDINGS_KEPT);
  }
}

/**
 * What a session's log means, worked out in one place: its status, its calls with
 * their rounds (each request, its response or cancel), the server's requests
 * (elicitations, sampling) with who answered them and how, URL flows, tasks and
 * findings, and where each call's time went. Every view and export reads this:
 * the page's lists, story and Timeline, `diff`, the OTLP and spec exports, Save as
 * scenario and the audit. Where a call's time went is `timeOfCall` in call-time.ts, read from it.
 *
 * It folds entries as they arrive (`add`) and can be built from a whole file or
 * from one call's story (`SessionModel.of`). Objects it hands out are never
 * changed afterwards: a change makes a new call or elicitation, so a view can
 * compare by reference. No Node or DOM globals: the page and the proxy share it.
 */
import type { EventOf, LogEvent } from './events';
import { idKey } from './story-index';
import type { SessionSettings, TargetSummary } from './target';

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
  closed?: Extract<EventOf<'session-state'>, { state: 'closed' }>;
  startedAt?: number;
};

/** A message's moment in the log. */
export type Moment = { at: number; seq: number };

/** How the server answered one round's request. */
export type RoundResponse = Moment & {
  kind: 'result' | 'input-required' | 'tool-error' | 'error';
  /** A 2026-07-28 `input_required` result that carried a `requestState` to send back. */
  hasRequestState: boolean;
};

export type RoundView = {
  round: number;
  rpcId: string | number;
  /** When the call-round entry was logged (just after its request went out). */
  at: number;
  reason: EventOf<'call-round'>['reason'];
  seq: number;
  /** Our request, as it went out: its method and moment (absent when the log lost it). */
  request?: Moment & { method?: string };
  /** The server's first response to it. */
  response?: RoundResponse;
  /** A `notifications/cancelled` we sent for it. */
  cancel?: Moment;
};

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
  /** The elicitations the call caused, in the order asked. */
  elicitationKeys: string[];
  /** The codes of the findings about this call or its elicitations, each once, in the order found. */
  findingCodes: string[];
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
  findings: NonNullable<EventOf<'elicitation'>['findings']>;
  end?: EventOf<'elicitation-end'>;
  actions: EventOf<'action'>[];
  /** The answer that counted: the first accept, decline or cancel, by whoever gave it. */
  answer?: EventOf<'action'>;
  completion?: EventOf<'url-complete'>;
  /** A pushed request (2025 `elicitation/create`, `sampling/createMessage`): when it came in and when our reply went out. */
  push?: { request?: Moment; reply?: Moment };
  /** The response rule that took this request, when one did (it answers now, later, or never). */
  ruleMatch?: EventOf<'rule-match'>;
  /** Set when the server asked for this elicitation as a task (2025-11-25): its latest status. */
  task?: EventOf<'task-status'>;
  /** SEP-2643: the authorization denial this URL elicitation remedies (the Authorization denials setting). */
  authorization?: EventOf<'elicitation'>['authorization'];
  /** A tapped session's request the tap holds from the host: answered here. Cleared when the hold let it go to the host. */
  isHeld?: boolean;
};

const ANSWERS = new Set(['accept', 'decline', 'cancel']);

export class SessionModel {
  status: StatusView = { state: 'connecting' };
  tools: ToolInfo[] = [];
  /** A `tools` entry came: the inspector's own listing, or in a tapped session the server's answer to the host's `tools/list`. */
  hasToolList = false;
  readonly calls = new Map<string, CallView>();
  readonly elicitations = new Map<string, ElicitationView>();
  findings: EventOf<'finding'>[] = [];
  /** The newest moment in the log: where a call the log ends before stops. */
  lastAt = 0;

  /** Our requests not yet tied to a round (a round is logged just after its request), by id. */
  private readonly sentRequests = new Map<string, Moment & { method?: string }>();
  /** Each round's request id → its call, until the server answers it. */
  private readonly roundOfRpc = new Map<string, { callId: string; round: number }>();
  /** The server's requests not yet tied to an elicitation, by id; then their elicitation, until our reply. */
  private readonly pushedRequests = new Map<string, Moment>();
  private readonly flowOfPush = new Map<string, string>();
  /** Elicitations no call could be tied to, in the order asked: each counts in the calls running then (waitedOnBy). */
  private readonly untied: { seq: number; key: string }[] = [];

  /** A model of these entries, in seq order: a whole session, or the story of one call. */
  static of(events: Iterable<LogEvent>): SessionModel {
    const model = new SessionModel();
    for (const event of events) model.add(event);
    return model;
  }

  add(event: LogEvent): void {
    if (Number.isFinite(event.at) && event.at > this.lastAt) this.lastAt = event.at;
    switch (event.kind) {
      case 'session-state':
        return this.addState(event);
      case 'tools':
        this.tools = event.tools as ToolInfo[];
        this.hasToolList = true;
        return;
      case 'rpc-out':
      case 'rpc-in':
        return this.addMessage(event);
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
          findingCodes: [],
        });
        return;
      case 'call-round': {
        const key = idKey(event.rpcId);
        const request = this.sentRequests.get(key);
        this.sentRequests.delete(key);
        this.roundOfRpc.set(key, { callId: event.callId, round: event.round });
        const round: RoundView = { round: event.round, rpcId: event.rpcId, at: event.at, reason: event.reason, seq: event.seq, ...(request && { request }) };
        this.updateCall(event.callId, (call) => ({ ...call, rounds: [...call.rounds, round] }));
        return;
      }
      case 'call-timer':
        this.updateCall(event.callId, (call) => ({
          ...call,
          timer: { deadlineAt: event.deadlineAt, remainingMs: event.remainingMs, suspended: event.suspended, at: event.at },
        }));
        return;
      case 'call-end':
        // The first end counts: a log that says twice keeps the call as it first ended.
        this.updateCall(event.callId, (call) => (call.end ? call : { ...call, end: event }));
        return;
      case 'elicitation':
        return this.addElicitation(event);
      case 'elicitation-end':
        this.updateElicitation(event.key, (e) => (e.end ? e : { ...e, end: event }));
        return;
      case 'url-complete':
        this.updateElicitation(event.key, (e) => (e.completion ? e : { ...e, completion: event }));
        return;
      case 'action':
        if (event.key)
          this.updateElicitation(event.key, (e) => ({
            ...e,
            actions: [...e.actions, event],
            ...(!e.answer && ANSWERS.has(event.action) && { answer: event }),
          }));
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
        return this.addFinding(event);
      default:
        return;
    }
  }

  /** The elicitations a call waited on: its own, then those no call could be tied to that were asked while it ran. */
  waitedOnBy(call: CallView): ElicitationView[] {
    // One of the calls running waited on that person (over stdio, with two calls waiting on the server, a request
    // names no call), so each call that ran then counts the wait, as its story shows it (story-index.ts).
    const endSeq = call.end?.seq ?? Infinity;
    const untied = this.untied.filter(({ seq }) => seq > call.startSeq && seq < endSeq).map(({ key }) => key);
    return [...call.elicitationKeys, ...untied].flatMap((key) => this.elicitations.get(key) ?? []);
  }

  /** The elicitations a call caused, in the order asked. */
  elicitationsOf(call: CallView): ElicitationView[] {
    return call.elicitationKeys.flatMap((key) => this.elicitations.get(key) ?? []);
  }

  protected updateCall(callId: string, update: (call: CallView) => CallView): void {
    const call = this.calls.get(callId);
    if (call) this.calls.set(callId, update(call));
  }

  protected updateElicitation(key: string, update: (e: ElicitationView) => ElicitationView): void {
    const e = this.elicitations.get(key);
    if (e) this.elicitations.set(key, update(e));
  }

  /** Let go of a call and what only it needed (a windowed page keeps its newest calls). */
  protected forgetCall(callId: string): void {
    const call = this.calls.get(callId);
    if (!call) return;
    this.calls.delete(callId);
    for (const round of call.rounds) this.roundOfRpc.delete(idKey(round.rpcId));
    for (const key of call.elicitationKeys) this.forgetElicitation(key);
  }

  protected forgetElicitation(key: string): void {
    const e = this.elicitations.get(key);
    this.elicitations.delete(key);
    if (e?.origin.kind === 'push') this.flowOfPush.delete(idKey(e.origin.rpcId));
  }

  private addState(event: EventOf<'session-state'>): void {
    if (event.state === 'connecting') {
      this.status = { state: 'connecting', target: event.target, settings: event.settings, clientCapabilities: event.clientCapabilities, startedAt: event.at };
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
  }

  private addElicitation(event: EventOf<'elicitation'>): void {
    let push: ElicitationView['push'];
    if (event.origin.kind === 'push') {
      const key = idKey(event.origin.rpcId);
      const request = this.pushedRequests.get(key);
      this.pushedRequests.delete(key);
      this.flowOfPush.set(key, event.key);
      push = request ? { request } : {};
    }
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
      ...(push && { push }),
      ...(event.authorization && { authorization: event.authorization }),
      ...(event.held && { isHeld: true }),
    });
    const codes = (event.findings ?? []).map((f) => f.code);
    if (event.callId) {
      this.updateCall(event.callId, (call) => ({
        ...call,
        elicitationKeys: [...call.elicitationKeys, event.key],
        findingCodes: withCodes(call.findingCodes, codes),
      }));
    } else this.untied.push({ seq: event.seq, key: event.key });
  }

  private addFinding(event: EventOf<'finding'>): void {
    // Appended in place: a file of a million findings is read in one pass (a view that compares by reference copies it).
    this.findings.push(event);
    // A finding logged after the request (a rule's content that failed its schema) shows on it too.
    if (event.key)
      this.updateElicitation(event.key, (e) => ({ ...e, findings: [...e.findings, { code: event.code, severity: event.severity, message: event.message }] }));
    const callId = event.callId ?? (event.key === undefined ? undefined : this.elicitations.get(event.key)?.callId);
    if (callId) this.updateCall(callId, (call) => ({ ...call, findingCodes: withCodes(call.findingCodes, [event.code]) }));
  }

  private addMessage(event: EventOf<'rpc-out'> | EventOf<'rpc-in'>): void {
    const { message } = event;
    const isOurs = event.kind === 'rpc-out';
    const method = typeof message.method === 'string' ? message.method : undefined;
    const hasId = message.id !== undefined && message.id !== null;
    const moment = { at: event.at, seq: event.seq };
    if (method && hasId) {
      const key = idKey(message.id);
      if (isOurs) {
        if (!this.sentRequests.has(key)) this.sentRequests.set(key, { ...moment, method });
      } else if (!this.pushedRequests.has(key)) this.pushedRequests.set(key, moment);
      return;
    }
    if (hasId) {
      const key = idKey(message.id);
      if (isOurs) {
        // Our reply to a server's request.
        const flow = this.flowOfPush.get(key);
        this.flowOfPush.delete(key);
        if (flow) this.updateElicitation(flow, (e) => ({ ...e, push: { ...e.push, reply: moment } }));
        else this.pushedRequests.delete(key);
        return;
      }
      // The server's response to one of our requests: the first one counts.
      const owner = this.roundOfRpc.get(key);
      this.sentRequests.delete(key);
      if (!owner) return;
      this.roundOfRpc.delete(key);
      const response: RoundResponse = { ...moment, kind: responseKind(message), hasRequestState: hasRequestState(message.result) };
      this.updateRound(owner, (round) => ({ ...round, response }));
      return;
    }
    if (isOurs && method === 'notifications/cancelled' && isRecord(message.params) && 'requestId' in message.params) {
      const owner = this.roundOfRpc.get(idKey(message.params.requestId));
      if (owner) this.updateRound(owner, (round) => (round.cancel ? round : { ...round, cancel: moment }));
    }
  }

  private updateRound(owner: { callId: string; round: number }, update: (round: RoundView) => RoundView): void {
    this.updateCall(owner.callId, (call) => ({ ...call, rounds: call.rounds.map((r) => (r.round === owner.round ? update(r) : r)) }));
  }
}

function responseKind(message: Record<string, unknown>): RoundResponse['kind'] {
  if (message.error !== undefined) return 'error';
  const result = message.result;
  if (isRecord(result) && result.resultType === 'input_required') return 'input-required';
  if (isRecord(result) && result.isError === true) return 'tool-error';
  return 'result';
}

function hasRequestState(result: unknown): boolean {
  return isRecord(result) && result.requestState !== undefined;
}

function withCodes(codes: string[], more: readonly string[]): string[] {
  const fresh = more.filter((code, i) => !codes.includes(code) && more.indexOf(code) === i);
  return fresh.length ? [...codes, ...fresh] : codes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

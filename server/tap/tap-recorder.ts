/**
 * What a tap learns from the traffic it relays, as log entries: every message both ways
 * (`rpc-out` from the host, `rpc-in` from the server), and from them the session's states,
 * the host's calls, the server's elicitations with the host's answers, and the findings about
 * both. It only reads copies of the messages: nothing here can change what is relayed.
 */
import type { LogEvent, NewLogEvent } from '../wire/events';
import { DEFAULT_SETTINGS, type TapHost, type TargetSummary } from '../wire/target';
import { declaresAppElicitation } from '../wire/proposals';
import { checkElicitationParams, checkRequestStateEcho, stdoutNotJson, type ElicitationContext, type RaisedFinding } from '../checks/findings';
import type { InspectorEntry } from '../store/tap-control';
import { TapElicitations, type HeldAnswer } from './tap-elicitations';
import { HostRequests, MAX_PENDING_HOST_REQUESTS } from './host-requests';
import { declaredModes, handshakeOf, hostOf, isObject, rpcErrorOf, rpcIdOf } from './tap-messages';

export { MAX_PENDING_HOST_REQUESTS };

type RpcId = string | number;
type Message = Record<string, unknown>;
type CallMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/** How much of the server's stderr is held for the host's first message; past it, the session starts without the host's name. */
const MAX_EARLY_STDERR = 256 * 1024;
const CALL_METHODS = new Set<string>(['tools/call', 'prompts/get', 'resources/read']);
/** Tools kept from the pages of one listing; a server whose cursors never end grows the list no further. */
const MAX_LISTED_TOOLS = 10_000;

export type TapRecorderInit = {
  /** Append to the session's log (SessionLog.append). */
  emit: (event: NewLogEvent) => LogEvent;
  /** The server as the tap reaches it, secrets already redacted; the host is added from its first message. */
  target: TargetSummary;
  now?: () => number;
  /** The relay's hold (stdio-hold.ts), when it has one: which of the server's requests it keeps from the host. */
  hold?: { isHeld(rpcId: RpcId): boolean; forget(rpcId: RpcId): void };
};

/** Why a tapped session ended: the server exited, the host closed the connection, the tap stopped, or the host started over. */
export type TapEndReason = 'server-exit' | 'transport-closed' | 'proxy-exit' | 'replaced';

const END_REASONS: Record<TapEndReason, string> = {
  'server-exit': 'The server exited.',
  'transport-closed': 'The host closed the connection.',
  'proxy-exit': 'The tap stopped.',
  replaced: 'The host started a new connection.',
};

type OpenCall = { callId: string; method: CallMethod; round: number; name: string };

export class TapRecorder {
  private readonly emit: (event: NewLogEvent) => LogEvent;
  private readonly now: () => number;
  private readonly target: TargetSummary;
  private host: TapHost | undefined;
  private protocolVersion: string | undefined;
  private serverName = '';
  /** The tools of the host's latest listing, its pages so far added up. */
  private listedTools: Record<string, unknown>[] = [];
  /** The host's requests not yet answered, by JSON-RPC id: which handshake or call each is. */
  private readonly hostRequests = new HostRequests<OpenCall>((oldest) =>
    this.note(
      `The host has more than ${MAX_PENDING_HOST_REQUESTS} requests the server has not answered: the tap stops following the oldest (from id ${JSON.stringify(oldest)}), so their answers are relayed but not matched to them. Said once.`,
    ),
  );
  /** 2026-07-28: the calls the server answered with input_required, by method and name, until retried. */
  private readonly awaitingRetry = new Map<string, { call: OpenCall; requestState: string | undefined; keys: Map<string, string> }>();
  private readonly elicitations: TapElicitations;
  private readonly hold: TapRecorderInit['hold'];
  private nextCall = 1;
  private isClosed = false;
  /** The host closed its side (stdin): what it left unanswered was judged then, not when the server exits. */
  private isHostGone = false;
  /** The server's stderr before the host's first message (a server's "running on stdio" line), held so the first entry can still name the host. */
  private earlyStderr: string[] = [];
  private earlyStderrBytes = 0;

  constructor(init: TapRecorderInit) {
    this.emit = init.emit;
    this.now = init.now ?? Date.now;
    this.target = init.target;
    this.hold = init.hold;
    this.elicitations = new TapElicitations({
      emit: (event) => this.emit(event),
      report: (findings, about) => this.report(findings, about),
      now: this.now,
      serverName: () => this.serverName || 'the server',
    });
  }

  /** A line the host wrote to the server. */
  fromHost(text: string): void {
    this.line(text, 'host');
  }

  /** A line the server wrote to the host. */
  fromServer(text: string): void {
    this.line(text, 'server');
  }

  /** Text the server wrote on stderr (relayed to the host's stderr as well). */
  serverStderr(text: string): void {
    if (this.isClosed) return;
    if (!this.host && this.earlyStderrBytes + text.length <= MAX_EARLY_STDERR) {
      this.earlyStderr.push(text);
      this.earlyStderrBytes += text.length;
      return;
    }
    this.start(undefined);
    this.emit({ kind: 'stderr', text });
  }

  /** A message too long to keep for the record (it was relayed whole). */
  overlong(from: 'host' | 'server', bytes: number): void {
    this.start(undefined);
    this.emit({
      kind: 'proxy-error',
      error: { code: 'protocol-error', message: `A ${bytes}-byte line from the ${from} was relayed whole but is too long to record.` },
    });
  }

  /** The hold switched (on, or off with the ids of the requests it let go to the host, and why). */
  holdSwitched(isOn: boolean, released: RpcId[], reason?: string): void {
    if (this.isClosed) return;
    this.start(undefined);
    const keys = this.elicitations.released(released);
    this.emit({ kind: 'tap-hold', isOn, ...(keys.length && { released: keys }), ...(reason && { reason }) });
  }

  /** The person answered a held request: logged, then sent to the server by `send`; why not, when it was not. */
  heldAnswered(key: string, answer: HeldAnswer, send: (rpcId: RpcId, result: Record<string, unknown>) => boolean): string | undefined {
    if (this.isClosed) return 'the session is over';
    return this.elicitations.heldAnswered(key, answer, send);
  }

  /** What the inspector's rules say about a held request (a rule took it, a rule's content was refused); why not, when it is not logged. */
  inspectorEntry(event: InspectorEntry): string | undefined {
    if (this.isClosed) return 'the session is over';
    const key = 'key' in event ? event.key : undefined;
    // A rule's word about one request only while the tap holds it; one about the rules themselves (a pattern that cannot run) at any time.
    if (key !== undefined && !this.elicitations.isHeldOpen(key)) return `${key} is not a request the tap holds`;
    this.emit(event);
    return undefined;
  }

  /** Something the tap itself has to say in the record (a control line it could not read). */
  note(message: string): void {
    if (this.isClosed) return;
    this.start(undefined);
    this.emit({ kind: 'proxy-error', error: { code: 'protocol-error', message } });
  }

  /** Write the session's first entry now, when something else is to be logged before any message. */
  begin(): void {
    this.start(undefined);
  }

  /**
   * The host closed the connection (its end of stdin), now: the elicitations it leaves unanswered
   * get their finding at this moment, with the wait up to it. The server may take seconds more to
   * exit (until the host's SIGTERM, or the tap's own), and that is no part of the host's wait.
   */
  hostClosed(): void {
    if (this.isClosed || this.isHostGone) return;
    this.isHostGone = true;
    this.start(undefined);
    this.elicitations.hostGaveUp('closed', undefined, 'connection');
  }

  /**
   * The relay ended: the server exited (its code or signal), or the host closed the connection
   * first. Elicitations still unanswered are ended, with a finding when the host gave up on them.
   */
  end(how: { reason: TapEndReason; exitCode?: number | null; signal?: string | null; stderrTail?: string[] }): void {
    if (this.isClosed) return;
    this.start(undefined);
    if (how.reason === 'transport-closed') this.hostClosed();
    this.elicitations.endAll('session-closed', END_REASONS[how.reason]);
    for (const call of this.hostRequests.takeCalls()) this.emit({ kind: 'call-end', callId: call.callId, outcome: 'cancelled' });
    this.isClosed = true;
    this.emit({
      kind: 'session-state',
      state: 'closed',
      reason: how.reason,
      ...(how.exitCode !== undefined && { exitCode: how.exitCode }),
      ...(how.signal !== undefined && { signal: how.signal }),
      ...(how.stderrTail && { stderrTail: how.stderrTail }),
    });
  }

  private line(text: string, from: 'host' | 'server'): void {
    if (this.isClosed) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.start(undefined);
      this.notJson(text, from);
      return;
    }
    if (!Array.isArray(parsed)) {
      if (!isObject(parsed)) {
        this.start(undefined);
        this.notJson(text, from);
      } else if (from === 'host') this.hostMessage(parsed);
      else this.serverMessage(parsed);
      return;
    }
    // A batch (an array, which no revision since 2025-06-18 allows): each message in it is
    // recorded as if it had come alone, and what is not a message is said once for the line.
    let strays = 0;
    for (const message of parsed as unknown[]) {
      if (!isObject(message)) strays++;
      else if (from === 'host') this.hostMessage(message);
      else this.serverMessage(message);
    }
    if (parsed.length > 0 && strays === 0) return;
    this.start(undefined);
    const what = parsed.length === 0 ? 'an empty batch' : `a batch with ${strays} of its ${parsed.length} items not a JSON-RPC message`;
    this.emit({ kind: 'proxy-error', error: { code: 'protocol-error', message: `The ${from} sent ${what}: ${shorten(text)}` } });
  }

  private notJson(text: string, from: 'host' | 'server'): void {
    const shown = shorten(text);
    if (from === 'server') {
      const entry = this.emit({ kind: 'stdout', text: shown });
      this.report([stdoutNotJson()], {}, entry.seq);
      return;
    }
    this.emit({ kind: 'proxy-error', error: { code: 'protocol-error', message: `The host sent a line that is not a JSON-RPC message: ${shown}` } });
  }

  /** The first entry of the session names the target and, when the first message tells, the host. */
  private start(first: Message | undefined): void {
    if (this.host) return;
    this.host = first ? hostOf(first) : {};
    const capabilities = this.host.capabilities ?? {};
    this.emit({
      kind: 'session-state',
      state: 'connecting',
      target: { ...this.target, host: { ...this.host, relayPid: process.pid } },
      settings: { ...DEFAULT_SETTINGS, elicitation: declaredModes(capabilities) },
      clientCapabilities: capabilities,
    });
    for (const text of this.earlyStderr.splice(0)) this.emit({ kind: 'stderr', text });
  }

  private hostMessage(message: Message): void {
    this.start(message);
    const method = typeof message.method === 'string' ? message.method : undefined;
    const id = rpcIdOf(message.id);
    const params = isObject(message.params) ? message.params : {};
    const call = method && id !== undefined && CALL_METHODS.has(method) ? this.callFor(method as CallMethod, params, id) : undefined;
    this.emit({ kind: 'rpc-out', message });
    if (method === undefined) {
      // An answer to the server's own request (legacy era): the host's answer to an elicitation, for one.
      if (id !== undefined) this.elicitations.hostAnswered(id, message);
      return;
    }
    if (id !== undefined)
      this.hostRequests.follow(id, { method, ...(call && { call }), ...(method === 'tools/list' && params.cursor !== undefined && { isNextPage: true }) });
    if (method === 'notifications/cancelled') {
      const requestId = rpcIdOf(params.requestId);
      const cancelled = requestId === undefined ? undefined : this.hostRequests.get(requestId);
      if (cancelled?.call) this.elicitations.hostGaveUp('cancelled', cancelled.call.callId, cancelled.method);
    }
  }

  /** The call a host request starts, or the next round of one (a 2026-07-28 retry after input_required). */
  private callFor(method: CallMethod, params: Message, rpcId: RpcId): OpenCall {
    const name = String(method === 'resources/read' ? params.uri : params.name);
    const retryOf = this.awaitingRetry.get(`${method} ${name}`);
    if (retryOf && (params.inputResponses !== undefined || params.requestState !== undefined || retryOf.requestState !== undefined)) {
      this.awaitingRetry.delete(`${method} ${name}`);
      const call = { ...retryOf.call, round: retryOf.call.round + 1 };
      this.emit({
        kind: 'call-round',
        callId: call.callId,
        round: call.round,
        rpcId,
        reason: params.inputResponses !== undefined ? 'input-responses' : 'request-state',
      });
      const inputResponses = isObject(params.inputResponses) ? params.inputResponses : {};
      this.elicitations.hostRetried(retryOf.keys, inputResponses);
      this.report(checkRequestStateEcho(retryOf.requestState, params.requestState), { callId: call.callId });
      return call;
    }
    const call = { callId: `c${this.nextCall++}`, method, round: 1, name };
    const args = isObject(params.arguments) ? params.arguments : undefined;
    this.emit({ kind: 'action', actor: 'host', action: 'call', callId: call.callId, detail: `${method} ${name}` });
    this.emit({ kind: 'call-start', callId: call.callId, method, name, ...(args && { arguments: args }), timeoutMs: 0 });
    this.emit({ kind: 'call-round', callId: call.callId, round: 1, rpcId, reason: 'initial' });
    return call;
  }

  private serverMessage(message: Message): void {
    this.start(undefined);
    const method = typeof message.method === 'string' ? message.method : undefined;
    const id = rpcIdOf(message.id);
    const logged = this.emit({ kind: 'rpc-in', message });
    if (method === undefined) {
      if (id !== undefined) this.serverAnswered(id, message);
      return;
    }
    const params = isObject(message.params) ? message.params : {};
    if (method === 'notifications/cancelled') {
      const requestId = rpcIdOf(params.requestId);
      if (requestId !== undefined) {
        this.elicitations.serverCancelled(requestId);
        this.hold?.forget(requestId);
      }
      return;
    }
    if (method === 'notifications/elicitation/complete') return;
    if (id === undefined || method !== 'elicitation/create') return;
    const findings = checkElicitationParams(params, this.elicitationContext());
    this.report(findings, {}, logged.seq);
    this.elicitations.pushed(id, params, this.hostRequests.newestCall(), findings, this.hold?.isHeld(id) ?? false);
  }

  /** The server answered a host request: the handshake's result, or a call's. */
  private serverAnswered(id: RpcId, message: Message): void {
    const request = this.hostRequests.take(id);
    if (!request) return;
    const result = isObject(message.result) ? message.result : undefined;
    if ((request.method === 'initialize' || request.method === 'server/discover') && result) this.ready(request.method, result);
    if (request.method === 'tools/list' && result) this.toolsListed(result, request.isNextPage === true);
    const call = request.call;
    if (!call) return;
    if (result?.resultType === 'input_required') {
      const inputRequests = isObject(result.inputRequests) ? result.inputRequests : {};
      const keys = this.elicitations.inputRequired(call.callId, call.round, inputRequests, this.elicitationContext());
      const requestState = typeof result.requestState === 'string' ? result.requestState : undefined;
      this.awaitingRetry.set(`${call.method} ${call.name}`, { call, requestState, keys });
      return;
    }
    this.elicitations.endForCall(call.callId);
    if (result) this.emit({ kind: 'call-end', callId: call.callId, outcome: 'result', result });
    else this.emit({ kind: 'call-end', callId: call.callId, outcome: 'error', error: rpcErrorOf(message.error) });
  }

  private ready(method: string, result: Message): void {
    const handshake = handshakeOf(method, result, this.host?.protocolVersion);
    this.protocolVersion = handshake.protocolVersion;
    this.serverName = handshake.serverName;
    this.emit(handshake.state);
  }

  /**
   * The server's answer to the host's `tools/list`: the same `tools` entry a session the inspector
   * drives logs for its own listing, so the page and every reader of the record take the session's
   * tools from one kind of entry. A page after the first (the host sent its cursor) adds to the list.
   */
  private toolsListed(result: Message, isNextPage: boolean): void {
    if (!Array.isArray(result.tools)) return;
    // What a server sends may be anything: only entries with a name are tools.
    const page = (result.tools as unknown[]).filter((tool): tool is Message => isObject(tool) && typeof tool.name === 'string');
    const tools = isNextPage ? [...this.listedTools, ...page] : page;
    this.listedTools = tools.slice(0, MAX_LISTED_TOOLS);
    this.emit({ kind: 'tools', tools: this.listedTools });
  }

  private elicitationContext(): ElicitationContext {
    return {
      protocolVersion: this.protocolVersion ?? this.host?.protocolVersion ?? 'unknown',
      declared: declaredModes(this.host?.capabilities ?? {}),
      appElicitation: declaresAppElicitation(this.host?.capabilities),
    };
  }

  private report(findings: RaisedFinding[], about: { callId?: string; key?: string }, aboutSeq?: number): void {
    for (const finding of findings) this.emit({ kind: 'finding', ...finding, ...about, ...(aboutSeq !== undefined && { aboutSeq }) });
  }
}

function shorten(text: string): string {
  return text.length > 4000 ? `${text.slice(0, 4000)}… (${text.length - 4000} more characters)` : text;
}

/**
 * The server's elicitations in a tapped session, from the request to the host's answer: logged
 * as `elicitation`, `action` (actor `host`) and `elicitation-end` entries like a driven session's,
 * so the page tells the same story, and the host's answers judged (findings.ts). A request the
 * tap held (Hold and answer here) is answered by the person instead: actor `user`, no host checks.
 */
import type { LogEvent, NewLogEvent } from '../wire/events';
import type { RuleRef } from '../wire/rules';
import { validateContent } from '../checks/content-validation';
import { checkElicitationParams, checkHostAnswer, hostGaveUpFinding, type ElicitationContext, type RaisedFinding } from '../checks/findings';

type RpcId = string | number;

type Entry = {
  key: string;
  /** The server's JSON-RPC id, for a pushed `elicitation/create` (2025 era). */
  rpcId?: RpcId;
  callId?: string;
  mode: 'form' | 'url';
  params: Record<string, unknown>;
  askedAt: number;
  /** Set once the server withdrew it or its call ended: an answer after that is late. */
  endedBy?: 'server-cancelled' | 'call-ended';
  /** Held from the host by the tap (Hold and answer here): the inspector answers it, and the host never saw it. */
  isHeld?: boolean;
};

/** An answer the inspector sends for a held request: the person's, or a response rule's (`rule`). */
export type HeldAnswer = {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  rule?: RuleRef;
  skippedValidation?: boolean;
};

export type TapElicitationsInit = {
  emit: (event: NewLogEvent) => LogEvent;
  report: (findings: RaisedFinding[], about: { callId?: string; key?: string }) => void;
  now: () => number;
  serverName: () => string;
};

export class TapElicitations {
  /** Asked and not yet answered by the host (ended ones too, until answered: a late answer is a finding). */
  private readonly open = new Map<string, Entry>();
  private readonly byRpcId = new Map<RpcId, string>();
  private nextKey = 1;

  constructor(private readonly init: TapElicitationsInit) {}

  /** A pushed `elicitation/create` (2025 era), already logged as rpc-in with its findings. */
  pushed(rpcId: RpcId, params: Record<string, unknown>, callId: string | undefined, findings: RaisedFinding[], isHeld = false): void {
    const entry = this.ask({ kind: 'push', rpcId }, params, callId, findings, isHeld);
    entry.rpcId = rpcId;
    this.byRpcId.set(rpcId, entry.key);
  }

  /**
   * An answer to a held request, from the inspector: logged as the person's (actor `user`) or, with
   * `rule`, as that response rule's (actor `rule`, as the inspector's own sessions log a rule's answer);
   * then `send` writes it to the server. Returns why it was not sent, when it was not.
   */
  heldAnswered(key: string, answer: HeldAnswer, send: (rpcId: RpcId, result: Record<string, unknown>) => boolean): string | undefined {
    const entry = this.open.get(key);
    if (!entry?.isHeld || entry.rpcId === undefined) return `${key} is not a request the tap holds`;
    if (entry.endedBy) return `the server no longer waits for ${key}`;
    const result = { action: answer.action, ...(answer.action === 'accept' && answer.content && { content: answer.content }) };
    if (!send(entry.rpcId, result)) return `${key} is not held any more`;
    this.open.delete(key);
    this.byRpcId.delete(entry.rpcId);
    const content = answer.action === 'accept' ? answer.content : undefined;
    this.init.emit({
      kind: 'action',
      actor: answer.rule ? 'rule' : 'user',
      ...(answer.rule && { rule: answer.rule }),
      action: answer.action,
      key,
      ...(entry.callId && { callId: entry.callId }),
      ...(content && { content }),
      ...(answer.skippedValidation && answer.action === 'accept' && { skippedValidation: true }),
    });
    this.init.emit({ kind: 'rpc-out', message: { jsonrpc: '2.0', id: entry.rpcId, result } });
    this.init.emit({ kind: 'elicitation-end', key, outcome: 'answered', action: answer.action });
    return undefined;
  }

  /** Whether `key` is a request the tap holds and the server still waits for. */
  isHeldOpen(key: string): boolean {
    const entry = this.open.get(key);
    return entry?.isHeld === true && !entry.endedBy;
  }

  /** The hold went off: the held requests with these ids went to the host, which answers them from now on. Returns their keys. */
  released(rpcIds: RpcId[]): string[] {
    const keys: string[] = [];
    for (const rpcId of rpcIds) {
      const key = this.byRpcId.get(rpcId);
      const entry = key === undefined ? undefined : this.open.get(key);
      if (!entry) continue;
      entry.isHeld = false;
      keys.push(entry.key);
    }
    return keys;
  }

  /** The host answered a server request: an elicitation's result, or an error instead of one. */
  hostAnswered(rpcId: RpcId, message: Record<string, unknown>): void {
    const key = this.byRpcId.get(rpcId);
    if (key === undefined) return;
    this.byRpcId.delete(rpcId);
    const result = message.result;
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      const entry = this.open.get(key);
      this.open.delete(key);
      if (entry && !entry.endedBy) {
        const error = message.error as { message?: unknown } | undefined;
        const reason = `The host answered with an error: ${typeof error?.message === 'string' ? error.message : 'no message'}`;
        this.init.emit({ kind: 'elicitation-end', key, outcome: 'refused', reason });
      }
      return;
    }
    this.answer(key, result as Record<string, unknown>);
  }

  /** The server withdrew its request (notifications/cancelled). */
  serverCancelled(rpcId: RpcId): void {
    const key = this.byRpcId.get(rpcId);
    const entry = key === undefined ? undefined : this.open.get(key);
    if (!entry || entry.endedBy) return;
    entry.endedBy = 'server-cancelled';
    this.init.emit({ kind: 'elicitation-end', key: entry.key, outcome: 'server-cancelled', reason: 'The server cancelled the request.' });
  }

  /** A 2026-07-28 `input_required` result: each elicitation entry asked, keyed by its inputRequests key. */
  inputRequired(callId: string, round: number, inputRequests: Record<string, unknown>, ctx: ElicitationContext): Map<string, string> {
    const keys = new Map<string, string>();
    for (const [inputKey, request] of Object.entries(inputRequests)) {
      const { method, params } = (typeof request === 'object' && request !== null ? request : {}) as { method?: unknown; params?: unknown };
      if (method !== 'elicitation/create' || typeof params !== 'object' || params === null) continue;
      const asked = params as Record<string, unknown>;
      const findings = checkElicitationParams(asked, ctx);
      this.init.report(findings, { callId });
      keys.set(inputKey, this.ask({ kind: 'mrtr', round, inputKey }, asked, callId, findings).key);
    }
    return keys;
  }

  /** The host's retry after input_required: its `inputResponses` are its answers, key by key. */
  hostRetried(keys: Map<string, string>, inputResponses: Record<string, unknown>): void {
    for (const [inputKey, key] of keys) {
      const response = inputResponses[inputKey];
      if (typeof response === 'object' && response !== null && !Array.isArray(response)) this.answer(key, response as Record<string, unknown>);
      else this.end(key, 'superseded', `The host retried without an answer for "${inputKey}".`);
    }
  }

  /** The call returned: what it asked and the host never answered is over. */
  endForCall(callId: string): void {
    for (const entry of this.open.values()) {
      if (entry.callId !== callId || entry.endedBy) continue;
      entry.endedBy = 'call-ended';
      this.init.emit({ kind: 'elicitation-end', key: entry.key, outcome: 'call-ended', reason: 'The call returned before the host answered.' });
    }
  }

  /** The host stopped waiting (cancelled a call, or closed the connection): a finding for each elicitation still being asked. */
  hostGaveUp(how: 'cancelled' | 'closed', callId: string | undefined, method: string): void {
    const now = this.init.now();
    for (const entry of this.open.values()) {
      // A held request is one the host never saw: it cannot have given up on it.
      if (entry.endedBy || entry.isHeld || (callId !== undefined && entry.callId !== callId)) continue;
      this.init.report([hostGaveUpFinding(how, now - entry.askedAt, method)], { key: entry.key, ...(entry.callId && { callId: entry.callId }) });
    }
  }

  /** The session is over: every elicitation still open ends, unanswered. */
  endAll(outcome: 'session-closed', reason: string): void {
    for (const entry of [...this.open.values()]) {
      if (!entry.endedBy) this.init.emit({ kind: 'elicitation-end', key: entry.key, outcome, reason });
    }
    this.open.clear();
    this.byRpcId.clear();
  }

  private ask(origin: NewElicitation['origin'], params: Record<string, unknown>, callId: string | undefined, findings: RaisedFinding[], isHeld = false): Entry {
    const key = `e${this.nextKey++}`;
    const mode = params.mode === 'url' ? 'url' : 'form';
    const entry: Entry = { key, mode, params, askedAt: this.init.now(), ...(callId && { callId }), ...(isHeld && { isHeld }) };
    this.open.set(key, entry);
    this.init.emit({
      kind: 'elicitation',
      key,
      ...(callId && { callId }),
      origin,
      mode,
      params,
      serverName: this.init.serverName(),
      ...(findings.length && { findings }),
      ...(isHeld && { held: true }),
    });
    return entry;
  }

  private answer(key: string, result: Record<string, unknown>): void {
    const entry = this.open.get(key);
    if (!entry) return;
    this.open.delete(key);
    const action = result.action;
    const content =
      typeof result.content === 'object' && result.content !== null && !Array.isArray(result.content) ? (result.content as Record<string, unknown>) : undefined;
    const findings = checkHostAnswer(
      { mode: entry.mode, params: entry.params, action, content, waitedMs: this.init.now() - entry.askedAt, serverCancelled: entry.endedBy !== undefined },
      (schema, value) => validateContent(schema, value).map((p) => (p.path ? `${p.path} ${p.message}` : p.message)),
    );
    const isKnown = action === 'accept' || action === 'decline' || action === 'cancel';
    if (isKnown) {
      this.init.emit({ kind: 'action', actor: 'host', action, key, ...(entry.callId && { callId: entry.callId }), ...(content && { content }) });
    }
    this.init.report(findings, { key, ...(entry.callId && { callId: entry.callId }) });
    if (!entry.endedBy) {
      this.init.emit(
        isKnown
          ? { kind: 'elicitation-end', key, outcome: 'answered', action }
          : { kind: 'elicitation-end', key, outcome: 'refused', reason: `The host answered with action ${JSON.stringify(action)}.` },
      );
    }
  }

  private end(key: string, outcome: 'superseded', reason: string): void {
    const entry = this.open.get(key);
    if (!entry) return;
    this.open.delete(key);
    if (!entry.endedBy) this.init.emit({ kind: 'elicitation-end', key, outcome, reason });
  }
}

type NewElicitation = Extract<NewLogEvent, { kind: 'elicitation' }>;

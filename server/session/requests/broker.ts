import type { ElicitAction, ElicitationOrigin, EventOf, Finding, NewLogEvent, WireError } from '../../wire/events';
import type { RuleRef } from '../../wire/rules';
import { validateContent } from '../../checks/content-validation';
import { checkFileFields } from '../../checks/file-inputs';
import { samplingResultProblems } from '../../checks/sampling-checks';

export type ElicitAnswer = { action: ElicitAction; content?: Record<string, unknown> };

/** Who answers: a person, or a rule (named, so the log and the story can say which). */
export type AnswerBy = { actor: 'user' } | { actor: 'rule'; rule: RuleRef } | { actor: 'app' };

export type ElicitationRequest = {
  callId?: string;
  origin: ElicitationOrigin;
  params: Record<string, unknown>;
  /** Aborted when the server (or the call) gives up on the request. */
  signal?: AbortSignal;
  findings?: Finding[];
  /** A sampling/createMessage rather than an elicitation: answered with a whole CreateMessageResult as content. */
  kind?: 'sampling';
  /** SEP-2643: the authorization denial a URL elicitation remedies (only with the Authorization denials setting). */
  authorization?: EventOf<'elicitation'>['authorization'];
  /** SEP-2356 (the File inputs setting): the answer's `x-mcp-file` fields are checked as file inputs. */
  fileInputs?: boolean;
};

type Mode = EventOf<'elicitation'>['mode'];

type Pending = {
  key: string;
  callId?: string;
  mode: Mode;
  params: Record<string, unknown>;
  fileInputs?: boolean;
  resolve: (answer: ElicitAnswer) => void;
};

type EndOutcome = EventOf<'elicitation-end'>['outcome'];

/**
 * Holds every elicitation that waits on a person. A request becomes an
 * `elicitation` event and a promise; an answer (from a page, a script or a rule)
 * resolves it exactly once. Anything else that ends it (the server's cancel, the
 * call ending, the session closing) settles it as `cancel` and says why.
 */
export class ElicitationBroker {
  private readonly pending = new Map<string, Pending>();
  /** Server `elicitationId` → key, for URL flows whose completion may still arrive. */
  private readonly urlFlows = new Map<string, { key: string; completed: boolean }>();
  /** Every elicitation of the session, answered or not, for actions that come after the answer (opening a URL). */
  private readonly known = new Map<string, { callId?: string; mode: Mode }>();
  private readonly completionListeners = new Set<() => void>();
  private nextKey = 1;

  constructor(
    private readonly emit: (event: NewLogEvent) => void,
    private readonly serverName: () => string,
  ) {}

  request(input: ElicitationRequest): { key: string; answer: Promise<ElicitAnswer> } {
    const key = `e${this.nextKey++}`;
    const mode: Mode = input.kind ?? (input.params.mode === 'url' ? 'url' : 'form');
    const answer = new Promise<ElicitAnswer>((resolve) => {
      this.pending.set(key, { key, callId: input.callId, mode, params: input.params, fileInputs: input.fileInputs, resolve });
    });
    this.known.set(key, { callId: input.callId, mode });
    const elicitationId = input.params.elicitationId;
    if (mode === 'url' && typeof elicitationId === 'string') this.urlFlows.set(elicitationId, { key, completed: false });
    this.emit({
      kind: 'elicitation',
      key,
      callId: input.callId,
      origin: input.origin,
      mode,
      params: input.params,
      serverName: this.serverName(),
      ...(input.findings?.length && { findings: input.findings }),
      ...(input.authorization && { authorization: input.authorization }),
    });
    if (input.signal) {
      const onAbort = () => this.end(key, 'server-cancelled', describeReason(input.signal?.reason));
      if (input.signal.aborted) onAbort();
      else input.signal.addEventListener('abort', onAbort, { once: true });
    }
    return { key, answer };
  }

  info(key: string): { callId?: string; mode: Mode } | undefined {
    return this.known.get(key);
  }

  /** A pending elicitation's request params, as the server sent them; undefined once it is no longer pending. */
  pendingParams(key: string): { mode: Mode; params: Record<string, unknown> } | undefined {
    const entry = this.pending.get(key);
    return entry && { mode: entry.mode, params: entry.params };
  }

  isPending(key: string): boolean {
    return this.pending.has(key);
  }

  pendingKeys(): string[] {
    return [...this.pending.keys()];
  }

  /**
   * Answer a pending elicitation. Accepted form content is checked against the
   * requested schema first, unless the answer deliberately skips validation.
   */
  answer(key: string, answer: ElicitAnswer, options: { skipValidation?: boolean } & Partial<AnswerBy> = {}): WireError | undefined {
    const entry = this.pending.get(key);
    if (!entry) {
      return { code: 'not-found', message: `Elicitation ${key} is no longer pending: it was answered, or the server or the call ended it.` };
    }
    let content: Record<string, unknown> | undefined;
    if (answer.action === 'accept' && entry.mode === 'sampling') {
      content = answer.content ?? {};
      const problems = options.skipValidation ? [] : samplingResultProblems(content);
      if (problems.length) {
        return { code: 'validation-failed', message: `The reply is not a sampling result: ${problems.join('; ')}`, detail: problems };
      }
    } else if (answer.action === 'accept' && entry.mode === 'form') {
      // Unchecked, an accept without content goes as it is: the server's answer to that is worth testing.
      content = answer.content ?? (options.skipValidation ? undefined : {});
      const schema = entry.params.requestedSchema;
      if (!options.skipValidation && typeof schema === 'object' && schema !== null) {
        const checked = content ?? {};
        const files = entry.fileInputs ? checkFileFields(schema as Record<string, unknown>, checked) : undefined;
        const problems = [...(files?.problems ?? []), ...validateContent(files?.schema ?? (schema as Record<string, unknown>), checked)];
        if (problems.length) {
          return {
            code: 'validation-failed',
            message: `The content does not match the requested schema: ${problems.map((p) => (p.path ? `${p.path} ${p.message}` : p.message)).join('; ')}`,
            detail: problems,
          };
        }
      }
    }
    this.emit({
      kind: 'action',
      actor: options.actor ?? 'user',
      ...(options.actor === 'rule' && options.rule && { rule: options.rule }),
      action: answer.action,
      key,
      callId: entry.callId,
      ...(content && { content }),
      ...(options.skipValidation && answer.action === 'accept' && { skippedValidation: true }),
    });
    this.pending.delete(key);
    this.emit({ kind: 'elicitation-end', key, outcome: 'answered', action: answer.action });
    entry.resolve(content ? { action: answer.action, content } : { action: answer.action });
    return undefined;
  }

  /** End a pending elicitation without a person's answer; its waiter gets `cancel`. */
  end(key: string, outcome: Exclude<EndOutcome, 'answered'>, reason?: string): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    this.pending.delete(key);
    this.emit({ kind: 'elicitation-end', key, outcome, ...(reason && { reason }) });
    entry.resolve({ action: 'cancel' });
  }

  endForCall(callId: string, outcome: Exclude<EndOutcome, 'answered'>, reason?: string): void {
    for (const entry of [...this.pending.values()]) if (entry.callId === callId) this.end(entry.key, outcome, reason);
  }

  endAll(outcome: Exclude<EndOutcome, 'answered'>, reason?: string): void {
    for (const key of [...this.pending.keys()]) this.end(key, outcome, reason);
  }

  /**
   * A `notifications/elicitation/complete` arrived. Returns the key of the URL
   * flow it completes, or why it completes none (the caller logs a finding).
   */
  complete(elicitationId: string, source: 'notification' | 'person' = 'notification'): { key: string } | { problem: 'unknown' | 'duplicate' } {
    const flow = this.urlFlows.get(elicitationId);
    if (!flow) return { problem: 'unknown' };
    if (flow.completed) return { problem: 'duplicate' };
    flow.completed = true;
    this.emit({ kind: 'url-complete', key: flow.key, elicitationId, source });
    for (const listener of this.completionListeners) listener();
    return { key: flow.key };
  }

  /** The person says the URL flow `key` is done (no notification came, or none will). */
  markDone(key: string): boolean {
    for (const [elicitationId, flow] of this.urlFlows) if (flow.key === key) return 'key' in this.complete(elicitationId, 'person');
    return false;
  }

  /** Log something done about an elicitation that the server never sees. Returns false for an unknown key. */
  recordAction(key: string, action: 'open-url' | 'copy-url' | 'mark-done' | 'dismiss', by: AnswerBy): boolean {
    const info = this.known.get(key);
    if (!info) return false;
    this.emit({ kind: 'action', ...by, action, key, ...(info.callId && { callId: info.callId }) });
    if (action === 'mark-done') this.markDone(key);
    return true;
  }

  isComplete(elicitationId: string): boolean {
    return this.urlFlows.get(elicitationId)?.completed === true;
  }

  onComplete(listener: () => void): () => void {
    this.completionListeners.add(listener);
    return () => this.completionListeners.delete(listener);
  }
}

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  return 'The server cancelled the request.';
}

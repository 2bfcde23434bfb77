import { ProtocolError, SdkError, SdkErrorCode, isSpecType, specTypeSchemas, withInputRequired, type Client, type Tool } from '@modelcontextprotocol/client';
import type { AuthMark, ScopeRefusal } from '../../auth/oauth-flow';
import type { EventOf, NewLogEvent } from '../../wire/events';
import { findingOf, type RaisedFinding } from '../../wire/finding-codes';
import { SCOPE_REFUSED } from '../../wire/oauth';
import type { AuthorizationDenial } from '../../wire/proposals';
import type { SessionSettings, Target } from '../../wire/target';
import { readResultDenial } from '../../checks/authorization-denials';
import type { ElicitationBroker } from '../requests/broker';
import { CallEnded } from './call-ended';
import { runRounds, type CallHooks, type RoundReason, type RoundsHost } from './call-rounds';
import { CallTimer } from './call-timer';
import type { ElicitationContext } from '../../checks/findings';
import type { RpcId, TransportTap } from '../tap';
import type { TaskNotice } from '../tasks/server-task-notices';
import { isTaskRequested, runAsTask, type TaskCallHost } from '../tasks/task-call';

export type CallMethod = EventOf<'call-start'>['method'];
type Params = Record<string, unknown>;

/** The SDK's timers cannot be switched off; this one never fires first (setTimeout's ceiling). */
const SDK_TIMEOUT_CEILING_MS = 2 ** 31 - 1;

export type CallHost = {
  /** The server the call goes to: SEP-2792's key check remembers forms per server (localized-keys.ts). */
  readonly target?: Target;
  readonly client: Client;
  readonly era: 'legacy' | 'modern';
  readonly settings: SessionSettings;
  readonly broker: ElicitationBroker;
  readonly tap: TransportTap;
  emit(event: NewLogEvent): unknown;
  elicitationContext(): ElicitationContext;
  reportFindings(findings: RaisedFinding[], about: { callId?: string; key?: string }): RaisedFinding[];
  /** Why the connection closed, once it closed by itself (the server exited, a read limit): the SDK only says "Connection closed". */
  closeReason?(): string | undefined;
  /** The session's settings now: roots edited while the call runs are what a later round answers with. */
  currentSettings?(): SessionSettings;
  /** Follow a server task's notifications/tasks/status (tasks/server-task-notices.ts). */
  followTask(taskId: string, onNotice: (notice: TaskNotice) => void): void;
  /** The tool as the server's latest tools/list gave it, if it did. */
  toolDefinition?(name: string): Record<string, unknown> | undefined;
  /** The session's sign-in, for an HTTP or SSE server (server/auth/oauth-flow.ts). */
  oauth?: { mark(): AuthMark; scopeRefusalSince(mark: AuthMark): ScopeRefusal | undefined };
};

/**
 * Runs one `tools/call` (or `prompts/get`, `resources/read`) from first request to
 * final result: its client-side budget, each request it sends (its rounds and
 * retries are call-rounds.ts's; a call run as a task is tasks/task-call.ts's),
 * ending it from the client side, and what its end is called.
 */
export class CallRunner {
  private readonly abort = new AbortController();
  private endReason: 'timeout' | 'cancelled' | undefined;
  private readonly timer: CallTimer;
  private retryNow: (() => void) | undefined;
  /** JSON-RPC id of the request in flight, if any: pushed elicitations arriving meanwhile belong to it. */
  inFlightRpcId: RpcId | undefined;
  /** Where the sign-ins stood when the latest request was sent. */
  private authMark: AuthMark | undefined;

  constructor(
    private readonly host: CallHost,
    readonly callId: string,
    readonly method: CallMethod,
    private readonly baseParams: Params,
    private readonly onDone: () => void,
    private readonly hooks: CallHooks = {},
  ) {
    this.timer = new CallTimer(
      host.settings.requestTimeoutMs,
      (state) => host.emit({ kind: 'call-timer', callId, ...state }),
      () => this.end('timeout', `No result within ${formatMs(host.settings.requestTimeoutMs)}, the client-side timeout`),
    );
  }

  get isAwaitingServer(): boolean {
    return this.inFlightRpcId !== undefined;
  }

  cancel(): void {
    this.end('cancelled', 'Cancelled in the inspector');
  }

  /**
   * Stop the call from the client side: abort the request in flight, and settle
   * whatever the call waits on besides the server (answers a person has not given,
   * URL flows not yet complete), so the call ends now rather than when they arrive.
   */
  private end(reason: 'timeout' | 'cancelled', message: string): void {
    if (this.endReason) return;
    this.endReason = reason;
    this.abort.abort(new Error(message));
    this.host.broker.endForCall(this.callId, 'call-ended', reason === 'timeout' ? 'The call timed out.' : 'The call was cancelled.');
    this.retryNow?.();
  }

  setSuspended(suspended: boolean): void {
    if (suspended) this.timer.suspend();
    else this.timer.resume();
  }

  /** The person asked to retry now (after URL elicitations they completed). */
  retry(): boolean {
    if (!this.retryNow) return false;
    this.retryNow();
    return true;
  }

  async run(): Promise<void> {
    // Legacy: the person answers inside the request, so the budget runs for the whole call.
    // 2026-07-28: it runs only while a request is in flight (see leg()).
    if (this.host.era === 'legacy') this.timer.run();
    try {
      const result = await runRounds(this.roundsHost());
      this.finish({ outcome: 'result', result, ...this.denialOf(result) });
    } catch (error) {
      this.finish(this.describeFailure(error));
    }
  }

  /** SEP-2643: a tool's final result that denies the call on authorization grounds, read before the end is logged so its findings come first. */
  private denialOf(result: Params): { authorization?: AuthorizationDenial } {
    if (this.method !== 'tools/call') return {};
    const { denial, findings } = readResultDenial(result, this.host.currentSettings?.() ?? this.host.settings);
    if (findings.length) this.host.reportFindings(findings, { callId: this.callId });
    return denial ? { authorization: denial } : {};
  }

  private async leg(params: Params, round: number, reason: RoundReason): Promise<Params> {
    const { client, era } = this.host;
    const options = { signal: this.abort.signal, timeout: SDK_TIMEOUT_CEILING_MS, ...(era === 'modern' && { allowInputRequired: true }) };
    if (era === 'modern') this.timer.run();
    const before = this.host.tap.lastRequestId;
    this.host.tap.lastRequestId = undefined;
    this.authMark = this.host.oauth?.mark();
    const request = { method: this.method, params } as { method: 'tools/call'; params: { name: string } };
    const tool = era === 'modern' && this.method === 'tools/call' ? this.host.toolDefinition?.(request.params.name) : undefined;
    // callTool sends after awaiting its caches: its request is known by its arguments object, which the SDK passes on as is.
    const sent = tool
      ? this.host.tap.nextRequest(
          (message) => message.method === this.method && message.params?.arguments === params.arguments && message.params?.name === params.name,
        )
      : undefined;
    const promise = tool
      ? this.callListedTool(request.params, tool, options)
      : era === 'modern'
        ? client.request(request, withInputRequired(resultSchema(this.method)), options)
        : isTaskRequested(params)
          ? runAsTask(this.taskHost(), this.method, params)
          : client.request(request, resultSchema(this.method), options);
    let rpcId: RpcId | undefined;
    const noteSent = (id: RpcId) => {
      rpcId = id;
      this.host.emit({ kind: 'call-round', callId: this.callId, round, rpcId: id, reason });
      this.inFlightRpcId = id;
    };
    const sentNow = sent ? undefined : (this.host.tap.lastRequestId ?? before);
    if (sent) void sent.id.then(noteSent);
    else if (sentNow !== undefined) noteSent(sentNow);
    try {
      return await promise;
    } catch (error) {
      const untyped = isMissingResultType(error) && rpcId !== undefined ? this.completeWithoutType(rpcId) : undefined;
      if (untyped) return untyped;
      throw error;
    } finally {
      sent?.stop();
      this.inFlightRpcId = undefined;
      if (era === 'modern') this.timer.pause();
    }
  }

  /**
   * A 2026-07-28 call of a listed tool goes through callTool, so the SDK mirrors
   * its `x-mcp-header` arguments into `Mcp-Param-*` headers (SEP-2243). It is
   * given the definition without its outputSchema: callTool would check that
   * against an `input_required` round too, and request() never checked it either.
   */
  private callListedTool(params: { name: string }, tool: Record<string, unknown>, options: { signal: AbortSignal; timeout: number }): Promise<Params> {
    const { outputSchema: _checkedElsewhere, ...toolDefinition } = tool;
    return this.host.client.callTool(params, { ...options, toolDefinition: toolDefinition as Tool });
  }

  /**
   * A result without `resultType`, which the SDK refused on 2026-07-28: the spec
   * says a client MUST take an absent resultType as "complete", so the call ends
   * with what came (when it is that method's result), and a finding says the
   * server left out a field its revision requires.
   */
  private completeWithoutType(rpcId: RpcId): Params | undefined {
    const raw = this.host.tap.takeUntypedResult(rpcId);
    if (!raw || !isResultOf(this.method, raw)) return undefined;
    this.host.reportFindings(
      [
        findingOf(
          'result-type-missing',
          `The ${this.method} result has no resultType, which 2026-07-28 requires; taken as "complete", as the spec tells a client to.`,
        ),
      ],
      { callId: this.callId },
    );
    return { ...raw, resultType: 'complete' };
  }

  /** What the rounds of the call need from its runner (see call-rounds.ts). */
  private roundsHost(): RoundsHost {
    const { host } = this;
    return {
      callId: this.callId,
      ...(host.target && { target: host.target }),
      era: host.era,
      settings: host.settings,
      broker: host.broker,
      baseParams: this.baseParams,
      emit: (event) => host.emit(event),
      elicitationContext: () => host.elicitationContext(),
      reportFindings: (findings, about) => host.reportFindings(findings, about),
      currentSettings: () => host.currentSettings?.() ?? host.settings,
      leg: (params, round, reason) => this.leg(params, round, reason),
      sleep: (ms) => this.sleep(ms),
      isSignedInAfter: () => this.isSignedInAfterRefusal(),
      isEnded: () => this.endReason !== undefined,
      setRetryNow: (retryNow) => (this.retryNow = retryNow),
      hooks: this.hooks,
    };
  }

  /** What a call run as a task needs from its runner (see tasks/task-call.ts). */
  private taskHost(): TaskCallHost {
    return {
      client: this.host.client,
      callId: this.callId,
      signal: this.abort.signal,
      timeoutMs: SDK_TIMEOUT_CEILING_MS,
      emit: (event: NewLogEvent) => this.host.emit(event),
      reportFindings: (findings: RaisedFinding[], about: { callId?: string }) => this.host.reportFindings(findings, about),
      sleep: (ms: number) => this.sleep(ms),
      followTask: (taskId, onNotice) => this.host.followTask(taskId, onNotice),
    };
  }

  /** The latest request was refused for scope: wait for the sign-in it started (not the server's time), unless the call ends first. */
  private async isSignedInAfterRefusal(): Promise<boolean> {
    const refusal = this.authMark && this.host.oauth?.scopeRefusalSince(this.authMark);
    if (!refusal) return false;
    this.timer.pause();
    try {
      const ended = new Promise<boolean>((resolve) => this.abort.signal.addEventListener('abort', () => resolve(false), { once: true }));
      return await Promise.race([refusal.isSignedIn, ended]);
    } finally {
      if (this.host.era === 'legacy' && !this.endReason) this.timer.run();
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const handle = setTimeout(resolve, ms);
      this.abort.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(handle);
          resolve();
        },
        { once: true },
      );
    }).then(() => {
      if (this.endReason) throw new CallEnded('cancelled', { code: 'timeout', message: 'Cancelled' });
    });
  }

  private describeFailure(error: unknown): Omit<EventOf<'call-end'>, 'kind' | 'seq' | 'at' | 'sessionId' | 'callId'> {
    if (this.endReason === 'timeout') {
      return {
        outcome: 'timeout',
        error: {
          code: 'timeout',
          message: `No result within ${formatMs(this.host.settings.requestTimeoutMs)} (the client-side timeout); the request was cancelled.`,
        },
      };
    }
    if (this.endReason === 'cancelled') {
      return { outcome: 'cancelled', error: { code: 'sdk-error', message: 'Cancelled in the inspector; the server was sent notifications/cancelled.' } };
    }
    if (error instanceof CallEnded) return { outcome: error.outcome, error: error.wireError };
    const refusal = this.authMark && this.host.oauth?.scopeRefusalSince(this.authMark);
    if (refusal) {
      const scope = refusal.scopeAsked ? `, asking for ${refusal.scopeAsked}` : '';
      return {
        outcome: 'error',
        error: {
          code: 'unauthorized',
          message: `Scope refused: the server answered HTTP 403 insufficient_scope${scope}, and no sign-in granted it (see the Sign-in panel).`,
          detail: { oauthError: SCOPE_REFUSED, ...(refusal.scopeAsked && { scopeAsked: refusal.scopeAsked }) },
        },
      };
    }
    if (error instanceof ProtocolError)
      return { outcome: 'error', error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) } };
    const closeReason = error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed ? this.host.closeReason?.() : undefined;
    if (closeReason) return { outcome: 'error', error: { code: 'transport-closed', message: `The connection closed before the result: ${closeReason}` } };
    if (error instanceof SdkError)
      return { outcome: 'error', error: { code: 'sdk-error', message: error.message, detail: { sdkCode: error.code, data: error.data } } };
    return { outcome: 'error', error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } };
  }

  private finish(end: Omit<EventOf<'call-end'>, 'kind' | 'seq' | 'at' | 'sessionId' | 'callId'>): void {
    this.timer.stop();
    this.retryNow = undefined;
    this.host.broker.endForCall(
      this.callId,
      'call-ended',
      end.outcome === 'result' ? 'The call returned before this was answered.' : `The call ended (${end.outcome}).`,
    );
    this.host.emit({ kind: 'call-end', callId: this.callId, ...end });
    this.onDone();
  }
}

function resultSchema(method: CallMethod) {
  switch (method) {
    case 'tools/call':
      return specTypeSchemas.CallToolResult;
    case 'prompts/get':
      return specTypeSchemas.GetPromptResult;
    case 'resources/read':
      return specTypeSchemas.ReadResourceResult;
  }
}

function isMissingResultType(error: unknown): boolean {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InvalidResult) return false;
  const data = error.data as { violation?: unknown } | undefined;
  return data?.violation === 'missing-resultType';
}

function isResultOf(method: CallMethod, raw: Params): boolean {
  switch (method) {
    case 'tools/call':
      return isSpecType.CallToolResult(raw);
    case 'prompts/get':
      return isSpecType.GetPromptResult(raw);
    case 'resources/read':
      return isSpecType.ReadResourceResult(raw);
  }
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

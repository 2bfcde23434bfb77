import { ProtocolError, SdkError, SdkErrorCode, isInputRequiredResult, specTypeSchemas, withInputRequired, type Client } from '@modelcontextprotocol/client';
import type { EventOf, Finding, NewLogEvent, RpcError, WireError } from '../wire/events';
import type { SessionSettings } from '../wire/target';
import type { ElicitAnswer, ElicitationBroker } from './broker';
import { CallTimer } from './call-timer';
import { declaredRoots, rootsResult, undeclaredRequestFinding } from './client-requests';
import { checkSamplingParams } from './sampling-checks';
import { checkElicitationParams, type ElicitationContext } from './findings';
import type { RpcId, TransportTap } from './tap';
import { isTaskRequested, runAsTask } from './tasks/task-call';

export type CallMethod = EventOf<'call-start'>['method'];
type RoundReason = EventOf<'call-round'>['reason'];
type Params = Record<string, unknown>;

/** The SDK's timers cannot be switched off; this one never fires first (setTimeout's ceiling). */
const SDK_TIMEOUT_CEILING_MS = 2 ** 31 - 1;
/**
 * Pause before retrying a round that carried only `requestState` (the server is
 * polling): 1 s, growing to 5 s, so a person has minutes, not seconds, to finish
 * an out-of-band step before the round limit (unlike the SDK's 250 ms pacing).
 */
export function pollDelayMs(consecutivePolls: number): number {
  return Math.min(5000, Math.round(1000 * 1.5 ** Math.max(0, consecutivePolls - 1)));
}
const URL_REQUIRED_CODE = -32042;

export type CallHost = {
  readonly client: Client;
  readonly era: 'legacy' | 'modern';
  readonly settings: SessionSettings;
  readonly broker: ElicitationBroker;
  readonly tap: TransportTap;
  emit(event: NewLogEvent): unknown;
  elicitationContext(): ElicitationContext;
  reportFindings(findings: Finding[], about: { callId?: string; key?: string }): Finding[];
  /** Why the connection closed, once it closed by itself (the server exited, a read limit): the SDK only says "Connection closed". */
  closeReason?(): string | undefined;
  /** The session's settings now: roots edited while the call runs are what a later round answers with. */
  currentSettings?(): SessionSettings;
};

class CallEnded extends Error {
  constructor(
    readonly outcome: 'error' | 'cancelled',
    readonly wireError: WireError | RpcError,
  ) {
    super(wireError.message);
  }
}

/**
 * Runs one `tools/call` (or `prompts/get`, `resources/read`) from first request to
 * final result: its client-side budget, every 2026-07-28 `input_required` round
 * (each embedded request goes to the broker, then the call is retried with a new
 * id, the answers and the byte-exact `requestState`), and the -32042 URL
 * elicitation retry on 2025-11-25.
 */
export class CallRunner {
  private readonly abort = new AbortController();
  private endReason: 'timeout' | 'cancelled' | undefined;
  private readonly timer: CallTimer;
  /** The requestedSchema last asked under each inputRequests key, to notice a server changing it between rounds. */
  private readonly schemasByKey = new Map<string, string>();
  private retryNow: (() => void) | undefined;
  /** JSON-RPC id of the request in flight, if any: pushed elicitations arriving meanwhile belong to it. */
  inFlightRpcId: RpcId | undefined;

  constructor(
    private readonly host: CallHost,
    readonly callId: string,
    readonly method: CallMethod,
    private readonly baseParams: Params,
    private readonly onDone: () => void,
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
    let params = this.baseParams;
    let reason: RoundReason = 'initial';
    let polls = 0;
    const urlsAlreadyCompleted = new Set<string>();
    try {
      for (let round = 1; ; round++) {
        if (round > this.host.settings.maxRounds) {
          throw new CallEnded('error', {
            code: 'protocol-error',
            message: `Stopped after ${this.host.settings.maxRounds} rounds (the "max rounds" setting): the server kept answering input_required.`,
          });
        }
        let result: Params;
        try {
          result = await this.leg(params, round, reason);
        } catch (error) {
          if (this.host.era === 'legacy' && error instanceof ProtocolError && error.code === URL_REQUIRED_CODE && !this.endReason) {
            await this.satisfyUrlRequired(error, urlsAlreadyCompleted);
            params = this.baseParams;
            reason = 'url-required-retry';
            continue;
          }
          throw error;
        }
        if (!isInputRequiredResult(result)) {
          this.finish({ outcome: 'result', result });
          return;
        }
        const inputRequests = (result.inputRequests ?? {}) as Record<string, { method: string; params?: Params }>;
        const entries = Object.entries(inputRequests);
        let inputResponses: Record<string, unknown> | undefined;
        if (entries.length) {
          polls = 0;
          inputResponses = await this.fulfil(entries, round);
          reason = 'input-responses';
        } else {
          await this.sleep(pollDelayMs(++polls));
          reason = 'request-state';
        }
        // requestState is opaque: echoed byte for byte, and omitted when the server sent none.
        params = {
          ...this.baseParams,
          ...(inputResponses && { inputResponses }),
          ...(result.requestState !== undefined && { requestState: result.requestState }),
        };
      }
    } catch (error) {
      this.finish(this.describeFailure(error));
    }
  }

  private async leg(params: Params, round: number, reason: RoundReason): Promise<Params> {
    const { client, era } = this.host;
    const options = { signal: this.abort.signal, timeout: SDK_TIMEOUT_CEILING_MS, ...(era === 'modern' && { allowInputRequired: true }) };
    if (era === 'modern') this.timer.run();
    const before = this.host.tap.lastRequestId;
    this.host.tap.lastRequestId = undefined;
    const request = { method: this.method, params } as { method: 'tools/call'; params: { name: string } };
    const promise =
      era === 'modern'
        ? client.request(request, withInputRequired(resultSchema(this.method)), options)
        : isTaskRequested(params)
          ? runAsTask(this.taskHost(), this.method, params)
          : client.request(request, resultSchema(this.method), options);
    const rpcId = this.host.tap.lastRequestId ?? before;
    if (rpcId !== undefined) this.host.emit({ kind: 'call-round', callId: this.callId, round, rpcId, reason });
    this.inFlightRpcId = rpcId;
    try {
      return await promise;
    } finally {
      this.inFlightRpcId = undefined;
      if (era === 'modern') this.timer.pause();
    }
  }

  /** Ask for every embedded request of one round, all at once; the retry waits for the last answer. */
  private async fulfil(entries: [string, { method: string; params?: Params }][], round: number): Promise<Record<string, unknown>> {
    const answers = entries.map(async ([inputKey, inputRequest]): Promise<[string, unknown] | undefined> => {
      const settingsNow = this.host.currentSettings?.() ?? this.host.settings;
      const undeclared = undeclaredRequestFinding(inputRequest.method, settingsNow, { inputKey });
      if (undeclared) {
        this.host.reportFindings([{ ...undeclared, message: `${undeclared.message} It is left out of the retry.` }], { callId: this.callId });
        return undefined;
      }
      const roots = declaredRoots(settingsNow);
      if (inputRequest.method === 'roots/list' && roots) return [inputKey, rootsResult(roots)];
      if (inputRequest.method === 'sampling/createMessage') return this.askSampling(inputKey, inputRequest.params ?? {}, round);
      if (inputRequest.method !== 'elicitation/create') {
        this.host.reportFindings(
          [
            {
              code: 'unsupported-input-request',
              severity: 'warning',
              message: `Input request "${inputKey}" is ${inputRequest.method}, which the inspector does not fulfil; it is left out of the retry.`,
            },
          ],
          { callId: this.callId },
        );
        return undefined;
      }
      const params = inputRequest.params ?? {};
      const found = checkElicitationParams(params, this.host.elicitationContext());
      const schema = JSON.stringify(params.requestedSchema ?? null);
      const before = this.schemasByKey.get(inputKey);
      if (before !== undefined && before !== schema) {
        found.push({
          code: 'schema-changed-between-rounds',
          severity: 'warning',
          message: `Round ${round} asks for "${inputKey}" with a different requestedSchema than before; a client that cached the first form would answer the wrong question.`,
        });
      }
      this.schemasByKey.set(inputKey, schema);
      const findings = this.host.reportFindings(found, { callId: this.callId });
      const { answer } = this.host.broker.request({ callId: this.callId, origin: { kind: 'mrtr', round, inputKey }, params, findings });
      const response: ElicitAnswer = await answer;
      return [inputKey, response];
    });
    const settled = await Promise.all(answers);
    if (this.endReason) throw new CallEnded('cancelled', { code: 'timeout', message: 'The call ended while waiting on the person.' });
    return Object.fromEntries(settled.filter((entry): entry is [string, unknown] => entry !== undefined));
  }

  /**
   * One sampling request of a round, answered like an elicitation. A reply goes
   * back as the key's CreateMessageResult; a refusal has no result shape, so the
   * key is left out of the retry and the server decides what that means.
   */
  private async askSampling(inputKey: string, params: Params, round: number): Promise<[string, unknown] | undefined> {
    const findings = this.host.reportFindings(checkSamplingParams(params), { callId: this.callId });
    const { answer } = this.host.broker.request({ kind: 'sampling', callId: this.callId, origin: { kind: 'mrtr', round, inputKey }, params, findings });
    const response = await answer;
    return response.action === 'accept' && response.content ? [inputKey, response.content] : undefined;
  }

  /**
   * -32042: show the error's URL elicitations, wait for the person to consent and
   * for each flow to complete (notification, or the person saying so), then let
   * the caller retry. A server that asks again for a URL it already had completed
   * would loop forever: stop instead.
   */
  private async satisfyUrlRequired(error: ProtocolError, alreadyCompleted: Set<string>): Promise<void> {
    const data = error.data as { elicitations?: Params[] } | undefined;
    const elicitations = Array.isArray(data?.elicitations) ? data.elicitations : [];
    if (elicitations.length === 0) {
      throw new CallEnded('error', { code: error.code, message: `${error.message} (the error carries no data.elicitations to act on)`, data: error.data });
    }
    const repeated = elicitations.map((e) => String(e.url)).filter((url) => alreadyCompleted.has(url));
    if (repeated.length) {
      throw new CallEnded('error', {
        code: error.code,
        message: `The server asked again for a URL elicitation that was already completed (${repeated.join(', ')}); stopped retrying to avoid a loop.`,
        data: error.data,
      });
    }
    const { broker } = this.host;
    const pending = elicitations.map((params, index) => {
      const findings = this.host.reportFindings(checkElicitationParams({ ...params, mode: 'url' }, this.host.elicitationContext()), { callId: this.callId });
      return { params, ...broker.request({ callId: this.callId, origin: { kind: 'url-required', index }, params: { ...params, mode: 'url' }, findings }) };
    });
    const answers = await Promise.all(pending.map((p) => p.answer));
    const refused = answers.find((a) => a.action !== 'accept');
    if (refused || this.endReason) {
      throw new CallEnded(this.endReason ? 'cancelled' : 'error', { code: error.code, message: error.message, data: error.data });
    }
    const ids = pending.map((p) => String(p.params.elicitationId));
    await new Promise<void>((resolve) => {
      const check = () => {
        if (this.host.settings.autoRetryUrlRequired && ids.every((id) => broker.isComplete(id))) done();
      };
      const done = () => {
        unsubscribe();
        this.retryNow = undefined;
        resolve();
      };
      const unsubscribe = broker.onComplete(check);
      this.retryNow = done;
      check();
    });
    for (const p of pending) alreadyCompleted.add(String(p.params.url));
    if (this.endReason) throw new CallEnded('cancelled', { code: 'timeout', message: 'Cancelled while waiting for URL elicitations to complete.' });
    this.host.emit({ kind: 'action', actor: 'user', action: 'retry', callId: this.callId, detail: 'retry after URL elicitations completed' });
  }

  /** What a call run as a task needs from its runner (see tasks/task-call.ts). */
  private taskHost() {
    return {
      client: this.host.client,
      callId: this.callId,
      signal: this.abort.signal,
      timeoutMs: SDK_TIMEOUT_CEILING_MS,
      emit: (event: NewLogEvent) => this.host.emit(event),
      reportFindings: (findings: Finding[], about: { callId?: string }) => this.host.reportFindings(findings, about),
      sleep: (ms: number) => this.sleep(ms),
    };
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

export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/**
 * The rounds of one call. On 2026-07-28 a call may answer `input_required`: each
 * embedded request goes to the broker (or is answered from the settings, for
 * roots), and once all are answered the call is sent again on a new id with the
 * answers and the byte-exact `requestState`; a round with only `requestState`
 * (the server is polling) is sent again after a pause. On 2025-11-25 a -32042
 * error is retried once its URL flows are done (url-required.ts). A round the
 * server refused for scope (403 insufficient_scope) is sent again, once, after
 * the sign-in for the wider scope.
 */
import { ProtocolError, isInputRequiredResult } from '@modelcontextprotocol/client';
import type { EventOf } from '../../wire/events';
import { findingOf } from '../../wire/finding-codes';
import type { SessionSettings, Target } from '../../wire/target';
import type { ElicitAnswer } from '../requests/broker';
import { readRoundDenial, type RoundDenial } from '../../checks/authorization-denials';
import { CallEnded } from './call-ended';
import { declaredRoots, rootsResult, undeclaredRequestFinding } from '../requests/client-requests';
import { deprecatedFeatureOf, deprecationFinding, notesDeprecations } from '../../checks/deprecations';
import { checkElicitationParams } from '../../checks/findings';
import { checkLocalizedKeys } from '../localized-keys';
import { checkSamplingParams } from '../../checks/sampling-checks';
import { URL_REQUIRED_CODE, satisfyUrlRequired, type UrlRequiredHost } from './url-required';

export type RoundReason = EventOf<'call-round'>['reason'];
type Params = Record<string, unknown>;
type InputRequest = { method: string; params?: Params };

/**
 * Pause before retrying a round that carried only `requestState` (the server is
 * polling): 1 s, growing to 5 s, so a person has minutes, not seconds, to finish
 * an out-of-band step before the round limit (unlike the SDK's 250 ms pacing).
 */
export function pollDelayMs(consecutivePolls: number): number {
  return Math.min(5000, Math.round(1000 * 1.5 ** Math.max(0, consecutivePolls - 1)));
}

/**
 * What a caller may change about a call beyond its params. `alterRetry` sees each
 * 2026-07-28 retry (round 2 on) just before it is sent and returns what to send
 * instead: the audit uses it to send a tampered `requestState` or `inputResponses`
 * and see whether the server notices.
 */
export type CallHooks = { alterRetry?: (params: Params, round: number) => Params };

export type RoundsHost = UrlRequiredHost & {
  /** The server the call goes to (see CallHost.target). */
  readonly target?: Target;
  readonly era: 'legacy' | 'modern';
  /** The call's own params; every round starts from them. */
  readonly baseParams: Params;
  /** The session's settings now: roots edited while the call runs are what a later round answers with. */
  currentSettings(): SessionSettings;
  /** Send the call once, as round `round`; resolves with its result (which may ask for input). */
  leg(params: Params, round: number, reason: RoundReason): Promise<Params>;
  /** Wait, or less if the call ends meanwhile (then it throws). */
  sleep(ms: number): Promise<void>;
  /** After a failed round: true once a sign-in the failure started (a step-up) has brought tokens, so the round can be sent again. */
  isSignedInAfter(error: unknown): Promise<boolean>;
  readonly hooks?: CallHooks;
};

/** Run the call's rounds until one returns a final result, which this resolves with. Throws CallEnded, or what the SDK threw. */
export async function runRounds(host: RoundsHost): Promise<Params> {
  let params = host.baseParams;
  let reason: RoundReason = 'initial';
  let polls = 0;
  const urlsAlreadyCompleted = new Set<string>();
  /** The requestedSchema last asked under each inputRequests key, to notice a server changing it between rounds. */
  const schemasByKey = new Map<string, string>();
  let hasRerunAfterSignIn = false;
  for (let round = 1; ; round++) {
    if (round > host.settings.maxRounds) {
      throw new CallEnded('error', {
        code: 'protocol-error',
        message: `Stopped after ${host.settings.maxRounds} rounds (the "max rounds" setting): the server kept answering input_required.`,
      });
    }
    let result: Params;
    try {
      result = await host.leg(params, round, reason);
    } catch (error) {
      if (host.era === 'legacy' && error instanceof ProtocolError && error.code === URL_REQUIRED_CODE && !host.isEnded()) {
        await satisfyUrlRequired(host, error, urlsAlreadyCompleted);
        params = host.baseParams;
        reason = 'url-required-retry';
        continue;
      }
      // A step-up ends the request while its sign-in runs: once the wider scope is granted, the same request once more.
      if (!hasRerunAfterSignIn && !host.isEnded() && (await host.isSignedInAfter(error))) {
        hasRerunAfterSignIn = true;
        reason = 'sign-in-retry';
        continue;
      }
      throw error;
    }
    if (!isInputRequiredResult(result)) return result;
    const entries = Object.entries((result.inputRequests ?? {}) as Record<string, InputRequest>);
    const denial = readRoundDenial(result, elicitationModes(entries), host.currentSettings(), host.elicitationContext());
    if (denial.findings.length) host.reportFindings(denial.findings, { callId: host.callId });
    let inputResponses: Record<string, unknown> | undefined;
    if (entries.length) {
      polls = 0;
      inputResponses = await fulfil(host, entries, round, schemasByKey, denial);
      reason = 'input-responses';
    } else {
      await host.sleep(pollDelayMs(++polls));
      reason = 'request-state';
    }
    // requestState is opaque: echoed byte for byte, and omitted when the server sent none.
    params = {
      ...host.baseParams,
      ...(denial.retryMeta && { _meta: { ...(host.baseParams._meta as Params | undefined), ...denial.retryMeta } }),
      ...(inputResponses && { inputResponses }),
      ...(result.requestState !== undefined && { requestState: result.requestState }),
    };
    if (host.hooks?.alterRetry) params = host.hooks.alterRetry(params, round + 1);
  }
}

/** Ask for every embedded request of one round, all at once; the retry waits for the last answer. */
async function fulfil(
  host: RoundsHost,
  entries: [string, InputRequest][],
  round: number,
  schemasByKey: Map<string, string>,
  denial: RoundDenial,
): Promise<Record<string, unknown>> {
  const { callId } = host;
  const answers = entries.map(async ([inputKey, inputRequest]): Promise<[string, unknown] | undefined> => {
    const settingsNow = host.currentSettings();
    const undeclared = undeclaredRequestFinding(inputRequest.method, settingsNow, { inputKey });
    if (undeclared) {
      host.reportFindings([{ ...undeclared, message: `${undeclared.message} It is left out of the retry.` }], { callId });
      return undefined;
    }
    const { protocolVersion } = host.elicitationContext();
    const deprecated = deprecatedFeatureOf(inputRequest.method);
    if (deprecated && notesDeprecations(settingsNow, protocolVersion)) {
      host.reportFindings([deprecationFinding(deprecated, `asked for ${inputRequest.method} in input request "${inputKey}"`, protocolVersion)], { callId });
    }
    const roots = declaredRoots(settingsNow);
    if (inputRequest.method === 'roots/list' && roots) return [inputKey, rootsResult(roots)];
    if (inputRequest.method === 'sampling/createMessage') return askSampling(host, inputKey, inputRequest.params ?? {}, round);
    if (inputRequest.method !== 'elicitation/create') {
      const message = `Input request "${inputKey}" is ${inputRequest.method}, which the inspector does not fulfil; it is left out of the retry.`;
      host.reportFindings([findingOf('unsupported-input-request', message)], { callId });
      return undefined;
    }
    const params = inputRequest.params ?? {};
    const found = checkElicitationParams(params, host.elicitationContext());
    const schema = JSON.stringify(params.requestedSchema ?? null);
    const before = schemasByKey.get(inputKey);
    if (before !== undefined && before !== schema) {
      found.push(
        findingOf(
          'schema-changed-between-rounds',
          `Round ${round} asks for "${inputKey}" with a different requestedSchema than before; a client that cached the first form would answer the wrong question.`,
        ),
      );
    }
    schemasByKey.set(inputKey, schema);
    const tool = host.baseParams.name;
    if (host.target && typeof tool === 'string') {
      const changed = checkLocalizedKeys({ target: host.target, tool, inputKey }, settingsNow.proposals.language, params.requestedSchema);
      if (changed) found.push(changed);
    }
    const findings = host.reportFindings(found, { callId });
    const authorization = params.mode === 'url' ? denial.urlRemedy : undefined;
    const { answer } = host.broker.request({
      callId,
      origin: { kind: 'mrtr', round, inputKey },
      params,
      findings,
      fileInputs: settingsNow.proposals.fileInputs,
      ...(authorization && { authorization }),
    });
    const response: ElicitAnswer = await answer;
    return [inputKey, response];
  });
  const settled = await Promise.all(answers);
  if (host.isEnded()) throw new CallEnded('cancelled', { code: 'timeout', message: 'The call ended while waiting on the person.' });
  return Object.fromEntries(settled.filter((entry): entry is [string, unknown] => entry !== undefined));
}

/** The modes of a round's elicitation input requests. */
function elicitationModes(entries: [string, InputRequest][]): ('form' | 'url')[] {
  return entries.filter(([, request]) => request.method === 'elicitation/create').map(([, request]) => (request.params?.mode === 'url' ? 'url' : 'form'));
}

/**
 * One sampling request of a round, answered like an elicitation. A reply goes
 * back as the key's CreateMessageResult; a refusal has no result shape, so the
 * key is left out of the retry and the server decides what that means.
 */
async function askSampling(host: RoundsHost, inputKey: string, params: Params, round: number): Promise<[string, unknown] | undefined> {
  const findings = host.reportFindings(checkSamplingParams(params), { callId: host.callId });
  const { answer } = host.broker.request({ kind: 'sampling', callId: host.callId, origin: { kind: 'mrtr', round, inputKey }, params, findings });
  const response = await answer;
  return response.action === 'accept' && response.content ? [inputKey, response.content] : undefined;
}

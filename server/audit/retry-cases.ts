/**
 * The 2026-07-28 cases of AUDIT_CASES: the call's elicitations are answered
 * validly, and one retry is altered on its way out (requestState changed,
 * inputResponses keys added, dropped, renamed or replayed), through the call's
 * `alterRetry` hook. What a probe run of the step saw decides which apply.
 */
import type { CallHooks } from '../session/calls/call-rounds';
import { AUDIT_CASES, type AuditCase } from '../wire/audit';
import { MARKERS } from './case-answers';

type Params = Record<string, unknown>;

/** The retries a probe of the step sent: which carried requestState (and which), which inputResponses. */
export type RetryShape = { stateRounds: number[]; responseRounds: number[]; states: Map<number, string> };

/** One retry case, ready to run: `start()` gives the hooks for one call and what they sent. */
export type RetryCase = {
  case: AuditCase;
  marker?: { value: unknown };
  start: () => { hooks: CallHooks; sent: () => string; isAltered: () => boolean };
};

/** Hooks that only watch: what the probe learns the retries' shape from. */
export function watchRetries(): { hooks: CallHooks; shape: RetryShape } {
  const shape: RetryShape = { stateRounds: [], responseRounds: [], states: new Map() };
  const hooks: CallHooks = {
    alterRetry: (params, round) => {
      if (typeof params.requestState === 'string') {
        shape.stateRounds.push(round);
        shape.states.set(round, params.requestState);
      }
      if (isRecord(params.inputResponses)) shape.responseRounds.push(round);
      return params;
    },
  };
  return { hooks, shape };
}

export function retryCases(shape: RetryShape, skip: ReadonlySet<string> = new Set()): RetryCase[] {
  const out: RetryCase[] = [];
  const [firstResponses, secondResponses] = shape.responseRounds;
  for (const auditCase of AUDIT_CASES) {
    if (auditCase.scope !== 'retry' || skip.has(auditCase.id)) continue;
    const alter = alteration(auditCase.id, shape, firstResponses, secondResponses);
    if (!alter) continue;
    out.push({
      case: auditCase,
      ...(auditCase.id === 'response-extra-key' && { marker: { value: MARKERS.extra } }),
      start: () => {
        let sent = 'the retry went out unaltered (the server did not retry as the probe did, or the state to send was the same)';
        let isAltered = false;
        const seen: Params[] = [];
        const hooks: CallHooks = {
          alterRetry: (params, round) => {
            seen.push(params);
            const altered = alter(params, round, seen);
            if (altered === params || JSON.stringify(altered) === JSON.stringify(params)) return params;
            isAltered = true;
            sent = JSON.stringify({ round, requestState: altered.requestState, inputResponses: altered.inputResponses });
            return altered;
          },
        };
        return { hooks, sent: () => sent, isAltered: () => isAltered };
      },
    });
  }
  return out;
}

type Alter = (params: Params, round: number, seen: Params[]) => Params;

function alteration(id: string, shape: RetryShape, responseRound: number | undefined, laterResponseRound: number | undefined): Alter | undefined {
  const [stateRound, laterStateRound] = shape.stateRounds;
  const onState = (change: (state: string) => string): Alter | undefined =>
    stateRound === undefined
      ? undefined
      : (params, round) =>
          round === stateRound && typeof params.requestState === 'string' ? { ...params, requestState: change(params.requestState) } : params;
  const onResponses = (change: (responses: Params) => Params): Alter | undefined =>
    responseRound === undefined
      ? undefined
      : (params, round) => (round === responseRound && isRecord(params.inputResponses) ? { ...params, inputResponses: change(params.inputResponses) } : params);
  switch (id) {
    case 'state-one-byte':
      return onState(flipOneByte);
    case 'state-truncated':
      return onState((state) => state.slice(0, Math.floor(state.length / 2)));
    case 'state-empty':
      return onState(() => '');
    case 'state-other-call': {
      // The probe's call made the same round: its state, already used once, stands in for this call's.
      const probeState = stateRound === undefined ? undefined : shape.states.get(stateRound);
      return probeState === undefined ? undefined : onState(() => probeState);
    }
    case 'state-other-round':
      if (laterStateRound === undefined) return undefined;
      return (params, round, seen) => {
        const earlier = seen.find((before) => typeof before.requestState === 'string' && before !== params)?.requestState;
        return round === laterStateRound && typeof earlier === 'string' ? { ...params, requestState: earlier } : params;
      };
    case 'response-extra-key':
      return onResponses((responses) => ({ ...responses, auditExtraKey: { action: 'accept', content: { auditExtra: MARKERS.extra } } }));
    case 'response-missing-key':
      return onResponses((responses) => Object.fromEntries(Object.entries(responses).slice(1)));
    case 'response-renamed-key':
      return onResponses((responses) => Object.fromEntries(Object.entries(responses).map(([key, value], i) => [i === 0 ? `${key}-renamed` : key, value])));
    case 'response-replayed':
      if (laterResponseRound === undefined) return undefined;
      return (params, round, seen) => {
        const first = seen.find((earlier) => isRecord(earlier.inputResponses));
        return round === laterResponseRound && first && first !== params ? { ...params, inputResponses: first.inputResponses } : params;
      };
    default:
      return undefined;
  }
}

/** The state with the character in its middle changed to a neighbour, so it stays the same length and printable. */
export function flipOneByte(state: string): string {
  if (state.length === 0) return 'x';
  const at = Math.floor(state.length / 2);
  const code = state.charCodeAt(at);
  return `${state.slice(0, at)}${String.fromCharCode(code === 0x7e ? 0x7d : code ^ 1 || 0x41)}${state.slice(at + 1)}`;
}

function isRecord(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

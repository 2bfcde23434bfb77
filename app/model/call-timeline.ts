/**
 * One tool call as spans on a time axis, and where its time went: the server,
 * the network and the inspector, or the person. A pure function of the call's
 * own entries (its story, in seq order), so it can be fed from the events the
 * page holds or from rows the proxy hands back for a recorded session.
 *
 * Every time is the proxy's clock (`at`): a request's span runs from the moment
 * the proxy sent it to the moment its response reached the proxy; a person's
 * wait from the moment the proxy logged the elicitation to the moment the
 * proxy received the answer.
 */
import type { EventOf, LogEvent } from '@wire/events';
import { clipTo, timeOfCall, type Interval, type TimeShares } from '@wire/call-time';
import { SessionModel, type CallView, type RoundView } from '@wire/session-model';
import { elicitationSpans } from './call-timeline-elicitations';
import { formatMs } from './call-timeline-messages';
import type { TimelineSpan } from './call-timeline-span';

export type CallTimeline = {
  callId: string;
  method: EventOf<'call-start'>['method'];
  name: string;
  startAt: number;
  endAt: number;
  isOpen: boolean;
  /** result, tool error, error, cancelled, timeout, or running. */
  outcome: string;
  startSeq: number;
  spans: TimelineSpan[];
  shares: TimeShares;
  /** The person's waits alone, to set beside the totals: how many and for how long. */
  elicitationCount: number;
};

/** Builds the timeline of the call whose `call-start` is among `events` (its story); undefined without one. */
export function buildCallTimeline(events: readonly LogEvent[], nowAt: number): CallTimeline | undefined {
  const model = SessionModel.of(events);
  const [call] = model.calls.values();
  if (!call) return undefined;
  const time = timeOfCall(model, call.callId, nowAt)!;
  const endAt = call.end?.at ?? Math.max(nowAt, model.lastAt, call.startedAt);
  const waitedOn = model.waitedOnBy(call);
  const people = elicitationSpans(call, waitedOn, time, endAt);
  const rounds = roundSpans(call, time.inFlight, time.serverWaits);
  const spans = [...rounds, ...people].sort((a, b) => a.startAt - b.startAt || a.id.localeCompare(b.id));
  return {
    callId: call.callId,
    method: call.method,
    name: call.name,
    startAt: call.startedAt,
    endAt,
    isOpen: !call.end,
    outcome: outcomeOf(call.end),
    startSeq: call.startSeq,
    spans,
    shares: time.shares,
    elicitationCount: waitedOn.length,
  };
}

function outcomeOf(end: EventOf<'call-end'> | undefined): string {
  if (!end) return 'running';
  if (end.outcome === 'result') return end.result?.isError === true ? 'tool error' : 'result';
  return end.outcome;
}

/** Each request the call sent (one per round) and the pauses the inspector took between polling rounds. */
function roundSpans(call: CallView, inFlight: readonly Interval[], serverWaits: readonly Interval[]): TimelineSpan[] {
  const { callId, end } = call;
  const spans: TimelineSpan[] = [];
  let previousEndAt: number | undefined;
  for (const [i, round] of call.rounds.entries()) {
    const { startAt, endAt } = inFlight[i]!;
    const isOpen = !round.response && !round.cancel && !end;
    if (round.reason === 'request-state' && previousEndAt !== undefined && startAt > previousEndAt) {
      spans.push({
        id: `pause:${round.round}`,
        kind: 'pause',
        lane: 'requests',
        tone: 'proxy',
        startAt: previousEndAt,
        endAt: startAt,
        durationMs: startAt - previousEndAt,
        isOpen: false,
        label: `Pause of ${formatMs(startAt - previousEndAt)} before round ${round.round} of ${callId}: the server is polling`,
        seqs: [round.seq],
        story: { kind: 'call', id: callId },
      });
    }
    // A 2025 request holds the person's answers inside it: how much of its flight the server spent waiting on them.
    const waits = clipTo({ startAt, endAt }, serverWaits);
    const waitedMs = waits.reduce((sum, w) => sum + (w.endAt - w.startAt), 0);
    const flight = `in flight ${formatMs(endAt - startAt)}${isOpen ? ' so far' : ''}${waits.length ? ` (${formatMs(waitedMs)} of it waiting on the client)` : ''}`;
    const answered = round.response ? ANSWERED[round.response.kind] : isOpen ? 'no answer yet' : `no answer: the call ${end ? endText(end) : 'ended'}`;
    spans.push({
      id: `round:${round.round}`,
      kind: 'round',
      lane: 'requests',
      tone: round.response?.kind === 'error' || (!round.response && !isOpen) ? 'error' : 'server',
      startAt,
      endAt,
      durationMs: endAt - startAt,
      isOpen,
      label: `Round ${round.round} of ${callId}, ${round.request?.method ?? 'request'} #${String(round.rpcId).slice(0, 40)}, ${flight}: ${answered}`,
      ...(waits.length && { serverWaits: waits }),
      seqs: seqsOf(round),
      story: { kind: 'call', id: callId },
    });
    previousEndAt = endAt;
  }
  return spans;
}

function seqsOf(round: RoundView): number[] {
  return [round.request?.seq, round.seq, round.response?.seq, round.cancel?.seq].filter((seq): seq is number => seq !== undefined).sort((a, b) => a - b);
}

const ANSWERED: Record<NonNullable<RoundView['response']>['kind'], string> = {
  error: 'answered with an error',
  'input-required': 'answered input_required',
  'tool-error': 'answered with a tool error',
  result: 'answered with the result',
};

function endText(end: EventOf<'call-end'>): string {
  if (end.outcome === 'timeout') return 'timed out';
  if (end.outcome === 'cancelled') return 'was cancelled';
  return 'ended';
}

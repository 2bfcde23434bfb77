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
import { clipTo, splitTime, type Interval, type TimeShares } from '@wire/call-time';
import { elicitationSpans } from './call-timeline-elicitations';
import { idKey } from '@wire/story-index';
import { formatMs, indexMessages, type MessageIndex } from './call-timeline-messages';
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

/** Builds the timeline of the call whose `call-start` is among `events`; undefined without one. */
export function buildCallTimeline(events: readonly LogEvent[], nowAt: number): CallTimeline | undefined {
  const start = events.find((e): e is EventOf<'call-start'> => e.kind === 'call-start');
  if (!start) return undefined;
  const { callId } = start;
  const end = events.find((e): e is EventOf<'call-end'> => e.kind === 'call-end' && e.callId === callId);
  const lastAt = events.reduce((latest, e) => (Number.isFinite(e.at) ? Math.max(latest, e.at) : latest), start.at);
  const endAt = end?.at ?? Math.max(nowAt, lastAt);
  const messages = indexMessages(events);
  const people = elicitationSpans(events, callId, messages, end, endAt);
  const rounds = roundSpans(events, callId, messages, end, endAt, people.serverWaits);
  const spans = [...rounds.spans, ...people.spans].sort((a, b) => a.startAt - b.startAt || a.id.localeCompare(b.id));
  const shares = splitTime({ startAt: start.at, endAt }, { person: people.personIntervals, inFlight: rounds.inFlight, serverWaits: people.serverWaits });
  return {
    callId,
    method: start.method,
    name: start.name,
    startAt: start.at,
    endAt,
    isOpen: !end,
    outcome: outcomeOf(end),
    startSeq: start.seq,
    spans,
    shares,
    elicitationCount: people.count,
  };
}

function outcomeOf(end: EventOf<'call-end'> | undefined): string {
  if (!end) return 'running';
  if (end.outcome === 'result') return end.result?.isError === true ? 'tool error' : 'result';
  return end.outcome;
}

/** Each request the call sent (one per round) and the pauses the inspector took between polling rounds. */
function roundSpans(
  events: readonly LogEvent[],
  callId: string,
  messages: MessageIndex,
  end: EventOf<'call-end'> | undefined,
  callEndAt: number,
  serverWaits: readonly Interval[],
): { spans: TimelineSpan[]; inFlight: Interval[] } {
  const rounds = events.filter((e): e is EventOf<'call-round'> => e.kind === 'call-round' && e.callId === callId);
  const spans: TimelineSpan[] = [];
  const inFlight: Interval[] = [];
  let previousEndAt: number | undefined;
  for (const round of rounds) {
    const key = idKey(round.rpcId);
    const request = messages.ourRequests.get(key);
    const response = messages.serverResponses.get(key);
    const cancelled = messages.cancelsSent.get(key);
    const startAt = request?.at ?? round.at;
    const endAt = response?.at ?? cancelled?.at ?? end?.at ?? callEndAt;
    const isOpen = !response && !cancelled && !end;
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
    inFlight.push({ startAt, endAt });
    // A 2025 request holds the person's answers inside it: how much of its flight the server spent waiting on them.
    const waits = clipTo({ startAt, endAt }, serverWaits);
    const waitedMs = waits.reduce((sum, w) => sum + (w.endAt - w.startAt), 0);
    const flight = `in flight ${formatMs(endAt - startAt)}${isOpen ? ' so far' : ''}${waits.length ? ` (${formatMs(waitedMs)} of it waiting on the client)` : ''}`;
    const answered = response ? answerText(response.message) : isOpen ? 'no answer yet' : `no answer: the call ${end ? endText(end) : 'ended'}`;
    const method = typeof request?.message.method === 'string' ? request.message.method : 'request';
    spans.push({
      id: `round:${round.round}`,
      kind: 'round',
      lane: 'requests',
      tone: response?.message.error !== undefined || (!response && !isOpen) ? 'error' : 'server',
      startAt,
      endAt,
      durationMs: endAt - startAt,
      isOpen,
      label: `Round ${round.round} of ${callId}, ${method} #${String(round.rpcId).slice(0, 40)}, ${flight}: ${answered}`,
      ...(waits.length && { serverWaits: waits }),
      seqs: [request?.seq, round.seq, response?.seq, cancelled?.seq].filter((seq): seq is number => seq !== undefined).sort((a, b) => a - b),
      story: { kind: 'call', id: callId },
    });
    previousEndAt = endAt;
  }
  return { spans, inFlight };
}

function answerText(message: Record<string, unknown>): string {
  if (message.error !== undefined) return 'answered with an error';
  const result = message.result;
  if (result && typeof result === 'object' && 'resultType' in result && result.resultType === 'input_required') return 'answered input_required';
  if (result && typeof result === 'object' && 'isError' in result && result.isError === true) return 'answered with a tool error';
  return 'answered with the result';
}

function endText(end: EventOf<'call-end'>): string {
  if (end.outcome === 'timeout') return 'timed out';
  if (end.outcome === 'cancelled') return 'was cancelled';
  return 'ended';
}

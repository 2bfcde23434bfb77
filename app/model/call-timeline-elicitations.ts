/**
 * The person's side of a call: how long each elicitation waited for its answer,
 * and how long each URL flow took to complete after the person consented.
 */
import type { EventOf, LogEvent } from '@wire/events';
import type { Interval } from '@wire/call-time';
import type { TimelineSpan } from './call-timeline-span';
import { idKey } from '@wire/story-index';
import { formatMs, type MessageIndex } from './call-timeline-messages';
import { ruleLabel } from './rule-text';

type Result = {
  spans: TimelineSpan[];
  /** When a person (or rule) had the call's next move. */
  personIntervals: Interval[];
  /** When the server sat on a pushed elicitation/create, waiting on the client: not server time. */
  serverWaits: Interval[];
  count: number;
};

const ANSWERS = new Set(['accept', 'decline', 'cancel']);

const ENDED: Record<EventOf<'elicitation-end'>['outcome'], string> = {
  answered: 'answered',
  'server-cancelled': 'the server withdrew it',
  'call-ended': 'the call ended',
  'session-closed': 'the session closed',
  dismissed: 'it was dismissed',
  superseded: 'it was asked again',
  refused: 'the inspector refused it as malformed',
};

export function elicitationSpans(
  events: readonly LogEvent[],
  callId: string,
  messages: MessageIndex,
  end: EventOf<'call-end'> | undefined,
  callEndAt: number,
): Result {
  const result: Result = { spans: [], personIntervals: [], serverWaits: [], count: 0 };
  // One no call could be tied to, asked while this call ran (the events hold only those), is a wait for the person all the same.
  const requests = events.filter((e): e is EventOf<'elicitation'> => e.kind === 'elicitation' && (e.callId === callId || e.callId === undefined));
  for (const [i, request] of requests.entries()) {
    const n = i + 1;
    const { key } = request;
    const name = request.callId ? `Elicitation ${n} of ${callId}` : `Elicitation ${n} during ${callId}, not tied to a call,`;
    const answer = events.find((e): e is EventOf<'action'> => e.kind === 'action' && e.key === key && ANSWERS.has(e.action));
    const ended = events.find((e): e is EventOf<'elicitation-end'> => e.kind === 'elicitation-end' && e.key === key);
    const completion = events.find((e): e is EventOf<'url-complete'> => e.kind === 'url-complete' && e.key === key);
    const waitEndAt = answer?.at ?? ended?.at ?? end?.at ?? callEndAt;
    const isOpen = !answer && !ended && !end;
    const who = answer?.actor === 'rule' && answer.rule ? ruleLabel(answer.rule) : undefined;
    const waitMs = waitEndAt - request.at;
    const waited = who ? `waited for ${who.charAt(0).toLowerCase()}${who.slice(1)}` : 'waited for the person';
    const how = answer ? `, then ${answer.action}` : isOpen ? ' so far' : `, unanswered: ${ended ? ENDED[ended.outcome] : 'the call ended'}`;
    const flowSeqs = [request.seq, answer?.seq, ended?.seq, completion?.seq];
    if (request.origin.kind === 'push') {
      const pushKey = idKey(request.origin.rpcId);
      const pushIn = messages.serverRequests.get(pushKey);
      const ourAnswer = messages.ourResponses.get(pushKey);
      flowSeqs.push(pushIn?.seq, ourAnswer?.seq);
      result.serverWaits.push({ startAt: pushIn?.at ?? request.at, endAt: ourAnswer?.at ?? ended?.at ?? end?.at ?? callEndAt });
    }
    const seqs = flowSeqs.filter((seq): seq is number => seq !== undefined).sort((a, b) => a - b);
    result.personIntervals.push({ startAt: request.at, endAt: waitEndAt });
    result.spans.push({
      id: `elicitation:${key}`,
      kind: 'elicitation',
      lane: 'person',
      tone: who ? 'rule' : 'person',
      startAt: request.at,
      endAt: waitEndAt,
      durationMs: waitMs,
      isOpen,
      label: `${name} ${waited} ${formatMs(waitMs)}${how}`,
      seqs,
      story: { kind: 'flow', id: key },
    });
    if (request.mode === 'url' && answer?.action === 'accept') {
      const flow = urlFlowSpan(request, `e${name.slice(1)}`, answer, completion, end, callEndAt, seqs);
      result.spans.push(flow.span);
      if (flow.siteInterval) result.personIntervals.push(flow.siteInterval);
    }
  }
  result.count = requests.length;
  return result;
}

/**
 * From the request to the moment the flow was done: a completion notification
 * (or the person's Mark as done) on 2025-11-25; on 2026-07-28, which has no
 * completion notification, the retried call's result.
 */
function urlFlowSpan(
  request: EventOf<'elicitation'>,
  /** "elicitation 2 of c1" */
  name: string,
  consent: EventOf<'action'>,
  completion: EventOf<'url-complete'> | undefined,
  end: EventOf<'call-end'> | undefined,
  callEndAt: number,
  seqs: number[],
): { span: TimelineSpan; siteInterval?: Interval } {
  const isModern = request.origin.kind === 'mrtr';
  const doneAt = completion?.at ?? (isModern && end?.outcome === 'result' ? end.at : undefined);
  const endAt = doneAt ?? callEndAt;
  const isOpen = doneAt === undefined && !end;
  const tookMs = endAt - request.at;
  const said =
    doneAt !== undefined
      ? `took ${formatMs(tookMs)} to complete`
      : isOpen
        ? `has taken ${formatMs(tookMs)} so far`
        : `reported no completion in ${formatMs(tookMs)}`;
  const span: TimelineSpan = {
    id: `url-flow:${request.key}`,
    kind: 'url-flow',
    lane: 'url',
    tone: 'url',
    startAt: request.at,
    endAt,
    durationMs: tookMs,
    isOpen,
    label: `URL flow of ${name} ${said}`,
    seqs,
    story: { kind: 'flow', id: request.key },
  };
  // On 2025-11-25 the person is on the site between consent and completion; on 2026-07-28 the
  // consent (Done, retry) comes after the site visit, so its wait already holds that time.
  if (isModern) return { span };
  if (completion) return { span, siteInterval: { startAt: consent.at, endAt: completion.at } };
  if (isOpen && request.origin.kind === 'url-required') return { span, siteInterval: { startAt: consent.at, endAt: callEndAt } };
  return { span };
}

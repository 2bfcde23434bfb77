/**
 * The person's side of a call: how long each elicitation waited for its answer,
 * and how long each URL flow took to complete after the person consented.
 */
import type { EventOf } from '@wire/events';
import type { CallTime } from '@wire/call-time';
import type { CallView, ElicitationView } from '@wire/session-model';
import type { TimelineSpan } from './call-timeline-span';
import { formatMs } from './call-timeline-messages';
import { ruleLabel } from './rule-text';

const ENDED: Record<EventOf<'elicitation-end'>['outcome'], string> = {
  answered: 'answered',
  'server-cancelled': 'the server withdrew it',
  'call-ended': 'the call ended',
  'session-closed': 'the session closed',
  dismissed: 'it was dismissed',
  superseded: 'it was asked again',
  refused: 'the inspector refused it as malformed',
};

/** A span for each elicitation the call waited on (`time` holds their waits in the same order), and one for each URL flow consented to. */
export function elicitationSpans(call: CallView, waitedOn: readonly ElicitationView[], time: CallTime, callEndAt: number): TimelineSpan[] {
  const { callId, end } = call;
  const spans: TimelineSpan[] = [];
  for (const [i, request] of waitedOn.entries()) {
    const n = i + 1;
    const { key, answer, end: ended, completion } = request;
    const name = request.callId ? `Elicitation ${n} of ${callId}` : `Elicitation ${n} during ${callId}, not tied to a call,`;
    const wait = time.waits[i]!;
    const isOpen = !answer && !ended && !end;
    const who = answer?.actor === 'rule' && answer.rule ? ruleLabel(answer.rule) : undefined;
    const waitMs = wait.endAt - wait.startAt;
    const waited = who ? `waited for ${who.charAt(0).toLowerCase()}${who.slice(1)}` : 'waited for the person';
    const how = answer ? `, then ${answer.action}` : isOpen ? ' so far' : `, unanswered: ${ended ? ENDED[ended.outcome] : 'the call ended'}`;
    const seqs = [request.seq, answer?.seq, ended?.seq, completion?.seq, request.push?.request?.seq, request.push?.reply?.seq]
      .filter((seq): seq is number => seq !== undefined)
      .sort((a, b) => a - b);
    spans.push({
      id: `elicitation:${key}`,
      kind: 'elicitation',
      lane: 'person',
      tone: who ? 'rule' : 'person',
      startAt: wait.startAt,
      endAt: wait.endAt,
      durationMs: waitMs,
      isOpen,
      label: `${name} ${waited} ${formatMs(waitMs)}${how}`,
      seqs,
      story: { kind: 'flow', id: key },
    });
    if (request.mode === 'url' && answer?.action === 'accept') spans.push(urlFlowSpan(request, `e${name.slice(1)}`, end, callEndAt, seqs));
  }
  return spans;
}
/**
 * From the request to the moment the flow was done: a completion notification
 * (or the person's Mark as done) on 2025-11-25; on 2026-07-28, which has no
 * completion notification, the retried call's result.
 */
function urlFlowSpan(
  request: ElicitationView,
  /** "elicitation 2 of c1" */
  name: string,
  end: EventOf<'call-end'> | undefined,
  callEndAt: number,
  seqs: number[],
): TimelineSpan {
  const isModern = request.origin.kind === 'mrtr';
  const doneAt = request.completion?.at ?? (isModern && end?.outcome === 'result' ? end.at : undefined);
  const endAt = doneAt ?? callEndAt;
  const isOpen = doneAt === undefined && !end;
  const tookMs = endAt - request.requestedAt;
  const said =
    doneAt !== undefined
      ? `took ${formatMs(tookMs)} to complete`
      : isOpen
        ? `has taken ${formatMs(tookMs)} so far`
        : `reported no completion in ${formatMs(tookMs)}`;
  return {
    id: `url-flow:${request.key}`,
    kind: 'url-flow',
    lane: 'url',
    tone: 'url',
    startAt: request.requestedAt,
    endAt,
    durationMs: tookMs,
    isOpen,
    label: `URL flow of ${name} ${said}`,
    seqs,
    story: { kind: 'flow', id: request.key },
  };
}

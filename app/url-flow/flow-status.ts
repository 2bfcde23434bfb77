/**
 * Where a URL-mode elicitation stands, derived from its events and its call's:
 * the status a person reads, and the timeline behind it.
 */
import { isUrlCheckFinding } from '@wire/url-checks';
import type { CallView, ElicitationView } from '@app/model/session-store';

export const FLOW_STATUSES = [
  'Waiting for consent',
  'Waiting for completion',
  'Completed',
  'Finished, no completion reported',
  'Declined',
  'Cancelled',
  'Withdrawn',
  'Retried',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export type TimelineStep = { label: string; at: number; tone: 'neutral' | 'good' | 'bad' };

export type FlowState = {
  status: FlowStatus;
  /** Consent was given (Accept sent, or for -32042 recorded locally). */
  consented: boolean;
  completedAt?: number;
  completedBy?: 'notification' | 'person';
  openedAt?: number;
  /** True while the flow still waits on something (the person, a completion, the call). */
  isActive: boolean;
  timeline: TimelineStep[];
};

export function flowState(flow: ElicitationView, call: CallView | undefined): FlowState {
  const answer = flow.end?.outcome === 'answered' ? flow.end.action : undefined;
  const consented = answer === 'accept';
  const opened = flow.actions.find((a) => a.action === 'open-url');
  const copied = flow.actions.find((a) => a.action === 'copy-url');
  const completion = flow.completion;
  const callEnd = call?.end;
  const timeline: TimelineStep[] = [{ label: 'Requested', at: flow.requestedAt, tone: 'neutral' }];
  const origin = flow.origin.kind;

  if (answer && flow.end) {
    const sent =
      origin === 'url-required'
        ? answer === 'accept'
          ? 'You consented (-32042: nothing is sent to the server)'
          : `You chose ${answer} (the call ends with the -32042 error)`
        : origin === 'mrtr'
          ? `${capitalize(answer)} sent with the retried call`
          : `${capitalize(answer)} sent to the server`;
    timeline.push({ label: sent, at: flow.end.at, tone: answer === 'accept' ? 'good' : 'bad' });
  }
  if (opened) timeline.push({ label: 'You opened the URL', at: opened.at, tone: 'neutral' });
  else if (copied) timeline.push({ label: 'You copied the URL', at: copied.at, tone: 'neutral' });
  if (completion) {
    timeline.push({
      label: completion.source === 'person' ? 'You marked it done' : 'notifications/elicitation/complete received',
      at: completion.at,
      tone: 'good',
    });
  }
  if (flow.end && flow.end.outcome !== 'answered') {
    timeline.push({ label: withdrawnText(flow.end.outcome, flow.end.reason), at: flow.end.at, tone: 'bad' });
  }
  if (callEnd) {
    const label =
      callEnd.outcome === 'result'
        ? callEnd.result?.isError === true
          ? 'The tool call returned an error result'
          : 'The tool call returned its result'
        : `The tool call ended: ${callEnd.outcome}`;
    timeline.push({ label, at: callEnd.at, tone: callEnd.outcome === 'result' && callEnd.result?.isError !== true ? 'good' : 'bad' });
  }
  timeline.sort((a, b) => a.at - b.at);

  return {
    status: statusOf(flow, answer, callEnd),
    consented,
    completedAt: completion?.at,
    completedBy: completion?.source,
    openedAt: opened?.at,
    isActive: !flow.end || (consented && !callEnd && origin !== 'mrtr'),
    timeline,
  };
}

/**
 * Decided by which events exist, never by which states were on screen: the page applies
 * a burst at once, so a completion and the result that follows it may land in one render.
 */
function statusOf(flow: ElicitationView, answer: string | undefined, callEnd: CallView['end']): FlowStatus {
  if (!flow.end) return 'Waiting for consent';
  if (flow.end.outcome !== 'answered') return 'Withdrawn';
  if (answer === 'decline') return 'Declined';
  if (answer === 'cancel') return 'Cancelled';
  if (flow.origin.kind === 'mrtr') {
    // 2026-07-28 has no completion notification: a retried call that returned its result is how the server says so.
    if (!callEnd) return 'Retried';
    return callEnd.outcome === 'result' && callEnd.result?.isError !== true ? 'Completed' : 'Finished, no completion reported';
  }
  if (flow.completion) return 'Completed';
  return callEnd ? 'Finished, no completion reported' : 'Waiting for completion';
}

function withdrawnText(outcome: string, reason: string | undefined): string {
  const base =
    outcome === 'server-cancelled'
      ? 'The server withdrew the request'
      : outcome === 'call-ended'
        ? 'The call ended before you answered'
        : 'Closed with the session';
  return reason ? `${base} (${reason})` : base;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The errors a URL flow's card lists under its destination: every error finding but those that
 * repeat the URL checks the destination shows itself (a URL-mode request on 2025-06-18, or to a
 * client that did not declare it, is one to list).
 */
export function flowErrors(findings: ElicitationView['findings']): ElicitationView['findings'] {
  return findings.filter((f) => f.severity === 'error' && !isUrlCheckFinding(f.code));
}

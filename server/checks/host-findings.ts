/**
 * What the inspector knows about the spec, applied to what a tapped host does
 * with the elicitations it is asked: its answers, its retries of a 2026-07-28
 * call, its giving up. Read by the tap; findings.ts re-exports these checks.
 */
import { findingOf, type RaisedFinding } from '../wire/finding-codes';

/**
 * How fast an accept to a URL elicitation may come before it cannot be a person's: reading the
 * message and deciding to open the page takes longer than this.
 */
export const HUMAN_URL_ACCEPT_MS = 500;

/** What a tapped host did with one elicitation it was asked, for the checks that judge the host. */
export type HostAnswer = {
  mode: 'form' | 'url';
  /** The request's params as the server sent them. */
  params: Record<string, unknown>;
  action: unknown;
  content: unknown;
  /** Time from the request reaching the host to its answer. */
  waitedMs: number;
  /** The server had withdrawn the request (notifications/cancelled, or the call ended) before this answer. */
  serverCancelled: boolean;
};

/**
 * Findings about a tapped host's answer to an elicitation: content its own form should never
 * have let through, an accept to a URL flow faster than a person could, an answer the server
 * no longer waited for, an action the spec does not have.
 */
export function checkHostAnswer(answer: HostAnswer, problemsOf: (schema: Record<string, unknown>, content: unknown) => string[]): RaisedFinding[] {
  const findings: RaisedFinding[] = [];
  if (answer.serverCancelled) {
    findings.push(
      findingOf(
        'host-answered-after-cancel',
        `The host answered ${describeAction(answer.action)} after the server had withdrawn the request; the server ignores it.`,
      ),
    );
  }
  if (answer.action !== 'accept' && answer.action !== 'decline' && answer.action !== 'cancel') {
    findings.push(
      findingOf('host-unknown-action', `The host answered with action ${JSON.stringify(answer.action)}; the spec defines accept, decline and cancel.`),
    );
    return findings;
  }
  if (answer.action !== 'accept') return findings;
  if (answer.mode === 'url' && answer.waitedMs < HUMAN_URL_ACCEPT_MS) {
    findings.push(
      findingOf(
        'host-url-accept-too-fast',
        `The host accepted the URL flow ${Math.round(answer.waitedMs)} ms after it was asked, faster than a person reads the message and decides to open the page: it may accept without asking.`,
      ),
    );
  }
  const schema = answer.params.requestedSchema;
  if (answer.mode === 'form' && typeof schema === 'object' && schema !== null && !Array.isArray(schema)) {
    const problems = problemsOf(schema as Record<string, unknown>, answer.content ?? {});
    if (problems.length) {
      findings.push(findingOf('host-content-invalid', `The host accepted with content that does not match the requested schema: ${problems.join('; ')}.`));
    }
  }
  return findings;
}

/** A 2026-07-28 retry of a call that the server answered with `input_required` and a `requestState`. */
export function checkRequestStateEcho(given: string | undefined, echoed: unknown): RaisedFinding[] {
  if (given === undefined) return [];
  if (echoed === undefined) {
    return [
      findingOf(
        'host-dropped-request-state',
        'The host retried the call without the `requestState` the server gave it; the server cannot tell which flow the answers belong to.',
      ),
    ];
  }
  if (echoed !== given) {
    return [
      findingOf(
        'host-changed-request-state',
        'The host retried the call with a `requestState` other than the one the server gave it; it must be echoed byte for byte.',
      ),
    ];
  }
  return [];
}

/** A tapped host stopped waiting (cancelled its call, or closed the connection) while an elicitation of it was still unanswered. */
export function hostGaveUpFinding(how: 'cancelled' | 'closed', waitedMs: number, method: string): RaisedFinding {
  const waited = waitedMs < 10_000 ? `${(waitedMs / 1000).toFixed(1)} s` : `${Math.round(waitedMs / 1000)} s`;
  return findingOf(
    'host-gave-up',
    how === 'cancelled'
      ? `The host cancelled its ${method} while the person was still being asked (the request had waited ${waited}): a host timeout shorter than a person's answer.`
      : `The host closed the connection while the person was still being asked (the request had waited ${waited}).`,
  );
}

function describeAction(action: unknown): string {
  return typeof action === 'string' ? action : JSON.stringify(action);
}

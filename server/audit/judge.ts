/**
 * The verdict on one case from what the server did: whether the call broke
 * (the session closed, the call hung past the deadline, a stack trace or a
 * runtime error's message came back), was refused (a tool error, a JSON-RPC error, the same question asked
 * again), or succeeded, and then whether its result shows the odd value sent.
 */
import type { AuditJudge, AuditVerdict } from '../wire/audit';
import type { EventOf } from '../wire/events';
import { resultText } from '../scenarios/outcome-checks';

/** What one case's call did, as the runner saw it. */
export type CaseObservation = {
  end?: Pick<EventOf<'call-end'>, 'outcome' | 'result' | 'error'>;
  /** Why the call could not end normally: the session closed, or it did not end within the deadline. */
  broken?: string;
  /** The server asked the question the case answered once more. */
  askedAgain: boolean;
  /** The server went on to a different question after the case's answer. */
  wentOn: boolean;
  /** The case altered a retry rather than answering a question. */
  isRetryAltered?: boolean;
  /** The case consented to a URL flow it never completed. */
  isUrlConsent?: boolean;
  /** A late-answer case: what the answer came after, once it was sent. */
  lateAfter?: string;
  /** A late-answer case whose server never gave up on its question within the deadline (it was answered on time). */
  neverGaveUp?: boolean;
  /** A retry case that found nothing to alter (the server did not retry as the probe did, or the state to send was the same). */
  unaltered?: boolean;
};

/** A V8 or similar stack frame: "at fn (/path/file.js:12:5)". */
const STACK_FRAME = /\bat\s[^\n]*?(?:\(|\s)(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s)]*:\d+:\d+/;

/**
 * A runtime error's own words, which a server's framework passes on as a tool error without its stack
 * (the SDKs put `error.message` in the result): the code crashed on the value, it did not refuse it.
 */
const RUNTIME_ERROR =
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|AttributeError|KeyError|IndexError|NullPointerException)\b|Cannot read propert(?:y|ies) of (?:null|undefined)|Cannot (?:set|destructure) propert(?:y|ies) of|Cannot convert undefined or null|is not a function\b|is not iterable\b|Maximum call stack size exceeded|Traceback \(most recent call last\)|'NoneType' object/;

/** The odd value a case sent, and (when the bare value would be ambiguous in text) how it reads in the result's text. */
export type Marker = { value: unknown; text?: string };

export function judgeCase(judge: AuditJudge, marker: Marker | undefined, seen: CaseObservation): { verdict: AuditVerdict; reason: string } {
  if (seen.broken) return { verdict: 'broke', reason: seen.broken };
  const end = seen.end;
  if (!end) return { verdict: 'broke', reason: 'the call never ended' };
  const text = resultText(end.result);
  const errorText = end.error ? `${end.error.message} ${JSON.stringify((end.error as { data?: unknown }).data ?? '')}` : '';
  if (STACK_FRAME.test(text) || STACK_FRAME.test(errorText)) return { verdict: 'broke', reason: 'what came back carries a stack trace' };
  const crash = RUNTIME_ERROR.exec(text) ?? RUNTIME_ERROR.exec(errorText);
  if (crash) return { verdict: 'broke', reason: `what came back is a runtime error ("${crash[0]}"), not a refusal` };
  if (end.outcome === 'timeout' || end.outcome === 'cancelled') return { verdict: 'broke', reason: `the call ended by ${end.outcome}` };
  if (seen.askedAgain) return { verdict: 'refused', reason: seen.isUrlConsent ? 'the server asked again: the flow is not done' : 'the server asked again' };
  if (seen.lateAfter !== undefined) {
    const shown = marker !== undefined && carries(end.result, text, marker);
    return shown
      ? { verdict: 'used', reason: `the result carries the answer sent after ${seen.lateAfter}` }
      : { verdict: 'handled', reason: `it ignored the answer sent after ${seen.lateAfter}` };
  }
  if (seen.unaltered) return { verdict: 'handled', reason: 'nothing was altered: the retry went out as it was' };
  if (seen.neverGaveUp) return { verdict: 'handled', reason: 'the server never gave up on its question before the deadline: nothing came late' };
  const isToolError = end.outcome === 'result' && end.result?.isError === true;
  if (end.outcome === 'error') return { verdict: 'refused', reason: `a JSON-RPC error${end.error ? ` (${String(end.error.code)})` : ''}` };
  if (isToolError) return { verdict: 'refused', reason: 'a tool error' };
  const shown = marker !== undefined && carries(end.result, text, marker);
  if (judge === 'survive') return { verdict: 'handled', reason: 'the call ended normally' };
  if (shown) return { verdict: 'used', reason: 'the result carries the value sent' };
  if (judge === 'not-use') return { verdict: 'handled', reason: 'the result does not carry the odd part' };
  if (seen.wentOn) return { verdict: 'used', reason: 'the server went on to its next question' };
  if (seen.isUrlConsent) return { verdict: 'used', reason: 'the call succeeded on consent alone, though the URL was never visited' };
  if (marker === undefined)
    return { verdict: 'used', reason: seen.isRetryAltered ? 'the call succeeded on the altered retry' : 'the call succeeded without what the schema requires' };
  return { verdict: 'unclear', reason: 'the call succeeded, and its result does not show the value sent' };
}

/** Whether the result shows `value`: equal somewhere in structuredContent, or written in the text. */
export function carries(result: Record<string, unknown> | undefined, text: string, marker: Marker): boolean {
  const { value } = marker;
  if (result && containsValue(result.structuredContent, value)) return true;
  if (marker.text !== undefined) return text.includes(marker.text);
  if (typeof value === 'string') return value.length > 0 && text.includes(value.length > 64 ? value.slice(0, 64) : value);
  // A list is often written item by item ("Guitar, Drums"): every item shown counts as the list shown.
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => carries(undefined, text, { value: item }));
  const json = JSON.stringify(value);
  return json !== undefined && new RegExp(`(^|[^\\w.])${escape(json)}($|[^\\w.])`).test(text);
}

function containsValue(haystack: unknown, value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (JSON.stringify(haystack) === JSON.stringify(value) && haystack !== undefined) return true;
  if (Array.isArray(haystack)) return haystack.some((item) => containsValue(item, value, depth + 1));
  if (typeof haystack === 'object' && haystack !== null) return Object.values(haystack).some((item) => containsValue(item, value, depth + 1));
  return false;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

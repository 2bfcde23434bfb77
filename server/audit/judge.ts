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

/**
 * How much of each text that came back the judge reads: a result may be megabytes, and an audit the page
 * started runs in the proxy, beside every session. A crash's message or stack starts a text, as the SDKs send it.
 */
const JUDGED_CHARS = 64 * 1024;

/**
 * A V8 or similar stack frame: "at fn (/path/file.js:12:5)", its location after "(" or a space within 500
 * characters of "at " on its line. Found in one pass, not as one pattern: a pattern that tried every window
 * after every "at " did that window's work again for each, a quarter of a second on 64 KB of "at /".
 * The location's path holds no "(" nor whitespace, so no two locations overlap and each is read once.
 */
const FRAME_START = /\bat\s/g;
const FRAME_LOCATION = /(?<=[\s(])(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]{0,500}:\d{1,10}:\d{1,10}/g;
const FRAME_WINDOW = 500;

function hasStackFrame(text: string): boolean {
  const windows = Array.from(text.matchAll(FRAME_START), (found) => found.index + found[0].length);
  let nearest = -1;
  for (const found of text.matchAll(FRAME_LOCATION)) {
    // The character before the location, "(" or a space; the nearest "at " before it is the only one to check.
    const before = found.index - 1;
    while (nearest + 1 < windows.length && windows[nearest + 1] <= before) nearest++;
    if (nearest >= 0 && before - windows[nearest] <= FRAME_WINDOW && !text.slice(windows[nearest], before).includes('\n')) return true;
  }
  return false;
}

/**
 * A runtime error's own words, which a server's framework passes on as a tool error without its stack
 * (the SDKs put `error.message` in the result, some with "Error: " or "MCP error -32603: " before it):
 * the code crashed on the value, it did not refuse it. The messages are V8's and Node's own, as Node 20
 * and 22 print them (runtime-errors.test.ts triggers each on both), and other runtimes' crashes.
 * Words a careful server might write itself ("Invalid URL") are left out.
 */
const RUNTIME_ERRORS: readonly RegExp[] = [
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError|AttributeError|KeyError|IndexError|NullPointerException)\b/,
  // TypeError: a value of the wrong kind where the code expected another.
  /Cannot (?:read|set) propert(?:y|ies) (?:'[^'\n]{0,200}' )?of (?:null|undefined)/,
  /Cannot destructure (?:property '[^'\n]{0,200}' of )?'[^'\n]{0,200}' as it is (?:null|undefined)/,
  /\bis not a (?:function|constructor)\b/,
  /\bis not iterable\b/,
  /\bis not an entry object\b/,
  /Spread syntax requires \.\.\.iterable\[Symbol\.iterator\] to be a function/,
  /\bcalled on null or undefined\b/,
  /\bcalled on non-object\b/,
  /Cannot convert undefined or null to object/,
  /Cannot convert object to primitive value/,
  /Cannot convert a (?:Symbol|BigInt) value to a (?:string|number)/,
  /Cannot mix BigInt and other types/,
  /Cannot use 'in' operator to search for/,
  /Right-hand side of 'instanceof' is not (?:an object|callable)/,
  /Cannot create property '[^'\n]{0,200}' on (?:string|number|boolean|symbol|bigint)/,
  /Cannot add property [^\n]{0,200}, object is not extensible/,
  /Cannot (?:assign to read only|delete) property '[^'\n]{0,200}' of/,
  /Cannot redefine property: /,
  /Assignment to constant variable\./,
  /Cannot (?:read|write) private member #/,
  /Class constructor [^\n]{0,200} cannot be invoked without 'new'/,
  /Converting circular structure to JSON|Do not know how to serialize a BigInt/,
  /Cannot set property [^\n]{0,200} which has only a getter/,
  /Iterator result [^\n]{0,200} is not an object/,
  /Object prototype may only be an Object or null/,
  /The comparison function must be either a function or undefined/,
  /Reduce of empty array with no initial value/,
  /Invalid value used (?:as weak map key|in weak set)/,
  /Cannot perform '[^'\n]{0,200}' on a proxy that has been revoked/,
  /Generator is already running/,
  // Node's own TypeError on an argument of the wrong type: it always ends with what it received.
  /\bargument must be (?:of type|an instance of|one of) [^\n]{0,200}\. Received /,
  // ReferenceError: the message is the whole line, so a refusal that says "… is not defined" in a sentence is not taken for one.
  /(?:^|: )[A-Za-z_$][\w$]{0,200} is not defined$/m,
  /Cannot access '[^'\n]{0,200}' before initialization/,
  /Must call super constructor in derived class/,
  // RangeError, SyntaxError and URIError from a value the code passed on unchecked.
  /Maximum call stack size exceeded/,
  /(?:^|: )(?:Invalid (?:time value|array length|typed array length: [^\n]{0,200}|string length|count value: [^\n]{0,200})|URI malformed)$/m,
  // What a compiler's helpers throw in place of V8 in code built for older runtimes.
  /Invalid attempt to (?:spread|destructure|iterate) non-iterable instance/,
  /\bis not valid JSON\b|\bin JSON at position \d{1,20}|Unexpected end of JSON input/,
  /Invalid regular expression: \//,
  // Other runtimes' crashes.
  /Traceback \(most recent call last\)|'NoneType' object/,
];

function runtimeError(text: string): string | undefined {
  for (const pattern of RUNTIME_ERRORS) {
    const found = pattern.exec(text);
    if (found) return found[0].replace(/^: /, '');
  }
  return undefined;
}

/**
 * The SDK's own check of an elicitation's answer, which refuses it inside the server's call to elicit,
 * so none of the server's code after it runs: the classic SDK's schema check ("Elicitation response
 * content does not match requested schema: data/nights must be integer"), and both SDKs' check of the
 * result's shape ("Invalid elicitation result: " and a list of schema issues, a kilobyte or more).
 */
const SDK_CHECK = /(Elicitation response content does not match requested schema: [^\n]{0,200}|Invalid elicitation result)(: \[)?/;

/** What the SDK's own check said, on one line (the list of issues after "Invalid elicitation result" left out), or undefined when it did not refuse. */
export function sdkCheckRefusal(whole: string): string | undefined {
  const text = whole.slice(0, JUDGED_CHARS);
  const found = SDK_CHECK.exec(text);
  if (!found) return undefined;
  const head = text.slice(0, found.index).split('\n').pop() ?? '';
  return `${head}${found[1]}`;
}

/** The odd value a case sent, and (when the bare value would be ambiguous in text) how it reads in the result's text. */
export type Marker = { value: unknown; text?: string };

export function judgeCase(judge: AuditJudge, marker: Marker | undefined, seen: CaseObservation): { verdict: AuditVerdict; reason: string } {
  if (seen.broken) return { verdict: 'broke', reason: seen.broken };
  const end = seen.end;
  if (!end) return { verdict: 'broke', reason: 'the call never ended' };
  const text = resultText(end.result).slice(0, JUDGED_CHARS);
  const data = (end.error as { data?: unknown } | undefined)?.data;
  const texts = [text, ...(end.error ? [end.error.message, ...(data === undefined ? [] : [JSON.stringify(data)])] : [])].map((one) =>
    one.slice(0, JUDGED_CHARS),
  );
  if (texts.some(hasStackFrame)) return { verdict: 'broke', reason: 'what came back carries a stack trace' };
  const crash = texts.map(runtimeError).find((found) => found !== undefined);
  if (crash) return { verdict: 'broke', reason: `what came back is a runtime error ("${crash}"), not a refusal` };
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
  if ((isToolError || end.outcome === 'error') && texts.some((one) => sdkCheckRefusal(one) !== undefined))
    return { verdict: 'refused', reason: "refused by the SDK's own check, before your code" };
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

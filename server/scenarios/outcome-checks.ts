/**
 * A step's outcome expectations against what came: each one that does not hold
 * becomes a failure saying what was expected and what came, short enough for
 * one report line.
 */
import { validateContent } from '../checks/content-validation';
import type { EventOf } from '../wire/events';
import { findingDocs, isFindingCode } from '../wire/finding-codes';
import { compileSafePattern } from '../wire/safe-pattern';
import type { OutcomeExpect, StepReport } from '../wire/scenario';

export type StepFailure = StepReport['failures'][number];

/** What a step saw: how its call ended, how many input_required rounds it took, the findings raised meanwhile. */
export type StepObservation = {
  end: Pick<EventOf<'call-end'>, 'outcome' | 'result' | 'error'>;
  rounds: number;
  findingCodes: string[];
};

const SHOWN_CHARS = 300;

export function checkOutcome(expect: OutcomeExpect, seen: StepObservation): StepFailure[] {
  const failures: StepFailure[] = [];
  const fail = (expectation: string, expected: string, actual: string) => failures.push({ expectation, expected, actual: shorten(actual) });
  const { end } = seen;
  const result = end.result;
  // An outcome the scenario did not ask about still fails the step when the call did not return a result at all.
  if (expect.outcome !== undefined && expect.outcome !== end.outcome) fail('outcome', expect.outcome, describeEnd(end));
  if (expect.outcome === undefined && expect.errorCode === undefined && end.outcome !== 'result') fail('outcome', 'result', describeEnd(end));
  if (expect.errorCode !== undefined) {
    const code = end.error?.code;
    if (code !== expect.errorCode)
      fail('errorCode', String(expect.errorCode), code === undefined ? describeEnd(end) : `${String(code)}: ${end.error?.message ?? ''}`);
  }
  if (expect.text !== undefined) {
    const text = resultText(result);
    if ('contains' in expect.text && !text.includes(expect.text.contains)) fail('text contains', JSON.stringify(expect.text.contains), JSON.stringify(text));
    if ('equals' in expect.text && text !== expect.text.equals) fail('text equals', JSON.stringify(expect.text.equals), JSON.stringify(text));
    if ('pattern' in expect.text) {
      const pattern = compileSafePattern(expect.text.pattern);
      if (!pattern.isEnforced) fail('text pattern', `/${expect.text.pattern}/`, `a pattern that cannot run: ${pattern.reason}`);
      else if (!pattern.test(text)) fail('text pattern', `/${expect.text.pattern}/`, JSON.stringify(text));
    }
  }
  const structured = isRecord(result) ? result.structuredContent : undefined;
  if (expect.structuredContent !== undefined) {
    const mismatch = partialMismatch(expect.structuredContent, structured, 'structuredContent');
    if (mismatch) fail('structuredContent', mismatch.expected, mismatch.actual);
  }
  if (expect.structuredContentSchema !== undefined) {
    if (structured === undefined) fail('structuredContentSchema', 'structuredContent that fits the schema', 'no structuredContent');
    else {
      const problems = validateContent(expect.structuredContentSchema, structured);
      if (problems.length) {
        const listed = problems.slice(0, 3).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
        fail('structuredContentSchema', 'structuredContent that fits the schema', listed.join('; '));
      }
    }
  }
  if (expect.isError !== undefined) {
    const isError = isRecord(result) && result.isError === true;
    if (isError !== expect.isError) fail('isError', String(expect.isError), result ? String(isError) : describeEnd(end));
  }
  if (expect.rounds !== undefined && expect.rounds !== seen.rounds) fail('rounds', String(expect.rounds), String(seen.rounds));
  for (const code of expect.findings?.raised ?? []) {
    if (!seen.findingCodes.includes(code))
      fail('finding raised', expectedFinding(code), seen.findingCodes.length ? `findings ${unique(seen.findingCodes).join(', ')}` : 'no finding');
  }
  for (const code of expect.findings?.absent ?? []) {
    if (seen.findingCodes.includes(code)) fail('finding absent', `no ${code}`, code);
  }
  return failures;
}

/** A finding code as a report names it: with its paragraph in the docs, or saying that this version never raises it (a typo, or a code since renamed). */
function expectedFinding(code: string): string {
  return isFindingCode(code) ? `${code} (${findingDocs(code)})` : `${code}, a code this version never raises (${findingDocs(code)} lists them)`;
}

/** The text a result carries: a tool's text blocks, a prompt's text messages, a resource's text contents, joined by newlines. */
export function resultText(result: unknown): string {
  if (!isRecord(result)) return '';
  const texts: string[] = [];
  const take = (block: unknown) => {
    if (isRecord(block) && typeof block.text === 'string') texts.push(block.text);
  };
  if (Array.isArray(result.content)) result.content.forEach(take);
  if (Array.isArray(result.messages)) for (const message of result.messages) if (isRecord(message)) take(message.content);
  if (Array.isArray(result.contents)) result.contents.forEach(take);
  return texts.join('\n');
}

/** Where `actual` differs from the partial object `expected` (every key given must be there, equal; objects compared the same way). */
export function partialMismatch(expected: unknown, actual: unknown, path: string): { expected: string; actual: string } | undefined {
  if (isRecord(expected)) {
    if (!isRecord(actual)) return { expected: `${path}: an object`, actual: describeValue(actual) };
    for (const [key, value] of Object.entries(expected)) {
      const mismatch = partialMismatch(value, actual[key], `${path}.${key}`);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return { expected: `${path} = ${JSON.stringify(expected)}`, actual: describeValue(actual) };
    for (let i = 0; i < expected.length; i++) {
      const mismatch = partialMismatch(expected[i], actual[i], `${path}[${i}]`);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  if (Object.is(expected, actual)) return undefined;
  return { expected: `${path} = ${JSON.stringify(expected)}`, actual: `${path} = ${describeValue(actual)}` };
}

export function describeEnd(end: StepObservation['end']): string {
  if (end.outcome === 'result') return `a result${isRecord(end.result) && end.result.isError === true ? ' with isError' : ''}`;
  return end.error ? `${end.outcome} (${String(end.error.code)}: ${end.error.message})` : end.outcome;
}

function describeValue(value: unknown): string {
  return value === undefined ? 'nothing' : shorten(JSON.stringify(value) ?? typeof value);
}

function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} characters)` : text;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON Schema `pattern` run in linear time. A server's pattern is data: with the
 * platform's backtracking engine `^(a+)+$` against 31 characters blocks a thread
 * for seconds (doubling per character). RE2 cannot backtrack, so it cannot blow
 * up; what it cannot express (backreferences, lookaround) is reported as not
 * enforced instead of being run. Shared by the page's form and the proxy's check.
 */
import { RE2JS } from 're2js';

/** Patterns longer than this are not compiled at all: RE2's program grows with the pattern. */
export const PATTERN_MAX_CHARS = 2_000;
const CACHE_LIMIT = 500;

export type SafePattern = { isEnforced: true; test: (text: string) => boolean } | { isEnforced: false; reason: string };

const cache = new Map<string, SafePattern>();

/** The pattern compiled for RE2, or why it cannot be enforced. Never throws. */
export function compileSafePattern(pattern: string): SafePattern {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const compiled = compile(pattern);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, compiled);
  return compiled;
}

function compile(pattern: string): SafePattern {
  if (pattern.length > PATTERN_MAX_CHARS) return { isEnforced: false, reason: `it is longer than ${PATTERN_MAX_CHARS} characters` };
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // JSON Schema patterns are unanchored, like RegExp.prototype.test.
    return { isEnforced: true, test: (text) => re.test(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { isEnforced: false, reason: `a linear-time engine cannot run it (${detail}); backreferences and lookaround are not supported` };
  }
}

/** What ajv needs from a regular expression: `test`, and a `toString` that is unique per pattern (ajv keys its cache by it). */
export type RegExpLike = { test: (text: string) => boolean; toString: () => string };

/**
 * ajv's `code.regExp` option: every `pattern` (and `patternProperties`) runs on RE2.
 * A pattern RE2 cannot run matches everything, so validation neither hangs nor
 * throws; the findings say that pattern is not enforced.
 */
export const safeRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    const compiled = compileSafePattern(pattern);
    return { test: compiled.isEnforced ? compiled.test : () => true, toString: () => `re2:/${pattern}/${flags}` };
  },
  // ajv only reads `code` to emit standalone code, which neither side does.
  { code: 'safeRegExp' },
);
